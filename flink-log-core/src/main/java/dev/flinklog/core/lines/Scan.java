package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.time.CalendarNames;

/**
 * Small bounded steps over a line that the shape readers share. Each looks at the characters it
 * names and no further, so a reader built from them reads its line once, left to right.
 */
final class Scan {

    private Scan() {}

    /** The index after a run of spaces from {@code i} (not past {@code to}). */
    static int spaces(CharSequence s, int i, int to) {
        while (i < to && s.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** The index after a run of ASCII digits from {@code i}, at most {@code max} of them. */
    static int digits(CharSequence s, int i, int to, int max) {
        int end = Math.min(to, i + max);
        while (i < end && Ascii.isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The value of the ASCII digits {@code s[from, to)} (at most 18 of them), or -1 if there are none. */
    static long number(CharSequence s, int from, int to) {
        if (to <= from || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!Ascii.isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Whether {@code s[from, to)} has exactly {@code count} digits there. */
    static boolean isDigits(CharSequence s, int from, int count, int to) {
        if (from + count > to) {
            return false;
        }
        for (int i = from; i < from + count; i++) {
            if (!Ascii.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The first index of {@code c} in {@code s[from, to)}, or -1. */
    static int indexOf(CharSequence s, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the first space or tab in {@code s[from, to)}, or {@code to}. */
    static int token(CharSequence s, int from, int to) {
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t') {
                return i;
            }
            i++;
        }
        return i;
    }

    /** Whether {@code s[from, to)} is {@code word} (exact case). */
    static boolean regionEquals(CharSequence s, int from, int to, String word) {
        return to - from == word.length() && startsWith(s, from, to, word);
    }

    /** Whether {@code s} has {@code word} at {@code i} (exact case), within {@code to}. */
    static boolean startsWith(CharSequence s, int i, int to, String word) {
        if (i + word.length() > to) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (s.charAt(i + k) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The end of a double-quoted value whose opening quote is at {@code i}: the index of its closing
     * quote, skipping backslash-escaped characters; -1 when it does not close before {@code to}.
     * {@code escapes[0]} is set when the value holds a backslash.
     */
    static int quoted(CharSequence s, int i, int to, boolean[] escapes) {
        escapes[0] = false;
        for (int k = i + 1; k < to; k++) {
            char c = s.charAt(k);
            if (c == '\\') {
                escapes[0] = true;
                k++;
            } else if (c == '"') {
                return k;
            }
        }
        return -1;
    }

    /**
     * The closing quote of a double-quoted text that starts at {@code i} (after its opening quote),
     * skipping backslash-escaped characters (syslog PARAM-VALUEs, Go's %q); -1 when it does not
     * close before {@code to}.
     */
    static int closingQuote(CharSequence s, int i, int to) {
        for (int k = i; k < to; k++) {
            char c = s.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == '"') {
                return k;
            }
        }
        return -1;
    }

    /**
     * The English month of the three letters at {@code i} ({@code Jan} … {@code Dec}, in any case:
     * journalctl prints {@code jan} in some locales, rsyslog's tests send {@code AUG}), 1 to 12, or 0.
     */
    static int month(CharSequence s, int i, int to) {
        return i + 3 <= to ? CalendarNames.month(s, i, i + 3) : 0;
    }
}
