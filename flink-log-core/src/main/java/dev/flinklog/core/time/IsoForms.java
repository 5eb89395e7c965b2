package dev.flinklog.core.time;

import static dev.flinklog.core.time.TimeFields.FAIL;
import static dev.flinklog.core.time.TimeFields.fixedDigits;
import static dev.flinklog.core.time.TimeFields.skipSpaces;
import static dev.flinklog.core.time.TimeFields.time;
import static dev.flinklog.core.time.ZoneDesignators.zoneTail;

/**
 * ISO 8601 / RFC 3339 text: the extended form ({@code 2026-09-16T12:34:56.789+09:00}, also with
 * {@code /} between the date fields and spaces instead of {@code T}, as Python's and Go's default
 * formats print it) and the basic form ({@code 20260916T123456Z}). Each reader fills the calendar
 * fields and zone of a {@link ParsedTime} and says whether the text has that shape; {@link
 * TimestampParser} then checks the values and computes the instant.
 */
final class IsoForms {

    private IsoForms() {}

    /**
     * {@code yyyy-mm-dd[(T|t|spaces)time[zone]]}, also with {@code /} between the date fields. The
     * caller has read the four-digit {@code year} and seen {@code sep} after it.
     */
    static boolean extended(CharSequence s, int p, int end, ParsedTime t, int year, char sep) {
        t.year = year;
        t.month = fixedDigits(s, p + 5, end, 2);
        if (t.month < 0 || p + 7 >= end || s.charAt(p + 7) != sep) {
            return false;
        }
        t.day = fixedDigits(s, p + 8, end, 2);
        if (t.day < 0) {
            return false;
        }
        int pos = p + 10;
        if (pos == end) {
            return true;
        }
        char c = s.charAt(pos);
        if (c == 'T' || c == 't') {
            pos++;
        } else if (c == ' ') {
            pos = skipSpaces(s, pos, end);
        } else {
            return false;
        }
        pos = time(s, pos, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t);
    }

    /** {@code yyyymmddThhmm[ss[.f]][zone]}; the time may also be written with colons. */
    static boolean basic(CharSequence s, int p, int end, ParsedTime t) {
        t.year = fixedDigits(s, p, end, 4);
        t.month = fixedDigits(s, p + 4, end, 2);
        t.day = fixedDigits(s, p + 6, end, 2);
        int pos = time(s, p + 9, end, t, true);
        return pos != FAIL && zoneTail(s, pos, end, t);
    }
}
