package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

import static dev.flinklog.core.time.TimeFields.FAIL;
import static dev.flinklog.core.time.TimeFields.dayOfMonth;
import static dev.flinklog.core.time.TimeFields.fixedDigits;
import static dev.flinklog.core.time.TimeFields.letters;
import static dev.flinklog.core.time.TimeFields.monthName;
import static dev.flinklog.core.time.TimeFields.requiredSpaces;
import static dev.flinklog.core.time.TimeFields.skipSpaces;
import static dev.flinklog.core.time.TimeFields.time;
import static dev.flinklog.core.time.ZoneDesignators.zone;
import static dev.flinklog.core.time.ZoneDesignators.zoneTail;

/**
 * The forms with an English month name: RFC 1123/2822 ({@code Wed, 16 Sep 2026 12:34:56 +0000},
 * weekday optional), Common Log Format ({@code 16/Sep/2026:12:34:56 +0000}) and C {@code asctime}
 * ({@code Wed Sep 16 12:34:56 2026}, a zone name may stand before the year as {@code date(1)}
 * prints it). Each reader fills the calendar fields and zone of a {@link ParsedTime} and says
 * whether the text has that shape; {@link TimestampParser} then checks the values and computes the
 * instant.
 */
final class TextualForms {

    private TextualForms() {}

    /**
     * {@code d/Mon/yyyy:hh:mm:ss[ zone]} (brackets were removed by the caller); also with a space
     * before the hour, as Python's {@code http.server} (and so Werkzeug and Django's runserver)
     * writes it, with no zone. With {@code sep} '-' and a space before the hour: PHP's error log
     * and PHP-FPM's ({@code 27-Apr-2026 12:34:56 UTC}), Tomcat's JULI lines.
     */
    static boolean commonLog(CharSequence s, int p, int end, ParsedTime t, char sep) {
        int pos = dayOfMonth(s, p, end, t);
        if (pos == FAIL || pos >= end || s.charAt(pos) != sep) {
            return false;
        }
        pos = monthName(s, pos + 1, end, t);
        if (pos == FAIL || pos >= end || s.charAt(pos) != sep) {
            return false;
        }
        t.year = fixedDigits(s, pos + 1, end, 4);
        pos += 5;
        // With dashes only a space before the hour: nobody writes "16-Sep-2026:12:34:56".
        if (t.year < 0 || pos >= end || (s.charAt(pos) != ' ' && (sep != '/' || s.charAt(pos) != ':'))) {
            return false;
        }
        pos = time(s, pos + 1, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t);
    }

    /** {@code d Mon yyyy hh:mm[:ss][ zone]}, after an optional weekday the caller skipped. */
    static boolean rfc2822(CharSequence s, int p, int end, ParsedTime t) {
        int pos = dayOfMonth(s, p, end, t);
        pos = requiredSpaces(s, pos, end);
        pos = monthName(s, pos, end, t);
        pos = requiredSpaces(s, pos, end);
        if (pos == FAIL) {
            return false;
        }
        t.year = fixedDigits(s, pos, end, 4);
        if (t.year < 0) {
            return false;
        }
        pos = requiredSpaces(s, pos + 4, end);
        pos = time(s, pos, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t);
    }

    /**
     * Text that starts with a letter: a weekday, then RFC 2822 or asctime. A month first would be
     * syslog without a year, which is rejected (see {@link TimestampParser}).
     */
    static boolean weekdayLed(CharSequence s, int p, int end, ParsedTime t) {
        int q = letters(s, p, end);
        if (CalendarNames.weekday(s, p, q) == 0 || q == end) {
            return false;
        }
        int pos = q;
        if (s.charAt(pos) == ',') {
            pos++;
        }
        pos = skipSpaces(s, pos, end);
        if (pos == end || pos == q) {
            return false;
        }
        char c = s.charAt(pos);
        if (Ascii.isDigit(c)) {
            return rfc2822(s, pos, end, t);
        }
        return Ascii.isLetter(c) && asctime(s, pos, end, t);
    }

    /**
     * {@code Mon d hh:mm:ss [zone ]yyyy}, after the weekday the caller skipped; or with the year
     * before the time, JavaScript's {@code Date.toString()}.
     */
    private static boolean asctime(CharSequence s, int p, int end, ParsedTime t) {
        int pos = monthName(s, p, end, t);
        pos = requiredSpaces(s, pos, end);
        pos = dayOfMonth(s, pos, end, t);
        pos = requiredSpaces(s, pos, end);
        if (pos != FAIL && pos + 4 < end && s.charAt(pos + 4) == ' ' && fixedDigits(s, pos, end, 4) >= 0) {
            return javaScript(s, pos, end, t);
        }
        pos = time(s, pos, end, t, false);
        pos = requiredSpaces(s, pos, end);
        if (pos == FAIL) {
            return false;
        }
        if (!Ascii.isDigit(s.charAt(pos))) {
            pos = requiredSpaces(s, zone(s, pos, end, t), end);
            if (pos == FAIL) {
                return false;
            }
        }
        t.year = fixedDigits(s, pos, end, 4);
        return t.year >= 0 && pos + 4 == end;
    }

    /**
     * JavaScript's {@code Date.toString()} from the year on: {@code yyyy hh:mm:ss GMT±hhmm}, then
     * optionally the zone's description in parentheses ({@code (Japan Standard Time)}), which the
     * offset makes redundant and which engines print in the user's language, so it is only
     * checked to be one parenthesised group at the end.
     */
    private static boolean javaScript(CharSequence s, int pos, int end, ParsedTime t) {
        t.year = fixedDigits(s, pos, end, 4);
        pos = requiredSpaces(s, pos + 4, end);
        pos = time(s, pos, end, t, false);
        pos = requiredSpaces(s, pos, end);
        pos = zone(s, pos, end, t);
        if (pos == FAIL) {
            return false;
        }
        int next = skipSpaces(s, pos, end);
        if (next == end) {
            return true;
        }
        if (next == pos || s.charAt(next) != '(' || s.charAt(end - 1) != ')') {
            return false;
        }
        for (int i = next + 1; i < end - 1; i++) {
            char c = s.charAt(i);
            if (c == '(' || c == ')') {
                return false;
            }
        }
        return true;
    }

    /**
     * A US-style date, month first, as .NET's default {@code ToString()} prints it in the invariant
     * culture ({@code 09/16/2026 13:34:56}) and in en-US ({@code 9/16/2026 1:34:56 PM}), and as
     * JavaScript's {@code toLocaleString()} does in en-US ({@code 9/16/2026, 1:34:56 PM}):
     * {@code M/d/yyyy[,] h:mm[:ss[.f]][ AM|PM][ zone]}. A day-first date (en-GB's {@code
     * 16/09/2026}) is read month first too: invalid when its day is above 12, otherwise misread;
     * that ambiguity is the reason only this order is read.
     */
    static boolean monthFirst(CharSequence s, int p, int end, ParsedTime t) {
        int q = TimeFields.digitsFrom(s, p, end);
        if (q - p < 1 || q - p > 2 || q >= end || s.charAt(q) != '/') {
            return false;
        }
        t.month = fixedDigits(s, p, end, q - p);
        int pos = dayOfMonth(s, q + 1, end, t);
        if (pos == FAIL || pos >= end || s.charAt(pos) != '/') {
            return false;
        }
        t.year = fixedDigits(s, pos + 1, end, 4);
        pos += 5;
        if (t.year < 0 || pos >= end) {
            return false;
        }
        if (s.charAt(pos) == ',') {
            pos++;
        }
        pos = requiredSpaces(s, pos, end);
        pos = TimeFields.timeShortHour(s, pos, end, t);
        if (pos == FAIL) {
            return false;
        }
        int next = pos;
        // ICU 72 and later put a narrow no-break space before the day period
        while (next < end && (s.charAt(next) == ' ' || s.charAt(next) == '\u202f')) {
            next++;
        }
        if (next > pos
                && next + 1 < end
                && isDayPeriod(s.charAt(next), s.charAt(next + 1))
                && (next + 2 == end || s.charAt(next + 2) == ' ')) {
            boolean pm = s.charAt(next) == 'P' || s.charAt(next) == 'p';
            if (t.hour < 1 || t.hour > 12) {
                return false;
            }
            t.hour = t.hour % 12 + (pm ? 12 : 0);
            pos = next + 2;
        }
        return zoneTail(s, pos, end, t);
    }

    private static boolean isDayPeriod(char a, char m) {
        return (a == 'A' || a == 'a' || a == 'P' || a == 'p') && (m == 'M' || m == 'm');
    }
}
