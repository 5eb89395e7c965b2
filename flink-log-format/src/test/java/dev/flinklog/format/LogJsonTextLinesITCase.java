package dev.flinklog.format;

import dev.flinklog.core.fields.FieldNames;
import dev.flinklog.functions.SqlFunctionTestBase;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every real line of the text-line corpus (flink-log-core's {@code corpus/*.jsonl}: public docs,
 * RFCs and other projects' published test data, each field written by hand) as a file read through
 * {@code 'format' = 'log-json'} in SQL, as users declare it: each row must carry the corpus's shape
 * and every field it lists in the canonical columns, and the pairs in {@code labels}. The core's
 * LineCorpusTest checks the parser; this checks that the format puts its answer in the columns.
 */
class LogJsonTextLinesITCase extends SqlFunctionTestBase {

    private static final Path CORPUS = Path.of("../flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus");
    private static final String[] COLUMNS = {
        "log_shape",
        "event_time",
        "log_level",
        "host_name",
        "service_name",
        "pid",
        "message",
        "client_ip",
        "http_method",
        "http_path",
        "user_agent",
        "http_status",
        "response_bytes",
        "duration_ms"
    };

    /** The arrival day LineCorpusTest parses the corpus with. */
    private static final String CORPUS_REFERENCE_DAY = "2026-12-02T";

    private static final String CORPUS_DAY_BEFORE = "2026-12-01T";

    @TempDir
    static Path dir;

    private final List<JsonNode> entries = new ArrayList<>();

    @BeforeAll
    void setUp() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(CORPUS)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (l.isBlank()) {
                        continue;
                    }
                    JsonNode e = json.readTree(l);
                    // another zone than the table's is LineCorpusTest's to check
                    if (e.has("zone") || e.has("reference")) {
                        continue;
                    }
                    // a JSON object is the format's JSON path, not a line (the corpus keeps a few to
                    // prove the line parser calls them plain)
                    if (e.get("line").asText().startsWith("{")) {
                        continue;
                    }
                    entries.add(e);
                    lines.add(e.get("line").asText());
                }
            }
        }
        Files.write(dir.resolve("lines.log"), lines, StandardCharsets.UTF_8);
        tEnv.executeSql("CREATE TABLE lines ("
                + " event_time TIMESTAMP_LTZ(9), log_level STRING, host_name STRING, service_name STRING,"
                + " pid STRING, message STRING, client_ip STRING, http_method STRING, http_path STRING,"
                + " user_agent STRING, http_status INT, response_bytes BIGINT, duration_ms DOUBLE,"
                + " labels MAP<STRING, STRING>, log_shape STRING, raw_json STRING"
                + ") WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("lines.log").toUri()
                + "', 'format' = 'log-json')");
    }

    @Test
    void everyLineOfTheCorpusFillsTheColumnsItsShapeFills() {
        List<Row> rows = query("SELECT log_shape, event_time, log_level, host_name, service_name, pid, message,"
                + " client_ip, http_method, http_path, user_agent, http_status, response_bytes, duration_ms,"
                + " labels, raw_json FROM lines");
        assertThat(rows).hasSize(entries.size());
        Map<String, Row> byLine = new HashMap<>();
        for (Row r : rows) {
            byLine.put((String) r.getField(15), r);
        }
        List<String> mismatches = new ArrayList<>();
        Set<String> shapes = new TreeSet<>();
        for (JsonNode e : entries) {
            String line = e.get("line").asText();
            Row r = byLine.get(line);
            assertThat(r).as("a row for %s", line).isNotNull();
            shapes.add((String) r.getField(0));
            for (int i = 0; i < COLUMNS.length; i++) {
                String key = corpusKey(COLUMNS[i]);
                JsonNode want = e.get(key);
                if (want == null || want.isNull()) {
                    continue; // a field the line lacks: another source (a pair, inference) may fill it
                }
                Object got = r.getField(i);
                if (!matches(COLUMNS[i], want, got, e)) {
                    mismatches.add(COLUMNS[i] + " = " + got + ", expected " + want + " in " + line);
                }
            }
            @SuppressWarnings("unchecked")
            Map<String, String> labels = (Map<String, String>) r.getField(14);
            JsonNode pairs = e.get("pairs");
            if (pairs != null) {
                for (Iterator<Map.Entry<String, JsonNode>> it = pairs.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = it.next();
                    String k = FieldNames.canonical(p.getKey());
                    if (!Objects.equals(
                            labels == null ? null : labels.get(k), p.getValue().asText())) {
                        mismatches.add("labels[" + k + "] = " + (labels == null ? null : labels.get(k)) + ", expected "
                                + p.getValue().asText() + " in " + line);
                    }
                }
            }
        }
        assertThat(mismatches.subList(0, Math.min(20, mismatches.size())))
                .as("first of %d mismatches", mismatches.size())
                .isEmpty();
        // every text shape of the corpus came through the format, plain included
        assertThat(shapes)
                .contains(
                        "syslog5424",
                        "syslog3164",
                        "combined",
                        "clf",
                        "klog",
                        "cri",
                        "logfmt",
                        "ruby",
                        "php",
                        "zap",
                        "auditd",
                        "plain");
    }

    private static String corpusKey(String column) {
        return switch (column) {
            case "log_shape" -> "shape";
            case "log_level" -> "level";
            case "response_bytes" -> "bytes";
            default -> column;
        };
    }

    private static boolean matches(String column, JsonNode want, Object got, JsonNode entry) {
        if (got == null) {
            return false;
        }
        switch (column) {
            case "event_time": {
                Instant expected = Instant.parse(want.asText());
                Instant actual = (Instant) got;
                boolean yearInferred =
                        entry.has("year_inferred") && entry.get("year_inferred").asBoolean();
                if (yearInferred
                        && LocalDateTime.ofInstant(actual, ZoneOffset.UTC)
                                .withYear(expected.atZone(ZoneOffset.UTC).getYear())
                                .equals(LocalDateTime.ofInstant(expected, ZoneOffset.UTC))) {
                    // a year-less date of the line's own (klog's "I1201 …" may fall on the day
                    // before the corpus's reference): the year comes from the arrival
                    return true;
                }
                if (expected.toString().startsWith(CORPUS_REFERENCE_DAY)
                        || expected.toString().startsWith(CORPUS_DAY_BEFORE)
                                && LocalTime.ofInstant(expected, ZoneOffset.UTC)
                                        .equals(LocalTime.ofInstant(actual, ZoneOffset.UTC))) {
                    // a time of day alone takes its date from the arrival (the corpus's reference
                    // day or the day before there, depending on the reference's time of day; the
                    // last day before this test runs here)
                    Instant now = Instant.now();
                    return LocalTime.ofInstant(expected, ZoneOffset.UTC)
                                    .equals(LocalTime.ofInstant(actual, ZoneOffset.UTC))
                            && !actual.isAfter(now)
                            && actual.isAfter(now.minus(java.time.Duration.ofDays(1)));
                }
                return expected.equals(actual);
            }
            case "http_status":
                return want.asInt() == (Integer) got;
            case "response_bytes":
                return want.asLong() == (Long) got;
            case "duration_ms":
                return want.asDouble() == (Double) got;
            default:
                return want.asText().equals(got);
        }
    }
}
