package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

/**
 * The fields every timestamp form is built from: time of day with its fraction, day of month,
 * month name, fixed-width numbers, and the spaces between them. Each reader takes a position and
 * returns the position after what it read, or {@link #FAIL}; a reader given FAIL returns FAIL, so
 * a form can chain them and test once. Values go into the caller's {@link ParsedTime}.
 */
final class TimeFields {

    /** "Not here": the position every reader returns when its field is not at the position. */
    static final int FAIL = -1;

    private TimeFields() {}

    /**
     * {@code hh:mm[:ss[(.|,)fraction]]}, or when {@code basicAllowed} also {@code hhmm[ss[...]]}.
     * Returns the position after it or FAIL.
     */
    static int time(CharSequence s, int pos, int end, ParsedTime t, boolean basicAllowed) {
        if (pos == FAIL) {
            return FAIL;
        }
        t.hour = fixedDigits(s, pos, end, 2);
        if (t.hour < 0) {
            return FAIL;
        }
        return afterHour(s, pos + 2, end, t, basicAllowed);
    }

    /**
     * {@code h:mm[:ss[(.|,)fraction]]} with a one- or two-digit hour, as 12-hour clocks and .NET's
     * and JavaScript's US-style formats print it. Returns the position after it or FAIL.
     */
    static int timeShortHour(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return FAIL;
        }
        int q = digitsFrom(s, pos, end);
        if (q - pos < 1 || q - pos > 2 || q >= end || s.charAt(q) != ':') {
            return FAIL;
        }
        t.hour = fixedDigits(s, pos, end, q - pos);
        return afterHour(s, q, end, t, false);
    }

    /** The rest of a time after its hour digits. */
    private static int afterHour(CharSequence s, int pos, int end, ParsedTime t, boolean basicAllowed) {
        boolean extended = pos < end && s.charAt(pos) == ':';
        if (!extended && !basicAllowed) {
            return FAIL;
        }
        if (extended) {
            pos++;
        }
        t.minute = fixedDigits(s, pos, end, 2);
        if (t.minute < 0) {
            return FAIL;
        }
        pos += 2;
        if (extended) {
            if (pos >= end || s.charAt(pos) != ':') {
                return pos;
            }
            pos++;
        } else if (pos >= end || !Ascii.isDigit(s.charAt(pos))) {
            return pos;
        }
        t.second = fixedDigits(s, pos, end, 2);
        if (t.second < 0) {
            return FAIL;
        }
        pos += 2;
        if (pos < end) {
            char c = s.charAt(pos);
            if (c == '.' || c == ',') {
                pos = fraction(s, pos + 1, end, t);
            }
        }
        return pos;
    }

    /** Fraction digits: the first nine make the nanoseconds, the rest are cut (never rounded). */
    private static int fraction(CharSequence s, int pos, int end, ParsedTime t) {
        int start = pos;
        int nanos = 0;
        while (pos < end) {
            int d = s.charAt(pos) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            if (pos - start < 9) {
                nanos = nanos * 10 + d;
            }
            pos++;
        }
        int digits = pos - start;
        if (digits == 0) {
            return FAIL;
        }
        for (int i = digits; i < 9; i++) {
            nanos *= 10;
        }
        t.nano = nanos;
        return pos;
    }

    /** One or two digits of a day of month. */
    static int dayOfMonth(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return FAIL;
        }
        int q = digitsFrom(s, pos, end);
        int n = q - pos;
        if (n < 1 || n > 2) {
            return FAIL;
        }
        t.day = fixedDigits(s, pos, end, n);
        return q;
    }

    /** An English month name or its abbreviation ({@link CalendarNames}). */
    static int monthName(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return FAIL;
        }
        int q = letters(s, pos, end);
        t.month = CalendarNames.month(s, pos, q);
        return t.month == 0 ? FAIL : q;
    }

    /** Exactly {@code count} ASCII digits at {@code pos} as a number, or FAIL. */
    static int fixedDigits(CharSequence s, int pos, int end, int count) {
        if (pos < 0 || pos + count > end) {
            return FAIL;
        }
        int v = 0;
        for (int i = pos; i < pos + count; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return FAIL;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** After the run of ASCII digits at {@code pos}. */
    static int digitsFrom(CharSequence s, int pos, int end) {
        while (pos < end && Ascii.isDigit(s.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** After the run of ASCII letters at {@code pos}. */
    static int letters(CharSequence s, int pos, int end) {
        while (pos < end && Ascii.isLetter(s.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /**
     * After the spaces at {@code pos}: only {@code ' '}, which is what the forms put between their
     * fields; a tab there is not accepted.
     */
    static int skipSpaces(CharSequence s, int pos, int end) {
        while (pos < end && s.charAt(pos) == ' ') {
            pos++;
        }
        return pos;
    }

    /** At least one space, then any more; FAIL if there is none. */
    static int requiredSpaces(CharSequence s, int pos, int end) {
        if (pos == FAIL || pos >= end || s.charAt(pos) != ' ') {
            return FAIL;
        }
        return skipSpaces(s, pos, end);
    }
}
