package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The encoding side: what a sink table with {@code 'format' = 'log-json'} writes. */
class LogJsonSerializationSchemaTest {

    private static final RowType TYPE = (RowType) DataTypes.ROW(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("ts9", DataTypes.TIMESTAMP(9)),
                    DataTypes.FIELD("log", DataTypes.STRING()),
                    DataTypes.FIELD("n", DataTypes.BIGINT()),
                    DataTypes.FIELD("d", DataTypes.DECIMAL(10, 2)),
                    DataTypes.FIELD("ok", DataTypes.BOOLEAN()),
                    DataTypes.FIELD("dt", DataTypes.DATE()),
                    DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                    DataTypes.FIELD("agent", DataTypes.ROW(DataTypes.FIELD("v", DataTypes.INT()))),
                    DataTypes.FIELD("missing", DataTypes.STRING()))
            .getLogicalType();

    private static GenericRowData row() {
        Map<Object, Object> labels = new LinkedHashMap<>();
        labels.put(StringData.fromString("app"), StringData.fromString("shop"));
        labels.put(StringData.fromString("tier"), null);
        return GenericRowData.of(
                TimestampData.fromInstant(Instant.parse("2026-09-16T03:34:56.789Z")),
                TimestampData.fromLocalDateTime(LocalDateTime.parse("2026-09-16T03:34:56.123456789")),
                StringData.fromString("say \"hi\"\n"),
                42L,
                DecimalData.fromBigDecimal(new BigDecimal("3.50"), 10, 2),
                true,
                (int) LocalDate.parse("2026-09-16").toEpochDay(),
                new GenericMapData(labels),
                new GenericArrayData(new Object[] {StringData.fromString("a"), null}),
                GenericRowData.of(7),
                null);
    }

    @Test
    void writesOneJsonObjectWithUtcTimesAndNoNulls() {
        LogJsonSerializationSchema s = new LogJsonSerializationSchema(TYPE, true);
        s.open(null);
        String json = new String(s.serialize(row()), StandardCharsets.UTF_8);
        assertThat(json)
                .isEqualTo("{\"event_time\":\"2026-09-16T03:34:56.789Z\","
                        + "\"ts9\":\"2026-09-16T03:34:56.123456789Z\","
                        + "\"log\":\"say \\\"hi\\\"\\n\",\"n\":42,\"d\":3.50,\"ok\":true,"
                        + "\"dt\":\"2026-09-16\",\"labels\":{\"app\":\"shop\"},"
                        + "\"tags\":[\"a\",null],\"agent\":{\"v\":7}}");
    }

    @Test
    void nullsCanBeWritten() {
        LogJsonSerializationSchema s = new LogJsonSerializationSchema(TYPE, false);
        String json = new String(s.serialize(row()), StandardCharsets.UTF_8);
        assertThat(json).contains("\"labels\":{\"app\":\"shop\",\"tier\":null}").endsWith(",\"missing\":null}");
    }

    @Test
    void whatItWritesReadsBack() throws Exception {
        LogJsonSerializationSchema s = new LogJsonSerializationSchema(TYPE, true);
        byte[] json = s.serialize(row());
        RowType read = (RowType)
                DataTypes.ROW(DataTypes.FIELD("log", DataTypes.STRING()), DataTypes.FIELD("n", DataTypes.BIGINT()))
                        .getLogicalType();
        LogJsonDeserializationSchema d = new LogJsonDeserializationSchema(
                read,
                List.of(),
                InternalTypeInfo.of(read),
                new DecoderOptions(
                        LogJsonFormatOptions.OnError.FAIL, "raw_json", Map.of(), "UTC", 100, 1000, 100000, List.of()));
        d.open(null);
        RowData r = d.deserialize(json);
        assertThat(r.getString(0).toString()).isEqualTo("say \"hi\"\n");
        assertThat(r.getLong(1)).isEqualTo(42L);
    }
}
