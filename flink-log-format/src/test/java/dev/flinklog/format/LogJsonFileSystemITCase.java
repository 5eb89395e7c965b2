package dev.flinklog.format;

import dev.flinklog.functions.SqlFunctionTestBase;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code 'format' = 'log-json'} through SQL with the filesystem connector, as users write it. */
class LogJsonFileSystemITCase extends SqlFunctionTestBase {

    @TempDir
    static Path dir;

    @BeforeAll
    void setUp() throws IOException {
        Files.createDirectories(dir.resolve("keys"));
        Files.write(
                dir.resolve("logs.jsonl"),
                List.of(
                        "{\"time\":\"t1\",\"log\":\"started\",\"service\":{\"name\":\"api\"},\"pid\":\"12\"}",
                        "{\"message\":\"ecs text\",\"log\":{\"level\":\"warn\"},\"service.name\":\"web\",\"pid\":7}",
                        "this line is not json",
                        "{\"msg\":\"pino\",\"name\":\"worker\",\"service_name\":\"pino-svc\",\"pid\":\"x\"}"),
                StandardCharsets.UTF_8);
        tEnv.executeSql("CREATE TABLE logs ("
                + " log STRING, service_name STRING, pid INT, raw_json STRING"
                // (the filesystem connector offers no format metadata; Kafka does)
                + ") WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("logs.jsonl").toUri()
                + "', 'format' = 'log-json')");
    }

    @Test
    void everyRecordBecomesOneRow() {
        List<Row> rows = query("SELECT log, service_name, pid FROM logs");
        assertThat(rows)
                .containsExactly(
                        Row.of("started", "api", 12),
                        Row.of("ecs text", "web", 7),
                        Row.of("this line is not json", null, null),
                        Row.of("pino", "pino-svc", null));
    }

    @Test
    void rawJsonIsTheLine() {
        List<Row> rows = query("SELECT raw_json FROM logs WHERE service_name IS NULL");
        assertThat(rows).containsExactly(Row.of("this line is not json"));
        assertThat(query("SELECT COUNT(*) FROM logs WHERE raw_json LIKE '{%'")).containsExactly(Row.of(3L));
    }

    @Test
    void projectionIsPushedIntoTheFormat() {
        String plan = tEnv.explainSql("SELECT service_name FROM logs");
        assertThat(plan).contains("project=[service_name]");
        assertThat(query("SELECT service_name FROM logs"))
                .containsExactly(Row.of("api"), Row.of("web"), Row.of((Object) null), Row.of("pino-svc"));
    }

    @Test
    void writesJsonThatReadsBack() throws Exception {
        Path out = dir.resolve("out");
        tEnv.executeSql("CREATE TABLE sink (service_name STRING, pid INT, seen_at TIMESTAMP_LTZ(3)) WITH ("
                + "'connector' = 'filesystem', 'path' = '" + out.toUri() + "', 'format' = 'log-json')");
        tEnv.executeSql("INSERT INTO sink SELECT service_name, pid, TO_TIMESTAMP_LTZ(1758000000123, 3)"
                        + " FROM logs WHERE pid IS NOT NULL")
                .await();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                if (!f.getFileName().toString().startsWith(".")) {
                    lines.addAll(Files.readAllLines(f));
                }
            }
        }
        assertThat(lines)
                .containsExactlyInAnyOrder(
                        "{\"service_name\":\"api\",\"pid\":12,\"seen_at\":\"2025-09-16T05:20:00.123Z\"}",
                        "{\"service_name\":\"web\",\"pid\":7,\"seen_at\":\"2025-09-16T05:20:00.123Z\"}");
    }

    /**
     * The one key rule on both surfaces: a column and {@code LOG_LABEL} find a key in any case,
     * camelCase, separator or nesting, and agree on the same records.
     */
    @Test
    void columnsAndLogLabelMatchKeysByTheSameRule() throws IOException {
        Files.write(
                dir.resolve("keys").resolve("keys.jsonl"),
                List.of(
                        "{\"serviceName\":\"camel\",\"Host-Name\":\"h1\",\"LEVEL\":\"WARN\",\"n\":1}",
                        "{\"SERVICE_NAME\":\"upper\",\"host\":{\"Name\":\"h2\"},\"n\":2}",
                        "{\"service\":{\"name\":\"nested\"},\"serviceName\":\"second\",\"n\":3}",
                        "{\"PRIORITY\":\"3\",\"MESSAGE\":\"journald\",\"n\":4}",
                        "{\"priority\":3,\"message\":\"a task's priority\",\"n\":5}"),
                StandardCharsets.UTF_8);
        tEnv.executeSql("CREATE TABLE keyed (service_name STRING, host_name STRING, log_level STRING, n INT,"
                + " raw_json STRING) WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("keys").toUri() + "', 'format' = 'log-json')");
        assertThat(query("SELECT n, service_name, host_name, log_level,"
                        + " LOG_LABEL(raw_json, 'service_name'), LOG_LABEL(raw_json, 'host_name') FROM keyed"))
                .containsExactlyInAnyOrder(
                        Row.of(1, "camel", "h1", "warn", "camel", "h1"),
                        // No level and no message: nothing to infer a level from.
                        Row.of(2, "upper", "h2", null, "upper", "h2"),
                        Row.of(3, "nested", null, null, "nested", null),
                        Row.of(4, null, null, "error", null, null),
                        Row.of(5, null, null, "info", null, null));
    }

    /**
     * Time values as runtimes print them by default, in the fields their producers use: the
     * format's event_time reads them with the same rule as LOG_TIMESTAMP, zone-less ones in
     * {@code timestamp.default-zone}.
     */
    @Test
    void runtimeTimeStringsFillEventTime() throws IOException {
        Path runtimes = Files.createDirectories(dir.resolve("runtimes"));
        Files.write(
                runtimes.resolve("runtimes.jsonl"),
                List.of(
                        "{\"n\":1,\"time\":\"2026-09-16T21:34:56.123+09:00[Asia/Tokyo]\",\"msg\":\"java\"}",
                        "{\"n\":2,\"@timestamp\":\"9/16/2026 9:34:56 PM +09:00\",\"message\":\".net\"}",
                        "{\"n\":3,\"ts\":\"2026-09-16 21:34:56.123 +0900 JST m=+0.000012345\",\"msg\":\"go\"}",
                        "{\"n\":4,\"timestamp\":\"Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time)\"}",
                        "{\"n\":5,\"asctime\":\"2026-09-16 21:34:56,123\",\"message\":\"python, zone-less\"}",
                        "{\"n\":6,\"time\":\"09/16/2026 21:34:56\",\"message\":\".net invariant, zone-less\"}",
                        "{\"n\":7,\"time\":\"2026-09-16 12:34:56.123 UTC\",\"message\":\"chrono\"}",
                        "{\"n\":8,\"time\":\"Wed Sep 16 21:34:56 JST 2026\",\"message\":\"java.util.Date\"}"),
                StandardCharsets.UTF_8);
        tEnv.executeSql("CREATE TABLE runtimes (n INT, event_time TIMESTAMP_LTZ(3)) WITH ('connector' = 'filesystem',"
                + " 'path' = '" + runtimes.toUri() + "', 'format' = 'log-json',"
                + " 'log-json.timestamp.default-zone' = 'Asia/Tokyo')");
        assertThat(query("SELECT n, event_time FROM runtimes"))
                .containsExactlyInAnyOrder(
                        Row.of(1, java.time.Instant.parse("2026-09-16T12:34:56.123Z")),
                        Row.of(2, java.time.Instant.parse("2026-09-16T12:34:56Z")),
                        Row.of(3, java.time.Instant.parse("2026-09-16T12:34:56.123Z")),
                        Row.of(4, java.time.Instant.parse("2026-09-16T12:34:56Z")),
                        Row.of(5, java.time.Instant.parse("2026-09-16T12:34:56.123Z")),
                        Row.of(6, java.time.Instant.parse("2026-09-16T12:34:56Z")),
                        Row.of(7, java.time.Instant.parse("2026-09-16T12:34:56.123Z")),
                        // JST is the tz database's for Japan alone: read
                        Row.of(8, java.time.Instant.parse("2026-09-16T12:34:56Z")));
    }

    @Test
    void badOptionsFailAtCreateTable() {
        tEnv.executeSql("CREATE TABLE bad (log STRING) WITH ('connector' = 'filesystem', 'path' = '" + dir.toUri()
                + "', 'format' = 'log-json', 'log-json.on-error' = 'drop')");
        assertThatThrownBy(() -> tEnv.executeSql("SELECT * FROM bad").collect().close())
                .hasStackTraceContaining("'log-json.on-error'")
                .hasStackTraceContaining("keep, skip, fail");
    }
}
