package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The reader's own rules: preference between sources, OTLP in place, structures read twice, errors. */
class RecordReaderTest {

    private static final RowType COLUMNS = (RowType) DataTypes.ROW(
                    DataTypes.FIELD("service_name", DataTypes.STRING()),
                    DataTypes.FIELD("host_name", DataTypes.STRING()),
                    DataTypes.FIELD("log", DataTypes.STRING()),
                    DataTypes.FIELD("log_level", DataTypes.STRING()),
                    DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                    DataTypes.FIELD("raw_json", DataTypes.STRING()))
            .getLogicalType();

    private static RecordReader reader(RowType columns) {
        return RecordReader.create(DecoderOptions.defaults(), columns, List.of("parse-error"), new FormatMetrics(null));
    }

    private static List<String> rows(RecordReader r, String json) {
        RecordReader.Result result = r.read(json.getBytes(StandardCharsets.UTF_8), new RecordReader.Result());
        assertThat(result.error).isNull();
        return result.rows.stream().map(RecordReaderTest::render).toList();
    }

    /** The row as GenericRowData prints it, with maps as {@code {k=v, …}}. */
    private static String render(GenericRowData row) {
        StringBuilder out = new StringBuilder("+I(");
        for (int i = 0; i < row.getArity(); i++) {
            Object v = row.getField(i);
            if (v instanceof MapData) {
                MapData m = (MapData) v;
                StringBuilder map = new StringBuilder("{");
                for (int k = 0; k < m.size(); k++) {
                    map.append(k == 0 ? "" : ", ")
                            .append(m.keyArray().getString(k))
                            .append('=')
                            .append(m.valueArray().getString(k));
                }
                v = map.append('}');
            }
            out.append(i == 0 ? "" : ",").append(v);
        }
        return out.append(')').toString();
    }

    /**
     * What the walk does with a top-level key is worked out on its first record and kept with the
     * key in the tokenizer: later records read through those memos give the rows a fresh reader
     * gives (bunyan's name as the service, CLEF's implied level, an OTLP part's attributes).
     */
    @Test
    void topLevelKeysAreWorkedOutOnceAndRemembered() {
        String bunyan = "{\"v\":0,\"name\":\"billing\",\"hostname\":\"h1\",\"msg\":\"charged\"}";
        String clef = "{\"@t\":\"2026-01-01T00:00:00Z\",\"@mt\":\"disk full\",\"service_name\":\"api\"}";
        String otlp = "{\"body\":{\"stringValue\":\"x\"},\"attributes\":[{\"key\":\"host.name\","
                + "\"value\":{\"stringValue\":\"h2\"}}]}";
        RecordReader r = reader(COLUMNS);
        for (int round = 0; round < 3; round++) {
            assertThat(rows(r, bunyan)).as("round %s", round).isEqualTo(rows(reader(COLUMNS), bunyan));
            assertThat(rows(r, clef)).as("round %s", round).isEqualTo(rows(reader(COLUMNS), clef));
            assertThat(rows(r, otlp)).as("round %s", round).isEqualTo(rows(reader(COLUMNS), otlp));
        }
        assertThat(rows(r, bunyan).get(0)).startsWith("+I(billing,h1,charged,");
        assertThat(rows(r, clef).get(0)).startsWith("+I(api,null,disk full,info,");
        assertThat(rows(r, otlp).get(0)).startsWith("+I(null,h2,x,");
        // each top-level key carries its memo in the tokenizer now
        for (String record : List.of(bunyan, clef, otlp)) {
            RecordParser p = r.tokenizer.reset(record.getBytes(StandardCharsets.UTF_8));
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    assertThat(p.nameMemo())
                            .as("%s in %s", p.currentName(), record)
                            .isNotNull();
                    if (p.nextToken().isStructStart()) {
                        p.skipChildren();
                    }
                }
            }
        }
    }

    @Test
    void onlyARecordWhoseFirstByteOpensAnObjectGoesToTheParserFirst() {
        assertThat(RecordReader.mayBeObject(bytes("{\"log\":\"m\"}"))).isTrue();
        assertThat(RecordReader.mayBeObject(bytes(" \t\r\n{}"))).isTrue();
        assertThat(RecordReader.mayBeObject(bytes("\uFEFF{}")))
                .as("after a byte-order mark")
                .isTrue();
        assertThat(RecordReader.mayBeObject(bytes("{")))
                .as("a truncated object is the parser's")
                .isTrue();
        assertThat(RecordReader.mayBeObject(bytes("<34>1 2003-10-11T22:14:15.003Z host app - - - m")))
                .isFalse();
        assertThat(RecordReader.mayBeObject(bytes("[{}]"))).isFalse();
        assertThat(RecordReader.mayBeObject(bytes("\"text\""))).isFalse();
        assertThat(RecordReader.mayBeObject(bytes("true"))).isFalse();
        assertThat(RecordReader.mayBeObject(bytes("  "))).isFalse();
        assertThat(RecordReader.mayBeObject(new byte[0])).isFalse();
        for (String value : List.of("[", "\"", "-1", "7", "true", "false", "null", " {", "", " \t")) {
            assertThat(RecordReader.mayBeValue(bytes(value))).as(value).isTrue();
        }
        for (String text : List.of("<34>1", "Oct 11", "just", "*Mar", "\u00e9t\u00e9")) {
            assertThat(RecordReader.mayBeValue(bytes(text))).as(text).isFalse();
        }
    }

    @Test
    void aLineReadBeforeTheParserGivesItsRowAndAPlainLineStillGetsTheParsersReason() {
        RecordReader r = reader(COLUMNS);
        assertThat(rows(r, "<34>1 2003-10-11T22:14:15.003Z mymachine.example.com su - ID47 - 'su root' failed"))
                .containsExactly("+I(su,mymachine.example.com,'su root' failed,fatal,{facility=auth, msgid=ID47},"
                        + "<34>1 2003-10-11T22:14:15.003Z mymachine.example.com su - ID47 - 'su root' failed,null)");
        assertThat(rows(r, "level=warn msg=\"disk low\" host=h1"))
                .containsExactly("+I(null,h1,disk low,warn,{level=warn, msg=disk low, host=h1},"
                        + "level=warn msg=\"disk low\" host=h1,null)");
        RecordReader.Result plain = r.read(bytes("just some words"), new RecordReader.Result());
        assertThat(plain.rows).isEmpty();
        assertThat(plain.error).isEqualTo("not JSON: text of no known line shape");
        // What could start a JSON value, or nothing at all, still goes to the parser, for its reason.
        assertThat(r.read(bytes(" "), new RecordReader.Result()).error).isEqualTo("empty record");
        assertThat(r.read(bytes("trueish words"), new RecordReader.Result()).error)
                .startsWith("not JSON: Unrecognized token 'trueish'");
        assertThat(r.read(bytes("[1, 2]"), new RecordReader.Result()).error)
                .isEqualTo("not a JSON object: the record is a JSON array");
        assertThat(r.read(bytes("{\"log\": \"cut"), new RecordReader.Result()).error)
                .startsWith("not JSON: Unexpected end-of-input");
        // With lines off, every record is the parser's, as before lines existed.
        RecordReader off = RecordReader.create(noLines(), COLUMNS, List.of("parse-error"), new FormatMetrics(null));
        assertThat(off.read(bytes("just some words"), new RecordReader.Result()).error)
                .startsWith("not JSON: Unrecognized token 'just'");
    }

    private static DecoderOptions noLines() {
        DecoderOptions d = DecoderOptions.defaults();
        return new DecoderOptions(
                d.onError(),
                d.rawColumn(),
                d.fieldPaths(),
                d.defaultZone(),
                d.maxNestingDepth(),
                d.maxStringLength(),
                d.maxRecordBytes(),
                List.of());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aRecordsOwnFieldBeatsItsAttributeWhichBeatsItsResource() {
        RecordReader r = reader(COLUMNS);
        String attributes = "\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"attr\"}}]";
        String resource =
                "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"res\"}},"
                        + "{\"key\":\"host.name\",\"value\":{\"stringValue\":\"h\"}}]}";
        assertThat(rows(r, "{" + resource + "," + attributes + ",\"service_name\":\"own\",\"log\":\"m\"}")
                        .get(0))
                .startsWith("+I(own,h,m,info,");
        assertThat(rows(r, "{" + resource + "," + attributes + ",\"log\":\"m\"}")
                        .get(0))
                .startsWith("+I(attr,h,m,");
        assertThat(rows(r, "{" + resource + ",\"log\":\"m\"}").get(0)).startsWith("+I(res,h,m,");
        // A better alias wins over tiers: service_name (rank 0) from the resource beats program (rank 5).
        assertThat(rows(r, "{\"program\":\"prog\"," + resource + "}").get(0)).startsWith("+I(res,h,");
    }

    @Test
    void aBatchGivesOneRowPerLogRecordWithItsResourceEvenWhenTheResourceComesLast() {
        RecordReader r = reader(COLUMNS);
        List<String> rows = rows(
                r,
                "{\"resourceLogs\":[{\"scopeLogs\":[{\"logRecords\":[{\"body\":{\"stringValue\":\"a\"}},"
                        + "{\"body\":{\"stringValue\":\"b\"},\"severityText\":\"WARN\"}]}],"
                        + "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"svc\"}},"
                        + "{\"key\":\"team\",\"value\":{\"stringValue\":\"core\"}}]}},"
                        + "{\"scopeLogs\":[{\"logRecords\":[{\"body\":{\"stringValue\":\"c\"}}]}]}]}");
        assertThat(rows)
                .containsExactly(
                        "+I(svc,null,a,info,{service_name=svc, team=core},{\"body\":{\"stringValue\":\"a\"}},null)",
                        "+I(svc,null,b,warn,{service_name=svc, team=core},"
                                + "{\"body\":{\"stringValue\":\"b\"},\"severityText\":\"WARN\"},null)",
                        "+I(null,null,c,info,{},{\"body\":{\"stringValue\":\"c\"}},null)");
    }

    @Test
    void aBatchWithoutLogRecordsIsOneRowOfItsOwn() {
        assertThat(rows(reader(COLUMNS), "{\"resourceLogs\":[],\"log\":\"empty batch\"}"))
                .containsExactly(
                        "+I(null,null,empty batch,info,{},{\"resourceLogs\":[],\"log\":\"empty batch\"},null)");
    }

    @Test
    void anObjectThatSeveralColumnsReadIsReadOncePerReader() {
        RowType columns = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("kubernetes", DataTypes.STRING()),
                        DataTypes.FIELD("pod_name", DataTypes.STRING()),
                        DataTypes.FIELD("k", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                        DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
                .getLogicalType();
        RecordReader r = RecordReader.create(
                new DecoderOptions(
                        LogJsonFormatOptions.OnError.KEEP,
                        "raw_json",
                        Map.of("k", List.of("$.kubernetes.labels")),
                        "UTC",
                        100,
                        1000,
                        10000,
                        List.of()),
                columns,
                List.of(),
                new FormatMetrics(null));
        assertThat(rows(r, "{\"kubernetes\":{\"pod_name\":\"p\", \"labels\":{\"app\":\"a\"}},\"x\":1}"))
                .containsExactly("+I({\"pod_name\":\"p\", \"labels\":{\"app\":\"a\"}},p,{app=a},{app=a})");
    }

    /**
     * Kubernetes labels feed both the labels and, by the app label, the service: two readers of one
     * object. In a record the tokenizer reads, tokenizers of ours read it again, with the rows Jackson
     * gives; an object with something the tokenizer leaves to Jackson (a surrogate pair escape) is
     * Jackson's with its whole record, as before.
     */
    @Test
    void anObjectThatTwoReadersReadIsReadAgainByTheTokenizer() {
        RowType columns = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("service_name", DataTypes.STRING()),
                        DataTypes.FIELD("log", DataTypes.STRING()),
                        DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
                .getLogicalType();
        RecordReader r = reader(columns);
        String record = "{\"n\":1,\"log\":\"hi\",\"kubernetes\":{\"pod_name\":\"p-1\",\"labels\":"
                + "{\"app\":\"billing\",\"tier\":{\"x\":\"web\"}}}}";
        List<String> expected = List.of("+I(billing,hi,{app=billing, tier_x=web},null)");
        for (int i = 0; i < 3; i++) {
            assertThat(rows(r, record)).isEqualTo(expected);
        }
        assertThat(r.fallbacks).isZero();
        assertThat(r.rereads).isEqualTo(3);
        // the same record left to Jackson from the start (NaN is Jackson's): the same row
        assertThat(rows(r, record.replace("\"n\":1", "\"n\":NaN"))).isEqualTo(expected);
        assertThat(r.fallbacks).isEqualTo(1);
        assertThat(r.rereads).as("Jackson's parsers read it again").isEqualTo(3);
        // a surrogate pair escape inside the object read again: the whole record is Jackson's
        String emoji = record.replace("\"web\"", "\"\\ud83d\\ude00\"");
        assertThat(rows(r, emoji)).containsExactly("+I(billing,hi,{app=billing, tier_x=\ud83d\ude00},null)");
        assertThat(r.fallbacks).isEqualTo(2);
        assertThat(r.rereads)
                .as("left to Jackson by the first scan of the object")
                .isEqualTo(3);
        assertThat(rows(r, record)).isEqualTo(expected);
    }

    @Test
    void recordsThatAreNotObjectsSayWhy() {
        RecordReader r = reader(COLUMNS);
        RecordReader.Result result = r.read("[1]".getBytes(StandardCharsets.UTF_8), new RecordReader.Result());
        assertThat(result.rows).isEmpty();
        assertThat(result.error).isEqualTo("not a JSON object: the record is a JSON array");
        assertThat(r.errorRow("ERROR at 2024-01-02".getBytes(StandardCharsets.UTF_8), result.error)
                        .toString())
                .isEqualTo("+I(null,null,ERROR at 2024-01-02,error,null,ERROR at 2024-01-02,"
                        + "not a JSON object: the record is a JSON array)");
    }

    @Test
    void jsonRecordsAreReadByTheTokenizerAndWhatItLeavesByJacksonWithTheSameRows() {
        RowType typed = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("log", DataTypes.STRING()),
                        DataTypes.FIELD("latency", DataTypes.DOUBLE()),
                        DataTypes.FIELD("code", DataTypes.INT()))
                .getLogicalType();
        FormatMetrics metrics = new FormatMetrics(null);
        RecordReader r = RecordReader.create(DecoderOptions.defaults(), typed, List.of(), metrics);
        byte[] plain = "{\"log\":\"a \\\"b\\\"\",\"latency\":1.5,\"code\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        RecordReader.Result result = r.read(plain, new RecordReader.Result());
        assertThat(result.rows).hasSize(1);
        assertThat(result.rows.get(0).toString()).isEqualTo("+I(a \"b\",1.5,null)");
        assertThat(r.tokenizer.bytes()).as("read by the tokenizer").isSameAs(plain);
        assertThat(r.fallbacks).isZero();
        assertThat(metrics.conversionFailures.getCount()).isEqualTo(1);

        // NaN is Jackson's (the format allows it): left to Jackson, the same row shape, counted once
        byte[] nan = "{\"log\":\"n\",\"latency\":NaN,\"code\":\"y\"}".getBytes(StandardCharsets.UTF_8);
        result = r.read(nan, new RecordReader.Result());
        assertThat(result.rows.get(0).toString()).isEqualTo("+I(n,NaN,null)");
        assertThat(r.fallbacks).isEqualTo(1);
        assertThat(metrics.conversionFailures.getCount()).isEqualTo(2);

        // invalid UTF-8: read again repaired; its failed conversion counted once
        // (the bad byte after the failed value, so that the first read meets the failure first)
        byte[] bad = "{\"code\":\"z\",\"log\":\"?\"}".getBytes(StandardCharsets.UTF_8);
        bad[bad.length - 3] = (byte) 0xFF;
        result = r.read(bad, new RecordReader.Result());
        assertThat(result.rows.get(0).toString()).isEqualTo("+I(\uFFFD,null,null)");
        assertThat(metrics.conversionFailures.getCount()).isEqualTo(3);
    }
}
