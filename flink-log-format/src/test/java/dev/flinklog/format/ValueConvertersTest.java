package dev.flinklog.format;

import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each converter on one JSON value, read in place; the parser must stand after the value. */
class ValueConvertersTest {

    private static final JsonFactory JSON = new JsonFactory();

    private static ValueConverters.Converter of(DataType type) {
        return ValueConverters.forType(type.getLogicalType(), false, new Input(), TimestampParser.UTC);
    }

    /** Converts {@code value} as the only field of an object, checks the parser ends on the object's field after it. */
    private static Object read(ValueConverters.Converter c, String value) throws IOException {
        byte[] json = ("{\"v\":" + value + ",\"next\":0}").getBytes(StandardCharsets.UTF_8);
        try (JsonParser p = JSON.createParser(json)) {
            p.nextToken();
            p.nextToken();
            Object v = ValueConverters.element(p, p.nextToken(), c);
            assertThat(p.nextToken()).as("the value is read to its end").isEqualTo(JsonToken.FIELD_NAME);
            assertThat(p.currentName()).isEqualTo("next");
            return v;
        }
    }

    @Test
    void text() throws IOException {
        ValueConverters.Converter c = of(DataTypes.STRING());
        assertThat(read(c, "\"a\"")).isEqualTo(StringData.fromString("a"));
        assertThat(read(c, "12.50")).isEqualTo(StringData.fromString("12.50"));
        assertThat(read(c, "true")).isEqualTo(StringData.fromString("true"));
        assertThat(read(c, "{\"a\": [1]}")).isEqualTo(StringData.fromString("{\"a\":[1]}"));
        assertThat(read(c, "null")).isNull();
        ValueConverters.Converter message =
                ValueConverters.forType(DataTypes.STRING().getLogicalType(), true, new Input(), TimestampParser.UTC);
        assertThat(read(message, "12")).isNull();
        assertThat(read(message, "{\"a\":1}")).isEqualTo(ValueConverters.FAILED);
    }

    @Test
    void integersFromNumbersAndText() throws IOException {
        ValueConverters.Converter c = of(DataTypes.INT());
        assertThat(read(c, "503")).isEqualTo(503);
        assertThat(read(c, "\" 503 \"")).isEqualTo(503);
        assertThat(read(c, "503.0")).isEqualTo(503);
        assertThat(read(c, "\"5e2\"")).isEqualTo(500);
        assertThat(read(c, "0.000")).isEqualTo(0);
        assertThat(read(c, "1.5")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "2147483648")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "\"1e9999\"")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "\"abc\"")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "[1]")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(of(DataTypes.BIGINT()), "\"-9223372036854775808\"")).isEqualTo(Long.MIN_VALUE);
        assertThat(read(of(DataTypes.BIGINT()), "9223372036854775808")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(of(DataTypes.TINYINT()), "-128")).isEqualTo((byte) -128);
        assertThat(read(of(DataTypes.SMALLINT()), "32768")).isEqualTo(ValueConverters.FAILED);
    }

    @Test
    void floatingDecimalAndBoolean() throws IOException {
        assertThat(read(of(DataTypes.DOUBLE()), "\"-Infinity\"")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(read(of(DataTypes.DOUBLE()), "1e3")).isEqualTo(1000.0);
        assertThat(read(of(DataTypes.FLOAT()), "\"1.5\"")).isEqualTo(1.5f);
        assertThat(read(of(DataTypes.DECIMAL(10, 2)), "\"12.345\""))
                .isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("12.35"), 10, 2));
        assertThat(read(of(DataTypes.DECIMAL(4, 2)), "123.4")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(of(DataTypes.BOOLEAN()), "\"TRUE\"")).isEqualTo(true);
        assertThat(read(of(DataTypes.BOOLEAN()), "1")).isEqualTo(ValueConverters.FAILED);
    }

    @Test
    void timesFromTextNumbersAndObjects() throws IOException {
        ValueConverters.Converter c = of(DataTypes.TIMESTAMP_LTZ(3));
        TimestampData expected = TimestampData.fromEpochMillis(1704164645123L);
        assertThat(read(c, "\"2024-01-02T03:04:05.123456Z\"")).isEqualTo(expected);
        assertThat(read(c, "1704164645123")).isEqualTo(expected);
        assertThat(read(c, "1704164645.1239")).isEqualTo(expected);
        assertThat(read(c, "{\"epochSecond\":1704164645,\"nanoOfSecond\":123999999}"))
                .isEqualTo(expected);
        assertThat(read(c, "{\"seconds\":\"1704164645\",\"nanos\":123000000,\"x\":[1]}"))
                .isEqualTo(expected);
        assertThat(read(c, "{\"nanos\":1}")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "\"yesterday\"")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(c, "0")).isEqualTo(TimestampData.fromEpochMillis(0));
        ValueConverters.Converter eventTime =
                ValueConverters.eventTime(DataTypes.TIMESTAMP(6).getLogicalType(), TimestampParser.UTC);
        assertThat(read(eventTime, "0")).as("OTLP's unknown time").isNull();
        assertThat(read(eventTime, "\"2024-01-02T03:04:05.1234567Z\""))
                .isEqualTo(TimestampData.fromEpochMillis(1704164645123L, 456_000));
        assertThat(read(of(DataTypes.DATE()), "\"2024-01-02T23:59:59-01:00\"")).isEqualTo(19725);
    }

    @Test
    void levelsOnTheScaleOfTheirPath() throws IOException {
        assertThat(read(new ValueConverters.Level(LevelScale.AUTO), "\"Warning\""))
                .isEqualTo(StringData.fromString("warn"));
        assertThat(read(new ValueConverters.Level(LevelScale.AUTO), "50")).isEqualTo(StringData.fromString("error"));
        assertThat(read(new ValueConverters.Level(LevelScale.SYSLOG), "3")).isEqualTo(StringData.fromString("error"));
        assertThat(read(new ValueConverters.Level(LevelScale.OTLP), "\"17\""))
                .isEqualTo(StringData.fromString("error"));
        assertThat(read(new ValueConverters.Level(LevelScale.AUTO), "\"nonsense\""))
                .isNull();
        assertThat(read(new ValueConverters.Level(LevelScale.AUTO), "{\"a\":1}"))
                .isEqualTo(ValueConverters.FAILED);
    }

    @Test
    void mapsArraysAndRowsInPlace() throws IOException {
        ValueConverters.Converter map = of(DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.INT())));
        MapData m = (MapData) read(map, "{\"a\":[1,2],\"b\":[],\"a\":[9],\"c\":null}");
        assertThat(m.size()).isEqualTo(3);
        assertThat(m.keyArray().getString(0).toString()).isEqualTo("a");
        ArrayData first = m.valueArray().getArray(0);
        assertThat(first.size()).isEqualTo(2);
        assertThat(first.getInt(1)).isEqualTo(2);
        assertThat(m.valueArray().isNullAt(2)).isTrue();
        assertThat(read(map, "{\"a\":[1,\"x\",3],\"b\":{\"deep\":[[1]]}}"))
                .as("a misfit fails the whole map, which is still read to its end")
                .isEqualTo(ValueConverters.FAILED);
        assertThat(read(map, "{\"a\":{\"nested\":{\"x\":[1,{}]}},\"b\":[1]}")).isEqualTo(ValueConverters.FAILED);
        ArrayData a = (ArrayData) read(of(DataTypes.ARRAY(DataTypes.STRING())), "[\"x\",null,3,{\"y\":1}]");
        assertThat(a.size()).isEqualTo(4);
        assertThat(a.getString(3).toString()).isEqualTo("{\"y\":1}");
        ValueConverters.Converter row = of(
                DataTypes.ROW(DataTypes.FIELD("user", DataTypes.STRING()), DataTypes.FIELD("id", DataTypes.BIGINT())));
        RowData r =
                (RowData) read(row, "{\"id\":\"nope\",\"extra\":{\"a\":[1]},\"user\":\"u\",\"id\":7,\"user\":\"dup\"}");
        assertThat(r.getString(0).toString()).isEqualTo("u");
        assertThat(r.getLong(1)).isEqualTo(7L);
        assertThat(read(row, "\"scalar\"")).isEqualTo(ValueConverters.FAILED);
        assertThat(read(row, "null")).isNull();
    }

    @Test
    void typesTheFormatCannotFillAreNamed() {
        assertThatThrownBy(() -> of(DataTypes.MAP(DataTypes.STRING(), DataTypes.BYTES())))
                .isInstanceOf(ValueConverters.UnsupportedTypeException.class)
                .hasMessage("VARBINARY is not read from JSON");
    }
}
