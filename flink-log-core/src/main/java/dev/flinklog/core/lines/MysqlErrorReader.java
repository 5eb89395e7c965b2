package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#MYSQL}: the MySQL and MariaDB server error log (mysqld's stderr), {@code time
 * [thread] [Label] [[MY-code] [Subsystem]] message}:
 *
 * <ul>
 *   <li>MySQL 8.0+: {@code 2020-08-06T14:25:02.835618Z 0 [Note] [MY-012487] [InnoDB] msg}, MySQL
 *       5.7 without the code and subsystem, both with the offset of {@code log_timestamps=SYSTEM}
 *       when set;
 *   <li>MySQL 5.6 and MariaDB: {@code 2019-11-14 12:00:51 0 [Note] msg}, local time, the hour
 *       padded with a space ({@code 2018-05-28  2:23:49}); MariaDB before 10.4 writes a 15-digit
 *       pthread id as the thread;
 *   <li>MySQL 5.5 and MariaDB up to 10.0: {@code 190306 16:31:04 [Note] msg} (two-digit year, read
 *       as 20yy; no thread), and the lines InnoDB and {@code mysqld_safe} write there without a
 *       label ({@code 161209 14:18:50  InnoDB: msg}, {@code 161209 13:08:33 mysqld_safe msg}: no
 *       level, the writer as {@code subsystem}); MySQL 5.6's InnoDB also writes unlabelled lines
 *       after a full date, with its thread in hex ({@code 2018-07-11 21:10:10 5d3ff340 InnoDB: msg});
 *   <li>the official Docker image's entrypoint in the same stream: {@code 2024-10-21
 *       15:28:58+00:00 [Note] [Entrypoint]: msg}.
 * </ul>
 *
 * Labels are MySQL's vocabulary (MySQL manual, "Error Log Output Format"; MariaDB {@code
 * sql/log.cc}): {@code ERROR} → error, {@code Warning} → warn, {@code Note} and {@code System}
 * (server start and stop) → info; the level table knows neither Note nor System, so they are
 * mapped here. Pairs: {@code thread} (the writer's thread id: the OS process id is only in
 * messages), {@code err_code} ({@code MY-010116}, a string as the manual asks), {@code subsystem}
 * ({@code Server}, {@code InnoDB}, {@code Entrypoint}, {@code mysqld_safe}). Headerless lines (the {@code Version: …}
 * banner, InnoDB dumps) are not taken.
 */
final class MysqlErrorReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.MYSQL;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c);
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return (run == 4 && next == '-' && tenth != '~') || (run == 6 && next == ' '); // "2026-", "yymmdd "
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        // the thread (decimal, or InnoDB's hex), "[Note]" with none, or an offset LayoutScan reads
        return after == '0' || after == 'a' || after == '[' || after == '+';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = time(s, from, to, ctx, out);
        if (t < 0 || t + 1 >= to || s.charAt(t) != ' ') {
            return false;
        }
        int p = t + 1;
        if (s.charAt(from + 6) == ' ') {
            // 5.5's "yymmdd" time: InnoDB and mysqld_safe write their own lines without a label
            int w = s.charAt(p) == ' ' ? p + 1 : p;
            int we = Scan.startsWith(s, w, to, "InnoDB: ")
                    ? w + 6
                    : Scan.startsWith(s, w, to, "mysqld_safe ") ? w + 11 : -1;
            if (we > 0) {
                out.pair("subsystem", w, we, false);
                out.set(Field.MESSAGE, Math.min(we + (s.charAt(we) == ':' ? 2 : 1), to), to);
                return true;
            }
        }
        // 5.6's InnoDB writes its own lines too: the thread in hex, no label.
        int h = p;
        while (h < to && h - p < MAX_HEX_THREAD && isHex(s.charAt(h))) {
            h++;
        }
        if (h > p && Scan.startsWith(s, h, to, " InnoDB: ")) {
            out.pair("thread", p, h, false);
            out.pair("subsystem", h + 1, h + 7, false);
            out.set(Field.MESSAGE, h + 9, to);
            return true;
        }
        int d = Scan.digits(s, p, to, 20);
        if (d > p) {
            if (d >= to || s.charAt(d) != ' ') {
                return false;
            }
            out.pair("thread", p, d, false);
            p = d + 1;
        }
        if (p >= to || s.charAt(p) != '[') {
            return false;
        }
        int close = Scan.indexOf(s, ']', p + 1, Math.min(to, p + 10));
        LogLevel level = close < 0 ? null : label(s, p + 1, close);
        if (level == null || (close + 1 < to && s.charAt(close + 1) != ' ')) {
            return false;
        }
        out.level(level);
        int m = Math.min(close + 2, to);
        boolean coded = false;
        if (Scan.startsWith(s, m, to, "[MY-")) {
            int ce = Scan.digits(s, m + 4, to, 9);
            if (ce > m + 4 && Scan.startsWith(s, ce, to, "] ")) {
                out.pair("err_code", m + 1, ce, false);
                m = ce + 2;
                coded = true;
            }
        }
        if (m < to && s.charAt(m) == '[') {
            // after a code "[Subsystem] "; without one only the entrypoint's "[Entrypoint]: "
            int ne = LayoutScan.name(s, m + 1, to);
            String after = coded ? "] " : "]: ";
            if (ne > m + 1 && Scan.startsWith(s, ne, to, after)) {
                out.pair("subsystem", m + 1, ne, false);
                m = ne + after.length();
            }
        }
        out.set(Field.MESSAGE, m, to);
        return true;
    }

    /** A 64-bit thread id in hex ({@code %lx}). */
    private static final int MAX_HEX_THREAD = 16;

    private static boolean isHex(char c) {
        return Ascii.isDigit(c) || (c >= 'a' && c <= 'f');
    }

    /** The time at {@code from} in one of the forms above, read into {@code out}: the index after it, or -1. */
    private static int time(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (LayoutScan.date(s, from, to, '-')) {
            if (from + 12 >= to) {
                return -1;
            }
            char sep = s.charAt(from + 10);
            if (sep == 'T' || (sep == ' ' && s.charAt(from + 11) != ' ')) {
                int t = LayoutScan.isoDateTime(s, from, to, true);
                return t > 0 && ctx.time(s, from, t, out) ? t : -1;
            }
            if (sep != ' ') {
                return -1;
            }
            // MariaDB's "%2d" hour: "2018-05-28  2:23:49"
            return padded(
                    s,
                    from + 12,
                    to,
                    (int) Scan.number(s, from, from + 4),
                    LayoutScan.two(s, from + 5, to),
                    LayoutScan.two(s, from + 8, to),
                    ctx,
                    out);
        }
        // "yymmdd HH:mm:ss" / "yymmdd  H:mm:ss"
        if (!Scan.isDigits(s, from, 6, to) || from + 8 >= to || s.charAt(from + 6) != ' ') {
            return -1;
        }
        int year = 2000 + LayoutScan.two(s, from, to);
        int month = LayoutScan.two(s, from + 2, to);
        int day = LayoutScan.two(s, from + 4, to);
        if (s.charAt(from + 7) == ' ') {
            return padded(s, from + 8, to, year, month, day, ctx, out);
        }
        int c = LayoutScan.clock(s, from + 7, to);
        if (c < 0
                || !ctx.civil(
                        year,
                        month,
                        day,
                        LayoutScan.two(s, from + 7, to),
                        LayoutScan.two(s, from + 10, to),
                        LayoutScan.two(s, from + 13, to),
                        0,
                        out)) {
            return -1;
        }
        return c;
    }

    /** {@code H:mm:ss}, a one-digit hour after its padding space, at {@code i}. */
    private static int padded(
            CharSequence s, int i, int to, int year, int month, int day, LineContext ctx, ParsedLine out) {
        if (i + 7 > to
                || !Ascii.isDigit(s.charAt(i))
                || s.charAt(i + 1) != ':'
                || s.charAt(i + 4) != ':'
                || !ctx.civil(
                        year,
                        month,
                        day,
                        s.charAt(i) - '0',
                        LayoutScan.two(s, i + 2, to),
                        LayoutScan.two(s, i + 5, to),
                        0,
                        out)) {
            return -1;
        }
        return i + 7;
    }

    /** MySQL's labels (see the class comment), exact case; null for any other text. */
    private static LogLevel label(CharSequence s, int from, int to) {
        switch (to - from) {
            case 4:
                return Scan.startsWith(s, from, to, "Note") ? LogLevel.INFO : null;
            case 5:
                return Scan.startsWith(s, from, to, "ERROR") ? LineLevels.word(s, from, to) : null;
            case 6:
                return Scan.startsWith(s, from, to, "System") ? LogLevel.INFO : null;
            case 7:
                return Scan.startsWith(s, from, to, "Warning") ? LineLevels.word(s, from, to) : null;
            default:
                return null;
        }
    }
}
