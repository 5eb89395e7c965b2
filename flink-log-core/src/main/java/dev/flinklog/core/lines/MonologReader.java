package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#PHP}: PHP's Monolog with its default {@code LineFormatter}, which Laravel and
 * Symfony logs use: {@code [%datetime%] %channel%.%level_name%: %message% %context% %extra%}, the
 * time {@code 2024-01-01 12:00:00} (Monolog 1, Laravel) or {@code 2024-01-01T12:00:00.123456+00:00}
 * (Monolog 2 and 3), the channel ({@code app}, {@code request}, Laravel's environment name {@code
 * local}), the level name (DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY).
 *
 * <p>Level: the level name. MESSAGE: after {@code ": "}, without the trailing context and extra
 * (JSON; {@code " []"} when empty). Pairs: {@code channel}, and the context's and extra's members
 * ({@link #contextStart}).
 */
final class MonologReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.PHP;
    }

    @Override
    public boolean mayStartWith(char c) {
        return c == '[';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return Ascii.isDigit(next) && tenth != '~'; // "[2026-01-02 "
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        // the channel's name (a dash and a digit read as an offset's sign)
        return after == '0'
                || after == 'A'
                || after == 'a'
                || after == 'z'
                || after == '-'
                || after == '+'
                || after == '~';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = LayoutScan.isoDateTime(s, from + 1, to, true);
        if (t < 0 || !Scan.startsWith(s, t, to, "] ")) {
            return false;
        }
        int c = t + 2;
        int end = LayoutScan.name(s, c, to);
        if (end >= to || s.charAt(end) != ':' || (end + 1 < to && s.charAt(end + 1) != ' ')) {
            return false;
        }
        int dot = end - 1;
        while (dot > c && s.charAt(dot) != '.') {
            dot--;
        }
        LogLevel level = dot > c ? LayoutScan.levelWord(s, dot + 1, end) : null;
        if (level == null || !ctx.time(s, from + 1, t, out)) {
            return false;
        }
        out.level(level);
        out.pair("channel", c, dot, false);
        int m = Math.min(end + 2, to);
        int e = contextStart(s, m, to, out);
        // "%context% %extra%" when both are empty: " [] []"
        for (int k = 0; k < 2 && e - m >= 3 && Scan.startsWith(s, e - 3, to, " []"); k++) {
            e -= 3;
        }
        if (e > m) {
            out.set(Field.MESSAGE, m, e);
        }
        return true;
    }

    /**
     * Where the trailing {@code %context% %extra%} start (or {@code to}): one or two JSON values at
     * the end of the message, each an object or an array (Laravel leaves an empty one out), their
     * members the pairs (an object's flat keys, a nested value as its JSON text; a non-empty list
     * as the pair {@code context} or {@code extra}). Nothing is taken unless every value reads.
     */
    private static int contextStart(CharSequence s, int m, int to, ParsedLine out) {
        int last = value(s, m, to);
        if (last < 0) {
            return to;
        }
        int first = last - 1 > m ? value(s, m, last - 1) : -1;
        int start = first >= 0 ? first : last;
        long mark = out.mark();
        boolean read = first >= 0
                ? take(s, first, last - 1, "context", out) && take(s, last, to, "extra", out)
                : take(s, last, to, "context", out);
        if (!read) {
            out.rollback(mark);
            return to;
        }
        return start > m ? start - 1 : m;
    }

    /** The start of the object or array that ends at {@code end} after a space (or at {@code m}). */
    private static int value(CharSequence s, int m, int end) {
        int v = Json.containerStart(s, m, end);
        return v >= m && (v == m || s.charAt(v - 1) == ' ') && Json.valueEnd(s, v, end) == end ? v : -1;
    }

    /** The members of an object as pairs, a non-empty list as the pair {@code name}; false when the object does not read. */
    private static boolean take(CharSequence s, int from, int to, String name, ParsedLine out) {
        if (s.charAt(from) == '{') {
            return Json.members(s, from, to, out);
        }
        if (to - from > 2) {
            out.pair(name, from, to, false);
        }
        return true;
    }
}
