package dev.flinklog.gen;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The text-line producers write their real formats, and their ground truth says what the format
 * reads from them (flink-log-format's GeneratedLogsTest checks the truth against the format itself;
 * this checks it against the lines, without the format).
 */
class TextShapesTest {

    private static List<GeneratedLog> records(Producer p, int n) {
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .onlyShapes(p)
                .malformedRate(0)
                .recordsPerSpan(n)
                .errorRate(0.2)
                .build());
        return LongStream.range(0, n).mapToObj(gen::generate).toList();
    }

    private static Matcher match(String regex, GeneratedLog g) {
        Matcher m = Pattern.compile(regex).matcher(g.payloadText());
        assertThat(m.matches()).as("%s: %s", g.producer(), g.payloadText()).isTrue();
        return m;
    }

    private static String severityLevel(int severity) {
        return switch (severity) {
            case 0, 1, 2 -> "fatal";
            case 3 -> "error";
            case 4 -> "warn";
            case 5, 6 -> "info";
            default -> "debug";
        };
    }

    private static String statusLevel(int status) {
        return status >= 500 ? "error" : status >= 400 ? "warn" : "info";
    }

    @Test
    void syslog5424() {
        Set<String> levels = new TreeSet<>();
        for (GeneratedLog g : records(Producer.SYSLOG5424, 400)) {
            Matcher m = match(
                    "<(\\d+)>1 (\\S+) ([a-z0-9-]+)-(\\d+) ([a-z0-9-]+) (\\d+) ([A-Z0-9_]+) \\[shop@32473 log_id=\"(log-\\d{12})\"\\] .+",
                    g);
            int pri = Integer.parseInt(m.group(1));
            assertThat(pri / 8).as("facility local0").isEqualTo(16);
            assertThat(g.expectedLevel()).isEqualTo(severityLevel(pri % 8));
            assertThat(OffsetDateTime.parse(m.group(2)).toInstant()).isEqualTo(g.expectedEventTime());
            assertThat(m.group(2)).matches(".*T\\d\\d:\\d\\d:\\d\\d\\.\\d{6}(Z|[+-]\\d\\d:\\d\\d)");
            assertThat(m.group(3)).isEqualTo(g.service());
            assertThat(m.group(5)).isEqualTo(g.service());
            assertThat(m.group(8)).isEqualTo(g.id());
            assertThat(g.expectedShape()).isEqualTo("syslog5424");
            assertThat(g.expectedService()).isEqualTo(g.service());
            assertThat(g.expectParseError()).isFalse();
            assertThat(g.expectedHttpStatus()).isNull();
            levels.add(g.expectedLevel());
        }
        assertThat(levels).containsExactly("debug", "error", "fatal", "info", "warn");
    }

    @Test
    void syslog3164WithRsyslogsPreciseTime() {
        for (GeneratedLog g : records(Producer.SYSLOG3164, 400)) {
            Matcher m = match("<(\\d+)>(\\S+) ([a-z0-9-]+)-\\d+ ([a-z0-9-]+)\\[(\\d+)\\]: .+ log_id=(log-\\d{12})", g);
            int pri = Integer.parseInt(m.group(1));
            assertThat(pri / 8).as("facility daemon").isEqualTo(3);
            assertThat(g.expectedLevel()).isEqualTo(severityLevel(pri % 8));
            // a year and an offset: the time is exact, whenever it is read
            assertThat(m.group(2)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}[+-]\\d\\d:\\d\\d");
            assertThat(OffsetDateTime.parse(m.group(2)).toInstant()).isEqualTo(g.expectedEventTime());
            assertThat(m.group(3)).isEqualTo(g.service());
            assertThat(m.group(4)).isEqualTo(g.service());
            assertThat(m.group(6)).isEqualTo(g.id());
            assertThat(g.expectedShape()).isEqualTo("syslog3164");
            assertThat(g.expectedService()).isEqualTo(g.service());
        }
    }

    @Test
    void nginxCombinedAccessLog() {
        DateTimeFormatter clf = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);
        Map<String, Integer> classes = new HashMap<>();
        for (GeneratedLog g : records(Producer.NGINX_ACCESS, 600)) {
            Matcher m = match(
                    "(\\d+\\.\\d+\\.\\d+\\.\\d+) - - \\[([^\\]]+)\\] \"(GET|POST|PUT|DELETE) /([a-z0-9-]+)/v1/[a-z]+/\\d+"
                            + "\\?log_id=(log-\\d{12}) HTTP/1\\.1\" (\\d{3}) (\\d+) \"([^\"]*)\" \"([^\"]+)\"",
                    g);
            assertThat(OffsetDateTime.parse(m.group(2), clf).toInstant()).isEqualTo(g.expectedEventTime());
            assertThat(m.group(4)).as("the route names the service").isEqualTo(g.service());
            assertThat(m.group(5)).isEqualTo(g.id());
            int status = Integer.parseInt(m.group(6));
            assertThat(g.expectedHttpStatus()).isEqualTo(status);
            assertThat(g.expectedLevel()).isEqualTo(statusLevel(status));
            assertThat(g.templateId()).isEqualTo("access." + status);
            assertThat(g.expectedShape()).isEqualTo("combined");
            assertThat(g.expectedService()).isNull();
            classes.merge(status / 100 + "xx", 1, Integer::sum);
        }
        assertThat(classes).containsKeys("2xx", "3xx", "4xx", "5xx");
    }

    @Test
    void criLineHoldingKlog() {
        Set<String> letters = new TreeSet<>();
        for (GeneratedLog g : records(Producer.CRI_KLOG, 400)) {
            Matcher m = match(
                    "(\\S+) stderr F ([IWEF])(\\d\\d)(\\d\\d) (\\d\\d:\\d\\d:\\d\\d\\.\\d{6}) +\\d+ reconciler\\.go:\\d+\\]"
                            + " \"[^\"]+\" log_id=\"(log-\\d{12})\"",
                    g);
            Instant t = Instant.parse(m.group(1));
            assertThat(t).isEqualTo(g.expectedEventTime());
            assertThat(m.group(1)).as("RFC3339Nano drops trailing zeros").doesNotMatch(".*\\.\\d*0Z");
            var utc = t.atOffset(ZoneOffset.UTC);
            assertThat(Integer.parseInt(m.group(3))).isEqualTo(utc.getMonthValue());
            assertThat(Integer.parseInt(m.group(4))).isEqualTo(utc.getDayOfMonth());
            String letter = m.group(2);
            assertThat(g.expectedLevel())
                    .isEqualTo(
                            switch (letter) {
                                case "W" -> "warn";
                                case "E" -> "error";
                                case "F" -> "fatal";
                                default -> "info";
                            });
            assertThat(m.group(6)).isEqualTo(g.id());
            assertThat(g.expectedShape()).isEqualTo("klog");
            assertThat(g.expectedService()).isNull();
            letters.add(letter);
        }
        assertThat(letters).containsExactly("E", "F", "I", "W");
    }

    @Test
    void herokuRouter() {
        Set<String> codes = new TreeSet<>();
        for (GeneratedLog g : records(Producer.HEROKU_ROUTER, 600)) {
            Matcher m = match(
                    "at=(info|error) (?:code=(H1[23]) desc=\"[A-Za-z ]+\" )?method=(GET|POST|PUT|DELETE)"
                            + " path=\"/([a-z0-9-]+)/v1/[a-z]+/\\d+\\?log_id=(log-\\d{12})\" host=shop-edge\\.herokuapp\\.com"
                            + " request_id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
                            + " fwd=\"[0-9.]+\" dyno=web\\.\\d+ connect=\\d+ms service=(\\d+)ms status=(\\d{3})"
                            + " bytes=\\d+ protocol=https",
                    g);
            int status = Integer.parseInt(m.group(7));
            assertThat(m.group(1)).isEqualTo(status >= 500 ? "error" : "info");
            assertThat(m.group(2) != null).isEqualTo(status >= 500);
            if ("H12".equals(m.group(2))) {
                assertThat(m.group(6)).isEqualTo("30000");
            }
            // the router says the level: a 4xx is info
            assertThat(g.expectedLevel()).isEqualTo(m.group(1));
            assertThat(g.expectedHttpStatus()).isEqualTo(status);
            assertThat(m.group(4)).isEqualTo(g.service());
            assertThat(m.group(5)).isEqualTo(g.id());
            assertThat(g.expectedEventTime()).as("the router line has no time").isNull();
            assertThat(g.expectedShape()).isEqualTo("logfmt");
            assertThat(g.expectedService()).isNull();
            codes.add(m.group(2) == null ? String.valueOf(status / 100) : m.group(2));
        }
        assertThat(codes).contains("H12", "H13", "2", "3", "4");
    }

    @Test
    void textLinesArePythonJavaOrPlain() {
        Map<String, Integer> shapes = new HashMap<>();
        for (GeneratedLog g : records(Producer.TEXT, 2000)) {
            String t = g.payloadText();
            shapes.merge(g.expectedShape(), 1, Integer::sum);
            if (t.startsWith("[")) {
                assertThat(g.expectedShape()).isEqualTo("plain");
                assertThat(g.expectParseError()).isTrue();
                assertThat(g.expectedEventTime()).isNull();
            } else {
                Matcher m = match("\\S+ \\S+ [A-Z]+ +\\[[a-z0-9-]+\\] (.*) log_id=log-\\d{12}", g);
                boolean logger = m.group(1).matches("[A-Za-z][A-Za-z0-9._$-]*(:| - ).*");
                assertThat(g.expectedShape()).isEqualTo(logger ? "java" : "python");
                assertThat(g.expectParseError()).isFalse();
                assertThat(g.expectedEventTime()).isNotNull();
            }
            assertThat(g.expectedService()).isNull();
        }
        assertThat(shapes).containsKeys("plain", "java", "python");
    }

    @Test
    void loggerFirstIsHadoopsLoggerColon() {
        assertThat(SystemShapes.loggerFirst("java.lang.IllegalStateException: order 1 has no items"))
                .isTrue();
        assertThat(SystemShapes.loggerFirst("x509: certificate signed by unknown authority"))
                .isTrue();
        assertThat(SystemShapes.loggerFirst("worker - started")).isTrue();
        assertThat(SystemShapes.loggerFirst("lookup db-1: no such host")).isFalse();
        assertThat(SystemShapes.loggerFirst("GET /api/v2/cart/1 completed in 5ms"))
                .isFalse();
        assertThat(SystemShapes.loggerFirst("配送ラベルを作成しました: x")).isFalse();
        assertThat(SystemShapes.loggerFirst("")).isFalse();
    }

    @Test
    void rfc3339NanoDropsTrailingZerosAsGoDoes() {
        long s = Instant.parse("2026-09-16T03:34:56Z").getEpochSecond() * Times.MICROS;
        assertThat(Times.rfc3339Nano(s + 123_456)).isEqualTo("2026-09-16T03:34:56.123456Z");
        assertThat(Times.rfc3339Nano(s + 420_000)).isEqualTo("2026-09-16T03:34:56.42Z");
        assertThat(Times.rfc3339Nano(s)).isEqualTo("2026-09-16T03:34:56Z");
        assertThat(Times.clf(s, 9 * 3600)).isEqualTo("16/Sep/2026:12:34:56 +0900");
        assertThat(Times.clf(s, -5 * 3600)).isEqualTo("15/Sep/2026:22:34:56 -0500");
        assertThat(Times.clf(s, 5 * 3600 + 1800)).isEqualTo("16/Sep/2026:09:04:56 +0530");
    }
}
