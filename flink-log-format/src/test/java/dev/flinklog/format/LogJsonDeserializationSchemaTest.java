package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The deserializer on records written by hand, one rule per test. */
class LogJsonDeserializationSchemaTest {

    private static LogJsonDeserializationSchema decoder(
            LogJsonFormatOptions.OnError onError, Map<String, List<String>> paths, DataTypes.Field... columns) {
        return Decoders.of(columns)
                .onError(onError)
                .paths(paths)
                .withParseError()
                .open();
    }

    private static LogJsonDeserializationSchema decoder(DataTypes.Field... columns) {
        return decoder(LogJsonFormatOptions.OnError.KEEP, Map.of(), columns);
    }

    private static List<RowData> read(LogJsonDeserializationSchema d, String record) throws IOException {
        return Decoders.read(d, record);
    }

    private static List<RowData> read(LogJsonDeserializationSchema d, byte[] record) throws IOException {
        return Decoders.read(d, record);
    }

    private static RowData one(LogJsonDeserializationSchema d, String record) throws IOException {
        List<RowData> rows = read(d, record);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private static String str(RowData r, int i) {
        return r.isNullAt(i) ? null : r.getString(i).toString();
    }

    private static DataTypes.Field f(String name, DataType type) {
        return DataTypes.FIELD(name, type);
    }

    private static DataTypes.Field s(String name) {
        return DataTypes.FIELD(name, DataTypes.STRING());
    }

    @Test
    void columnsAreFilledByExactName() throws IOException {
        RowData r = one(decoder(s("job"), s("site_name")), "{\"site_name\":\"fra1\",\"job\":\"fluent-bit\"}");
        assertThat(str(r, 0)).isEqualTo("fluent-bit");
        assertThat(str(r, 1)).isEqualTo("fra1");
        assertThat(r.isNullAt(2)).as("parse-error").isTrue();
    }

    @Test
    void rowsPointIntoTheRecordTheSourceHandedOver() throws IOException {
        // No copy of the record per record: a Flink source hands each record over in an array of
        // its own (Flink's raw format keeps it as its row too), so the payload column and the
        // strings without escapes are the record's own bytes.
        byte[] record = "{\"msg\":\"upstream failed\",\"level\":\"warn\"}".getBytes(StandardCharsets.UTF_8);
        RowData r = read(decoder(s("message"), s("raw_json")), record).get(0);
        BinaryStringData raw = (BinaryStringData) r.getString(1);
        assertThat(raw.getSegments()[0].getHeapMemory()).isSameAs(record);
        assertThat(((BinaryStringData) r.getString(0)).getSegments()[0].getHeapMemory())
                .isSameAs(record);
        assertThat(str(r, 0)).isEqualTo("upstream failed");
        assertThat(raw.toString()).isEqualTo(new String(record, StandardCharsets.UTF_8));
    }

    @Test
    void snakeCaseDottedAndNestedKeysAreTheSameColumn() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("cloud_region"));
        assertThat(str(one(d, "{\"cloud_region\":\"a\"}"), 0)).isEqualTo("a");
        assertThat(str(one(d, "{\"cloud.region\":\"b\"}"), 0)).isEqualTo("b");
        assertThat(str(one(d, "{\"cloud\":{\"region\":\"c\",\"zone\":\"z\"}}"), 0))
                .isEqualTo("c");
        assertThat(str(one(d, "{\"cloud.x\":1,\"other\":{\"region\":\"no\"}}"), 0))
                .isNull();
    }

    @Test
    void canonicalColumnsUseTheirAliasesInOrderOfPreference() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("log"), s("service_name"), s("host_name"));
        RowData r = one(
                d,
                "{\"hostname\":\"h2\",\"msg\":\"second\",\"host\":{\"name\":\"h1\"},"
                        + "\"kubernetes\":{\"labels\":{\"app\":\"shop\"}},\"message\":\"first\"}");
        // message (rank 2) beats msg (rank 3) although msg comes first in the document
        assertThat(str(r, 0)).isEqualTo("first");
        assertThat(str(r, 1)).isEqualTo("shop");
        // host.name (nested form, rank 1) beats hostname (rank 2)
        assertThat(str(r, 2)).isEqualTo("h1");
    }

    @Test
    void theMessageIsOnlyEverAString() throws IOException {
        // ECS: "log" is an object of log metadata, the text is in "message".
        RowData r = one(decoder(s("log")), "{\"log\":{\"level\":\"info\",\"logger\":\"app\"},\"message\":\"hello\"}");
        assertThat(str(r, 0)).isEqualTo("hello");
    }

    @Test
    void aStringColumnGetsNestedJsonAsExactText() throws IOException {
        RowData r = one(decoder(s("kubernetes")), "{\"kubernetes\": {\"pod_name\" : \"p-1\", \"ids\":[1, 2]} }");
        assertThat(str(r, 0)).isEqualTo("{\"pod_name\" : \"p-1\", \"ids\":[1, 2]}");
    }

    @Test
    void aStringColumnCanTakeAnObjectAndItsChildAtOnce() throws IOException {
        RowData r = one(
                decoder(s("kubernetes"), s("pod_name")),
                "{\"kubernetes\":{\"pod_name\":\"p-1\",\"namespace_name\":\"shop\"}}");
        assertThat(str(r, 0)).isEqualTo("{\"pod_name\":\"p-1\",\"namespace_name\":\"shop\"}");
        assertThat(str(r, 1)).isEqualTo("p-1");
    }

    @Test
    void rawJsonIsTheUntouchedPayload() throws IOException {
        String record = "{ \"log\" : \"caf\\u00e9 \u00fc\" ,\"x\":[1,{}]}\n";
        RowData r = one(decoder(s("log"), s("raw_json")), record);
        assertThat(str(r, 0)).isEqualTo("café ü");
        assertThat(str(r, 1)).isEqualTo(record);
    }

    @Test
    void scalarTypesConvert() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("b", DataTypes.BOOLEAN()),
                f("t", DataTypes.TINYINT()),
                f("sm", DataTypes.SMALLINT()),
                f("i", DataTypes.INT()),
                f("l", DataTypes.BIGINT()),
                f("fl", DataTypes.FLOAT()),
                f("d", DataTypes.DOUBLE()),
                f("dec", DataTypes.DECIMAL(10, 3)),
                s("n"));
        RowData r = one(
                d,
                "{\"b\":\"TRUE\",\"t\":-128,\"sm\":\"300\",\"i\":7.0,\"l\":9007199254740993,"
                        + "\"fl\":1.5,\"d\":\"2.25\",\"dec\":\"12.3456\",\"n\":42}");
        assertThat(r.getBoolean(0)).isTrue();
        assertThat(r.getByte(1)).isEqualTo((byte) -128);
        assertThat(r.getShort(2)).isEqualTo((short) 300);
        assertThat(r.getInt(3)).isEqualTo(7);
        assertThat(r.getLong(4)).isEqualTo(9007199254740993L);
        assertThat(r.getFloat(5)).isEqualTo(1.5f);
        assertThat(r.getDouble(6)).isEqualTo(2.25);
        assertThat(r.getDecimal(7, 10, 3)).isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("12.346"), 10, 3));
        assertThat(str(r, 8)).isEqualTo("42");
    }

    @Test
    void aValueThatDoesNotFitGivesNullAndTheNextAliasMayFillIt() throws IOException {
        LogJsonDeserializationSchema d =
                decoder(f("t", DataTypes.TINYINT()), f("i", DataTypes.INT()), f("b", DataTypes.BOOLEAN()));
        RowData r = one(d, "{\"t\":300,\"i\":\"12abc\",\"b\":1}");
        assertThat(r.isNullAt(0)).isTrue();
        assertThat(r.isNullAt(1)).isTrue();
        assertThat(r.isNullAt(2)).isTrue();
        assertThat(r.isNullAt(3)).as("the row itself parsed").isTrue();
    }

    @Test
    void mapsArraysAndRows() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                f("tags", DataTypes.ARRAY(DataTypes.STRING())),
                f("attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                f(
                        "agent",
                        DataTypes.ROW(
                                DataTypes.FIELD("type", DataTypes.STRING()),
                                DataTypes.FIELD("version", DataTypes.STRING()),
                                DataTypes.FIELD("pid", DataTypes.INT()))));
        RowData r = one(
                d,
                "{\"tags\":[\"a\",2,{\"x\":1}],\"attrs\":{\"k\":\"v\",\"n\":1.5,\"o\":{\"p\":[true]}},"
                        + "\"agent\":{\"type\":\"fluent-bit\",\"version\":3,\"pid\":\"77\",\"extra\":{}}}");
        ArrayData tags = r.getArray(0);
        assertThat(tags.size()).isEqualTo(3);
        assertThat(tags.getString(0).toString()).isEqualTo("a");
        assertThat(tags.getString(1).toString()).isEqualTo("2");
        assertThat(tags.getString(2).toString()).isEqualTo("{\"x\":1}");
        MapData attrs = r.getMap(1);
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < attrs.size(); i++) {
            m.put(
                    attrs.keyArray().getString(i).toString(),
                    attrs.valueArray().getString(i).toString());
        }
        assertThat(m).containsExactlyInAnyOrderEntriesOf(Map.of("k", "v", "n", "1.5", "o", "{\"p\":[true]}"));
        RowData agent = r.getRow(2, 3);
        assertThat(agent.getString(0).toString()).isEqualTo("fluent-bit");
        assertThat(agent.getString(1).toString()).isEqualTo("3");
        assertThat(agent.getInt(2)).isEqualTo(77);
    }

    @Test
    void recordsWithMoreDistinctKeysThanTheKeyMemoStillResolve() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("service_name"));
        for (int round = 0; round < 3; round++) {
            StringBuilder r = new StringBuilder("{");
            for (int i = 0; i < FieldPlan.MEMO_LIMIT * 3; i++) {
                r.append("\"k")
                        .append(round)
                        .append('_')
                        .append(i)
                        .append("\":")
                        .append(i)
                        .append(',');
            }
            r.append("\"service\":{\"name\":\"svc").append(round).append("\"}}");
            assertThat(str(one(d, r.toString()), 0)).isEqualTo("svc" + round);
        }
        assertThat(str(one(d, "{\"service_name\":\"again\"}"), 0)).isEqualTo("again");
    }

    @Test
    void duplicateKeysKeepTheFirst() throws IOException {
        RowData r = one(decoder(s("a")), "{\"a\":\"first\",\"a\":\"second\"}");
        assertThat(str(r, 0)).isEqualTo("first");
    }

    @Test
    void jsonNullIsAbsent() throws IOException {
        RowData r = one(decoder(s("trace_id")), "{\"trace_id\":null,\"traceId\":\"abc\"}");
        assertThat(str(r, 0)).isEqualTo("abc");
    }

    @Test
    void noLevelWithoutLevelFieldOrMessageTextInfoForTextWithoutACue() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("level"), s("message"));
        // Nothing to go by: a metrics-like object, an empty one, a blank message.
        assertThat(str(one(d, "{\"metric\":\"queue_depth\",\"value\":17}"), 0)).isNull();
        assertThat(str(one(d, "{}"), 0)).isNull();
        assertThat(str(one(d, "{\"message\":\"  \"}"), 0)).isNull();
        // A message without a cue is routine; a level field needs no message.
        assertThat(str(one(d, "{\"message\":\"queue drained\"}"), 0)).isEqualTo("info");
        assertThat(str(one(d, "{\"level\":\"warn\"}"), 0)).isEqualTo("warn");
        // The message is read for the level even when no column declares it.
        LogJsonDeserializationSchema levelOnly = decoder(s("level"));
        assertThat(str(one(levelOnly, "{\"msg\":\"request failed\"}"), 0)).isEqualTo("error");
        assertThat(str(one(levelOnly, "{\"value\":17}"), 0)).isNull();
    }

    @Test
    void recordsThatAreNotJsonObjectsAreKeptWithTheReason() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("log"), s("level"), s("raw_json"));
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("plain text line", "not JSON");
        cases.put("{\"log\":\"truncated", "not JSON");
        cases.put("[1,2]", "not a JSON object: the record is a JSON array");
        cases.put("\"just a string\"", "not a JSON object: the record is a bare JSON value");
        cases.put("", "empty record");
        cases.put("   ", "empty record");
        cases.put("{\"a\":1} trailing", "not JSON");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            RowData r = one(d, c.getKey());
            assertThat(str(r, 0)).as(c.getKey()).isEqualTo(c.getKey());
            // Inferred from the text; an empty record has none to infer from.
            assertThat(str(r, 1))
                    .as("level inferred from the text")
                    .isEqualTo(c.getKey().isBlank() ? null : "info");
            assertThat(str(r, 2)).isEqualTo(c.getKey());
            assertThat(str(r, 3)).as(c.getKey()).startsWith(c.getValue());
        }
    }

    @Test
    void skipDropsBadRecordsAndFailThrows() throws IOException {
        LogJsonDeserializationSchema skip = decoder(LogJsonFormatOptions.OnError.SKIP, Map.of(), s("log"));
        assertThat(read(skip, "not json")).isEmpty();
        assertThat(read(skip, "{\"log\":\"ok\"}")).hasSize(1);
        LogJsonDeserializationSchema fail = decoder(LogJsonFormatOptions.OnError.FAIL, Map.of(), s("log"));
        assertThatThrownBy(() -> read(fail, "not json"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not JSON")
                .hasMessageContaining("'log-json.on-error'");
    }

    @Test
    void invalidUtf8IsReplacedNotFatal() throws IOException {
        byte[] record = {'{', '"', 'l', 'o', 'g', '"', ':', '"', 'a', (byte) 0xC3, '(', 'b', '"', '}'};
        RowData r = one(decoder(s("log"), s("raw_json")), new String(record, StandardCharsets.ISO_8859_1));
        r = one(decoder(s("log"), s("raw_json")), "x"); // warm path
        List<RowData> rows = read(decoder(s("log"), s("raw_json")), record);
        assertThat(rows).hasSize(1);
        assertThat(str(rows.get(0), 0)).isEqualTo("a\uFFFD(b");
        assertThat(rows.get(0).getString(1).toBytes()).isEqualTo(record);
        assertThat(rows.get(0).isNullAt(2)).isTrue();
    }

    /**
     * log-json.max-nesting-depth (default 200) is the deepest nesting read, the top-level object
     * counting as 1: a record whose deepest value sits at exactly that depth is read; one level
     * more is kept as text with the reason. Objects and arrays alike.
     */
    @Test
    void theDocumentedNestingDepthIsReadAndOneMoreIsKeptAsText() throws IOException {
        int limit = DecoderOptions.defaults().maxNestingDepth();
        assertThat(limit).isEqualTo(200);
        LogJsonDeserializationSchema d =
                Decoders.of(s("log")).defaultLimits().withParseError().open();
        for (boolean arrays : new boolean[] {false, true}) {
            // The top-level object is depth 1; each nested container adds one.
            String atLimit = nested(limit - 1, arrays);
            RowData r = one(d, atLimit);
            assertThat(r.isNullAt(1))
                    .as("parse error at depth %d (arrays: %s)", limit, arrays)
                    .isTrue();
            assertThat(str(r, 0)).isEqualTo("x");

            String overLimit = nested(limit, arrays);
            r = one(d, overLimit);
            assertThat(str(r, 1))
                    .as("depth %d (arrays: %s)", limit + 1, arrays)
                    .startsWith("limit exceeded: Document nesting depth (" + (limit + 1) + ")");
            assertThat(str(r, 0)).as("kept as text").isEqualTo(overLimit);
        }
    }

    /** {"log":"x","deep":...} with {@code levels} containers nested under the top-level object. */
    private static String nested(int levels, boolean arrays) {
        String open = arrays ? "[" : "{\"k\":";
        String close = arrays ? "]" : "}";
        return "{\"log\":\"x\",\"deep\":" + open.repeat(levels - 1) + (arrays ? "[1]" : "{\"k\":1}")
                + close.repeat(levels - 1) + "}";
    }

    @Test
    void limitsKeepTheRecordAsTextWithTheReason() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("log"));
        String deep = "{\"a\":".repeat(60) + "1" + "}".repeat(60);
        RowData r = one(d, deep);
        assertThat(str(r, 1)).startsWith("limit exceeded").contains("nesting depth");
        assertThat(str(r, 0)).isEqualTo(deep);
        StringBuilder big = new StringBuilder("{\"log\":\"");
        big.append("x".repeat(1_000_001)).append("\"}");
        r = one(d, big.toString());
        assertThat(str(r, 1)).contains("max-record-bytes");
    }

    @Test
    void jsonPathOverridesTakeTheFirstNonNullInTheUsersOrder() throws IOException {
        Map<String, List<String>> paths = new HashMap<>();
        paths.put("svc", List.of("$.resource['service.name']", "$.apps[0].name", "$.fallback"));
        paths.put("first_tag", List.of("$.tags[0]"));
        LogJsonDeserializationSchema d = decoder(LogJsonFormatOptions.OnError.KEEP, paths, s("svc"), s("first_tag"));
        RowData r = one(d, "{\"apps\":[{\"name\":\"from-index\"}],\"fallback\":\"fb\",\"tags\":[\"t0\",\"t1\"]}");
        assertThat(str(r, 0)).isEqualTo("from-index");
        assertThat(str(r, 1)).isEqualTo("t0");
        r = one(d, "{\"resource\":{\"service.name\":\"streamed\"},\"apps\":[{\"name\":\"x\"}]}");
        assertThat(str(r, 0)).isEqualTo("streamed");
        r = one(d, "{\"fallback\":\"fb\"}");
        assertThat(str(r, 0)).isEqualTo("fb");
        assertThat(r.isNullAt(1)).isTrue();
    }

    /** An OTLP/JSON ExportLogsServiceRequest as the OpenTelemetry Collector's otlphttp exporter writes it. */
    static final String OTLP_BATCH = "{\"resourceLogs\":["
            + "{\"resource\":{\"attributes\":["
            + "{\"key\":\"service.name\",\"value\":{\"stringValue\":\"checkout\"}},"
            + "{\"key\":\"k8s.namespace.name\",\"value\":{\"stringValue\":\"shop\"}},"
            + "{\"key\":\"host.name\",\"value\":{\"stringValue\":\"node-1\"}}]},"
            + "\"scopeLogs\":[{\"scope\":{\"name\":\"app\"},\"logRecords\":["
            + "{\"timeUnixNano\":\"1758000000123456789\",\"severityNumber\":9,\"severityText\":\"INFO\","
            + "\"body\":{\"stringValue\":\"order placed\"},\"traceId\":\"5b8efff798038103d269b633813fc60c\","
            + "\"spanId\":\"eee19b7ec3c1b174\",\"attributes\":[{\"key\":\"host.name\",\"value\":{\"stringValue\":\"pod-host\"}}]},"
            + "{\"timeUnixNano\":\"1758000000200000000\",\"severityText\":\"ERROR\","
            + "\"body\":{\"stringValue\":\"payment failed\"}}]}]},"
            + "{\"scopeLogs\":[{\"logRecords\":[{\"body\":{\"stringValue\":\"third\"}}]}],"
            + "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"billing\"}},"
            + "{\"key\":\"retries\",\"value\":{\"intValue\":\"3\"}}]}}"
            + "]}";

    @Test
    void otlpBatchesBecomeOneRowPerLogRecord() throws IOException {
        LogJsonDeserializationSchema d = decoder(
                s("message"),
                s("service_name"),
                s("namespace"),
                s("host_name"),
                s("trace_id"),
                s("span_id"),
                f("retries", DataTypes.INT()),
                s("raw_json"));
        List<RowData> rows = read(d, OTLP_BATCH);
        assertThat(rows).hasSize(3);
        RowData a = rows.get(0);
        assertThat(str(a, 0)).isEqualTo("order placed");
        assertThat(str(a, 1)).isEqualTo("checkout");
        assertThat(str(a, 2)).isEqualTo("shop");
        assertThat(str(a, 3)).as("the record's attribute beats the resource's").isEqualTo("pod-host");
        assertThat(str(a, 4)).isEqualTo("5b8efff798038103d269b633813fc60c");
        assertThat(str(a, 5)).isEqualTo("eee19b7ec3c1b174");
        assertThat(str(a, 7))
                .startsWith("{\"timeUnixNano\":\"1758000000123456789\"")
                .endsWith("]}");
        RowData b = rows.get(1);
        assertThat(str(b, 0)).isEqualTo("payment failed");
        assertThat(str(b, 1)).isEqualTo("checkout");
        assertThat(str(b, 3)).isEqualTo("node-1");
        assertThat(b.isNullAt(4)).isTrue();
        RowData c = rows.get(2);
        assertThat(str(c, 0)).isEqualTo("third");
        assertThat(str(c, 1)).as("resource after scopeLogs in the document").isEqualTo("billing");
        assertThat(c.getInt(6)).isEqualTo(3);
        assertThat(c.isNullAt(8)).as("parse-error").isTrue();
    }

    @Test
    void aTruncatedOtlpBatchIsOneErrorRow() throws IOException {
        String cut = OTLP_BATCH.substring(0, OTLP_BATCH.length() / 2);
        List<RowData> rows = read(decoder(s("message")), cut);
        assertThat(rows).hasSize(1);
        assertThat(str(rows.get(0), 0)).isEqualTo(cut);
        assertThat(str(rows.get(0), 1)).startsWith("not JSON");
    }

    @Test
    void deserializeWithoutCollectorReturnsTheRow() throws IOException {
        LogJsonDeserializationSchema d = decoder(s("log"));
        GenericRowData r = (GenericRowData) d.deserialize("{\"log\":\"x\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(r.getField(0)).isEqualTo(StringData.fromString("x"));
        assertThat(d.deserialize((byte[]) null)).isNull();
    }
}
