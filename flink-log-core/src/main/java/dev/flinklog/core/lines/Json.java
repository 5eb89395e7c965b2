package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * JSON values inside a text line (Monolog's {@code %context% %extra%}), found in one pass without
 * a parser: where a value ends or starts, and an object's members as pairs. Structure only (brackets
 * matched by kind, strings closed, scalars of JSON's characters); commas and colons are checked only
 * where members are read. Nesting is bounded by {@link #MAX_DEPTH}, deeper is no value.
 */
final class Json {

    private Json() {}

    /** The deepest nesting read (the bit stack of the open brackets is one {@code long}). */
    static final int MAX_DEPTH = 64;

    /** The end (exclusive) of the JSON value at {@code i}, or -1 when none is there. */
    static int valueEnd(CharSequence s, int i, int to) {
        if (i >= to) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == '"') {
            int q = Scan.closingQuote(s, i + 1, to);
            return q < 0 ? -1 : q + 1;
        }
        if (c == '{' || c == '[') {
            return containerEnd(s, i, to);
        }
        int k = i;
        while (k < to && isScalarChar(s.charAt(k))) {
            k++;
        }
        return k > i && isScalar(s, i, k) ? k : -1;
    }

    /** The end of the object or array at {@code i}: its brackets matched, strings skipped. */
    private static int containerEnd(CharSequence s, int i, int to) {
        long objects = 0; // bit d: the bracket open at depth d is '{'
        int depth = 0;
        for (int k = i; k < to; k++) {
            char c = s.charAt(k);
            if (c == '"') {
                k = Scan.closingQuote(s, k + 1, to);
                if (k < 0) {
                    return -1;
                }
            } else if (c == '{' || c == '[') {
                if (depth == MAX_DEPTH) {
                    return -1;
                }
                objects = c == '{' ? objects | (1L << depth) : objects & ~(1L << depth);
                depth++;
            } else if (c == '}' || c == ']') {
                if (depth == 0 || ((objects >>> (depth - 1)) & 1L) != (c == '}' ? 1L : 0L)) {
                    return -1;
                }
                if (--depth == 0) {
                    return k + 1;
                }
            }
        }
        return -1;
    }

    /**
     * The start of the object or array that ends (exclusive) at {@code end}, not before {@code
     * from}, reading backwards; or -1. Only a candidate: {@link #valueEnd} from it confirms it. A
     * quote counts as escaped after an odd run of backslashes, so each character is read at most
     * twice.
     */
    static int containerStart(CharSequence s, int from, int end) {
        if (end <= from || (s.charAt(end - 1) != '}' && s.charAt(end - 1) != ']')) {
            return -1;
        }
        int depth = 0;
        boolean inString = false;
        for (int k = end - 1; k >= from; k--) {
            char c = s.charAt(k);
            if (c == '"') {
                int b = k - 1;
                while (b >= from && s.charAt(b) == '\\') {
                    b--;
                }
                if (((k - 1 - b) & 1) == 0) {
                    inString = !inString;
                }
            } else if (!inString) {
                if (c == '}' || c == ']') {
                    depth++;
                } else if ((c == '{' || c == '[') && --depth == 0) {
                    return k;
                }
            }
        }
        return -1;
    }

    /**
     * The members of the object {@code s[from, to)} (as {@link #valueEnd} found it) as pairs: a
     * string value unquoted (its escapes resolved when read), any other value as its JSON text (a
     * nested object or array included), {@code null} left out. With a null {@code out} only tells
     * whether the members read. Returns false for an object whose members do not read (then
     * nothing was added).
     */
    static boolean members(CharSequence s, int from, int to, ParsedLine out) {
        // One pass: the pairs are added as read and taken back if the object turns out not to read.
        long mark = out == null ? 0 : out.mark();
        if (scan(s, from, to, out)) {
            return true;
        }
        if (out != null) {
            out.rollback(mark);
        }
        return false;
    }

    private static boolean scan(CharSequence s, int from, int to, ParsedLine out) {
        int k = spaces(s, from + 1, to);
        if (k < to && s.charAt(k) == '}') {
            return k == to - 1;
        }
        while (k < to) {
            if (s.charAt(k) != '"') {
                return false;
            }
            int keyEnd = Scan.closingQuote(s, k + 1, to);
            if (keyEnd < 0) {
                return false;
            }
            int colon = spaces(s, keyEnd + 1, to);
            if (colon >= to || s.charAt(colon) != ':') {
                return false;
            }
            int v = spaces(s, colon + 1, to);
            int ve = valueEnd(s, v, to);
            if (ve < 0) {
                return false;
            }
            if (out != null && !Scan.startsWith(s, v, ve, "null")) {
                if (s.charAt(v) == '"') {
                    out.pair(k + 1, keyEnd, v + 1, ve - 1, Scan.indexOf(s, '\\', v + 1, ve - 1) >= 0);
                } else {
                    out.pair(k + 1, keyEnd, v, ve, false);
                }
            }
            int next = spaces(s, ve, to);
            if (next >= to) {
                return false;
            }
            if (s.charAt(next) == '}') {
                return next == to - 1;
            }
            if (s.charAt(next) != ',') {
                return false;
            }
            k = spaces(s, next + 1, to);
        }
        return false;
    }

    private static int spaces(CharSequence s, int i, int to) {
        while (i < to && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static boolean isScalarChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '-' || c == '+' || c == '.';
    }

    /** {@code true}, {@code false}, {@code null} or a number's characters starting as one does. */
    private static boolean isScalar(CharSequence s, int from, int to) {
        char c = s.charAt(from);
        if (c == '-' || Ascii.isDigit(c)) {
            return true;
        }
        return Scan.startsWith(s, from, to, "true") && to - from == 4
                || Scan.startsWith(s, from, to, "false") && to - from == 5
                || Scan.startsWith(s, from, to, "null") && to - from == 4;
    }
}
