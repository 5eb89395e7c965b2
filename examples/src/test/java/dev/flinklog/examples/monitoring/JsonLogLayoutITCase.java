package dev.flinklog.examples.monitoring;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.properties.PropertiesConfigurationFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/monitoring/log4j-json.properties as Flink's JobManager/TaskManager would use it: real
 * log4j 2.24.3 (Flink 2.1's) writes a few records through it, then a batch job reads the file with
 * {@code 'format' = 'log-json'} and gets time, level, logger and message back.
 */
class JsonLogLayoutITCase {

    private static final Path CONFIG = MetricNames.MONITORING.resolve("log4j-json.properties");

    @TempDir
    Path dir;

    @Test
    void flinkLogsWrittenThroughTheLayoutReadBackWithLogJson() throws Exception {
        Path file = dir.resolve("flink-taskexecutor.log");
        String thread = Thread.currentThread().getName();
        writeThroughTheLayout(file);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines)
                .as("one JSON line per event; DEBUG is below the root level")
                .hasSize(3);

        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("table.local-time-zone", "UTC");
        t.executeSql("CREATE TABLE flink_logs ("
                + " event_time TIMESTAMP_LTZ(3), log_level STRING, message STRING, service_name STRING,"
                + " host_name STRING, labels MAP<STRING, STRING>, raw_json STRING"
                + ") WITH ('connector' = 'filesystem', 'path' = '" + file + "', 'format' = 'log-json')");
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it =
                t.executeSql("SELECT * FROM flink_logs").collect()) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(3);

        Row started = row(rows, "Source: events (1/1) switched from INITIALIZING to RUNNING.");
        assertThat(started.getField("log_level")).isEqualTo("info");
        assertThat(labels(started))
                .containsEntry("logger", "org.apache.flink.runtime.taskmanager.Task")
                .containsEntry("thread", thread);
        assertThat(started.getField("service_name")).isEqualTo("flink");
        assertThat((String) started.getField("host_name")).isNotBlank();
        // fields of an absent throwable are left out, not written as null
        assertThat((String) started.getField("raw_json"))
                .doesNotContain("exception_class")
                .doesNotContain("null");

        Row expired = row(rows, "Checkpoint 7 of job 3f2a expired before completing.");
        assertThat(expired.getField("log_level")).isEqualTo("warn");
        assertThat(labels(expired))
                .containsEntry("logger", "org.apache.flink.runtime.checkpoint.CheckpointCoordinator");

        Row failed = row(rows, "Source: events (1/1) switched from RUNNING to FAILED.");
        assertThat(failed.getField("log_level")).isEqualTo("error");
        String raw = (String) failed.getField("raw_json");
        assertThat(raw).contains("\"exception_class\":\"java.io.IOException\"").contains("Connection reset by peer");

        // The event time is the instant the layout wrote, to the millisecond.
        for (Row r : rows) {
            assertThat(r.getField("event_time")).isEqualTo(timeWritten((String) r.getField("raw_json")));
        }
    }

    private static void writeThroughTheLayout(Path file) throws IOException {
        // Flink's start scripts pass the file as -Dlog.file; a private LoggerContext keeps this test's
        // configuration away from the JVM's own logging.
        String previous = System.setProperty("log.file", file.toString());
        LoggerContext ctx = new LoggerContext("log4j-json-test");
        try (InputStream in = Files.newInputStream(CONFIG)) {
            Configuration config = new PropertiesConfigurationFactory()
                    .getConfiguration(ctx, new ConfigurationSource(in, CONFIG.toFile()));
            ctx.start(config);
            Logger task = ctx.getLogger("org.apache.flink.runtime.taskmanager.Task");
            Logger checkpoints = ctx.getLogger("org.apache.flink.runtime.checkpoint.CheckpointCoordinator");
            task.info("Source: events (1/1) switched from INITIALIZING to RUNNING.");
            checkpoints.debug("Triggering checkpoint 7 (below INFO: not written)");
            checkpoints.warn("Checkpoint 7 of job 3f2a expired before completing.");
            task.error(
                    "Source: events (1/1) switched from RUNNING to FAILED.",
                    new IOException("Connection reset by peer"));
        } finally {
            ctx.stop();
            if (previous == null) {
                System.clearProperty("log.file");
            } else {
                System.setProperty("log.file", previous);
            }
        }
    }

    private static Row row(List<Row> rows, String message) {
        return rows.stream()
                .filter(r -> message.equals(r.getField("message")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row with message " + message + " in " + rows));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(Row r) {
        return (Map<String, String>) r.getField("labels");
    }

    private static Instant timeWritten(String rawJson) {
        Matcher m = Pattern.compile("\"time\":\"([^\"]+)\"").matcher(rawJson);
        assertThat(m.find()).as(rawJson).isTrue();
        return Instant.parse(m.group(1));
    }
}
