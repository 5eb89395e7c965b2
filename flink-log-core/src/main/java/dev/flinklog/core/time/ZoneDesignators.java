package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

import static dev.flinklog.core.time.TimeFields.FAIL;
import static dev.flinklog.core.time.TimeFields.digitsFrom;
import static dev.flinklog.core.time.TimeFields.fixedDigits;
import static dev.flinklog.core.time.TimeFields.letters;
import static dev.flinklog.core.time.TimeFields.skipSpaces;

/**
 * What may follow a time to say its zone: {@code Z}, a numeric offset ({@code ±hh:mm}, {@code
 * ±hhmm}, {@code ±hh}), a name of {@link ZoneNames} (with an offset after the universal ones, {@code
 * UTC+2}), and after a numeric offset Go's {@code time.String()} extras (zone abbreviation,
 * monotonic clock reading), which say nothing more. Readers follow {@link TimeFields}' convention:
 * position after, or {@link TimeFields#FAIL}.
 */
final class ZoneDesignators {

    /** Offsets beyond ±18:00 are rejected, as java.time's {@code ZoneOffset} does. */
    static final int MAX_OFFSET_SECONDS = 18 * 3600;

    private ZoneDesignators() {}

    /**
     * What may follow the time: nothing, or optional spaces and a zone; after a numeric offset
     * also Go's zone abbreviation and monotonic clock reading, which carry no more information.
     * True when that is all of the rest of the text.
     */
    static boolean zoneTail(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return false;
        }
        pos = skipSpaces(s, pos, end);
        if (pos == end) {
            return true;
        }
        char c = s.charAt(pos);
        if (c == 'Z' || c == 'z') {
            // RFC 3339's UTC ending, by far the most common one: no name lookup needed
            t.hasZone = true;
            t.offsetSeconds = 0;
            return pos + 1 == end || zoneSuffixes(s, pos + 1, end);
        }
        boolean numeric = c == '+' || c == '-';
        pos = zone(s, pos, end, t);
        if (pos == FAIL) {
            return false;
        }
        if (numeric && pos < end && s.charAt(pos) == '[') {
            return zoneSuffixes(s, pos, end);
        }
        int next = skipSpaces(s, pos, end);
        if (next == end) {
            return true;
        }
        if (!numeric || next == pos) {
            return false;
        }
        pos = next;
        // Go: "+0900 JST", or for zones without an abbreviation "-0330 -0330". tz database
        // abbreviations start with a capital (JST, CEST, ChST); a lower-case word is other text.
        char first = s.charAt(pos);
        if (Ascii.isUpper(first)) {
            pos = letters(s, pos, end);
        } else if (first == '+' || first == '-') {
            int q = digitsFrom(s, pos + 1, end);
            if (q == pos + 1) {
                return false;
            }
            pos = q;
        }
        next = skipSpaces(s, pos, end);
        if (next == end) {
            return true;
        }
        if (next == pos) {
            return false;
        }
        return monotonicReading(s, next, end);
    }

    /**
     * RFC 9557's suffixes after an offset: a time zone ({@code [Asia/Tokyo]}, as Java's {@code
     * ZonedDateTime.toString()} prints it, also {@code [UTC]} or {@code [GMT+09:00]}) and tags
     * ({@code [u-ca=hebrew]}), each optionally critical ({@code [!Europe/Paris]}). The offset
     * before them fixes the instant, so they are only checked to be well formed; they must be the
     * whole rest of the text.
     */
    private static boolean zoneSuffixes(CharSequence s, int pos, int end) {
        while (pos < end) {
            if (s.charAt(pos) != '[') {
                return false;
            }
            int q = pos + 1;
            if (q < end && s.charAt(q) == '!') {
                q++;
            }
            int first = q;
            while (q < end && isSuffixChar(s.charAt(q))) {
                q++;
            }
            if (q == first || q >= end || s.charAt(q) != ']') {
                return false;
            }
            pos = q + 1;
        }
        return true;
    }

    /** The characters of tz database names ({@code America/Port-au-Prince}), offsets and tags. */
    private static boolean isSuffixChar(char c) {
        return Ascii.isLetterOrDigit(c)
                || c == '/'
                || c == '_'
                || c == '-'
                || c == '+'
                || c == ':'
                || c == '.'
                || c == '=';
    }

    /** Go's {@code m=+0.000123456}: must be the whole rest of the text. */
    private static boolean monotonicReading(CharSequence s, int pos, int end) {
        if (end - pos < 5 || s.charAt(pos) != 'm' || s.charAt(pos + 1) != '=') {
            return false;
        }
        char sign = s.charAt(pos + 2);
        if (sign != '+' && sign != '-') {
            return false;
        }
        int q = digitsFrom(s, pos + 3, end);
        if (q == pos + 3 || q >= end || s.charAt(q) != '.') {
            return false;
        }
        int r = digitsFrom(s, q + 1, end);
        return r > q + 1 && r == end;
    }

    /**
     * A zone at {@code pos}: {@code Z}, {@code ±hh[[:]mm]}, or a name of {@link ZoneNames}
     * (universal names optionally followed by {@code ±h[h][[:]mm]}). Sets the offset; returns the
     * position after it or FAIL.
     */
    static int zone(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL || pos >= end) {
            return FAIL;
        }
        char c = s.charAt(pos);
        if (c == '+' || c == '-') {
            return offset(s, pos, end, t, 2);
        }
        int q = letters(s, pos, end);
        if (q == pos) {
            return FAIL;
        }
        int named = ZoneNames.offsetSeconds(s, pos, q);
        if (named == ZoneNames.UNKNOWN) {
            return FAIL;
        }
        t.hasZone = true;
        t.offsetSeconds = named;
        if (q < end && (s.charAt(q) == '+' || s.charAt(q) == '-') && ZoneNames.takesOffsetSuffix(s, pos, q)) {
            return offset(s, q, end, t, 1);
        }
        return q;
    }

    /**
     * {@code ±hh}, {@code ±hhmm}, {@code ±hh:mm}, {@code ±hh:mm:ss} (one hour digit allowed after
     * UTC/GMT).
     */
    private static int offset(CharSequence s, int pos, int end, ParsedTime t, int minHourDigits) {
        int sign = s.charAt(pos) == '-' ? -1 : 1;
        pos++;
        int q = digitsFrom(s, pos, end);
        int hours;
        int minutes = 0;
        int seconds = 0;
        int n = q - pos;
        if (n == 1 && minHourDigits == 1 || n == 2) {
            hours = fixedDigits(s, pos, end, n);
            pos = q;
            if (pos < end && s.charAt(pos) == ':') {
                minutes = fixedDigits(s, pos + 1, end, 2);
                if (minutes < 0 || (pos + 3 < end && Ascii.isDigit(s.charAt(pos + 3)))) {
                    return FAIL;
                }
                pos += 3;
                // Offsets with seconds, as Python's isoformat() and java.time print those of
                // historical zones: +05:53:28
                if (pos + 2 < end && s.charAt(pos) == ':' && Ascii.isDigit(s.charAt(pos + 1))) {
                    seconds = fixedDigits(s, pos + 1, end, 2);
                    if (seconds < 0 || seconds > 59 || (pos + 3 < end && Ascii.isDigit(s.charAt(pos + 3)))) {
                        return FAIL;
                    }
                    pos += 3;
                }
            }
        } else if (n == 4 || (n == 3 && minHourDigits == 1)) {
            hours = fixedDigits(s, pos, end, n - 2);
            minutes = fixedDigits(s, pos + n - 2, end, 2);
            pos = q;
        } else {
            return FAIL;
        }
        int total = hours * 3600 + minutes * 60 + seconds;
        if (minutes > 59 || total > MAX_OFFSET_SECONDS) {
            return FAIL;
        }
        t.hasZone = true;
        t.offsetSeconds = sign * total;
        return pos;
    }
}
