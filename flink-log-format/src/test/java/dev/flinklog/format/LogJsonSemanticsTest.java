package dev.flinklog.format;

import org.apache.flink.metrics.Counter;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log semantics inside the format: event times from every producer's field and form, levels
 * with their scale taken from the field, levels inferred from the message, labels, and what a
 * plain-text record still yields. Same core as LOG_TIMESTAMP, LOG_LEVEL and LOG_LABELS.
 */
class LogJsonSemanticsTest {

    private final Map<String, Counter> counters = new HashMap<>();

    private LogJsonDeserializationSchema decoder(String zone, DataTypes.Field... columns) {
        Decoders d = Decoders.of(columns).zone(zone).withParseError();
        LogJsonDeserializationSchema schema = d.open();
        counters.putAll(d.counters());
        return schema;
    }

    private LogJsonDeserializationSchema decoder(DataTypes.Field... columns) {
        return decoder("UTC", columns);
    }

    private static List<RowData> read(LogJsonDeserializationSchema d, String record) throws IOException {
        return Decoders.read(d, record);
    }

    private static RowData one(LogJsonDeserializationSchema d, String record) throws IOException {
        List<RowData> rows = read(d, record);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private static DataTypes.Field f(String name, DataType type) {
        return DataTypes.FIELD(name, type);
    }

    private static Instant instant(RowData r, int i, int precision) {
        return r.isNullAt(i) ? null : r.getTimestamp(i, precision).toInstant();
    }

    @Test
    void eventTimeFromEveryProducersFieldAndForm() throws IOException {
        LogJsonDeserializationSchema d = decoder(f("event_time", DataTypes.TIMESTAMP_LTZ(9)));
        Map<String, String> cases = new LinkedHashMap<>();
        // Docker/Fluent Bit: nanosecond RFC 3339 in UTC
        cases.put("{\"time\":\"2026-09-16T03:34:56.123456789Z\"}", "2026-09-16T03:34:56.123456789Z");
        // ECS / logstash: @timestamp with an offset (must not be dropped)
        cases.put("{\"@timestamp\":\"2026-09-16T12:34:56.789+09:00\"}", "2026-09-16T03:34:56.789Z");
        // Fluent Bit's @timestamp as a double (epoch seconds)
        cases.put("{\"@timestamp\":1789529696.25}", "2026-09-16T03:34:56.250Z");
        // pino: epoch millis number
        cases.put("{\"time\":1789529696123,\"msg\":\"x\"}", "2026-09-16T03:34:56.123Z");
        // OTLP: 19-digit nanoseconds as a string, exact
        cases.put("{\"timeUnixNano\":\"1789529696123456789\"}", "2026-09-16T03:34:56.123456789Z");
        // OTLP: 0 means unknown, the observed time is used
        cases.put(
                "{\"timeUnixNano\":\"0\",\"observedTimeUnixNano\":\"1789529696000000001\"}",
                "2026-09-16T03:34:56.000000001Z");
        // journald: microseconds as a string
        cases.put("{\"__REALTIME_TIMESTAMP\":\"1789529696123456\",\"MESSAGE\":\"x\"}", "2026-09-16T03:34:56.123456Z");
        // log4j2 JsonLayout: instant object, and timeMillis
        cases.put(
                "{\"instant\":{\"epochSecond\":1789529696,\"nanoOfSecond\":5},\"level\":\"INFO\"}",
                "2026-09-16T03:34:56.000000005Z");
        cases.put("{\"timeMillis\":1789529696123}", "2026-09-16T03:34:56.123Z");
        // Google Cloud structured logging: timestamp object
        cases.put("{\"timestamp\":{\"seconds\":1789529696,\"nanos\":500000000}}", "2026-09-16T03:34:56.500Z");
        // python-json-logger asctime with a comma fraction, no zone: UTC by default
        cases.put("{\"asctime\":\"2026-09-16 03:34:56,789\",\"levelname\":\"INFO\"}", "2026-09-16T03:34:56.789Z");
        // CLEF @t; the first alias present wins (time before @t)
        cases.put("{\"@t\":\"2026-09-16T03:34:56Z\",\"time\":\"2026-09-16T04:00:00Z\"}", "2026-09-16T04:00:00Z");
        // an unparseable first alias does not hide a later one
        cases.put("{\"time\":\"yesterday\",\"ts\":\"2026-09-16T03:34:56Z\"}", "2026-09-16T03:34:56Z");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertThat(instant(one(d, c.getKey()), 0, 9)).as(c.getKey()).isEqualTo(Instant.parse(c.getValue()));
        }
        RowData none = one(d, "{\"time\":\"not a time\"}");
        assertThat(none.isNullAt(0)).isTrue();
        assertThat(counters.get("rowsWithoutEventTime").getCount()).isEqualTo(1);
        assertThat(counters.get("conversionFailures").getCount()).isEqualTo(2);
    }

    @Test
    void zoneLessTimesUseTheDefaultZoneAndPrecisionTruncates() throws IOException {
        LogJsonDeserializationSchema d =
                decoder("Asia/Tokyo", f("ts", DataTypes.TIMESTAMP_LTZ(3)), f("d", DataTypes.DATE()));
        RowData r = one(d, "{\"ts\":\"2026-09-16 12:34:56.789999\",\"d\":\"2026-09-16T23:30:00Z\"}");
        assertThat(instant(r, 0, 3)).isEqualTo(Instant.parse("2026-09-16T03:34:56.789Z"));
        assertThat(r.getInt(1)).isEqualTo((int) LocalDate.parse("2026-09-16").toEpochDay());
    }

    @Test
    void levelsAreNormalisedWithTheScaleTheFieldImplies() throws IOException {
        LogJsonDeserializationSchema d = decoder(f("log_level", DataTypes.STRING()), f("msg", DataTypes.STRING()));
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("{\"level\":30,\"msg\":\"pino info\"}", "info");
        cases.put("{\"level\":50,\"msg\":\"pino error\"}", "error");
        cases.put("{\"severityNumber\":17,\"body\":{\"stringValue\":\"otlp\"}}", "error");
        cases.put("{\"severityNumber\":5}", "debug");
        cases.put("{\"PRIORITY\":\"3\",\"MESSAGE\":\"journald err\"}", "error");
        cases.put("{\"PRIORITY\":\"6\"}", "info");
        cases.put("{\"level\":\"WARNING\"}", "warn");
        cases.put("{\"levelname\":\"CRITICAL\"}", "fatal");
        cases.put("{\"log.level\":\"err\"}", "error");
        cases.put("{\"log\":{\"level\":\"debug\"},\"message\":\"ecs\"}", "debug");
        cases.put("{\"@l\":\"Warning\",\"@mt\":\"clef\"}", "warn");
        cases.put("{\"severity\":\"ERROR\",\"message\":\"gcp\"}", "error");
        // no level field: inferred from the message
        cases.put("{\"msg\":\"java.net.ConnectException: Connection refused\"}", "error");
        cases.put("{\"msg\":\"completed with 0 errors\"}", "info");
        // a level field that is not a level falls back to the text: a klog line, whose header says error
        cases.put("{\"level\":\"banana\",\"msg\":\"E0901 14:00:00.123456 1 main.go:42] failed\"}", "error");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertThat(one(d, c.getKey()).getString(0).toString())
                    .as(c.getKey())
                    .isEqualTo(c.getValue());
        }
        // Inferred from free text: the two messages without a level field; the klog line states its own.
        assertThat(counters.get("levelsInferred").getCount()).isEqualTo(2);
    }

    @Test
    void aLevelIsInferredFromTheMessageEvenWhenNoMessageColumnIsDeclared() throws IOException {
        LogJsonDeserializationSchema d = decoder(f("level", DataTypes.STRING()), f("service_name", DataTypes.STRING()));
        RowData r = one(d, "{\"log\":\"request failed: upstream timed out\",\"service_name\":\"api\"}");
        assertThat(r.getString(0).toString()).isEqualTo("error");
        assertThat(r.getArity())
                .as("the two columns and parse-error: the message is read but not emitted")
                .isEqualTo(3);
    }

    @Test
    void labelsAreCollectedInTheSamePassAsTheColumns() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("service_name", DataTypes.STRING()),
                f("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                f("kubernetes", DataTypes.STRING()));
        RowData r = one(
                d,
                "{\"com.docker.compose.project\":\"shop\",\"kubernetes\":{\"pod_name\":\"p\","
                        + "\"labels\":{\"app\":\"cart\",\"app.kubernetes.io/name\":\"cart-api\"},"
                        + "\"annotations\":{\"prometheus.io/scrape\":\"true\"}}}");
        assertThat(r.getString(0).toString())
                .as("from kubernetes.labels.app.kubernetes.io/name")
                .isEqualTo("cart-api");
        assertThat(map(r.getMap(1)))
                .containsEntry("app", "cart")
                .containsEntry("app_kubernetes_io_name", "cart-api")
                .containsEntry("com_docker_compose_project", "shop")
                .containsEntry("prometheus_io_scrape", "true");
        assertThat(r.getString(2).toString()).startsWith("{\"pod_name\":\"p\"");
    }

    @Test
    void otlpRowsCarryTimesLevelsAndResourceLabels() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("event_time", DataTypes.TIMESTAMP_LTZ(9)),
                f("severity", DataTypes.STRING()),
                f("service_name", DataTypes.STRING()),
                f("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())));
        List<RowData> rows = read(d, LogJsonDeserializationSchemaTest.OTLP_BATCH);
        assertThat(rows).hasSize(3);
        assertThat(instant(rows.get(0), 0, 9)).isEqualTo(Instant.parse("2025-09-16T05:20:00.123456789Z"));
        assertThat(rows.get(0).getString(1).toString()).isEqualTo("info");
        assertThat(rows.get(1).getString(1).toString()).isEqualTo("error");
        assertThat(map(rows.get(0).getMap(3)))
                .containsEntry("service_name", "checkout")
                .containsEntry("k8s_namespace_name", "shop")
                .containsEntry("host_name", "pod-host");
        assertThat(map(rows.get(2).getMap(3)))
                .containsEntry("service_name", "billing")
                .containsEntry("retries", "3");
        assertThat(rows.get(2).isNullAt(0)).isTrue();
        assertThat(rows.get(2).getString(1).toString())
                .as("inferred from 'third'")
                .isEqualTo("info");
    }

    @Test
    void aSingleOtlpLogRecordUsesItsOwnAndItsResourcesAttributes() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("service_name", DataTypes.STRING()),
                f("host_name", DataTypes.STRING()),
                f("namespace", DataTypes.STRING()),
                f("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())));
        RowData r = one(
                d,
                "{\"timeUnixNano\":\"1789527608407272121\",\"body\":{\"stringValue\":\"dispatched\"},"
                        + "\"attributes\":[{\"key\":\"host.name\",\"value\":{\"stringValue\":\"h1\"}}],"
                        + "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"shipping\"}},"
                        + "{\"key\":\"k8s.namespace.name\",\"value\":{\"stringValue\":\"shop\"}}]}}");
        assertThat(r.getString(0).toString()).isEqualTo("shipping");
        assertThat(r.getString(1).toString()).isEqualTo("h1");
        assertThat(r.getString(2).toString()).isEqualTo("shop");
        assertThat(map(r.getMap(3)))
                .containsEntry("service_name", "shipping")
                .containsEntry("host_name", "h1")
                .containsEntry("k8s_namespace_name", "shop");
    }

    @Test
    void textLinesOfKnownShapesAreRead() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("event_time", DataTypes.TIMESTAMP_LTZ(3)),
                f("log_level", DataTypes.STRING()),
                f("log", DataTypes.STRING()));
        RowData r = one(d, "2026-09-16 12:34:56,789 ERROR [main] c.e.Foo - payment failed");
        assertThat(instant(r, 0, 3)).isEqualTo(Instant.parse("2026-09-16T12:34:56.789Z"));
        assertThat(r.getString(1).toString()).isEqualTo("error");
        assertThat(r.getString(2).toString())
                .as("the free text after the header")
                .isEqualTo("payment failed");
        assertThat(r.isNullAt(3)).as("a known shape is no parse error").isTrue();
        RowData k = one(d, "W0916 12:34:56.789012 1 reflector.go:42] watch ended");
        // klog writes no year: the one that puts Sep 16 closest before the arrival (2026-12-02).
        assertThat(instant(k, 0, 3)).isEqualTo(Instant.parse("2026-09-16T12:34:56.789Z"));
        assertThat(k.getString(1).toString()).isEqualTo("warn");
        assertThat(k.getString(2).toString()).isEqualTo("watch ended");
        assertThat(counters.get("parseErrors").getCount()).isZero();
        assertThat(counters.get("textLines").getCount()).isEqualTo(2);
    }

    @Test
    void plainTextRecordsStillGetTimeAndLevel() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("event_time", DataTypes.TIMESTAMP_LTZ(3)),
                f("log_level", DataTypes.STRING()),
                f("log", DataTypes.STRING()));
        RowData r = one(d, "2026-09-16T12:34:56.789Z payment failed for order 42, retrying");
        assertThat(instant(r, 0, 3)).isEqualTo(Instant.parse("2026-09-16T12:34:56.789Z"));
        assertThat(r.getString(1).toString()).isEqualTo("error");
        assertThat(r.getString(2).toString()).startsWith("2026-09-16T12:34:56.789Z payment failed");
        assertThat(r.getString(3).toString()).startsWith("not JSON");
        RowData k = one(d, "watch ended without a time");
        assertThat(k.isNullAt(0)).isTrue();
        assertThat(k.getString(1).toString()).isEqualTo("info");
        assertThat(counters.get("parseErrors").getCount()).isEqualTo(2);
        assertThat(counters.get("rowsWithoutEventTime").getCount()).isEqualTo(1);
    }

    private static Map<String, String> map(MapData m) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < m.size(); i++) {
            out.put(
                    m.keyArray().getString(i).toString(),
                    m.valueArray().getString(i).toString());
        }
        return out;
    }
}
