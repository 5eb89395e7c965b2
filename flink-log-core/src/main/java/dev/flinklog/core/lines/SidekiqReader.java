package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#RUBY}, as Sidekiq writes it (its own formatters, not Ruby's Logger default):
 *
 * <ul>
 *   <li>Sidekiq 6 and later, {@code Sidekiq::Logger::Formatters::Pretty}: {@code
 *       2020-01-09T02:41:51.125Z pid=28585 tid=oxd64e8p1 class=HardWorker jid=b4a577edbccf1d805744efa9
 *       INFO: start}, the job's context as {@code key=value} words;
 *   <li>Sidekiq 4 and 5: {@code 2018-10-11T07:20:52.722Z 44689 TID-oxtmzvjn9 FooWorker JID-aca9134a8a
 *       INFO: start}, the worker's class and {@code JID-}, {@code BID-} words;
 *   <li>either without the time ({@code WithoutTimestamp}, what Sidekiq writes under systemd and on
 *       Heroku, whose journals time the line).
 * </ul>
 *
 * PID: the process id. Level: the word before {@code ": "} ({@code UNKNOWN} has none). Pairs: {@code
 * tid}, {@code class}, {@code jid}, {@code bid} (without their {@code TID-} prefixes) and the other
 * context pairs as written ({@code elapsed}). MESSAGE: after {@code ": "}.
 */
final class SidekiqReader extends LineParser.ShapeReader {

    /** Context words between the thread and the level (class, jid, bid, elapsed, tags …). */
    private static final int MAX_CONTEXT = 8;

    private static final int MAX_PID = 10;

    @Override
    public LineShape shape() {
        return LineShape.RUBY;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c) || c == 'p';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == 'p') {
            return run == 3 && next == '='; // "pid="
        }
        return (run == 4 && next == '-' && tenth == 'T') || next == ' ';
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == 'z' || after == '0' || after == '+'; // "pid=", the pid of Sidekiq 4 and 5; an offset
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int p = from;
        int timeEnd = -1;
        if (s.charAt(from) != 'p') {
            int t = LayoutScan.isoDateTime(s, from, to, true);
            if (t > 0) {
                if (t >= to || s.charAt(t) != ' ' || s.charAt(from + 10) != 'T') {
                    return false;
                }
                timeEnd = t;
                p = t + 1;
            }
        }
        // The process and the thread: "pid=1 tid=abc" (6+) or "1 TID-abc" (4, 5).
        int pid;
        int pidEnd;
        int tid;
        if (Scan.startsWith(s, p, to, "pid=")) {
            pid = p + 4;
            pidEnd = Scan.digits(s, pid, to, MAX_PID);
            if (pidEnd == pid || !Scan.startsWith(s, pidEnd, to, " tid=")) {
                return false;
            }
            tid = pidEnd + 5;
        } else {
            pid = p;
            pidEnd = Scan.digits(s, pid, to, MAX_PID);
            if (pidEnd == pid || !Scan.startsWith(s, pidEnd, to, " TID-")) {
                return false;
            }
            tid = pidEnd + 5;
        }
        int tidEnd = Scan.token(s, tid, to);
        if (tidEnd == tid) {
            return false;
        }
        // Context words, then "LEVEL: ".
        int w = tidEnd;
        int level = -1;
        for (int n = 0; n <= MAX_CONTEXT && w < to && s.charAt(w) == ' '; n++) {
            int ws = w + 1;
            int we = Scan.token(s, ws, to);
            if (we > ws + 1 && s.charAt(we - 1) == ':' && LayoutScan.upper(s, ws, we - 1) == we - 1) {
                level = ws;
                w = we;
                break;
            }
            w = we;
        }
        if (level < 0 || (w < to && s.charAt(w) != ' ')) {
            return false;
        }
        LogLevel lv = LineLevels.word(s, level, w - 1);
        if (lv == null && !Scan.startsWith(s, level, to, "UNKNOWN:")) {
            return false;
        }
        if (timeEnd > 0 && !ctx.time(s, from, timeEnd, out)) {
            return false;
        }
        if (lv != null) {
            out.level(lv);
        }
        out.set(Field.PID, pid, pidEnd);
        out.pair("tid", tid, tidEnd, false);
        context(s, tidEnd, level - 1, out);
        out.set(Field.MESSAGE, Math.min(w + 1, to), to);
        return true;
    }

    /** The words between the thread and the level, {@code s[from, to)} (each after a space). */
    private static void context(CharSequence s, int from, int to, ParsedLine out) {
        int w = from;
        boolean className = false;
        while (w < to) {
            int ws = w + 1;
            int we = Scan.token(s, ws, to);
            int eq = Scan.indexOf(s, '=', ws, we);
            if (eq > ws) {
                out.pair(ws, eq, eq + 1, we, false);
            } else if (Scan.startsWith(s, ws, we, "JID-")) {
                out.pair("jid", ws + 4, we, false);
            } else if (Scan.startsWith(s, ws, we, "BID-")) {
                out.pair("bid", ws + 4, we, false);
            } else if (!className) {
                out.pair("class", ws, we, false);
                className = true;
            }
            w = we;
        }
    }
}
