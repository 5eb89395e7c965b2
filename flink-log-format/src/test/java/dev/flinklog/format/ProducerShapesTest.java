package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One record per producer, written after each producer's documented output, read with no options
 * into the columns a pipeline declares. Each test asserts what a user would check first: the event
 * time (with its offset), the level, the message, the service and the host.
 */
class ProducerShapesTest {

    private static final LogJsonDeserializationSchema DECODER = Decoders.of(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(9)),
                    DataTypes.FIELD("log_level", DataTypes.STRING()),
                    DataTypes.FIELD("log", DataTypes.STRING()),
                    DataTypes.FIELD("service_name", DataTypes.STRING()),
                    DataTypes.FIELD("host_name", DataTypes.STRING()),
                    DataTypes.FIELD("pod_name", DataTypes.STRING()),
                    DataTypes.FIELD("trace_id", DataTypes.STRING()),
                    DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
            .withParseError()
            .open();

    /** What a shape must yield; null fields are expected NULL. */
    private static void expect(String record, String time, String level, String message, String service, String host)
            throws IOException {
        List<RowData> rows = Decoders.read(DECODER, record);
        assertThat(rows).hasSize(1);
        RowData r = rows.get(0);
        assertThat(r.isNullAt(8)).as("parse-error of %s", record).isTrue();
        assertThat(r.isNullAt(0) ? null : r.getTimestamp(0, 9).toInstant())
                .as("event_time")
                .isEqualTo(time == null ? null : Instant.parse(time));
        assertThat(r.getString(1).toString()).as("level").isEqualTo(level);
        assertThat(text(r, 2)).as("message").isEqualTo(message);
        assertThat(text(r, 3)).as("service").isEqualTo(service);
        assertThat(text(r, 4)).as("host").isEqualTo(host);
    }

    private static RowData row(String record) throws IOException {
        return Decoders.read(DECODER, record).get(0);
    }

    private static String text(RowData r, int i) {
        return r.isNullAt(i) ? null : r.getString(i).toString();
    }

    private static Map<String, String> labels(RowData r) {
        MapData m = r.getMap(7);
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < m.size(); i++) {
            out.put(
                    m.keyArray().getString(i).toString(),
                    m.valueArray().getString(i).toString());
        }
        return out;
    }

    @Test
    void dockerFluentdDriverViaFluentBit() throws IOException {
        // Docker's fluentd log driver: container labels arrive as dotted top-level keys; Fluent
        // Bit adds @timestamp (here as a double, its default time_key format).
        String r = "{\"container_id\":\"8f2e\",\"container_name\":\"/shop-api-1\",\"source\":\"stdout\","
                + "\"log\":\"GET /health 200 1ms\",\"com.docker.compose.service\":\"api\","
                + "\"service.name\":\"shop-api\",\"@timestamp\":1789529696.5}";
        expect(r, "2026-09-16T03:34:56.500Z", "info", "GET /health 200 1ms", "shop-api", null);
        assertThat(labels(row(r))).containsEntry("com_docker_compose_service", "api");
    }

    @Test
    void fluentBitKubernetesFilter() throws IOException {
        String r = "{\"time\":\"2026-09-16T03:34:56.123456789Z\",\"stream\":\"stderr\",\"_p\":\"F\","
                + "\"log\":\"E0916 03:34:56.123456       1 reflector.go:138] failed to list *v1.Pod: connection refused\","
                + "\"kubernetes\":{\"pod_name\":\"controller-7d9\",\"namespace_name\":\"kube-system\","
                + "\"host\":\"node-3\",\"container_name\":\"manager\","
                + "\"labels\":{\"app.kubernetes.io/name\":\"controller\",\"pod-template-hash\":\"7d9\"}}}";
        expect(
                r,
                "2026-09-16T03:34:56.123456789Z",
                "error",
                "E0916 03:34:56.123456       1 reflector.go:138] failed to list *v1.Pod: connection refused",
                "controller",
                "node-3");
        assertThat(text(row(r), 5)).isEqualTo("controller-7d9");
    }

    @Test
    void otlpJsonExportLogsServiceRequest() throws IOException {
        List<RowData> rows = Decoders.read(DECODER, LogJsonDeserializationSchemaTest.OTLP_BATCH);
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).getTimestamp(0, 9).toInstant())
                .isEqualTo(Instant.parse("2025-09-16T05:20:00.123456789Z"));
        assertThat(text(rows.get(0), 3)).isEqualTo("checkout");
        assertThat(text(rows.get(2), 3)).isEqualTo("billing");
    }

    @Test
    void ecsLogging() throws IOException {
        expect(
                "{\"@timestamp\":\"2026-09-16T03:34:56.789Z\",\"log.level\":\"warn\",\"message\":\"pool almost exhausted\","
                        + "\"ecs.version\":\"1.6.0\",\"service.name\":\"orders\",\"host\":{\"name\":\"web-2\"},"
                        + "\"log\":{\"logger\":\"db.pool\"},\"trace.id\":\"abc\"}",
                "2026-09-16T03:34:56.789Z",
                "warn",
                "pool almost exhausted",
                "orders",
                "web-2");
    }

    @Test
    void logstashLogbackEncoder() throws IOException {
        expect(
                "{\"@timestamp\":\"2026-09-16T12:34:56.789+09:00\",\"@version\":\"1\",\"message\":\"Started App in 3.2 seconds\","
                        + "\"logger_name\":\"com.example.App\",\"thread_name\":\"main\",\"level\":\"INFO\",\"level_value\":20000}",
                "2026-09-16T03:34:56.789Z",
                "info",
                "Started App in 3.2 seconds",
                null,
                null);
    }

    @Test
    void pino() throws IOException {
        expect(
                "{\"level\":50,\"time\":1789529696123,\"pid\":17,\"hostname\":\"checkout-5c7b\",\"msg\":\"charge failed\"}",
                "2026-09-16T03:34:56.123Z",
                "error",
                "charge failed",
                null,
                "checkout-5c7b");
    }

    @Test
    void bunyanNamesTheServiceOnlyInItsOwnShape() throws IOException {
        expect(
                "{\"name\":\"billing\",\"hostname\":\"b-1\",\"pid\":9,\"level\":40,\"msg\":\"slow query\","
                        + "\"time\":\"2026-09-16T03:34:56.789Z\",\"v\":0}",
                "2026-09-16T03:34:56.789Z",
                "warn",
                "slow query",
                "billing",
                "b-1");
        // Elsewhere a top-level "name" is anything (a user name, a file name): not the service.
        assertThat(text(row("{\"name\":\"alice\",\"msg\":\"logged in\"}"), 3)).isNull();
    }

    @Test
    void zap() throws IOException {
        expect(
                "{\"level\":\"error\",\"ts\":1789529696.123456,\"caller\":\"server/main.go:42\",\"msg\":\"listen failed\","
                        + "\"logger\":\"http\",\"error\":\"address already in use\"}",
                "2026-09-16T03:34:56.123456Z",
                "error",
                "listen failed",
                null,
                null);
    }

    @Test
    void logrus() throws IOException {
        expect(
                "{\"level\":\"warning\",\"msg\":\"retrying\",\"time\":\"2026-09-16T12:34:56+09:00\",\"attempt\":2}",
                "2026-09-16T03:34:56Z",
                "warn",
                "retrying",
                null,
                null);
    }

    @Test
    void serilogClefWithoutALevelIsInformation() throws IOException {
        // CLEF leaves @l out for Information, whatever the message says.
        expect(
                "{\"@t\":\"2026-09-16T03:34:56.7890000Z\",\"@mt\":\"Failed attempts: {Count}\",\"Count\":0}",
                "2026-09-16T03:34:56.789Z",
                "info",
                "Failed attempts: {Count}",
                null,
                null);
        expect(
                "{\"@t\":\"2026-09-16T03:34:56Z\",\"@m\":\"Disk full\",\"@l\":\"Error\"}",
                "2026-09-16T03:34:56Z",
                "error",
                "Disk full",
                null,
                null);
    }

    @Test
    void journalctlJson() throws IOException {
        expect(
                "{\"__REALTIME_TIMESTAMP\":\"1789529696123456\",\"PRIORITY\":\"3\",\"_HOSTNAME\":\"raspi4-3\","
                        + "\"SYSLOG_IDENTIFIER\":\"sshd\",\"MESSAGE\":\"error: kex_exchange_identification: Connection closed\","
                        + "\"_PID\":\"811\",\"_TRANSPORT\":\"syslog\"}",
                "2026-09-16T03:34:56.123456Z",
                "error",
                "error: kex_exchange_identification: Connection closed",
                "sshd",
                "raspi4-3");
    }

    @Test
    void googleCloudStructuredLogging() throws IOException {
        String r =
                "{\"severity\":\"WARNING\",\"message\":\"quota at 90%\",\"timestamp\":{\"seconds\":1789529696,\"nanos\":5000000},"
                        + "\"logging.googleapis.com/trace\":\"projects/p/traces/abc\",\"logging.googleapis.com/labels\":{\"team\":\"infra\"}}";
        expect(r, "2026-09-16T03:34:56.005Z", "warn", "quota at 90%", null, null);
        assertThat(text(row(r), 6)).isEqualTo("projects/p/traces/abc");
        assertThat(labels(row(r))).containsEntry("team", "infra");
    }

    @Test
    void pythonJsonLogger() throws IOException {
        expect(
                "{\"asctime\":\"2026-09-16 03:34:56,789\",\"name\":\"worker\",\"levelname\":\"ERROR\","
                        + "\"message\":\"job 42 failed\",\"exc_info\":\"Traceback (most recent call last): ...\"}",
                "2026-09-16T03:34:56.789Z",
                "error",
                "job 42 failed",
                null,
                null);
    }

    @Test
    void log4j2JsonLayout() throws IOException {
        expect(
                "{\"instant\":{\"epochSecond\":1789529696,\"nanoOfSecond\":789000000},\"thread\":\"main\",\"level\":\"WARN\","
                        + "\"loggerName\":\"org.example.Cache\",\"message\":\"eviction storm\",\"endOfBatch\":false,"
                        + "\"loggerFqcn\":\"org.apache.logging.log4j.spi.AbstractLogger\",\"threadId\":1,\"threadPriority\":5}",
                "2026-09-16T03:34:56.789Z",
                "warn",
                "eviction storm",
                null,
                null);
    }

    @Test
    void awsLambdaJsonLogs() throws IOException {
        expect(
                "{\"timestamp\":\"2026-09-16T03:34:56.789Z\",\"level\":\"ERROR\",\"message\":\"Task timed out after 3.00 seconds\","
                        + "\"logger\":\"root\",\"requestId\":\"79b4f56e-95b1-4643-9700-2807f4e68189\"}",
                "2026-09-16T03:34:56.789Z",
                "error",
                "Task timed out after 3.00 seconds",
                null,
                null);
    }

    @Test
    void syslogAsJsonKeepsItsOffset() throws IOException {
        expect(
                "{\"ts\":\"2026-09-16T12:34:56+09:00\",\"src_host\":\"raspi4-3\",\"program\":\"sshd\","
                        + "\"message\":\"Accepted publickey for pi from 192.168.1.20 port 50522\"}",
                "2026-09-16T03:34:56Z",
                "info",
                "Accepted publickey for pi from 192.168.1.20 port 50522",
                "sshd",
                "raspi4-3");
    }

    @Test
    void klogTextInsideADockerLogField() throws IOException {
        expect(
                "{\"log\":\"W0916 03:34:56.789012   12 warnings.go:70] v1 Endpoints is deprecated\\n\","
                        + "\"stream\":\"stderr\",\"time\":\"2026-09-16T03:34:56.790000000Z\"}",
                "2026-09-16T03:34:56.790Z",
                "warn",
                "W0916 03:34:56.789012   12 warnings.go:70] v1 Endpoints is deprecated\n",
                null,
                null);
    }
}
