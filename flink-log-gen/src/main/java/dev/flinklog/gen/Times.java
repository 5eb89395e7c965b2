package dev.flinklog.gen;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Timestamp text in the forms producers write, from epoch microseconds. */
final class Times {

    private Times() {}

    static final long MICROS = 1_000_000L;

    static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, MICROS), Math.floorMod(micros, MICROS) * 1000L);
    }

    /** Cuts toward the past to a multiple of {@code unitMicros} (1000 = milliseconds). */
    static long truncate(long micros, long unitMicros) {
        return Math.floorDiv(micros, unitMicros) * unitMicros;
    }

    /**
     * ISO-8601 in the given offset: {@code 2026-09-16T12:34:56.789+09:00}. {@code digits} fraction
     * digits (0 = none; past 6 padded with zeros, as .NET's 7 and Go's 9 digits are); {@code sep}
     * between date and time ('T' or ' '); {@code zone}: 'Z' for "Z" at offset 0, 'O' for "+hh:mm"
     * always, 'N' for none (zone-less text).
     */
    static String iso(long micros, int offsetSeconds, int digits, char sep, char fractionMark, char zone) {
        long seconds = Math.floorDiv(micros, MICROS);
        int fraction = (int) Math.floorMod(micros, MICROS);
        LocalDateTime t = LocalDateTime.ofEpochSecond(seconds + offsetSeconds, 0, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(40);
        pad(b, t.getYear(), 4).append('-');
        pad(b, t.getMonthValue(), 2).append('-');
        pad(b, t.getDayOfMonth(), 2).append(sep);
        pad(b, t.getHour(), 2).append(':');
        pad(b, t.getMinute(), 2).append(':');
        pad(b, t.getSecond(), 2);
        if (digits > 0) {
            b.append(fractionMark);
            fraction(b, fraction, digits);
        }
        if (zone == 'Z' && offsetSeconds == 0) {
            b.append('Z');
        } else if (zone != 'N') {
            int o = Math.abs(offsetSeconds);
            b.append(offsetSeconds < 0 ? '-' : '+');
            pad(b, o / 3600, 2).append(':');
            pad(b, o / 60 % 60, 2);
        }
        return b.toString();
    }

    static String isoUtc(long micros, int digits) {
        return iso(micros, 0, digits, 'T', '.', 'Z');
    }

    /** Epoch seconds with a fraction of {@code digits} digits (zap's ts, Fluent Bit's double). */
    static String epochSecondsDecimal(long micros, int digits) {
        StringBuilder b = new StringBuilder(24);
        b.append(Math.floorDiv(micros, MICROS)).append('.');
        fraction(b, (int) Math.floorMod(micros, MICROS), digits);
        return b.toString();
    }

    /** Appends the first {@code digits} digits of a 6-digit microsecond fraction (zeros past 6). */
    static void fraction(StringBuilder b, int micros, int digits) {
        int shown = Math.min(digits, 6);
        int v = micros;
        for (int i = 6; i > shown; i--) {
            v /= 10;
        }
        pad(b, v, shown);
        for (int i = 6; i < digits; i++) {
            b.append('0');
        }
    }

    static StringBuilder pad(StringBuilder b, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(s);
    }

    /** klog's header date and time: {@code 0916 03:34:56.123456} (UTC). */
    static String klog(long micros) {
        String iso = iso(micros, 0, 6, ' ', '.', 'N'); // 2026-09-16 03:34:56.123456
        return iso.substring(5, 7) + iso.substring(8, 10) + iso.substring(10);
    }

    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

    /** Common Log Format time in UTC: {@code 16/Sep/2026:03:34:56 +0000}. */
    static String clf(long micros) {
        return clf(micros, 0);
    }

    /** Common Log Format time in the given offset (nginx's {@code $time_local}): {@code 16/Sep/2026:12:34:56 +0900}. */
    static String clf(long micros, int offsetSeconds) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, MICROS) + offsetSeconds, 0, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(28);
        pad(b, t.getDayOfMonth(), 2)
                .append('/')
                .append(MONTHS[t.getMonthValue() - 1])
                .append('/');
        pad(b, t.getYear(), 4).append(':');
        pad(b, t.getHour(), 2).append(':');
        pad(b, t.getMinute(), 2).append(':');
        pad(b, t.getSecond(), 2).append(' ').append(offsetSeconds < 0 ? '-' : '+');
        int o = Math.abs(offsetSeconds);
        pad(b, o / 3600, 2);
        pad(b, o / 60 % 60, 2);
        return b.toString();
    }

    /**
     * Go's {@code time.RFC3339Nano} in UTC, as containerd and CRI-O stamp CRI log lines: up to nine
     * fraction digits with the trailing zeros dropped (none and no dot for a whole second).
     */
    static String rfc3339Nano(long micros) {
        String s = isoUtc(micros, 9); // ...ss.uuuuuu000Z
        int end = s.length() - 1;
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end) + 'Z';
    }
}
