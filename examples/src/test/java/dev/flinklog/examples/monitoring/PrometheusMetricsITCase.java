package dev.flinklog.examples.monitoring;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive job (log-json source, LOG_* functions, Iceberg sink) on a MiniCluster with Flink's
 * Prometheus reporter on a free local port. The source ({@link ReplayTableFactory}, opening the
 * format as the Kafka source does) never ends by itself: the test scrapes the endpoint until the
 * input is counted and committed, checks every counter against what the seven input records imply,
 * then cancels the job.
 *
 * <p>It also keeps examples/monitoring/scraped-metrics.txt honest: every name listed there must be
 * in this scrape, because the alert rules and the dashboard may use those names without further
 * proof (MonitoringFilesTest). The whole scrape is written to target/monitoring/scrape.txt.
 */
class PrometheusMetricsITCase {

    private static final Path EXAMPLES = Path.of(System.getProperty("flinklog.examples.dir", "."))
            .toAbsolutePath()
            .normalize();

    /**
     * The input, one record per line. What each one adds to the format's counters is noted on its
     * right; the totals are asserted below.
     */
    private static final List<String> INPUT = List.of(
            // a complete record: nothing but records and rows
            "{\"time\":\"2026-09-16T03:34:56Z\",\"level\":\"info\",\"service_name\":\"api\","
                    + "\"msg\":\"order placed\"}",
            // no level field: levelsInferred (error, from the text)
            "{\"time\":\"2026-09-16T03:34:57Z\",\"service_name\":\"api\"," + "\"msg\":\"ERROR payment declined\"}",
            // no time field: rowsWithoutEventTime
            "{\"level\":\"warn\",\"service_name\":\"api\",\"msg\":\"cache miss\"}",
            // a time that is no time: conversionFailures and rowsWithoutEventTime
            "{\"time\":\"not a time\",\"level\":\"info\",\"service_name\":\"api\"," + "\"msg\":\"bad clock\"}",
            // text with a leading time: parseErrors, levelsInferred (kept as a row)
            "2026-09-16T03:35:00Z ERROR plain text line from a sidecar",
            // text without time or level: parseErrors, levelsInferred, rowsWithoutEventTime
            "plain text without time or level",
            // an OTLP batch with two log records: one record, two rows
            "{\"resourceLogs\":[{\"resource\":{\"attributes\":["
                    + "{\"key\":\"service.name\",\"value\":{\"stringValue\":\"checkout\"}}]},"
                    + "\"scopeLogs\":[{\"logRecords\":["
                    + "{\"timeUnixNano\":\"1789529701000000000\",\"severityText\":\"INFO\","
                    + "\"body\":{\"stringValue\":\"order paid\"}},"
                    + "{\"timeUnixNano\":\"1789529702000000000\",\"severityText\":\"WARN\","
                    + "\"body\":{\"stringValue\":\"slow payment provider\"}}]}]}]}");

    private static final int ROWS = 8;

    /** The format's counters: Kafka (and this test's source) open it under a group "deserializer". */
    static final String FORMAT = "flink_taskmanager_job_task_operator_deserializer_logjson_";

    /** LOG_PARSE's counters, on the operator that calls it. */
    static final String FUNCTION = "flink_taskmanager_job_task_operator_logjson_";

    @TempDir
    Path dir;

    @Test
    void theFormatAndFunctionCountersReachPrometheusWithTheValuesTheInputImplies() throws Exception {
        Path in = Files.write(dir.resolve("records.jsonl"), INPUT, StandardCharsets.UTF_8);
        int port = freePort();

        StreamTableEnvironment tEnv =
                StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment(configuration(port)));
        for (String statement : statements(in, dir.resolve("warehouse"))) {
            tEnv.executeSql(statement);
        }
        TableResult insert = tEnv.executeSql(insertStatement());
        JobClient job = insert.getJobClient().orElseThrow();

        HttpClient http = HttpClient.newHttpClient();
        URI url = URI.create("http://127.0.0.1:" + port + "/metrics");
        PrometheusScrape scrape;
        try {
            scrape = scrapeUntilArchived(http, url);
        } finally {
            job.cancel().get(60, TimeUnit.SECONDS);
        }
        Path out = Files.createDirectories(EXAMPLES.resolve("target/monitoring"));
        Files.writeString(out.resolve("scrape.txt"), scrape.text, StandardCharsets.UTF_8);

        // The format counts on the source operator, LOG_PARSE(raw_json) on the Calc that calls it.
        Map<String, Map<String, Long>> format = countersByOperator(scrape, FORMAT);
        Map<String, Map<String, Long>> function = countersByOperator(scrape, FUNCTION);
        assertThat(format.keySet())
                .as("operators with format counters")
                .singleElement()
                .asString()
                .startsWith("Source:");
        assertThat(function.keySet())
                .as("operators with LOG_PARSE counters")
                .singleElement()
                .asString()
                .startsWith("Calc");

        Map<String, Long> f = format.values().iterator().next();
        assertThat(f).containsEntry("records", 7L); // seven lines
        assertThat(f).containsEntry("rows", 8L); // the OTLP batch gives two
        assertThat(f).containsEntry("parseErrors", 2L); // the two text lines
        assertThat(f).containsEntry("skippedRecords", 0L); // on-error = keep
        assertThat(f).containsEntry("conversionFailures", 1L); // "not a time"
        assertThat(f).containsEntry("rowsWithoutEventTime", 3L); // no time, bad time, bare text
        assertThat(f).containsEntry("levelsInferred", 3L); // no level field, two text lines

        // LOG_PARSE sees each row's raw_json once: 8 calls; both OTLP rows carry a batch whose first
        // record has a time and a level, so the other counters match the format's.
        Map<String, Long> fn = function.values().iterator().next();
        assertThat(fn).containsEntry("records", 8L);
        assertThat(fn).containsEntry("rows", 8L);
        assertThat(fn).containsEntry("parseErrors", 2L);
        assertThat(fn).containsEntry("conversionFailures", 1L);
        assertThat(fn).containsEntry("rowsWithoutEventTime", 3L);
        assertThat(fn).containsEntry("levelsInferred", 3L);

        // Iceberg committed all rows, after at least one completed checkpoint.
        assertThat(scrape.sum(ICEBERG_RECORDS)).isEqualTo(ROWS);
        assertThat(scrape.sum("flink_jobmanager_job_numberOfCompletedCheckpoints"))
                .isGreaterThanOrEqualTo(1);
        assertThat(scrape.series("flink_jobmanager_job_numRestarts"))
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.value).isZero();
                    // the reporter replaces characters outside [a-zA-Z0-9:_] in label values too
                    assertThat(s.label("job_name")).isEqualTo("o11y_logs_archive");
                });

        // Every name the monitoring files may take on trust must be in this scrape.
        Set<String> listed = MetricNames.scraped();
        assertThat(listed).isNotEmpty();
        assertThat(scrape.names()).containsAll(listed);
    }

    /** The committer's count of records in committed data files (summed over its subtasks). */
    static final String ICEBERG_RECORDS =
            "flink_taskmanager_job_task_operator_IcebergFilesCommitter_table_committedDataFilesRecordCount";

    private static Configuration configuration(int port) {
        Configuration conf = new Configuration();
        conf.setString(
                "metrics.reporter.prom.factory.class", "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        conf.setString("metrics.reporter.prom.port", String.valueOf(port));
        conf.setString("pipeline.name", "o11y.logs.archive"); // as examples/kafka-iceberg-rest/archive.sql
        conf.setString("table.local-time-zone", "UTC");
        conf.setString("parallelism.default", "1");
        // Iceberg commits on checkpoints.
        conf.setString("execution.checkpointing.interval", "1 s");
        // The MiniCluster's REST endpoint: any free port, loopback only (8081 may be taken).
        conf.setString("rest.bind-port", "0");
        conf.setString("rest.bind-address", "127.0.0.1");
        conf.setString("rest.address", "127.0.0.1");
        conf.setString("taskmanager.memory.managed.size", "64m");
        conf.setString("taskmanager.memory.network.min", "32m");
        conf.setString("taskmanager.memory.network.max", "32m");
        return conf;
    }

    private static List<String> statements(Path in, Path warehouse) {
        List<String> s = new ArrayList<>();
        s.add("LOAD MODULE logs");
        s.add("CREATE CATALOG lake WITH ('type' = 'iceberg', 'catalog-type' = 'hadoop', " + "'warehouse' = '"
                + warehouse.toUri() + "')");
        s.add("CREATE DATABASE lake.logs");
        s.add("CREATE TABLE lake.logs.events ("
                + " event_time TIMESTAMP_LTZ(6), ingest_time TIMESTAMP_LTZ(6), log_level STRING,"
                + " message STRING, service_name STRING, host_name STRING, namespace STRING,"
                + " pod_name STRING, trace_id STRING, labels MAP<STRING, STRING>, fingerprint STRING,"
                + " error_class STRING, raw_json STRING, parse_error STRING, dt STRING, hr INT"
                + ") PARTITIONED BY (dt, hr) WITH ('write.format.default' = 'parquet',"
                + " 'write.parquet.compression-codec' = 'zstd')");
        // The Kafka table of the archive job, with the watermark recipe of docs/format.md: a record
        // without a time falls back to its arrival time. The replay source has no record timestamps,
        // so a fixed instant stands in for Kafka's 'timestamp' metadata.
        s.add("CREATE TEMPORARY TABLE incoming ("
                + " event_time TIMESTAMP_LTZ(6), log_level STRING, message STRING, service_name STRING,"
                + " host_name STRING, namespace STRING, pod_name STRING, trace_id STRING,"
                + " labels MAP<STRING, STRING>, raw_json STRING,"
                + " kafka_ts AS TO_TIMESTAMP_LTZ(1789529760000, 3),"
                + " rowtime AS COALESCE(CAST(event_time AS TIMESTAMP_LTZ(3)), TO_TIMESTAMP_LTZ(1789529760000, 3)),"
                + " WATERMARK FOR rowtime AS rowtime - INTERVAL '30' SECOND"
                + ") WITH ('connector' = '" + ReplayTableFactory.IDENTIFIER + "', 'path' = '" + in + "',"
                + " 'format' = 'log-json')");
        return s;
    }

    private static String insertStatement() {
        return "INSERT INTO lake.logs.events SELECT event_time,"
                + " CAST(kafka_ts AS TIMESTAMP_LTZ(6)), log_level, message, service_name, host_name,"
                + " namespace, pod_name, trace_id, labels, LOG_FINGERPRINT(message),"
                + " LOG_ERROR_CLASS(message), raw_json, LOG_PARSE(raw_json).parse_error,"
                + " DATE_FORMAT(COALESCE(event_time, kafka_ts), 'yyyy-MM-dd'),"
                + " CAST(DATE_FORMAT(COALESCE(event_time, kafka_ts), 'H') AS INT)"
                + " FROM incoming";
    }

    /**
     * Scrapes every half second until the source counted all records and Iceberg committed all
     * rows; gives up after three minutes (a healthy run takes seconds once the job is up).
     */
    private static PrometheusScrape scrapeUntilArchived(HttpClient http, URI url) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        PrometheusScrape last = PrometheusScrape.parse("");
        while (System.nanoTime() < deadline) {
            last = PrometheusScrape.get(http, url);
            if (last.sum(ICEBERG_RECORDS) >= ROWS
                    && last.sum(FORMAT + "records") >= INPUT.size()
                    && last.sum(FUNCTION + "records") >= ROWS) {
                return last;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(
                "the archive job did not count and commit its input within 3 min; last scrape:\n" + last.text);
    }

    /** operator_name -> counter name -> value, for the names that start with {@code prefix}. */
    private static Map<String, Map<String, Long>> countersByOperator(PrometheusScrape scrape, String prefix) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (PrometheusScrape.Sample s : scrape.samples) {
            if (s.name.startsWith(prefix)) {
                out.computeIfAbsent(s.label("operator_name"), k -> new LinkedHashMap<>())
                        .put(s.name.substring(prefix.length()), (long) s.value);
            }
        }
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
