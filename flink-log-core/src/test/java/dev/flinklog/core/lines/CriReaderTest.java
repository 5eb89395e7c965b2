package dev.flinklog.core.lines;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;

class CriReaderTest {

    private static final CriReader R = new CriReader();

    @Test
    void fieldByField() {
        ParsedLine p = read(R, "2016-10-20T18:39:20.57606443Z stderr F cri stderr test log");
        assertThat(p.time().toInstant()).hasToString("2016-10-20T18:39:20.576064430Z");
        assertThat(p.level()).isNull();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("cri stderr test log");
        assertThat(pairs(p)).containsExactly(Map.entry("stream", "stderr"), Map.entry("log_tag", "F"));
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
    }

    @Test
    void tagsAsWritten() {
        assertThat(pairs(read(R, "2016-10-20T18:39:20.57606443Z stdout P:TAG1:TAG2 x")))
                .containsEntry("log_tag", "P:TAG1:TAG2");
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdout X x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdout FP x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdout Partial x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdout F\tx")).isNull();
    }

    @Test
    void contentExactlyAsWritten() {
        assertThat(read(R, "2024-04-13T07:59:37.505201169-10:00 stdout F \tat com.example.Foo(Foo.java:1)")
                        .text(ParsedLine.Field.MESSAGE))
                .isEqualTo("\tat com.example.Foo(Foo.java:1)");
        assertThat(read(R, "2019-05-07T18:57:50.904275087+00:00 stdout P  1a. some ")
                        .text(ParsedLine.Field.MESSAGE))
                .isEqualTo(" 1a. some ");
        assertThat(read(R, "2019-05-07T18:57:50.904275087+00:00 stdout F").has(ParsedLine.Field.MESSAGE))
                .isFalse();
        assertThat(read(R, "2019-05-07T18:57:50.904275087+00:00 stdout F ").has(ParsedLine.Field.MESSAGE))
                .isFalse();
    }

    @Test
    void notCri() {
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdin F x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z  stdout F x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdoutF x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z stdout")).isNull();
        assertThat(read(R, "2016-10-20 18:39:20.57606443Z stdout F x")).isNull();
        assertThat(read(R, "2016-13-20T18:39:20.57606443Z stdout F x")).isNull();
        assertThat(read(R, "1476988760 stdout F x")).isNull();
        assertThat(read(R, "2016-10-20T18:39:20.57606443Z cri stdout test log")).isNull();
    }

    @Test
    void firstCharacters() {
        assertThat(R.mayStartWith('2')).isTrue();
        assertThat(R.mayStartWith('<')).isFalse();
        assertThat(R.mayStartWith('s')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(R, n -> "2016-10-20T18:39:20." + "1".repeat(n) + "Z stdout F x");
        assertLinear(R, n -> "2016-10-20T18:39:20Z stdout F" + ":T".repeat(n / 2) + " x");
        assertLinear(R, n -> "2016-10-20T18:39:20Z stdout F " + "x ".repeat(n / 2));
    }
}
