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

class GoLogReaderTest {

    private static final GoLogReader READER = new GoLogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void standardFlags() {
        ParsedLine p = read("2009/01/23 01:23:23 listen tcp :80: bind: permission denied");
        assertThat(time(p)).isEqualTo("2009-01-23T01:23:23Z");
        assertThat(p.level()).isNull();
        assertThat(p.pairCount()).isZero();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("listen tcp :80: bind: permission denied");

        assertThat(read("2009/01/23 01:23:23 ").has(Field.MESSAGE))
                .as("an empty message")
                .isFalse();
        assertThat(read("2009/01/23 01:23:23"))
                .as("no space after the header: not Go's")
                .isNull();
    }

    @Test
    void slogAttributesArePairs() {
        ParsedLine p = read("2023/08/04 16:27:19 INFO hello, world user=jba n=3");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("hello, world");
        assertThat(p.value("user")).isEqualTo("jba");
        assertThat(p.value("n")).isEqualTo("3");
        p = read("2023/08/04 16:27:19 WARN disk full path=\"/var/a b\" err=\"x \\\"y\\\"\"");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("disk full");
        assertThat(p.value("path")).isEqualTo("/var/a b");
        assertThat(p.value("err")).isEqualTo("x \"y\"");
        // only the run that ends the line; a word that is no attribute ends a run
        p = read("2023/08/04 16:27:19 INFO a=b c d=e");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("a=b c");
        assertThat(p.value("a")).isNull();
        assertThat(p.value("d")).isEqualTo("e");
        assertThat(read("2023/08/04 16:27:19 INFO k=\"open").text(Field.MESSAGE))
                .isEqualTo("k=\"open");
        assertThat(read("2023/08/04 16:27:19 INFO done =x").text(Field.MESSAGE)).isEqualTo("done =x");
        assertThat(read("2023/08/04 16:27:19 INFO a\tb=c").value("b")).isEqualTo("c");
        assertThat(read("2023/08/04 16:27:19 INFO a=\tb").text(Field.MESSAGE)).isEqualTo("a=\tb");
        // without slog's level the message is Go's log text, kept whole
        assertThat(read("2023/08/04 16:27:19 listen a=b").text(Field.MESSAGE)).isEqualTo("listen a=b");
    }

    @Test
    void slogAttributesLinear() {
        assertLinear(READER, n -> "2023/08/04 16:27:19 INFO " + repeat("k=\"v ", n / 5));
        assertLinear(READER, n -> "2023/08/04 16:27:19 INFO " + repeat("a=b c ", n / 6));
    }

    @Test
    void indentedUpToEightSpaces() {
        ParsedLine p = read("    2016/01/25 03:05:28 [INFO] raft: entering Follower state");
        assertThat(time(p)).isEqualTo("2016-01-25T03:05:28Z");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("raft: entering Follower state");
        assertThat(read(" 2016/01/25 03:05:28 m")).isNotNull();
        assertThat(read("        2016/01/25 03:05:28 m")).isNotNull();
        assertThat(read("         2016/01/25 03:05:28 m")).as("nine spaces").isNull();
        // only the dated header: indented text, a stack frame, a prefix, stay plain
        assertThat(read("    at java.util.ArrayList.forEach(ArrayList.java:1259)"))
                .isNull();
        assertThat(read("    main.go:12: m")).isNull();
        assertThat(read("    ")).isNull();
        assertThat(read("    2016/01/25")).isNull();
    }

    @Test
    void microsecondsAndFiles() {
        ParsedLine p = read("2009/01/23 01:23:23.123123 /a/b/c/d.go:23: message");
        assertThat(time(p)).isEqualTo("2009-01-23T01:23:23.123123Z");
        assertThat(p.value("source")).isEqualTo("/a/b/c/d.go:23");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("message");

        ParsedLine noTime = read("example_test.go:19: Hello, log file!");
        assertThat(noTime.hasTime()).isFalse();
        assertThat(noTime.value("source")).isEqualTo("example_test.go:19");

        ParsedLine endsAtFile = read("2009/01/23 01:23:23 main.go:7:");
        assertThat(endsAtFile.value("source")).isEqualTo("main.go:7");
        assertThat(endsAtFile.has(Field.MESSAGE)).isFalse();
    }

    @Test
    void aLevelAtTheStartOfTheMessage() {
        // HashiCorp's logutils (Consul, Nomad, Vault, Terraform), and "INFO: " through Lmsgprefix.
        ParsedLine tag = read("2017/12/12 16:43:30 [ERR] agent: failed to sync remote state");
        assertThat(tag.level()).isEqualTo(LogLevel.ERROR);
        assertThat(tag.text(Field.MESSAGE)).isEqualTo("agent: failed to sync remote state");
        assertThat(read("2017/12/12 16:43:30 [WARN]").level()).isEqualTo(LogLevel.WARN);

        ParsedLine colon = read("2024/11/21 01:34:26 grpc_client.go:47: INFO : Servers: 127.0.0.1:8972");
        assertThat(colon.level()).isEqualTo(LogLevel.INFO);
        assertThat(colon.value("source")).isEqualTo("grpc_client.go:47");
        assertThat(colon.text(Field.MESSAGE)).isEqualTo("Servers: 127.0.0.1:8972");
        assertThat(read("2009/11/10 23:00:00 DEBUG: x").level()).isEqualTo(LogLevel.DEBUG);

        for (String text : new String[] {"[notice] hello", "[INFO]hello", "[FOO] x", "INFO:x", "NOTICE x"}) {
            ParsedLine p = read("2009/11/10 23:00:00 " + text);
            assertThat(p.level()).as(text).isNull();
            assertThat(p.text(Field.MESSAGE)).as(text).isEqualTo(text);
        }
    }

    @Test
    void prefixIsALevelOrAPair() {
        ParsedLine level = read("INFO: example_test.go:36: Hello world");
        assertThat(level.level()).isEqualTo(LogLevel.INFO);
        assertThat(level.value("prefix")).isNull();

        ParsedLine bracket = read("[WARN] 2009/01/23 01:23:23 disk almost full");
        assertThat(bracket.level()).isEqualTo(LogLevel.WARN);
        assertThat(time(bracket)).isEqualTo("2009-01-23T01:23:23Z");

        ParsedLine named = read("logger: example_test.go:19: Hello, log file!");
        assertThat(named.value("prefix")).isEqualTo("logger");
        assertThat(named.level()).isNull();

        ParsedLine app = read("[myapp]   2009/01/23 01:23:23 started");
        assertThat(app.value("prefix")).isEqualTo("myapp");
        assertThat(app.text(Field.MESSAGE)).isEqualTo("started");
    }

    @Test
    void slogDefaultHandlerLevel() {
        ParsedLine p = read("2022/11/08 15:28:26 INFO hello count=3");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("hello");
        assertThat(p.value("count")).isEqualTo("3");

        ParsedLine offset = read("2022/11/08 15:28:26 WARN+2 slow");
        assertThat(offset.level()).isEqualTo(LogLevel.WARN);
        assertThat(offset.text(Field.MESSAGE)).isEqualTo("slow");

        // only slog's own words, and only as a word
        assertThat(read("2022/11/08 15:28:26 INFORMATION x").level()).isNull();
        assertThat(read("2022/11/08 15:28:26 FATAL x").level()).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2016/09/16 22:08:52 [info] 17445#0: *1 client prematurely closed connection",
                "2016/09/16 22:08:52 [error] 17445#17445: open() failed",
                "I1025 00:15:15.525108       1 controller_utils.go:116] \"Pod status updated\"",
                "panic: my panic",
                "goroutine 4 [running]:",
                "exit status 1",
                "2009/01/23 01:23:23,123 x",
                "2009/13/23 01:23:23 x",
                "2009/01/23x01:23:23 x",
                "Started job at 2009/01/23 01:23:23 done",
                "main.go:x: y",
                "main.py:12: y",
                "[2022/09/16 10:03:48] [ info] [fluent bit] version=1.9.8"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsOnlyWhereItsLayoutsDo() {
        assertThat(READER.mayStartWith('2')).isTrue();
        assertThat(READER.mayStartWith('/')).isTrue();
        assertThat(READER.mayStartWith('l')).isTrue();
        assertThat(READER.mayStartWith('\t')).isFalse();
        assertThat(READER.mayStartWith(' ')).as("Consul's indented lines").isTrue();
        assertThat(READER.mayStartWith('{')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> repeat("a", n) + ".go:1: x");
        assertLinear(READER, n -> "p " + repeat("a", n) + ".go:1: x");
        assertLinear(READER, n -> "2009/01/23 01:23:23 " + repeat("a", n) + ".go:1: x");
        assertLinear(READER, n -> "2009/01/23 01:23:23.123 [" + repeat("a", n) + "] 1#");
        assertLinear(READER, n -> "2009/01/23 01:23:23." + repeat("1", n));
    }
}
