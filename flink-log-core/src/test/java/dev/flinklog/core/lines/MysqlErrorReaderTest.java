package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class MysqlErrorReaderTest {

    private static final MysqlErrorReader READER = new MysqlErrorReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void mysqlEight() {
        ParsedLine p = read("2020-08-06T14:25:03.109022Z 5 [Note] [MY-010051] [Server] Event Scheduler: started");
        assertThat(time(p)).isEqualTo("2020-08-06T14:25:03.109022Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("thread")).isEqualTo("5");
        assertThat(p.value("err_code")).isEqualTo("MY-010051");
        assertThat(p.value("subsystem")).isEqualTo("Server");
        assertThat(p.text(Field.PID)).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Event Scheduler: started");

        // a code without a subsystem; a bracket in the message is the message's
        ParsedLine noSubsystem = read("2020-08-06T14:25:03.109022Z 0 [ERROR] [MY-010119] [x y] Aborting");
        assertThat(noSubsystem.value("subsystem")).isNull();
        assertThat(noSubsystem.text(Field.MESSAGE)).isEqualTo("[x y] Aborting");
    }

    @Test
    void mysqlFiveSevenWithSystemTimestamps() {
        ParsedLine p = read("2020-08-07T10:02:00.832521-05:00 0 [Warning] InnoDB: x");
        assertThat(time(p)).isEqualTo("2020-08-07T15:02:00.832521Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.value("err_code")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("InnoDB: x");
    }

    @Test
    void mariaDb() {
        ParsedLine padded = read("2018-05-28  2:23:49 140253503044488 [Note] InnoDB: Using Linux native AIO");
        assertThat(time(padded)).isEqualTo("2018-05-28T02:23:49Z");
        assertThat(padded.value("thread")).isEqualTo("140253503044488");

        ParsedLine old = read("190306  9:05:01 [ERROR] mysqld got signal 11 ;");
        assertThat(time(old)).isEqualTo("2019-03-06T09:05:01Z");
        assertThat(old.value("thread")).isNull();
        assertThat(old.level()).isEqualTo(LogLevel.ERROR);

        assertThat(time(read("190306 16:31:04 [Note] x"))).isEqualTo("2019-03-06T16:31:04Z");
    }

    @Test
    void mysqlFiveSixInnodbLinesWithTheThreadInHex() {
        // InnoDB's own ut_print_timestamp lines (a user's MySQL 5.6 log in a GitHub issue)
        ParsedLine p = read("2018-07-11 21:10:10 5d3ff340 InnoDB: Error: page 4294967295 log sequence number 1");
        assertThat(time(p)).isEqualTo("2018-07-11T21:10:10Z");
        assertThat(p.level()).isNull();
        assertThat(p.value("thread")).isEqualTo("5d3ff340");
        assertThat(p.value("subsystem")).isEqualTo("InnoDB");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Error: page 4294967295 log sequence number 1");
        assertThat(read("2018-07-11 21:10:10 5d3ff340 Innodb: x")).isNull();
        assertThat(read("2018-07-11 21:10:10 5d3fg340 InnoDB: x")).isNull();
    }

    @Test
    void entrypoint() {
        ParsedLine p = read("2024-10-21 15:28:58+00:00 [Note] [Entrypoint]: Entrypoint script started.");
        assertThat(time(p)).isEqualTo("2024-10-21T15:28:58Z");
        assertThat(p.value("subsystem")).isEqualTo("Entrypoint");
        assertThat(p.value("thread")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Entrypoint script started.");
    }

    @ParameterizedTest
    @CsvSource({"System, info", "Note, info", "Warning, warn", "ERROR, error"})
    void labels(String label, String level) {
        assertThat(read("2020-08-06T14:25:02.835618Z 0 [" + label + "] x")
                        .level()
                        .sqlName())
                .isEqualTo(level);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2020-08-06T14:25:02.835618Z 0 [note] x",
                "2020-08-06T14:25:02.835618Z 0 [Error] x",
                "2020-08-06T14:25:02.835618Z 0 [Info] x",
                "2020-08-06T14:25:02.835618Z 0 Note x",
                "2020-08-06T14:25:02.835618Z 0x [Note] x",
                "2024-07-19 20:38:24 2024-07-20T00:38:24.315770Z 0 [ERROR] [MY-010119] [Server] Aborting",
                "2016-10-06T00:17:09.669794202Z stdout F hello",
                "2018-05-28  2:2:49 1 [Note] x",
                "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 terminating",
                "191306 16:31:04 [Note] x",
                "2022-04-12 00:16:05.526 UTC [7755] LOG:  x"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsWithADigitOnly() {
        assertThat(READER.mayStartWith('2')).isTrue();
        assertThat(READER.mayStartWith(' ')).isFalse();
        assertThat(READER.mayStartWith('V')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "2020-08-06T14:25:02.835618Z 0 [Note] [MY-010051] [" + repeat("a", n));
        assertLinear(READER, n -> "2020-08-06T14:25:02.835618Z " + repeat("1", n) + " [Note] x");
        assertLinear(READER, n -> "2020-08-06T14:25:02." + repeat("1", n) + "Z 0 [Note] x");
    }
}
