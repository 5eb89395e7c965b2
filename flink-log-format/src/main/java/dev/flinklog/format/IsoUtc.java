package dev.flinklog.format;

import org.apache.flink.table.data.TimestampData;

import java.time.LocalDateTime;

/** ISO-8601 UTC text of a timestamp, with exactly the type's number of fraction digits. */
final class IsoUtc {

    private IsoUtc() {}

    static String format(TimestampData t, int precision) {
        LocalDateTime dt = t.toLocalDateTime();
        StringBuilder b = new StringBuilder(32);
        int year = dt.getYear();
        if (year < 1000) {
            b.append(year < 10 ? "000" : year < 100 ? "00" : "0");
        }
        b.append(year).append('-');
        two(b, dt.getMonthValue()).append('-');
        two(b, dt.getDayOfMonth()).append('T');
        two(b, dt.getHour()).append(':');
        two(b, dt.getMinute()).append(':');
        two(b, dt.getSecond());
        if (precision > 0) {
            String nanos = Integer.toString(dt.getNano() + 1_000_000_000).substring(1);
            b.append('.').append(nanos, 0, Math.min(precision, 9));
        }
        return b.append('Z').toString();
    }

    private static StringBuilder two(StringBuilder b, int v) {
        return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }
}
