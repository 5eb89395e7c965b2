package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.text.Ascii;

/**
 * Steps the application-layout readers share (Java, Python, Go, PostgreSQL, Redis, MySQL): where a
 * date-time ends, two-digit fields, level words, bracket groups, logger names. Like {@link Scan},
 * each looks only at the characters it names.
 */
final class LayoutScan {

    private LayoutScan() {}

    /** The value of the two ASCII digits at {@code i}, or -1. */
    static int two(CharSequence s, int i, int to) {
        if (i < 0 || i + 2 > to) {
            return -1;
        }
        char a = s.charAt(i);
        char b = s.charAt(i + 1);
        if (!Ascii.isDigit(a) || !Ascii.isDigit(b)) {
            return -1;
        }
        return (a - '0') * 10 + (b - '0');
    }

    /** Whether {@code yyyy<sep>MM<sep>dd} is at {@code i}. */
    static boolean date(CharSequence s, int i, int to, char sep) {
        return i + 10 <= to
                && Scan.isDigits(s, i, 4, to)
                && s.charAt(i + 4) == sep
                && Scan.isDigits(s, i + 5, 2, to)
                && s.charAt(i + 7) == sep
                && Scan.isDigits(s, i + 8, 2, to);
    }

    /** The end of {@code hh:mm:ss} at {@code i}, or -1. */
    static int clock(CharSequence s, int i, int to) {
        if (i < 0
                || i + 8 > to
                || !Scan.isDigits(s, i, 2, to)
                || s.charAt(i + 2) != ':'
                || !Scan.isDigits(s, i + 3, 2, to)
                || s.charAt(i + 5) != ':'
                || !Scan.isDigits(s, i + 6, 2, to)) {
            return -1;
        }
        return i + 8;
    }

    /**
     * The end of a fraction of a second at {@code i} written after {@code .} or {@code ,}; {@code i}
     * itself when there is none there; -1 for a separator without digits.
     */
    static int fraction(CharSequence s, int i, int to) {
        if (i >= to || (s.charAt(i) != '.' && s.charAt(i) != ',')) {
            return i;
        }
        int d = Scan.digits(s, i + 1, to, 12);
        return d == i + 1 ? -1 : d;
    }

    /** The nanoseconds of the fraction digits {@code s[from, to)} (digits past the ninth are cut). */
    static int nanos(CharSequence s, int from, int to) {
        int n = 0;
        for (int i = 0; i < 9; i++) {
            n = n * 10 + (from + i < to ? s.charAt(from + i) - '0' : 0);
        }
        return n;
    }

    /**
     * The end of an ISO-like date-time at {@code i}: {@code yyyy-MM-dd}, {@code T} or one space,
     * {@code hh:mm:ss}, an optional fraction after {@code .} or {@code ,}; when {@code zone} is set
     * also an offset written right after it ({@code Z}, {@code ±hh:mm}, {@code ±hhmm}) or after one
     * space as {@code ±hhmm} (log4j's {@code %d{... Z}}, gunicorn's {@code %z}). -1 if there is none.
     */
    static int isoDateTime(CharSequence s, int i, int to, boolean zone) {
        if (!date(s, i, to, '-') || i + 10 >= to) {
            return -1;
        }
        char t = s.charAt(i + 10);
        if (t != 'T' && t != ' ') {
            return -1;
        }
        int c0 = clock(s, i + 11, to);
        int p = c0 < 0 ? -1 : fraction(s, c0, to);
        if (p < 0 || !zone || p >= to) {
            return p;
        }
        char c = s.charAt(p);
        if (c == 'Z') {
            return p + 1;
        }
        if (c == '+' || c == '-') {
            return offset(s, p, to);
        }
        if (c == ' '
                && p + 5 < to
                && (s.charAt(p + 1) == '+' || s.charAt(p + 1) == '-')
                && Scan.isDigits(s, p + 2, 4, to)
                && (p + 6 == to || s.charAt(p + 6) == ' ' || s.charAt(p + 6) == ']')) {
            return p + 6;
        }
        return p;
    }

    /** The end of {@code ±hh}, {@code ±hhmm} or {@code ±hh:mm} at {@code i}, or -1. */
    static int offset(CharSequence s, int i, int to) {
        if (!Scan.isDigits(s, i + 1, 2, to)) {
            return -1;
        }
        int p = i + 3;
        if (p < to && s.charAt(p) == ':') {
            return Scan.isDigits(s, p + 1, 2, to) ? p + 3 : -1;
        }
        if (Scan.isDigits(s, p, 2, to)) {
            return p + 2;
        }
        return p;
    }

    /** The end of a run of ASCII upper-case letters from {@code i}. */
    static int upper(CharSequence s, int i, int to) {
        while (i < to && Ascii.isUpper(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /**
     * The level of the upper-case level word {@code s[from, to)} as layouts print it ({@code WARN},
     * {@code SEVERE}, {@code CRITICAL} …), or null. At least four letters: shorter upper-case
     * tokens are words of the message, not a layout's level.
     */
    static LogLevel levelWord(CharSequence s, int from, int to) {
        if (to - from < 4 || upper(s, from, to) != to) {
            return null;
        }
        return LineLevels.word(s, from, to);
    }

    /** Whether {@code s[from, to)} is one of Python logging's level names, as it prints them. */
    static boolean isPythonLevel(CharSequence s, int from, int to) {
        switch (to - from) {
            case 4:
                return Scan.startsWith(s, from, to, "INFO");
            case 5:
                return Scan.startsWith(s, from, to, "DEBUG") || Scan.startsWith(s, from, to, "ERROR");
            case 7:
                return Scan.startsWith(s, from, to, "WARNING");
            case 8:
                return Scan.startsWith(s, from, to, "CRITICAL");
            default:
                return false;
        }
    }

    /**
     * The index of the {@code ]} that closes the {@code [} at {@code i}, brackets inside counted
     * (thread names such as {@code QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181}), or -1.
     */
    static int closeBracket(CharSequence s, int i, int to) {
        return close(s, i, to, '[', ']');
    }

    /** The {@code close} closing the {@code open} at {@code i} (nested pairs counted), or -1. */
    static int close(CharSequence s, int i, int to, char open, char close) {
        int depth = 0;
        for (int k = i; k < to; k++) {
            char c = s.charAt(k);
            if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** Whether {@code c} may be part of a logger or module name ({@code org.a.B$C}, {@code uvicorn.error}). */
    static boolean isNameChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '.' || c == '_' || c == '$' || c == '-';
    }

    /** The end of a logger name from {@code i} (possibly {@code i}: none). */
    static int name(CharSequence s, int i, int to) {
        while (i < to && isNameChar(s.charAt(i))) {
            i++;
        }
        return i;
    }
}
