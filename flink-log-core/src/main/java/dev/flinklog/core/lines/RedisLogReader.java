package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#REDIS}: redis-server's and redis-sentinel's log ({@code serverLogRaw} in {@code
 * server.c}): {@code pid:role dd Mon yyyy HH:mm:ss.mmm <c> message}.
 *
 * <ul>
 *   <li>role M (master), S (replica), C (child, also the first lines of a starting server), X
 *       (sentinel) → the pair {@code role};
 *   <li>no year before Redis 5 ({@code 10493:M 06 Jun 17:57:35.569 # …}): the year that puts the
 *       line before the reference; the day may be written without its zero ({@code 1 Jan 2022});
 *   <li>Redis 2.x: {@code [pid] dd Mon HH:mm:ss[.mmm] <c> message}, no role, no year, before 2.6
 *       no milliseconds;
 *   <li>signal-handler lines, whose time is epoch seconds: {@code pid:signal-handler (1581954802)
 *       msg} and 2.6's {@code [pid | signal handler] (1365998382) msg}; they carry no level;
 *   <li>a module's {@code <name> } before the message ({@code RedisModule_Log}) → the pair {@code
 *       module}.
 * </ul>
 *
 * The level character is Redis's vocabulary ({@code server.c}: {@code ".-*#"} for LL_DEBUG,
 * LL_VERBOSE, LL_NOTICE, LL_WARNING), which the level table does not know: {@code .} debug, {@code
 * -} (verbose, below notice) debug, {@code *} (notice) info, {@code #} warn. Redis has no error
 * character: even {@code # Fatal: …} is a warning by the line.
 */
final class RedisLogReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.REDIS;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c) || c == '[';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return c == '[' ? Ascii.isDigit(next) && tenth == '~' : next == ':'; // "[pid] " (no date), "pid:role "
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (s.charAt(from) == '[') {
            int d = Scan.digits(s, from + 1, to, 10);
            if (d == from + 1) {
                return false;
            }
            out.set(Field.PID, from + 1, d);
            if (Scan.startsWith(s, d, to, "] ")) {
                return body(s, d + 2, to, false, ctx, out);
            }
            return Scan.startsWith(s, d, to, " | signal handler] ") && signal(s, d + 19, to, ctx, out);
        }
        int d = Scan.digits(s, from, to, 10);
        if (d == from || d + 2 >= to || s.charAt(d) != ':') {
            return false;
        }
        out.set(Field.PID, from, d);
        char role = s.charAt(d + 1);
        if ((role == 'M' || role == 'S' || role == 'C' || role == 'X') && s.charAt(d + 2) == ' ') {
            out.pair("role", d + 1, d + 2, false);
            return body(s, d + 3, to, true, ctx, out);
        }
        return Scan.startsWith(s, d + 1, to, "signal-handler ") && signal(s, d + 16, to, ctx, out);
    }

    /** {@code dd Mon [yyyy ]HH:mm:ss[.mmm] <c> message} at {@code i}. */
    private static boolean body(CharSequence s, int i, int to, boolean yearAllowed, LineContext ctx, ParsedLine out) {
        int de = Scan.digits(s, i, to, 2);
        if (de == i || de + 5 >= to || s.charAt(de) != ' ' || s.charAt(de + 4) != ' ') {
            return false;
        }
        int day = (int) Scan.number(s, i, de);
        int month = Scan.month(s, de + 1, to);
        if (month == 0) {
            return false;
        }
        int c = de + 5;
        boolean year = yearAllowed && Scan.isDigits(s, c, 4, to) && c + 4 < to && s.charAt(c + 4) == ' ';
        if (year) {
            c += 5;
        }
        int ce = LayoutScan.clock(s, c, to);
        if (ce < 0) {
            return false;
        }
        int te = ce;
        if (te < to && s.charAt(te) == '.') {
            te = Scan.digits(s, ce + 1, to, 9);
            if (te == ce + 1) {
                return false;
            }
        }
        if (te + 2 > to || s.charAt(te) != ' ') {
            return false;
        }
        LogLevel level = level(s.charAt(te + 1));
        if (level == null || (te + 2 < to && s.charAt(te + 2) != ' ')) {
            return false;
        }
        boolean timed = year
                ? ctx.time(s, i, te, out)
                : ctx.yearless(
                        month,
                        day,
                        LayoutScan.two(s, c, to),
                        LayoutScan.two(s, c + 3, to),
                        LayoutScan.two(s, c + 6, to),
                        te > ce ? LayoutScan.nanos(s, ce + 1, te) : 0,
                        out);
        if (!timed) {
            return false;
        }
        out.level(level);
        message(s, Math.min(te + 3, to), to, out);
        return true;
    }

    /** Redis's level characters (see the class comment); null for any other. */
    private static LogLevel level(char c) {
        switch (c) {
            case '.':
            case '-':
                return LogLevel.DEBUG;
            case '*':
                return LogLevel.INFO;
            case '#':
                return LogLevel.WARN;
            default:
                return null;
        }
    }

    /** {@code (epoch-seconds) message} at {@code i}. */
    private static boolean signal(CharSequence s, int i, int to, LineContext ctx, ParsedLine out) {
        if (i >= to || s.charAt(i) != '(') {
            return false;
        }
        int d = Scan.digits(s, i + 1, to, 12);
        if (d == i + 1 || !Scan.startsWith(s, d, to, ")") || !ctx.time(s, i + 1, d, out)) {
            return false;
        }
        out.set(Field.MESSAGE, Scan.spaces(s, d + 1, to), to);
        return true;
    }

    /** The message, a module's {@code <name> } taken off it. */
    private static void message(CharSequence s, int m, int to, ParsedLine out) {
        if (m < to && s.charAt(m) == '<') {
            int ne = LayoutScan.name(s, m + 1, to);
            if (ne > m + 1 && Scan.startsWith(s, ne, to, "> ")) {
                out.pair("module", m + 1, ne, false);
                out.set(Field.MESSAGE, ne + 2, to);
                return;
            }
        }
        out.set(Field.MESSAGE, m, to);
    }
}
