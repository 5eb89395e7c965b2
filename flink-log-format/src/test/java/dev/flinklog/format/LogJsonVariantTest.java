package dev.flinklog.format;

import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;
import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The raw column as a VARIANT, built from the tokens of the one parse that fills the columns: the
 * same value as Flink's {@code PARSE_JSON(raw_json, TRUE)} of the payload, for every producer shape.
 */
class LogJsonVariantTest {

    private static final DataTypes.Field[] STRING_RAW = {
        DataTypes.FIELD("message", DataTypes.STRING()),
        DataTypes.FIELD("log_level", DataTypes.STRING()),
        DataTypes.FIELD("raw_json", DataTypes.STRING())
    };

    private static final DataTypes.Field[] VARIANT_RAW = {
        DataTypes.FIELD("message", DataTypes.STRING()),
        DataTypes.FIELD("log_level", DataTypes.STRING()),
        DataTypes.FIELD("raw_json", DataTypes.VARIANT())
    };

    /** Flink's PARSE_JSON(text, TRUE). */
    private static BinaryVariant parseJson(String text) throws IOException {
        return BinaryVariantInternalBuilder.parseJson(text, true);
    }

    @Test
    void equalsParseJsonForEveryProducerShape() throws IOException {
        LogJsonDeserializationSchema strings = Decoders.of(STRING_RAW)
                .defaultLimits()
                .withParseError()
                .withShape()
                .open();
        LogJsonDeserializationSchema variants = Decoders.of(VARIANT_RAW)
                .defaultLimits()
                .withParseError()
                .withShape()
                .open();
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(6_000)
                .malformedRate(0.05)
                .build());
        Map<String, Integer> compared = new java.util.TreeMap<>();
        int json = 0;
        int otlp = 0;
        int text = 0;
        int lenient = 0;
        for (long s = 0; s < 6_000; s++) {
            var record = gen.generate(s);
            byte[] payload = record.payload();
            List<RowData> a = Decoders.read(strings, payload);
            List<RowData> b = Decoders.read(variants, payload);
            assertThat(b).hasSameSizeAs(a);
            for (int i = 0; i < a.size(); i++) {
                RowData sa = a.get(i);
                RowData vb = b.get(i);
                // every other column is what it was with a STRING raw column
                assertThat(String.valueOf(vb.getString(0))).isEqualTo(String.valueOf(sa.getString(0)));
                assertThat(String.valueOf(vb.getString(1))).isEqualTo(String.valueOf(sa.getString(1)));
                String shape = sa.getString(4).toString();
                String raw = sa.getString(2).toString();
                boolean parsed = sa.isNullAt(3);
                if (shape.equals("otlp")) {
                    // the row's own log record (raw_json's slice), with its resource and scope
                    Variant v = vb.getVariant(2);
                    assertThat(v.getField("logRecord").toJson())
                            .isEqualTo(parseJson(raw).toJson());
                    Variant batch = parseJson(new String(payload, StandardCharsets.UTF_8));
                    Variant resource =
                            batch.getField("resourceLogs").getElement(0).getField("resource");
                    if (resource != null) {
                        assertThat(v.getField("resource").toJson()).isEqualTo(resource.toJson());
                    }
                    otlp++;
                } else if (parsed && raw.startsWith("{")) {
                    // a JSON record (its message may be a text line: then its shape is the line's)
                    BinaryVariant expected = tryParseJson(raw);
                    assertThat(vb.isNullAt(2)).as(raw).isFalse();
                    if (expected != null) {
                        assertThat(vb.getVariant(2)).as(raw).isEqualTo(expected);
                        json++;
                    } else {
                        lenient++;
                    }
                } else {
                    // a text line or a record that is not JSON: no variant
                    assertThat(vb.isNullAt(2)).as(raw).isTrue();
                    text++;
                }
                compared.merge(record.producer(), 1, Integer::sum);
            }
        }
        for (Producer p : Producer.values()) {
            assertThat(compared).as("rows of %s", p).containsKey(p.id());
        }
        assertThat(json).isGreaterThan(3_000);
        assertThat(otlp).isGreaterThan(100);
        assertThat(text).isGreaterThan(100);
        // records Flink's strict parser rejects and the format reads (control characters, NaN)
        assertThat(lenient).isLessThan(json / 100);
    }

    private static BinaryVariant tryParseJson(String text) {
        try {
            return parseJson(text);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Test
    void numbersAndKeysAsParseJsonReadsThem() throws IOException {
        LogJsonDeserializationSchema variants =
                Decoders.of(VARIANT_RAW).defaultLimits().open();
        String[] records = {
            "{\"n\":1,\"big\":3000000000,\"huge\":123456789012345678901234567890,\"neg\":-7}",
            "{\"f\":1.5,\"e\":1e3,\"long_fraction\":0.1234567890123456789012345678901234567890123}",
            "{\"b\":[true,false,null],\"o\":{\"z\":1,\"a\":{\"deep\":[[],{}]}},\"s\":\"\\u00e9\\n\\\"q\\\"\"}",
            "{\"dup\":1,\"dup\":2}",
            "{}",
            "{\"message\":\"hello\",\"level\":\"warn\",\"nested\":{\"message\":\"inner\"}}"
        };
        for (String r : records) {
            RowData row = Decoders.read(variants, r).get(0);
            assertThat(row.getVariant(2)).as(r).isEqualTo(parseJson(r));
        }
        Variant dup = Decoders.read(variants, records[3]).get(0).getVariant(2);
        assertThat(((Number) dup.getField("dup").get()).longValue()).isEqualTo(2L);
        Variant nums = Decoders.read(variants, records[0]).get(0).getVariant(2);
        assertThat(nums.getField("n").getType()).isEqualTo(Variant.Type.TINYINT);
        assertThat(nums.getField("big").getLong()).isEqualTo(3_000_000_000L);
        assertThat(nums.getField("neg").getByte()).isEqualTo((byte) -7);
        assertThat(nums.getField("huge").getType()).isEqualTo(Variant.Type.DECIMAL);
    }

    @Test
    void aVariantColumnAtAPathHoldsThatValue() throws IOException {
        LogJsonDeserializationSchema d = Decoders.of(
                        DataTypes.FIELD("message", DataTypes.STRING()),
                        DataTypes.FIELD("attrs", DataTypes.VARIANT()),
                        DataTypes.FIELD("http", DataTypes.VARIANT()))
                .paths(Map.of("http", List.of("$.request.http")))
                .open();
        RowData row = Decoders.read(
                        d, "{\"message\":\"m\",\"attrs\":{\"k\":[1,2]},\"request\":{\"http\":{\"status\":503}}}")
                .get(0);
        assertThat(row.getVariant(1)).isEqualTo(parseJson("{\"k\":[1,2]}"));
        assertThat(row.getVariant(2).getField("status").getShort()).isEqualTo((short) 503);
        // a scalar is a variant too; absent is NULL
        RowData scalar = Decoders.read(d, "{\"attrs\":\"text\"}").get(0);
        assertThat(scalar.getVariant(1).getString()).isEqualTo("text");
        assertThat(scalar.isNullAt(2)).isTrue();
    }

    @Test
    void aVariantIsWrittenAsJsonNotAsAString() throws IOException {
        String record = "{\"level\":\"warn\",\"n\":[1,2.5,null],\"o\":{\"k\":\"v\"}}";
        org.apache.flink.table.types.logical.RowType type = (org.apache.flink.table.types.logical.RowType)
                DataTypes.ROW(DataTypes.FIELD("raw_json", DataTypes.VARIANT())).getLogicalType();
        LogJsonSerializationSchema s = new LogJsonSerializationSchema(type, true);
        byte[] out = s.serialize(org.apache.flink.table.data.GenericRowData.of(parseJson(record)));
        assertThat(new String(out, StandardCharsets.UTF_8))
                .isEqualTo("{\"raw_json\":{\"level\":\"warn\",\"n\":[1,2.5,null],\"o\":{\"k\":\"v\"}}}");
    }

    @Test
    void aRawColumnOfAnotherTypeIsRejectedNamingTheOption() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogJsonFormatOptionsUtil.validateRawColumn(
                        org.apache.flink.configuration.Configuration.fromMap(Map.of()),
                        (org.apache.flink.table.types.logical.RowType)
                                DataTypes.ROW(DataTypes.FIELD("raw_json", DataTypes.BIGINT()))
                                        .getLogicalType()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("'log-json.raw-column'")
                .hasMessageContaining("STRING or VARIANT");
    }
}
