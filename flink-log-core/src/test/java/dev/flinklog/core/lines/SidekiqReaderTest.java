package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class SidekiqReaderTest {

    private static final SidekiqReader READER = new SidekiqReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void sidekiqSixWithTheJobsContext() {
        ParsedLine p = read("2020-01-09T02:41:51.125Z pid=28585 tid=oxd64e8p1 class=HardWorker"
                + " jid=b4a577edbccf1d805744efa9 elapsed=0.001 INFO: done");
        assertThat(time(p)).isEqualTo("2020-01-09T02:41:51.125Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(Field.PID)).isEqualTo("28585");
        assertThat(p.value("tid")).isEqualTo("oxd64e8p1");
        assertThat(p.value("class")).isEqualTo("HardWorker");
        assertThat(p.value("jid")).isEqualTo("b4a577edbccf1d805744efa9");
        assertThat(p.value("elapsed")).isEqualTo("0.001");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("done");
        ParsedLine boot = read("2020-01-09T02:41:51.125Z pid=28585 tid=oxd64e8p1 INFO: Booting Sidekiq 6.0.4");
        assertThat(boot.value("class")).isNull();
        assertThat(boot.text(Field.MESSAGE)).isEqualTo("Booting Sidekiq 6.0.4");
    }

    @Test
    void sidekiqFiveAndWithoutTheTime() {
        ParsedLine p = read("2018-10-11T07:20:52.722Z 44689 TID-oxtmzvjn9 WARN: Thread TID-oxtn2jdtx ruby.rb:68");
        assertThat(time(p)).isEqualTo("2018-10-11T07:20:52.722Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(Field.PID)).isEqualTo("44689");
        assertThat(p.value("tid")).isEqualTo("oxtmzvjn9");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Thread TID-oxtn2jdtx ruby.rb:68");
        ParsedLine job = read("13176 TID-otszewf94 FooWorker JID-aca9134a8afe7d0a19344805 INFO: start");
        assertThat(job.hasTime()).isFalse();
        assertThat(job.value("class")).isEqualTo("FooWorker");
        assertThat(job.value("jid")).isEqualTo("aca9134a8afe7d0a19344805");
        assertThat(job.text(Field.MESSAGE)).isEqualTo("start");
        ParsedLine six = read("pid=1 tid=gd2v0cnpx ERROR: Error fetching job");
        assertThat(six.level()).isEqualTo(LogLevel.ERROR);
        assertThat(six.text(Field.PID)).isEqualTo("1");
        ParsedLine unknown = read("pid=1 tid=gd2v0cnpx UNKNOWN: x");
        assertThat(unknown.level()).isNull();
        assertThat(unknown.text(Field.MESSAGE)).isEqualTo("x");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2020-01-09 02:41:51.125Z pid=1 tid=a INFO: space instead of T",
                "2020-01-09T02:41:51.125Z pid=x tid=a INFO: pid not a number",
                "2020-01-09T02:41:51.125Z pid=1 INFO: no thread",
                "2020-01-09T02:41:51.125Z pid=1 tid=a no level at all",
                "2020-01-09T02:41:51.125Z pid=1 tid=a info: lower case",
                "2020-01-09T02:41:51.125Z pid=1 tid=a NOTALEVEL: x",
                "44689 TID- INFO: empty thread",
                "44689 tid-abc INFO: lower-case TID",
                "pid=1 tid=a a b c d e f g h i INFO: too many words before the level",
                "200 OK"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "pid=1 tid=a " + repeat("w ", n) + "INFO: x");
        assertLinear(READER, n -> "pid=1 tid=" + repeat("a", n) + " INFO: x");
        assertLinear(READER, n -> "1 TID-a " + repeat("A", n) + ": x");
    }
}
