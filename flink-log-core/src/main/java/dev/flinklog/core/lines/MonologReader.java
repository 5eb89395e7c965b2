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
 * <p>Level: the level name. MESSAGE: after {@code ": "}, without the {@code " []"} Monolog writes
 * for an empty context and extra (a non-empty one, JSON, stays in the message). Pairs: {@code
 * channel}.
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
        return Ascii.isDigit(next); // "[2026-"
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
        int e = to;
        // "%context% %extra%" when both are empty: " [] []"
        for (int k = 0; k < 2 && e - m >= 3 && Scan.startsWith(s, e - 3, to, " []"); k++) {
            e -= 3;
        }
        if (e > m) {
            out.set(Field.MESSAGE, m, e);
        }
        return true;
    }
}
