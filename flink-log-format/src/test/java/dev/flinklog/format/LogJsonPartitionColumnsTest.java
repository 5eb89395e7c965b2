package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The partition columns {@code dt} and {@code hr}: the UTC day and hour of the row's event time,
 * filled in the format's pass (instead of two DATE_FORMAT calls per row in SQL); a field of that
 * name in the record wins; NULL without an event time.
 */
class LogJsonPartitionColumnsTest {

    private static final LogJsonDeserializationSchema D = Decoders.of(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("message", DataTypes.STRING()),
                    DataTypes.FIELD("dt", DataTypes.STRING()),
                    DataTypes.FIELD("hr", DataTypes.INT()))
            .open();

    private static final LogJsonDeserializationSchema TEXT_HOUR = Decoders.of(
                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("dt", DataTypes.STRING()),
                    DataTypes.FIELD("hr", DataTypes.STRING()))
            .open();

    private static List<Object> dtHr(LogJsonDeserializationSchema d, String record) throws IOException {
        RowData r = Decoders.read(d, record).get(0);
        int dt = r.getArity() - 2;
        int hr = r.getArity() - 1;
        Object hour = r.isNullAt(hr)
                ? null
                : d == D ? (Object) r.getInt(hr) : r.getString(hr).toString();
        return java.util.Arrays.asList(r.isNullAt(dt) ? null : r.getString(dt).toString(), hour);
    }

    @Test
    void theUtcDayAndHourOfTheEventTime() throws IOException {
        // +09:00 at 08:30 on the 30th is 23:30 UTC on the 29th
        assertThat(dtHr(D, "{\"time\":\"2026-11-30T08:30:00+09:00\",\"msg\":\"a\"}"))
                .containsExactly("2026-11-29", 23);
        assertThat(dtHr(D, "{\"ts\":1741932001000,\"msg\":\"b\"}")).containsExactly("2025-03-14", 6);
        // the next record in the same hour, then another hour (the cached hour is not reused)
        assertThat(dtHr(D, "{\"ts\":1741934000000,\"msg\":\"c\"}")).containsExactly("2025-03-14", 6);
        assertThat(dtHr(D, "{\"ts\":1741935600000,\"msg\":\"d\"}")).containsExactly("2025-03-14", 7);
        // before 1970: floor, not truncation
        assertThat(dtHr(D, "{\"time\":\"1969-12-31T23:59:59Z\"}")).containsExactly("1969-12-31", 23);
        assertThat(dtHr(TEXT_HOUR, "{\"ts\":\"2026-01-02T03:04:05Z\"}")).containsExactly("2026-01-02", "03");
    }

    @Test
    void aFieldOfThatNameWinsAndNoEventTimeGivesNull() throws IOException {
        assertThat(dtHr(D, "{\"time\":\"2026-11-30T08:30:00Z\",\"dt\":\"2020-01-01\",\"hr\":5}"))
                .containsExactly("2020-01-01", 5);
        assertThat(dtHr(D, "{\"msg\":\"no time\"}")).containsExactly(null, null);
    }

    @Test
    void textLinesToo() throws IOException {
        // a text line with a timestamp at its start, and one of a recognised shape (RFC 5424)
        assertThat(dtHr(D, "2026-09-16 12:34:56 something happened")).containsExactly("2026-09-16", 12);
        assertThat(dtHr(D, "<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 - hi"))
                .containsExactly("2003-10-11", 22);
    }

    @Test
    void withoutAnEventTimeColumnTheDdlFails() {
        assertThatThrownBy(() -> FieldPlan.build(
                        (org.apache.flink.table.types.logical.RowType) DataTypes.ROW(
                                        DataTypes.FIELD("message", DataTypes.STRING()),
                                        DataTypes.FIELD("dt", DataTypes.STRING()))
                                .getLogicalType(),
                        "raw_json",
                        Map.of(),
                        new Input(),
                        dev.flinklog.core.time.TimestampParser.forZone("UTC")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Column 'dt'")
                .hasMessageContaining("event time");
    }
}
