package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.ReaderFixture.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** A line behind {@code docker compose logs}' or {@code kubectl logs --prefix}'s prefix. */
class PrefixedLineTest {

    @Test
    void composeV2ServiceAndInnerShape() {
        // Kinto/kinto#3008: Compose 2.x before 2.3 printed the project too
        ParsedLine p = parse(
                "kinto-db-1     | 2022-06-29 14:57:55.370 UTC [1] LOG:  database system is ready to accept connections");
        assertThat(p.shape()).isEqualTo(LineShape.POSTGRESQL);
        assertThat(p.time().toInstant()).hasToString("2022-06-29T14:57:55.370Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("kinto-db");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("1");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("database system is ready to accept connections");
        assertThat(pairs(p)).containsExactly(Map.entry("pg_kind", "LOG"));
    }

    @Test
    void composeV1ServiceAndPadding() {
        ParsedLine p = parse("web_1  | WARNING:root:Watch out!");
        assertThat(p.shape()).isEqualTo(LineShape.PYTHON);
        assertThat(p.hasTime()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("web");
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Watch out!");
        assertThat(pairs(p)).containsExactly(Map.entry("logger", "root"));
        // the longest name has one space before the bar
        assertThat(parse("worker-12 | WARNING:root:Watch out!").text(ParsedLine.Field.SERVICE))
                .isEqualTo("worker");
        assertThat(parse("my.svc_1 | WARNING:root:Watch out!").text(ParsedLine.Field.SERVICE))
                .isEqualTo("my.svc");
    }

    @Test
    void theInnerLinesServiceWins() {
        ParsedLine p = parse("ruby-1  | I, [2022-05-07T17:21:46.536234 #20536]  INFO -- mung: My message.");
        assertThat(p.shape()).isEqualTo(LineShape.RUBY);
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("mung");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("20536");
        assertThat(p.time().toInstant()).hasToString("2022-05-07T17:21:46.536234Z");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("My message.");
    }

    @Test
    void composeTimestampsAfterTheBar() {
        // docker compose logs --timestamps: Compose's RFC3339NanoFixed time after the prefix
        ParsedLine p = parse(
                "web-1  | 2024-01-01T00:00:00.000000000Z I0101 00:00:00.123456       1 main.go:42] hello from klog");
        assertThat(p.shape()).isEqualTo(LineShape.KLOG);
        // klog's own time has no year: the runtime's, complete, stands
        assertThat(p.time().toInstant()).hasToString("2024-01-01T00:00:00Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("web");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("hello from klog");
        assertThat(pairs(p)).containsExactly(Map.entry("thread", "1"), Map.entry("source", "main.go:42"));
        // a time and free text behind the bar stays plain, as without the prefix
        assertPlain("elastalert_1  | 2019-10-30T10:33:31.960452334Z bad things happend");
    }

    @Test
    void kubectlPodAndContainerArePairs() {
        String inner =
                "172.17.0.1 - - [22/Nov/2020:17:19:05 +0000] \"GET /test HTTP/1.1\" 200 7269 \"-\" \"curl/7.68.0\"";
        ParsedLine p = parse("[pod/echo-req-7cfd7bf68f-nk5kr/hello] " + inner);
        assertThat(p.shape()).isEqualTo(LineShape.COMBINED);
        assertThat(p.time().toInstant()).hasToString("2020-11-22T17:19:05Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(inner);
        assertThat(p.text(ParsedLine.Field.CLIENT_IP)).isEqualTo("172.17.0.1");
        assertThat(p.text(ParsedLine.Field.HTTP_METHOD)).isEqualTo("GET");
        assertThat(p.text(ParsedLine.Field.HTTP_PATH)).isEqualTo("/test");
        assertThat(p.text(ParsedLine.Field.USER_AGENT)).isEqualTo("curl/7.68.0");
        assertThat(p.httpStatus()).isEqualTo(200);
        assertThat(p.bytes()).isEqualTo(7269);
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("http_protocol", "HTTP/1.1"),
                        Map.entry("pod_name", "echo-req-7cfd7bf68f-nk5kr"),
                        Map.entry("container_name", "hello"));
    }

    @Test
    void kubectlTimestampsAfterThePrefix() {
        ParsedLine p = parse("[pod/api-7d9f8b6c4-x2k8p/app] 2024-05-01T08:15:30.123456789Z "
                + "time=\"2024-05-01T08:15:30Z\" level=error msg=\"db down\"");
        assertThat(p.shape()).isEqualTo(LineShape.LOGFMT);
        assertThat(p.time().toInstant()).hasToString("2024-05-01T08:15:30.123456789Z");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("db down");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("time", "2024-05-01T08:15:30Z"),
                        Map.entry("level", "error"),
                        Map.entry("msg", "db down"),
                        Map.entry("pod_name", "api-7d9f8b6c4-x2k8p"),
                        Map.entry("container_name", "app"));
        // a pod name may hold dots
        assertThat(pairs(parse("[pod/web.v2-0/c] WARNING:root:Watch out!"))).containsEntry("pod_name", "web.v2-0");
    }

    @Test
    void aPrefixBeforeFreeTextStaysPlain() {
        assertPlain("docker-db-1  | The files belonging to this database system will be owned by user \"postgres\".");
        assertPlain("app_1    | Connected to mysql db at host mysql");
        assertPlain("db_1     | ");
        assertPlain("db_1     |");
        assertPlain("[pod/echo-req-7cfd7bf68f-nk5kr/hello] Listening on port 8080");
        assertPlain("[pod/echo/hello] ");
        // an envelope behind a prefix is not unwrapped, as behind a runtime's time
        assertPlain("web-1  | <34>Oct 11 22:14:15 mymachine su: 'su root' failed");
        assertPlain("web-1  | 2016-10-06T00:17:09.669794202Z stdout F The content of the log entry 1");
    }

    @Test
    void wordsAndBarsAreNoPrefix() {
        // no replica index: a layout's level and a bar, a table's row
        assertPlain("INFO  | WARNING:root:Watch out!");
        assertPlain("web  | WARNING:root:Watch out!");
        assertPlain("web-  | WARNING:root:Watch out!");
        assertPlain("-1  | WARNING:root:Watch out!");
        assertPlain("_1 | WARNING:root:Watch out!");
        assertPlain("| bquxjob_1  | 2020-10-10 00:00:00 UTC  | abc@example.com  | Column 'col1' has mismatched type");
        assertPlain("workout-abc-123    | client-1  | 2024-01-15 | Back Squat   | 1         | 5    | 225");
        // no space before the bar, or none after it, or another separator
        assertPlain("web-1| WARNING:root:Watch out!");
        assertPlain("web-1 |WARNING:root:Watch out!");
        assertPlain("web-1 : WARNING:root:Watch out!");
        assertPlain("web-1 \t| WARNING:root:Watch out!");
        // brackets that are not kubectl's
        assertPlain("[INFO] WARNING:root:Watch out!");
        assertPlain("[pod/] WARNING:root:Watch out!");
        assertPlain("[pod/a/] WARNING:root:Watch out!");
        assertPlain("[pod//c] WARNING:root:Watch out!");
        assertPlain("[pod/A/c] WARNING:root:Watch out!");
        assertPlain("[pod/a/c]WARNING:root:Watch out!");
        assertPlain("[pod/a/c/d] WARNING:root:Watch out!");
        assertPlain("[deployment/a/c] WARNING:root:Watch out!");
        // stack traces
        assertPlain("\tat com.example.Foo.bar(Foo.java:42)");
        assertPlain("Caused by: java.lang.IllegalStateException: boom");
    }

    @Test
    void aLineOfAShapeIsNotUnwrapped() {
        // the whole line's own shape comes first: a prefix is looked for only when none takes it
        ParsedLine p = parse("level=info msg=\"a | b\" app_1=x");
        assertThat(p.shape()).isEqualTo(LineShape.LOGFMT);
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
    }

    @Test
    void onlyWhenTheInnerShapeIsEnabled() {
        LineParser logfmtOnly = new LineParser(TimestampParser.UTC, List.of(LineShape.LOGFMT));
        ParsedLine out = new ParsedLine();
        assertThat(logfmtOnly.parse("web-1  | WARNING:root:Watch out!", ReaderFixture.REFERENCE, out))
                .isEqualTo(LineShape.PLAIN);
        assertThat(logfmtOnly.parse("web-1  | level=warn msg=hi", ReaderFixture.REFERENCE, out))
                .isEqualTo(LineShape.LOGFMT);
        assertThat(out.text(ParsedLine.Field.SERVICE)).isEqualTo("web");
    }

    @Test
    void linearInTheLine() {
        // long names of name characters, then no bar (or no bracket): reads grow with the line
        LineParser parser = LineParser.readingInPlace(TimestampParser.UTC);
        java.util.function.IntFunction<String>[] worst = new java.util.function.IntFunction[] {
            n -> "a".repeat(n) + "-1 x",
            n -> "a".repeat(n) + "-" + "1".repeat(n) + " | x",
            n -> "[pod/" + "a".repeat(n) + "/" + "b".repeat(n) + "]x",
            n -> "a-1" + " ".repeat(n) + "| " + "b".repeat(n)
        };
        for (java.util.function.IntFunction<String> line : worst) {
            long a = reads(parser, line.apply(2_000));
            long b = reads(parser, line.apply(4_000));
            assertThat(b).as(line.apply(3)).isLessThanOrEqualTo((long) (2.2 * a) + 64);
        }
    }

    private static long reads(LineParser parser, String line) {
        dev.flinklog.core.CountingCharSequence counted = new dev.flinklog.core.CountingCharSequence(line);
        parser.parse(counted, ReaderFixture.REFERENCE, new ParsedLine());
        return counted.reads();
    }

    private static void assertPlain(String line) {
        ParsedLine p = parse(line);
        assertThat(p.shape()).as(line).isEqualTo(LineShape.PLAIN);
        assertThat(p.hasTime()).as(line).isFalse();
        assertThat(p.pairCount()).as(line).isZero();
        assertThat(p.has(ParsedLine.Field.SERVICE)).as(line).isFalse();
        assertThat(p.has(ParsedLine.Field.MESSAGE)).as(line).isFalse();
    }
}
