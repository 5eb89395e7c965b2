package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real lines of every shape, from public documentation, RFCs and other projects' published test
 * data (each with its source), with every field written by hand: {@code corpus/<shape>.jsonl}, one
 * object per line. Every field is compared, and a field the object leaves out must be absent.
 *
 * <pre>
 * {"source": "RFC 3164 §5.4", "line": "&lt;34&gt;Oct 11 22:14:15 mymachine su: 'su root' failed ...",
 *  "reference": "2026-12-02T12:00:00Z", "zone": "UTC",          (optional: these are the defaults)
 *  "shape": "syslog3164", "event_time": "2025-10-11T22:14:15Z", "year_inferred": true,
 *  "level": "error", "host_name": "mymachine", "service_name": "su", "pid": null,
 *  "message": "'su root' failed ...", "client_ip": null, "http_method": null, "http_path": null,
 *  "user_agent": null, "http_status": null, "bytes": null, "duration_ms": null,
 *  "pairs": {"key": "value"}}
 * </pre>
 */
class LineCorpusTest {

    static final Path CORPUS = Path.of("src/test/resources/dev/flinklog/core/lines/corpus");

    static final String DEFAULT_REFERENCE = "2026-12-02T12:00:00Z";

    private static final JsonFactory JSON = new JsonFactory();

    /** One corpus entry: the line and its expected fields, as text (null: absent). */
    record Entry(String file, int lineNumber, Map<String, String> fields, Map<String, String> pairs) {
        String get(String name) {
            return fields.get(name);
        }

        @Override
        public String toString() {
            return file + ":" + lineNumber;
        }
    }

    static List<Entry> entries() throws IOException {
        List<Entry> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().collect(Collectors.toList());
        }
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    out.add(parse(f.getFileName().toString(), i + 1, lines.get(i)));
                }
            }
        }
        return out;
    }

    private static Entry parse(String file, int number, String json) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, String> pairs = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(file + ":" + number + " is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("pairs")) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String k = p.currentName();
                        p.nextToken();
                        pairs.put(k, p.getText());
                    }
                } else {
                    fields.put(name, v == JsonToken.VALUE_NULL ? null : p.getText());
                }
            }
        }
        if (!fields.containsKey("line") || !fields.containsKey("source") || !fields.containsKey("shape")) {
            throw new IllegalArgumentException(file + ":" + number + " needs line, source and shape");
        }
        return new Entry(file, number, fields, pairs);
    }

    @TestFactory
    Stream<DynamicTest> everyFieldOfEveryLine() throws IOException {
        return entries().stream().map(e -> DynamicTest.dynamicTest(e + " " + e.get("shape"), () -> check(e)));
    }

    static void check(Entry e) {
        String zone = e.fields().getOrDefault("zone", "UTC");
        String reference = e.fields().getOrDefault("reference", DEFAULT_REFERENCE);
        LineParser parser = LineParser.all(TimestampParser.forZone(zone));
        ParsedLine out = new ParsedLine();
        String line = e.get("line");
        LineShape shape = parser.parse(line, Instant.parse(reference).toEpochMilli(), out);
        Map<String, String> actual = new TreeMap<>();
        actual.put("shape", shape.sqlName());
        actual.put("event_time", out.hasTime() ? out.time().toInstant().toString() : null);
        actual.put("year_inferred", out.hasTime() && out.yearInferred() ? "true" : null);
        actual.put("level", out.level() == null ? null : out.level().sqlName());
        actual.put("host_name", out.text(ParsedLine.Field.HOST));
        actual.put("service_name", out.text(ParsedLine.Field.SERVICE));
        actual.put("pid", out.text(ParsedLine.Field.PID));
        actual.put("message", out.text(ParsedLine.Field.MESSAGE));
        actual.put("client_ip", out.text(ParsedLine.Field.CLIENT_IP));
        actual.put("http_method", out.text(ParsedLine.Field.HTTP_METHOD));
        actual.put("http_path", out.text(ParsedLine.Field.HTTP_PATH));
        actual.put("user_agent", out.text(ParsedLine.Field.USER_AGENT));
        actual.put("http_status", out.httpStatus() < 0 ? null : Integer.toString(out.httpStatus()));
        actual.put("bytes", out.bytes() < 0 ? null : Long.toString(out.bytes()));
        actual.put("duration_ms", Double.isNaN(out.durationMs()) ? null : number(out.durationMs()));
        Map<String, String> expected = new TreeMap<>();
        for (String k : actual.keySet()) {
            String v = e.get(k);
            if (k.equals("event_time") && v != null) {
                v = Instant.parse(v).toString();
            }
            if (k.equals("duration_ms") && v != null) {
                v = number(Double.parseDouble(v));
            }
            expected.put(k, v);
        }
        assertThat(actual).as("%s: %s", e, line).isEqualTo(expected);
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < out.pairCount(); i++) {
            pairs.putIfAbsent(out.key(i), out.value(i));
        }
        assertThat(pairs).as("pairs of %s: %s", e, line).isEqualTo(e.pairs());
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
