package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins everything the format emits, so that a restructuring of the reader can be checked to change
 * nothing: a corpus of generated records of every producer shape, the fuzz corpus and hand-written
 * edge cases goes through decoders of four schemas (every canonical column; typed and nested columns
 * with JSONPath overrides; columns whose type drops their role; a region as default zone) and
 * through {@code LOG_PARSE}; the digest of each rendering is recorded. On a mismatch the renderings
 * are in {@code target/format-differential/} to diff against a run of the previous commit.
 *
 * <p>A deliberate change of output re-records the digests in the same commit, saying why. Changes
 * so far: the one key rule (keys match column names and member paths in any case, camelCase and
 * separator; journald's level only from its upper-case {@code PRIORITY}); text lines (issue 15: a
 * text record of a known shape is a row without parse-error, its fields in the columns; a JSON
 * message holding such a line fills the columns the JSON left open, and the labels; the new
 * canonical columns); no level without text (issue 18: a record with neither a level nor message
 * text, such as {@code {}} or an OTLP batch without log records, has a NULL level instead of
 * {@code info}; 55 to 62 rows of each rendering, every one with a NULL or blank message); OTLP
 * numbers on {@code auto} (issue 18: {@code {"level":17}} is error, not pino's trace; one row of
 * each rendering); a text record of no known shape whose first character starts no JSON value
 * gets the parse-error {@code not JSON: text of no known line shape} instead of Jackson's (172
 * rows of each rendering, nothing else changed); the reader's own tokenizer ({@code RecordParser}:
 * one row of {@code typed}, where {@code {"bytes":12345678901234567890,…,"latency":1e400}} gave the
 * DOUBLE column 1.2345678901234567E19, the big integer read before it, through a bug of Jackson
 * 2.18.2's number state (2.21 gives Infinity, as the tokenizer does). The arrival
 * time is fixed ({@link Decoders#NOW}) for year-less times.
 */
class FormatDifferentialTest {

    private static final Map<String, String> EXPECTED = Map.of(
            "canonical", "063168c9fd18009f702b976cf398c4a0f528f44f98e516b6008db04afb19d40e",
            "typed", "f1057205f0d97aa9d2bfdaae539178f00d481a0e74b7ef19125cd93413bd4435",
            "roleless", "6c02a273b148e25e246f293580b442b70977ffe0d728b82e4beefd97a87adaf7",
            "tokyo", "2d0e854549fa19574b40253d15320f59d340260bf21d46e85f2882e13076feff",
            "log_parse", "ab1640b44f9126ae7d8b924a8bb84a879d67915675a726d928d667f45334978d");

    private static List<byte[]> corpus;

    @BeforeAll
    static void corpus() throws IOException {
        corpus = new ArrayList<>();
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(8_000)
                .malformedRate(0.05)
                .shapeWeight(dev.flinklog.gen.Producer.SYSLOG5424, 0)
                .shapeWeight(dev.flinklog.gen.Producer.SYSLOG3164, 0)
                .shapeWeight(dev.flinklog.gen.Producer.NGINX_ACCESS, 0)
                .shapeWeight(dev.flinklog.gen.Producer.CRI_KLOG, 0)
                .shapeWeight(dev.flinklog.gen.Producer.HEROKU_ROUTER, 0)
                .build());
        for (long s = 0; s < 8_000; s++) {
            corpus.add(gen.generate(s).payload());
        }
        // The inputs of the format's two fuzz targets (not the tokenizer's, added after the digests).
        for (String target : new String[] {"deserialize", "logParse"}) {
            Path fuzz = Path.of("src/test/resources/dev/flinklog/format/LogJsonFuzzTestInputs", target);
            try (Stream<Path> files = Files.walk(fuzz)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().collect(Collectors.toList())) {
                    corpus.add(Files.readAllBytes(f));
                }
            }
        }
        for (String edge : EDGES) {
            corpus.add(edge.getBytes(StandardCharsets.UTF_8));
        }
        corpus.add(new byte[] {'{', '"', 'l', 'o', 'g', '"', ':', '"', 'a', (byte) 0xC3, '"', '}'});
        corpus.add(new byte[] {'{', '"', 'm', 's', 'g', '"', ':', '"', (byte) 0xFF, 'x', '"', '}'});
    }

    @Test
    void everyCanonicalColumn() throws IOException {
        List<DataTypes.Field> fields = new ArrayList<>();
        for (FieldAliases.Column c : FieldAliases.columns()) {
            if (c.role() == FieldAliases.Role.DAY || c.role() == FieldAliases.Role.HOUR) {
                // added after the digests were recorded; LogJsonPartitionColumnsTest checks them
                continue;
            }
            switch (c.role()) {
                case TIME:
                    fields.add(DataTypes.FIELD(c.names().get(0), DataTypes.TIMESTAMP_LTZ(6)));
                    break;
                case LABELS:
                    fields.add(
                            DataTypes.FIELD(c.names().get(0), DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())));
                    break;
                default:
                    fields.add(DataTypes.FIELD(c.names().get(0), DataTypes.STRING()));
            }
        }
        fields.add(DataTypes.FIELD("raw_json", DataTypes.STRING()));
        check("canonical", Decoders.of(fields.toArray(new DataTypes.Field[0])).defaultLimits());
    }

    @Test
    void typedAndNestedColumnsWithPaths() throws IOException {
        check(
                "typed",
                Decoders.of(
                                DataTypes.FIELD("event_time", DataTypes.TIMESTAMP(3)),
                                DataTypes.FIELD("day", DataTypes.DATE()),
                                DataTypes.FIELD("log_level", DataTypes.STRING()),
                                DataTypes.FIELD("status", DataTypes.INT()),
                                DataTypes.FIELD("bytes", DataTypes.BIGINT()),
                                DataTypes.FIELD("tiny", DataTypes.TINYINT()),
                                DataTypes.FIELD("small", DataTypes.SMALLINT()),
                                DataTypes.FIELD("latency", DataTypes.DOUBLE()),
                                DataTypes.FIELD("ratio", DataTypes.FLOAT()),
                                DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
                                DataTypes.FIELD("ok", DataTypes.BOOLEAN()),
                                DataTypes.FIELD("attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                                DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                DataTypes.FIELD(
                                        "ctx",
                                        DataTypes.ROW(
                                                DataTypes.FIELD("user", DataTypes.STRING()),
                                                DataTypes.FIELD("id", DataTypes.BIGINT()),
                                                DataTypes.FIELD("when", DataTypes.TIMESTAMP_LTZ(3)))),
                                DataTypes.FIELD(
                                        "nested", DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.INT()))),
                                DataTypes.FIELD("kube", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                                DataTypes.FIELD("first_item", DataTypes.STRING()),
                                DataTypes.FIELD("kubernetes", DataTypes.STRING()),
                                DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                                DataTypes.FIELD("raw_json", DataTypes.STRING()))
                        .paths(Map.of(
                                "day", List.of("$.time", "$['@timestamp']", "$.ts"),
                                "log_level", List.of("$.lvl", "$.severity", "$.level"),
                                "attrs", List.of("$.attributes"),
                                "kube", List.of("$.kubernetes.labels"),
                                "first_item", List.of("$.items[0].name", "$.msg"),
                                "status", List.of("$.status", "$.http.status", "$.res.statusCode")))
                        .defaultLimits());
    }

    @Test
    void columnsWhoseTypeDropsTheirRole() throws IOException {
        check(
                "roleless",
                Decoders.of(
                                DataTypes.FIELD("log_level", DataTypes.STRING()),
                                DataTypes.FIELD("event_time", DataTypes.STRING()),
                                DataTypes.FIELD("ts", DataTypes.BIGINT()),
                                DataTypes.FIELD("message", DataTypes.INT()),
                                DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())))
                        .limits(20, 10_000, 100_000));
    }

    @Test
    void zonelessTextInARegion() throws IOException {
        check(
                "tokyo",
                Decoders.of(
                                DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(9)),
                                DataTypes.FIELD("timestamp", DataTypes.TIMESTAMP(0)),
                                DataTypes.FIELD("log_level", DataTypes.STRING()),
                                DataTypes.FIELD("msg", DataTypes.STRING()))
                        .zone("Asia/Tokyo")
                        .defaultLimits());
    }

    @Test
    void logParse() throws IOException {
        LogParseFunction f = new LogParseFunction().withClock(() -> Decoders.NOW);
        StringBuilder out = new StringBuilder();
        for (byte[] record : corpus) {
            Row row = f.eval(new String(record, StandardCharsets.UTF_8));
            out.append(row).append('\n');
        }
        assertDigest("log_parse", out);
    }

    private static void check(String name, Decoders decoders) throws IOException {
        LogJsonDeserializationSchema d = decoders.withParseError().open();
        RowType type = decoders.producedRowType();
        StringBuilder out = new StringBuilder();
        for (byte[] record : corpus) {
            List<RowData> rows = Decoders.read(d, record);
            out.append(rows.size()).append(':');
            for (RowData r : rows) {
                render(out, r, type);
                out.append(' ');
            }
            out.append('\n');
        }
        assertDigest(name, out);
    }

    private static void assertDigest(String name, CharSequence rendered) throws IOException {
        // Jackson reports how far it had read a too-long string when it noticed, which depends on
        // the sizes of the buffers it recycled before in this JVM, not on the record.
        String rendering = rendered.toString().replaceAll("String value length \\(\\d+\\)", "String value length (N)");
        Path dir = Path.of("target/format-differential");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".txt"), rendering);
        assertThat(sha256(rendering))
                .as("digest of %s (rendering in target/format-differential/%s.txt)", name, name)
                .isEqualTo(EXPECTED.get(name));
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Internal data rendered by its declared type, so that every field and nesting level is seen. */
    private static void render(StringBuilder out, RowData row, RowType type) {
        out.append(row.getRowKind().shortString()).append('(');
        for (int i = 0; i < type.getFieldCount(); i++) {
            if (i > 0) {
                out.append(',');
            }
            render(out, RowData.createFieldGetter(type.getTypeAt(i), i).getFieldOrNull(row), type.getTypeAt(i));
        }
        out.append(')');
    }

    private static void render(StringBuilder out, Object v, LogicalType type) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof RowData) {
            render(out, (RowData) v, (RowType) type);
        } else if (v instanceof MapData) {
            MapType m = (MapType) type;
            MapData map = (MapData) v;
            out.append('{');
            for (int i = 0; i < map.size(); i++) {
                render(
                        out,
                        ArrayData.createElementGetter(m.getKeyType()).getElementOrNull(map.keyArray(), i),
                        m.getKeyType());
                out.append('=');
                render(
                        out,
                        ArrayData.createElementGetter(m.getValueType()).getElementOrNull(map.valueArray(), i),
                        m.getValueType());
                out.append(';');
            }
            out.append('}');
        } else if (v instanceof ArrayData) {
            LogicalType e = ((ArrayType) type).getElementType();
            ArrayData a = (ArrayData) v;
            out.append('[');
            for (int i = 0; i < a.size(); i++) {
                render(out, ArrayData.createElementGetter(e).getElementOrNull(a, i), e);
                out.append(';');
            }
            out.append(']');
        } else {
            out.append(v.getClass().getSimpleName()).append('|').append(v).append('|');
        }
    }

    /** Records the generator does not write: producer shapes, OTLP variants, types, limits. */
    private static final List<String> EDGES = List.of(
            // OTLP: resource after scopeLogs, every AnyValue kind, an empty batch, a single record
            "{\"resourceLogs\":[{\"scopeLogs\":[{\"logRecords\":[{\"timeUnixNano\":\"1700000000123456789\","
                    + "\"severityNumber\":17,\"body\":{\"stringValue\":\"boom\"},\"attributes\":[{\"key\":\"http.status\","
                    + "\"value\":{\"intValue\":\"503\"}},{\"key\":\"ok\",\"value\":{\"boolValue\":false}},{\"key\":\"ratio\","
                    + "\"value\":{\"doubleValue\":0.25}},{\"key\":\"kv\",\"value\":{\"kvlistValue\":{\"values\":[{\"key\":\"a\","
                    + "\"value\":{\"stringValue\":\"b\"}}]}}},{\"key\":\"arr\",\"value\":{\"arrayValue\":{\"values\":"
                    + "[{\"stringValue\":\"x\"}]}}}]}]}],\"resource\":{\"attributes\":[{\"key\":\"service.name\","
                    + "\"value\":{\"stringValue\":\"late-resource\"}}]}}]}",
            "{\"resourceLogs\":[{\"resource\":{\"attributes\":[{\"value\":{\"stringValue\":\"svc\"},\"key\":\"service.name\"},"
                    + "{\"key\":\"host.name\",\"value\":{\"stringValue\":\"h1\"}},{\"key\":\"k8s.pod.name\",\"value\":"
                    + "{\"stringValue\":\"p-1\"}}]},\"scopeLogs\":[{\"scope\":{\"name\":\"s\"},\"logRecords\":[{\"timeUnixNano\":0,"
                    + "\"observedTimeUnixNano\":\"1700000001000000000\",\"severityText\":\"WARN\",\"body\":{\"stringValue\":"
                    + "\"one\"},\"traceId\":\"abc\",\"spanId\":\"def\"},{\"severityNumber\":\"9\",\"body\":{\"kvlistValue\":"
                    + "{\"values\":[]}},\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"own\"}}]},"
                    + "\"not an object\"]},{\"logRecords\":[]}]},{\"scopeLogs\":[{\"logRecords\":[{\"body\":{\"stringValue\":"
                    + "\"second resource\"}}]}]}]}",
            "{\"resourceLogs\":[]}",
            "{\"resourceLogs\":[{\"resource\":{},\"scopeLogs\":[]}]}",
            "{\"timeUnixNano\":\"1700000000000000000\",\"severityText\":\"error\",\"body\":{\"stringValue\":\"single\"},"
                    + "\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"attr-svc\"}},{\"key\":\"user.id\","
                    + "\"value\":{\"intValue\":42}}],\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
                    + "{\"stringValue\":\"res-svc\"}},{\"key\":\"host.name\",\"value\":{\"stringValue\":\"rh\"}}]}}",
            "{\"attributes\":{\"service.name\":\"obj-attr\",\"n\":1},\"resource\":{\"attributes\":{\"host.name\":\"x\"}},"
                    + "\"msg\":\"attributes as objects\"}",
            // producer shapes
            "{\"@t\":\"2024-01-02T03:04:05.678Z\",\"@mt\":\"User {id} logged in\",\"id\":5}",
            "{\"@t\":\"2024-01-02T03:04:05Z\",\"@m\":\"failed hard\",\"@l\":\"Error\",\"@x\":\"System.Exception\"}",
            "{\"@t\":\"2024-01-02T03:04:05Z\",\"@m\":\"error in text but CLEF says info\"}",
            "{\"v\":0,\"name\":\"bunyan-svc\",\"hostname\":\"b1\",\"pid\":1,\"level\":50,\"msg\":\"x\",\"time\":"
                    + "\"2024-01-02T03:04:05.000Z\"}",
            "{\"name\":\"not bunyan\",\"level\":30,\"msg\":\"pino\",\"time\":1704164645000}",
            "{\"v\":\"0\",\"name\":\"string v\",\"msg\":\"y\"}",
            "{\"MESSAGE\":\"journal line\",\"PRIORITY\":\"3\",\"_HOSTNAME\":\"j1\",\"SYSLOG_IDENTIFIER\":\"sshd\","
                    + "\"__REALTIME_TIMESTAMP\":\"1704164645123456\"}",
            "{\"message\":\"app with priority\",\"priority\":2}",
            "{\"serviceName\":\"camel\",\"hostName\":\"h\",\"message\":\"camel keys\",\"LogLevel\":\"warn\"}",
            "{\"Service-Name\":\"dashed\",\"SERVICE_NAME\":\"upper\",\"msg\":\"spellings\"}",
            "{\"service\":{\"name\":\"nested\"},\"host\":{\"name\":\"hn\",\"ip\":\"10.0.0.1\"},\"log\":{\"level\":\"debug\"},"
                    + "\"message\":\"ECS\"}",
            "{\"log\":{\"level\":\"info\",\"logger\":\"x\"},\"message\":\"ECS object log\",\"@timestamp\":"
                    + "\"2024-01-02T03:04:05.123+09:00\"}",
            "{\"m\":\"short m\",\"l\":\"warn\",\"t\":1704164645}",
            "{\"level\":\"WARN\",\"level\":\"ERROR\",\"msg\":\"duplicate keys\",\"msg\":\"second\"}",
            "{\"severity\":\"NOTICE\",\"message\":\"gcp\",\"logging.googleapis.com/trace\":\"projects/p/traces/t\","
                    + "\"logging.googleapis.com/labels\":{\"a\":\"b\"},\"timestamp\":{\"seconds\":1704164645,\"nanos\":5}}",
            "{\"instant\":{\"epochSecond\":1704164645,\"nanoOfSecond\":123456789},\"level\":\"INFO\",\"message\":"
                    + "\"log4j2\",\"thread\":\"main\"}",
            "{\"instant\":{\"epochSecond\":\"1704164645\",\"nanoOfSecond\":\"1\"},\"message\":\"string epoch\"}",
            "{\"timestamp\":{\"seconds\":99999999999999999,\"nanos\":0},\"msg\":\"overflow object\"}",
            "{\"time\":9223372036854775807,\"msg\":\"max long time\"}",
            "{\"time\":\"2024-01-02 03:04:05\",\"msg\":\"zoneless\",\"ts\":\"2024-01-02T03:04:05.123456789+05:30\"}",
            "{\"time\":1.7041646451234567E9,\"msg\":\"float epoch\"}",
            "{\"asctime\":\"2024-01-02 03:04:05,678\",\"levelname\":\"WARNING\",\"message\":\"python\"}",
            "{\"level\":\"info\",\"message\":\"no errors found\",\"level_value\":20000}",
            "{\"severity_number\":21,\"msg\":\"otel snake\"}",
            "{\"lvl\":\"eror\",\"msg\":\"ERROR: connection refused\"}",
            "{\"level\":-3,\"msg\":\"panic: runtime error\"}",
            "{\"level\":17,\"msg\":\"otel or pino\"}",
            "{\"level\":{\"name\":\"warn\"},\"msg\":\"object level\"}",
            // typed columns
            "{\"status\":\"503\",\"bytes\":1e3,\"tiny\":127,\"small\":-32769,\"latency\":\"NaN\",\"ratio\":\"1.5\","
                    + "\"amount\":\"12.345\",\"ok\":\"TRUE\",\"msg\":\"strings for numbers\"}",
            "{\"status\":503.0,\"bytes\":12345678901234567890,\"tiny\":1.5,\"latency\":1e400,\"ratio\":-0.0,"
                    + "\"amount\":123456789012,\"ok\":1,\"msg\":\"odd numbers\"}",
            "{\"status\":\"5e2\",\"bytes\":\"-9223372036854775808\",\"tiny\":\"-128\",\"small\":\"32767\","
                    + "\"latency\":\"-Infinity\",\"amount\":\"1e-3\",\"ok\":false}",
            "{\"status\":\"1e99999\",\"bytes\":\"9223372036854775808\",\"amount\":\"abc\",\"ok\":null,\"tiny\":[1]}",
            "{\"http\":{\"status\":404,\"method\":\"GET\"},\"res\":{\"statusCode\":200},\"msg\":\"nested status\"}",
            "{\"attributes\":{\"a\":\"1\",\"b\":2,\"c\":true,\"d\":null,\"e\":{\"f\":\"g\"},\"h\":[1,2]},\"tags\":"
                    + "[\"x\",null,3,{\"y\":1}],\"ctx\":{\"user\":\"u\",\"id\":\"77\",\"when\":\"2024-01-02T03:04:05Z\","
                    + "\"extra\":1,\"user\":\"dup\"},\"nested\":{\"a\":[1,2,3],\"b\":[],\"c\":null}}",
            "{\"attributes\":[{\"key\":\"k\",\"value\":{\"stringValue\":\"v\"}}],\"tags\":\"not an array\","
                    + "\"ctx\":[1,2],\"nested\":{\"a\":[\"x\"]}}",
            "{\"ctx\":{\"id\":\"nope\",\"user\":{\"deep\":true}},\"nested\":{\"a\":[1.5]}}",
            "{\"items\":[{\"name\":\"first\"},{\"name\":\"second\"}],\"deep\":{\"id\":\"d1\"},\"id\":\"top\"}",
            "{\"kubernetes\":{\"pod_name\":\"p\",\"namespace_name\":\"ns\",\"labels\":{\"app\":\"a\","
                    + "\"app.kubernetes.io/name\":\"an\",\"tier\":{\"x\":\"y\"}},\"annotations\":{\"app\":\"ann\"},"
                    + "\"host\":\"node-1\",\"container_name\":\"c\"},\"log\":\"2024-01-02T03:04:05Z ERROR k8s line\","
                    + "\"stream\":\"stderr\"}",
            "{\"labels\":{\"app\":\"l\",\"n\":5},\"container.label\":\"dotted\",\"a.b\":{\"c\":1},\"msg\":\"labels\"}",
            "{\"labels\":\"not an object\",\"attributes\":[1,{\"key\":\"x\"},{\"value\":{}}],\"msg\":\"broken labels\"}",
            // text, escapes, limits
            "{\"msg\":\"esc \\\"quoted\\\" \\u00e9 \\ud83d\\ude00 tab\\t nl\\n\",\"service_name\":\"\\u0073vc\"}",
            "{\"msg\":\"é unicode ✓ 日本\",\"host\":\"ホスト\"}",
            "{\"msg\":123,\"log\":true,\"message\":[\"a\"],\"text\":\"fallback text\"}",
            "{\"service_name\":12,\"host_name\":{\"a\":1},\"pod_name\":[1,\"b\"],\"trace_id\":null,\"span_id\":1.50}",
            "{\"msg\":\"x\"} trailing",
            "[{\"msg\":\"array\"}]",
            "\"just a string\"",
            "42",
            "",
            "   ",
            "{}",
            "{\"a\":" + "[".repeat(60) + "]".repeat(60) + ",\"msg\":\"deep\"}",
            "{\"msg\":\"" + "x".repeat(30_000) + "\"}",
            "2024-01-02T03:04:05.123Z WARN plain text line with a timestamp",
            "Jan  2 03:04:05 host sshd[123]: Failed password for root",
            "ERROR something broke",
            "{\"time\":\"2024-01-02T03:04:05Z\",\"msg\":\"ok\"}\n",
            "{'single':'quotes'}",
            "{\"msg\":\"unterminated");
}
