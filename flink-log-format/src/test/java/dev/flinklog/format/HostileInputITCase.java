package dev.flinklog.format;

import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile lines through SQL: a file of them read by the filesystem connector with
 * {@code 'format' = 'log-json'} under {@code on-error} keep and skip, on a MiniCluster. The job
 * finishes, every line is a row (keep) or exactly the unparseable ones are gone (skip), and raw_json
 * is the line. The format's counters are not visible here: Flink's filesystem connector opens
 * formats with an unregistered metric group (Kafka passes the real one), so the counts are checked
 * on the deserializer with a metric group, in HostileInputTest and LogJsonFuzzTest. What counts
 * as unparseable is taken from the deserializer itself (HostileInputTest pins each class),
 * and from SQL through LOG_PARSE(line).parse_error over a {@code 'raw'} table of the same file
 * (the filesystem connector offers no format metadata).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileInputITCase {

    private static final int MIB = 1 << 20;

    @TempDir
    static Path dir;

    private TableEnvironment tEnv;
    private final List<byte[]> lines = new ArrayList<>();
    private int expectedErrors;
    /** raw_json of each row the deserializer gives for the file (OTLP batches: one per log record). */
    private final List<String> expectedRaw = new ArrayList<>();

    @BeforeAll
    void setUp() throws IOException {
        byte[] real = HostileInputTest.ordinary(Producer.ECS, 1).get(0);
        for (int n = 1; n < real.length; n += 7) {
            lines.add(Arrays.copyOf(real, n)); // truncated at (every 7th) byte position
        }
        lines.add(real);
        for (Producer p : Producer.values()) {
            lines.addAll(HostileInputTest.ordinary(p, 3));
        }
        lines.add(utf8("{\"message\":\"" + "x".repeat(2 * MIB) + "\"}"));
        lines.add(utf8("{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)));
        StringBuilder keys = new StringBuilder("{\"message\":\"keys\"");
        for (int i = 0; i < 100_000; i++) {
            keys.append(",\"k").append(i).append("\":").append(i);
        }
        lines.add(utf8(keys.append('}').toString()));
        lines.add(utf8("{\"message\":\"first\",\"message\":\"second\"}"));
        lines.add(new byte[] {'{', '"', 'm', 's', 'g', '"', ':', '"', (byte) 0xFF, (byte) 0xC3, '"', '}'});
        lines.add(utf8("{\"message\":\"\\ud800 lone\"}"));
        lines.add(utf8("{\"message\":\"nul\u0000inside\"}"));
        lines.add(utf8("\u0000\u0000 nul outside"));
        lines.add(utf8("{\"message\":\"big\",\"code\":" + "9".repeat(10_000) + "}"));
        lines.add(utf8("{\"message\":\"nan\",\"latency\":NaN,\"code\":Infinity}"));
        lines.add(utf8("{\"time\":\"2026-09-16T12:34:56." + "7".repeat(1000) + "Z\",\"message\":\"f\"}"));
        lines.add(utf8("{\"message\":\"" + "0123456789".repeat(MIB / 10) + "\"}"));
        lines.add(utf8("{\"message\":\"" + " ,;:=|/()[]{}<>".repeat(MIB / 15) + "\"}"));
        lines.add(utf8("{\"message\":\"" + "error ".repeat(MIB / 6) + "\"}"));
        lines.add(utf8("error ".repeat(MIB / 6)));
        lines.add(utf8("{\"resourceLogs\":[]}"));

        ByteArrayOutputStream file = new ByteArrayOutputStream();
        LogJsonDeserializationSchema d = Decoders.of(DataTypes.FIELD("raw_json", DataTypes.STRING()))
                .withParseError()
                .defaultLimits()
                .open();
        for (byte[] l : lines) {
            assertThat(l).as("a hostile line must not contain a newline").doesNotContain((byte) '\n');
            file.write(l);
            file.write('\n');
            List<RowData> rows = Decoders.read(d, l);
            if (rows.size() == 1 && !rows.get(0).isNullAt(1)) {
                expectedErrors++;
            }
            for (RowData r : rows) {
                expectedRaw.add(r.getString(0).toString());
            }
        }
        Files.write(dir.resolve("hostile.jsonl"), file.toByteArray());

        tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        // The test reads the 2 MiB rows back through collect(), whose batches default to 2 MiB.
        tEnv.getConfig().set("collect-sink.batch-size.max", "64mb");
        tEnv.executeSql("LOAD MODULE logs");
        String path = dir.resolve("hostile.jsonl").toUri().toString();
        for (String onError : new String[] {"keep", "skip"}) {
            tEnv.executeSql("CREATE TABLE logs_" + onError + " (event_time TIMESTAMP_LTZ(6), log_level STRING,"
                    + " message STRING, labels MAP<STRING, STRING>, code INT, latency DOUBLE, raw_json STRING)"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + path + "', 'format' = 'log-json',"
                    + " 'log-json.on-error' = '" + onError + "')");
        }
        tEnv.executeSql("CREATE TABLE lines (line STRING) WITH ('connector' = 'filesystem', 'path' = '" + path
                + "', 'format' = 'raw')");
    }

    @Test
    void keepGivesOneRowPerLineWithRawJsonTheLine() {
        List<Row> rows = query("SELECT raw_json, log_level, message FROM logs_keep");
        assertThat(rows).hasSize(expectedRaw.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat((String) rows.get(i).getField(0))
                    .as("raw_json of row %s", i)
                    .isEqualTo(expectedRaw.get(i));
            if (rows.get(i).getField(1) == null) {
                // No level field and no message text to infer one from.
                assertThat((String) rows.get(i).getField(2))
                        .as("message of row %s", i)
                        .isBlank();
            } else {
                assertThat((String) rows.get(i).getField(1)).isIn("trace", "debug", "info", "warn", "error", "fatal");
            }
        }
        assertThat(expectedErrors).as("the file has unparseable lines").isGreaterThan(50);
        // every line that is not an OTLP batch is exactly one row whose raw_json is the line
        List<String> texts = new ArrayList<>();
        for (byte[] l : lines) {
            texts.add(new String(l, StandardCharsets.UTF_8));
        }
        assertThat(expectedRaw)
                .containsAll(texts.stream()
                        .filter(t -> !t.startsWith("{\"resourceLogs\":[{"))
                        .collect(Collectors.toList()));
    }

    @Test
    void skipDropsExactlyTheUnparseableLines() {
        List<Row> rows = query("SELECT raw_json FROM logs_skip");
        assertThat(rows).hasSize(expectedRaw.size() - expectedErrors);
    }

    @Test
    void logParseReportsTheSameParseErrors() {
        // A NULL level only where the line has no message text either (an object without one).
        List<Row> rows = query("SELECT COUNT(*), COUNT(LOG_PARSE(line).parse_error),"
                + " COUNT(*) FILTER (WHERE LOG_PARSE(line).log_level IS NULL"
                + " AND TRIM(COALESCE(LOG_PARSE(line).message, '')) <> '') FROM lines");
        // The raw format reads each line as a STRING: invalid UTF-8 arrives replaced, so
        // LOG_PARSE sees the repaired text; every class is still kept or reported alike.
        assertThat(rows).containsExactly(Row.of((long) lines.size(), (long) expectedErrors, 0L));
    }

    private List<Row> query(String sql) {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(sql).collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new AssertionError("query failed: " + sql, e);
        }
        return rows;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
