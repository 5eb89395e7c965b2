package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#JAVA}: the default and near-default layouts of log4j, log4j2, logback, Spring
 * Boot, java.util.logging in Tomcat, and the Java servers that ship their own (Kafka, ZooKeeper,
 * Flink, Hadoop, Spark):
 *
 * <ul>
 *   <li>Spring Boot 1.x/2.x {@code 2014-03-05 10:57:51.112  INFO 45469 --- [main] o.a.c.Logger : msg}
 *       and 3.x {@code 2026-02-19T12:22:37.451Z  INFO 128443 --- [myapp] [main] logger : msg}
 *       (the {@code [%15.15t]} thread group is the one of 15 characters; a group before it is the
 *       application name, a second one the application group, one after it the correlation ids),
 *       also with tracing ids after the level ({@code INFO [app,traceId,spanId] 45469 ---}, Sleuth's
 *       and Boot 3.0/3.1's documented level pattern: the pair {@code correlation}, the name before
 *       the first comma the SERVICE);
 *   <li>log4j/Flink {@code DATE LEVEL logger [ndc] - msg} and {@code DATE LEVEL logger - msg};
 *       Hadoop {@code DATE LEVEL [thread] logger: msg}; log4j2's {@code %d %p [%t] %c : %m}, also
 *       with Spring's padding ({@code [%15.15t] %-40.40logger : %m}) and Spring Boot's Log4j2 {@code
 *       ????} for a PID not known yet; ZooKeeper {@code DATE - LEVEL
 *       [thread:Class@line] - msg}; logback's dated TTLL {@code DATE [thread] LEVEL logger - msg}
 *       and {@code DATE zone | LEVEL | logger - msg};
 *   <li>logback TTLLLayout and the log4j2 default, date-less: {@code HH:mm:ss.SSS [thread] LEVEL
 *       logger - msg} (also {@code --}, logback 1.3+), placed on the day before the reference; log4j
 *       1's TTCCLayout {@code 176 [main] INFO logger ndc - msg}, with no time;
 *   <li>Kafka {@code [DATE] LEVEL msg (logger)}; the all-bracketed {@code [DATE] [LEVEL] [thread]
 *       [logger] - msg}; Tomcat/JULI OneLineFormatter {@code dd-MMM-yyyy
 *       HH:mm:ss.SSS LEVEL [thread] class.method msg}; Spark {@code yy/MM/dd HH:mm:ss LEVEL logger:
 *       msg}; log4j2's own {@code LEVEL StatusLogger msg}; Quarkus {@code DATE LEVEL [logger]
 *       (thread) msg}; Cassandra's {@code LEVEL [thread] DATE File.java:line - msg}; Jenkins's
 *       {@code DATE [id=N]<tab>LEVEL<tab>class#method: msg}.
 * </ul>
 *
 * Pairs: {@code logger}, {@code thread} (trimmed of Spring's padding; a non-empty log4j NDC in the
 * same place counts as one), {@code line} (ZooKeeper's {@code @line}), {@code method} (Tomcat),
 * {@code source} (Cassandra's {@code %F:%L}),
 * {@code application_group} and {@code correlation} (Spring Boot 3). PID: Spring Boot's number;
 * SERVICE: Spring Boot's application name. {@code DATE LEVEL name: msg} (Hadoop's plain {@code %c:})
 * is left to {@link PythonLogReader}: Python's {@code %(levelname)s %(name)s:} writes the same.
 * Stack-trace lines have no header and are never taken.
 */
final class JavaLayoutReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.JAVA;
    }

    @Override
    public boolean mayStartWith(char c) {
        // digits: a date or a time; '[': Kafka; the first letters of TRACE DEBUG INFO WARN ERROR
        // FATAL: log4j2's StatusLogger.
        return Ascii.isDigit(c) || c == '[' || c == 'T' || c == 'D' || c == 'I' || c == 'W' || c == 'E' || c == 'F';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == '[') {
            return Ascii.isDigit(next) && tenth != '~'; // Kafka's "[2026-01-02 "
        }
        if (Ascii.isDigit(c)) {
            // an ISO date; "HH:", Tomcat's "dd-", Spark's "yy/"; TTCC's "176 [main]"
            return (run == 4 && next == '-' && tenth != '~')
                    || (run == 2 && (next == ':' || next == '-' || next == '/'))
                    || next == ' ';
        }
        return next == ' '; // "ERROR StatusLogger"
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        if (c == '[') {
            return after == ']' || after == '[' || after == 'A'; // Elasticsearch's, kafka's bracketed, level
        }
        // afterDate: padding, "[thread]", "|", "- ", an upper-case level; or an offset LayoutScan reads
        return after == ' ' || after == '[' || after == '~' || after == '-' || after == 'A' || after == '+';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        char c = s.charAt(from);
        if (c == '[') {
            return kafka(s, from, to, ctx, out);
        }
        if (!Ascii.isDigit(c)) {
            return statusLogger(s, from, to, out) || levelFirst(s, from, to, ctx, out);
        }
        int t = LayoutScan.isoDateTime(s, from, to, true);
        if (t > 0) {
            return t < to && s.charAt(t) == ' ' && ctx.time(s, from, t, out) && afterDate(s, t, to, out);
        }
        int d = Scan.digits(s, from, to, MAX_RELATIVE_MILLIS);
        if (d + 1 < to && s.charAt(d) == ' ' && s.charAt(d + 1) == '[') {
            return ttcc(s, d + 1, to, out);
        }
        if (from + 2 >= to) {
            return false;
        }
        switch (s.charAt(from + 2)) {
            case ':':
                return dateless(s, from, to, ctx, out);
            case '-':
                return tomcat(s, from, to, ctx, out);
            case '/':
                return spark(s, from, to, ctx, out);
            default:
                return false;
        }
    }

    /** Digits of log4j's {@code %r} (milliseconds since the start: 12 is over 30 years). */
    private static final int MAX_RELATIVE_MILLIS = 12;

    /**
     * log4j 1's TTCCLayout, also what its BasicConfigurator sets: {@code %r [%t] %-5p %c %x - %m},
     * from the {@code [} at {@code q}. The milliseconds since the start are no time and are not
     * kept; a non-empty NDC is the pair {@code ndc}.
     */
    private static boolean ttcc(CharSequence s, int q, int to, ParsedLine out) {
        int close = LayoutScan.closeBracket(s, q, to);
        if (close < 0 || close + 1 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        int b = close + 2;
        int e = LayoutScan.upper(s, b, to);
        LogLevel level = LayoutScan.levelWord(s, b, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int ls = Scan.spaces(s, e, to);
        int le = LayoutScan.name(s, ls, to);
        if (le == ls || le >= to || s.charAt(le) != ' ') {
            return false;
        }
        int dash = le;
        while (dash + 2 < to && !(s.charAt(dash) == ' ' && s.charAt(dash + 1) == '-' && s.charAt(dash + 2) == ' ')) {
            dash++;
        }
        if (dash + 2 >= to) {
            return false;
        }
        out.level(level);
        out.pair("thread", q + 1, close, false);
        out.pair("logger", ls, le, false);
        int ndc = Scan.spaces(s, le, dash);
        if (ndc < dash) {
            out.pair("ndc", ndc, dash, false);
        }
        out.set(Field.MESSAGE, dash + 3, to);
        return true;
    }

    /** What follows a full date-time and one space. */
    private static boolean afterDate(CharSequence s, int p, int to, ParsedLine out) {
        int q = Scan.spaces(s, p, to);
        if (q >= to) {
            return false;
        }
        char c = s.charAt(q);
        if (c == '[') {
            return zookeeper(s, q, to, out) || threadFirst(s, q, to, out) || jenkins(s, q, to, out);
        }
        if (c == '|') {
            return pipes(s, q, to, out);
        }
        if (c == '-' && q + 1 < to && s.charAt(q + 1) == ' ') {
            return dashed(s, q + 2, to, out);
        }
        int e = LayoutScan.upper(s, q, to);
        LogLevel level = LayoutScan.levelWord(s, q, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        out.level(level);
        return afterLevel(s, Scan.spaces(s, e, to), to, out);
    }

    /**
     * After a level and its padding: Spring Boot's {@code pid --- [...] logger : msg}, {@code
     * [thread:Class@line] - msg}, {@code [thread] logger: msg}, {@code [thread] logger - msg},
     * {@code logger [ndc] - msg} or {@code logger - msg}. With a null {@code out} it only tells
     * whether one of them is there ({@link PythonLogReader} asks, so that the two readers agree
     * whatever their order).
     */
    static boolean afterLevel(CharSequence s, int r, int to, ParsedLine out) {
        if (r >= to) {
            return false;
        }
        int ids = -1;
        int idsEnd = -1;
        int start = r;
        if (s.charAt(r) == '[') {
            // Spring Boot's level pattern with tracing ids, "%5p [app,traceId,spanId]" (Sleuth's
            // default, Boot 3.0/3.1's documented one): the group before the pid.
            int close = LayoutScan.closeBracket(s, r, to);
            int p = close < 0 ? r : Scan.spaces(s, close + 1, to);
            if (close > 0 && p > close + 1 && p < to && Ascii.isDigit(s.charAt(p))) {
                ids = r + 1;
                idsEnd = close;
                r = p;
            }
        }
        int d = Scan.digits(s, r, to, 10);
        // Spring Boot's Log4j2 setup writes "????" while it does not know the PID yet
        boolean unknownPid = d == r && Scan.startsWith(s, r, to, "???? ");
        if (unknownPid) {
            d = r + 4;
        }
        int dashes = d > r ? Scan.spaces(s, d, to) : r;
        if ((d == r || dashes > d) && Scan.startsWith(s, dashes, to, "--- ")) {
            if (out != null) {
                if (!unknownPid) {
                    out.set(Field.PID, r, d);
                }
                if (ids >= 0) {
                    correlation(s, ids, idsEnd, out);
                    // Sleuth's first id is the application's name
                    int comma = Scan.indexOf(s, ',', ids, idsEnd);
                    if (comma > ids) {
                        out.set(Field.SERVICE, ids, comma);
                    }
                }
            }
            return spring(s, dashes + 4, to, out);
        }
        r = start;
        if (s.charAt(r) == '[') {
            int close = LayoutScan.closeBracket(s, r, to);
            if (close < 0) {
                return false;
            }
            int a = close + 1;
            if (Scan.startsWith(s, a, to, " - ")) {
                if (out != null) {
                    threadClassLine(s, r + 1, close, out);
                    out.set(Field.MESSAGE, a + 3, to);
                }
                return true;
            }
            if (a >= to || s.charAt(a) != ' ') {
                return false;
            }
            if (a + 1 < to && s.charAt(a + 1) == '(') {
                return quarkus(s, r, close, a + 1, to, out);
            }
            int le = LayoutScan.name(s, a + 1, to);
            if (le == a + 1 || !Ascii.isLetter(s.charAt(a + 1))) {
                return false;
            }
            int m;
            int colon = Scan.spaces(s, le, to);
            if (le < to && s.charAt(le) == ':') {
                // Hadoop "logger: msg"; some Flink setups write "logger:msg"
                m = le + 1 < to && s.charAt(le + 1) == ' ' ? le + 2 : le + 1;
            } else if (Scan.startsWith(s, le, to, " - ")) {
                m = le + 3;
            } else if (colon > le
                    && colon < to
                    && s.charAt(colon) == ':'
                    && (colon + 1 == to || s.charAt(colon + 1) == ' ')) {
                // log4j2's "%p [%t] %c : %m", also Spring's padded "%-40.40logger{39} : %m"
                m = Math.min(colon + 2, to);
            } else {
                return false;
            }
            if (out != null) {
                // Spring's "%15.15t" pads the thread on the left
                out.pair("thread", Scan.spaces(s, r + 1, close), close, false);
                out.pair("logger", a + 1, le, false);
                out.set(Field.MESSAGE, m, to);
            }
            return true;
        }
        if (!Ascii.isLetter(s.charAt(r))) {
            return false;
        }
        int le = LayoutScan.name(s, r, to);
        if (le < to && s.charAt(le) == ':') {
            // log4j's "%c{1}:%L - %m" (Spark on Kubernetes); a bare "logger: msg" after a level is
            // Python's reading (see the class comment)
            int line = Scan.digits(s, le + 1, to, 7);
            if (line == le + 1 || !Scan.startsWith(s, line, to, " - ")) {
                return false;
            }
            if (out != null) {
                out.pair("logger", r, le, false);
                out.pair("line", le + 1, line, false);
                out.set(Field.MESSAGE, line + 3, to);
            }
            return true;
        }
        if (le >= to || s.charAt(le) != ' ') {
            return false;
        }
        int k = Scan.spaces(s, le, to);
        int ndcStart = -1;
        int ndcEnd = -1;
        if (k < to && s.charAt(k) == '[') {
            int close = LayoutScan.closeBracket(s, k, to);
            if (close < 0 || close + 1 >= to || s.charAt(close + 1) != ' ') {
                return false;
            }
            ndcStart = k + 1;
            ndcEnd = close;
            k = close + 2;
        }
        if (k >= to || s.charAt(k) != '-' || (k + 1 < to && s.charAt(k + 1) != ' ')) {
            return false;
        }
        if (out != null) {
            out.pair("logger", r, le, false);
            if (ndcStart >= 0) {
                out.pair("thread", ndcStart, ndcEnd, false);
            }
            // Flink indents some messages by one more space: it is kept.
            out.set(Field.MESSAGE, Math.min(k + 2, to), to);
        }
        return true;
    }

    /** ZooKeeper's {@code thread:Class@line}; a group of another form is the thread alone. */
    private static void threadClassLine(CharSequence s, int from, int to, ParsedLine out) {
        int k = to - 1;
        while (k > from && Ascii.isDigit(s.charAt(k))) {
            k--;
        }
        if (k > from && k < to - 1 && s.charAt(k) == '@') {
            int at = k;
            int colon = at - 1;
            while (colon >= from && s.charAt(colon) != ':') {
                colon--;
            }
            if (colon >= from) {
                out.pair("thread", from, colon, false);
            }
            out.pair("logger", colon + 1, at, false);
            out.pair("line", at + 1, to, false);
            return;
        }
        out.pair("thread", from, to, false);
    }

    /**
     * Quarkus's (JBoss LogManager's) default {@code %-5p [%c{3.}] (%t) %s}: the logger in the
     * brackets from {@code open} to {@code close}, the thread in the parentheses at {@code paren}.
     */
    private static boolean quarkus(CharSequence s, int open, int close, int paren, int to, ParsedLine out) {
        int end = Scan.indexOf(s, ')', paren + 1, to);
        if (close == open + 1 || end <= paren + 1 || (end + 1 < to && s.charAt(end + 1) != ' ')) {
            return false;
        }
        if (out != null) {
            out.pair("logger", open + 1, close, false);
            out.pair("thread", paren + 1, end, false);
            if (end + 2 < to) {
                out.set(Field.MESSAGE, end + 2, to);
            }
        }
        return true;
    }

    /**
     * ZooKeeper 3.4+: {@code [myid:N] - LEVEL [thread:Class@line] - msg} after the date (its
     * {@code conf/log4j.properties}: {@code %d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n};
     * the server id is empty on a standalone server). With a null {@code out} only tells whether it
     * is there ({@link PythonLogReader} asks).
     */
    static boolean zookeeper(CharSequence s, int q, int to, ParsedLine out) {
        if (!Scan.startsWith(s, q, to, "[myid:")) {
            return false;
        }
        int close = Scan.indexOf(s, ']', q + 6, to);
        if (close < 0 || !Scan.startsWith(s, close, to, "] - ")) {
            return false;
        }
        if (!dashed(s, close + 4, to, out)) {
            return false;
        }
        if (out != null && close > q + 6) {
            out.pair("myid", q + 6, close, false);
        }
        return true;
    }

    /** ZooKeeper and similar: {@code DATE - [relative-ms] LEVEL [...] ...}, after the {@code - }. */
    private static boolean dashed(CharSequence s, int k, int to, ParsedLine out) {
        int d = Scan.digits(s, k, to, 12);
        if (d > k && d < to && s.charAt(d) == ' ') {
            k = Scan.spaces(s, d, to); // log4j %r: milliseconds since start, not kept
        }
        int e = LayoutScan.upper(s, k, to);
        LogLevel level = LayoutScan.levelWord(s, k, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int r = Scan.spaces(s, e, to);
        if (r >= to || s.charAt(r) != '[') {
            return false;
        }
        if (out != null) {
            out.level(level);
        }
        return afterLevel(s, r, to, out);
    }

    /**
     * Jenkins's own JUL formatter, from the {@code [} at {@code q}: {@code [id=N]}, a tab, the JUL
     * level, a tab, the source {@code class#method} and {@code ": "}. The thread id is the pair
     * {@code thread}, the class {@code logger}, the method {@code method}.
     */
    private static boolean jenkins(CharSequence s, int q, int to, ParsedLine out) {
        if (!Scan.startsWith(s, q, to, "[id=")) {
            return false;
        }
        int id = q + 4;
        int ide = Scan.digits(s, id, to, 10);
        if (ide == id || !Scan.startsWith(s, ide, to, "]\t")) {
            return false;
        }
        int b = ide + 2;
        int e = LayoutScan.upper(s, b, to);
        LogLevel level = LayoutScan.levelWord(s, b, e);
        if (level == null || e >= to || s.charAt(e) != '\t') {
            return false;
        }
        int ls = e + 1;
        int hash = LayoutScan.name(s, ls, to);
        if (hash == ls || hash >= to || s.charAt(hash) != '#') {
            return false;
        }
        int me = hash + 1;
        while (me < to && s.charAt(me) != ':' && s.charAt(me) != ' ') {
            me++;
        }
        if (me == hash + 1 || !Scan.startsWith(s, me, to, ": ")) {
            return false;
        }
        out.level(level);
        out.pair("thread", id, ide, false);
        out.pair("logger", ls, hash, false);
        out.pair("method", hash + 1, me, false);
        out.set(Field.MESSAGE, me + 2, to);
        return true;
    }

    /**
     * logback's TTLL body, {@code [thread] LEVEL logger - msg} (the logger may be bracketed, as
     * {@code [%F:%L]} prints it). With a null {@code out} only tells whether it is there.
     */
    static boolean threadFirst(CharSequence s, int q, int to, ParsedLine out) {
        int close = LayoutScan.closeBracket(s, q, to);
        if (close < 0 || close + 1 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        int b = Scan.spaces(s, close + 1, to);
        int e = LayoutScan.upper(s, b, to);
        LogLevel level = LayoutScan.levelWord(s, b, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int lg = Scan.spaces(s, e, to);
        int ls;
        int lend;
        int after;
        if (lg < to && s.charAt(lg) == '[') {
            int c2 = LayoutScan.closeBracket(s, lg, to);
            if (c2 < 0) {
                return false;
            }
            ls = lg + 1;
            lend = c2;
            after = c2 + 1;
        } else {
            ls = lg;
            lend = LayoutScan.name(s, lg, to);
            after = lend;
            if (lend == lg) {
                return false;
            }
        }
        int location = -1;
        if (Scan.startsWith(s, after, to, " (")) {
            // Hadoop's "%c{2} (%F:%M(%L))": the source location after the logger
            location = after + 2;
            after = LayoutScan.close(s, after + 1, to, '(', ')') + 1;
            if (after == 0) {
                return false;
            }
        }
        int m;
        if (Scan.startsWith(s, after, to, " - ")) {
            m = after + 3;
        } else if (Scan.startsWith(s, after, to, " -- ")) {
            m = after + 4; // logback 1.3+ TTLLLayout: " -" + key/values + "- ", none here
        } else {
            return false;
        }
        if (out != null) {
            out.level(level);
            out.pair("thread", q + 1, close, false);
            out.pair("logger", ls, lend, false);
            if (location >= 0) {
                out.pair("source", location, after - 1, false);
            }
            out.set(Field.MESSAGE, m, to);
        }
        return true;
    }

    /** {@code DATE zone | LEVEL | logger - msg}. */
    private static boolean pipes(CharSequence s, int q, int to, ParsedLine out) {
        int a = Scan.spaces(s, q + 1, to);
        int e = LayoutScan.upper(s, a, to);
        LogLevel level = LayoutScan.levelWord(s, a, e);
        int b = Scan.spaces(s, e, to);
        if (level == null || b >= to || s.charAt(b) != '|') {
            return false;
        }
        int c = Scan.spaces(s, b + 1, to);
        int le = LayoutScan.name(s, c, to);
        if (le == c || !Scan.startsWith(s, le, to, " - ")) {
            return false;
        }
        out.level(level);
        out.pair("logger", c, le, false);
        out.set(Field.MESSAGE, le + 3, to);
        return true;
    }

    /**
     * Spring Boot after {@code --- }: bracket groups, the logger, {@code :}, the message (with a
     * null {@code out}, whether they are there).
     */
    private static boolean spring(CharSequence s, int k0, int to, ParsedLine out) {
        int start = Scan.spaces(s, k0, to);
        // First pass: how many groups, and which is the thread (%15.15t: exactly 15 characters).
        int n = 0;
        int thread = -1;
        int k = start;
        while (k < to && s.charAt(k) == '[' && n < 4) {
            int close = springGroupEnd(s, k, to);
            if (close < 0) {
                return false;
            }
            if (thread < 0 && close - k - 1 == 15) {
                thread = n;
            }
            n++;
            k = Scan.spaces(s, close + 1, to);
        }
        if (n == 0) {
            return false;
        }
        int loggerStart = k;
        int loggerEnd = Scan.token(s, k, to);
        int colon = Scan.spaces(s, loggerEnd, to);
        if (loggerEnd == loggerStart
                || colon == loggerEnd
                || colon >= to
                || s.charAt(colon) != ':'
                || (colon + 1 < to && s.charAt(colon + 1) != ' ')) {
            return false;
        }
        if (out == null) {
            return true;
        }
        if (thread < 0) {
            thread = n == 1 ? 0 : 1;
        }
        // Second pass: the same groups, now named.
        k = start;
        for (int g = 0; g < n; g++) {
            int close = springGroupEnd(s, k, to);
            if (g == thread) {
                out.pair("thread", Scan.spaces(s, k + 1, close), close, false);
            } else if (g == 0 && thread > 0) {
                out.set(Field.SERVICE, k + 1, close);
            } else if (g == 1 && thread > 1) {
                out.pair("application_group", k + 1, close, false);
            } else if (g == thread + 1) {
                correlation(s, k + 1, close, out);
            }
            k = Scan.spaces(s, close + 1, to);
        }
        out.pair("logger", loggerStart, loggerEnd, false);
        out.set(Field.MESSAGE, Math.min(colon + 2, to), to);
        return true;
    }

    /**
     * Spring's tracing ids as the pair {@code correlation}, trimmed of its padding; left out when
     * no id is there ({@code [,,]}, or Boot 3.2's blank padded group).
     */
    private static void correlation(CharSequence s, int from, int to, ParsedLine out) {
        int a = Scan.spaces(s, from, to);
        int b = to;
        while (b > a && s.charAt(b - 1) == ' ') {
            b--;
        }
        for (int i = a; i < b; i++) {
            if (s.charAt(i) != ',' && s.charAt(i) != '-') {
                out.pair("correlation", a, b, false);
                return;
            }
        }
    }

    private static int springGroupEnd(CharSequence s, int k, int to) {
        // A padded thread name is 15 characters whatever they are (a ']' among them included).
        if (k + 16 < to && s.charAt(k + 16) == ']') {
            return k + 16;
        }
        return Scan.indexOf(s, ']', k + 1, to);
    }

    /** logback TTLLLayout / log4j2 default: {@code HH:mm:ss.SSS [thread] LEVEL logger - msg}. */
    private static boolean dateless(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int c = LayoutScan.clock(s, from, to);
        if (c < 0) {
            return false;
        }
        int f = LayoutScan.fraction(s, c, to);
        if (f < 0 || f + 1 >= to || s.charAt(f) != ' ' || s.charAt(f + 1) != '[') {
            return false;
        }
        int nanos = f > c ? LayoutScan.nanos(s, c + 1, f) : 0;
        return threadFirst(s, f + 1, to, null)
                && ctx.dateless(
                        LayoutScan.two(s, from, to),
                        LayoutScan.two(s, from + 3, to),
                        LayoutScan.two(s, from + 6, to),
                        nanos,
                        out)
                && threadFirst(s, f + 1, to, out);
    }

    /** Kafka: {@code [yyyy-MM-dd HH:mm:ss,SSS] LEVEL msg (logger)}. */
    private static boolean kafka(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = LayoutScan.isoDateTime(s, from + 1, to, true);
        if (t < 0 || t + 1 >= to || s.charAt(t) != ']') {
            return false;
        }
        if (s.charAt(t + 1) == '[') {
            return elasticsearch(s, from, t, to, ctx, out);
        }
        if (s.charAt(t + 1) != ' ') {
            return false;
        }
        if (t + 2 < to && s.charAt(t + 2) == '[') {
            return allBracketed(s, from, t, to, ctx, out);
        }
        int a = t + 2;
        int e = LayoutScan.upper(s, a, to);
        LogLevel level = LayoutScan.levelWord(s, a, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int m = e + 1;
        if (PythonLogReader.flaskModuleEnd(s, m, to) > 0) {
            return false; // Flask's "[time] LEVEL in module: msg"
        }
        if (s.charAt(to - 1) != ')') {
            return false;
        }
        int k = to - 2;
        while (k >= m && LayoutScan.isNameChar(s.charAt(k))) {
            k--;
        }
        if (k < m
                || s.charAt(k) != '('
                || k + 1 >= to - 1
                || !Ascii.isLetter(s.charAt(k + 1))
                || (k > m && s.charAt(k - 1) != ' ')) {
            return false;
        }
        if (!ctx.time(s, from + 1, t, out)) {
            return false;
        }
        out.level(level);
        out.pair("logger", k + 1, to - 1, false);
        out.set(Field.MESSAGE, m, k - 1);
        return true;
    }

    /**
     * A site's all-bracketed pattern, {@code [%d] [%-5p] [%t] [%c] - %m} (also without the dash, and
     * with an empty {@code [%X]} after the logger), from the {@code ]} that ends the date at {@code
     * t}: the level, the thread and the logger each in brackets, all three needed.
     */
    private static boolean allBracketed(CharSequence s, int from, int t, int to, LineContext ctx, ParsedLine out) {
        int a = t + 3;
        int e = LayoutScan.upper(s, a, to);
        LogLevel level = LayoutScan.levelWord(s, a, e);
        int lc = Scan.spaces(s, e, to);
        if (level == null || !Scan.startsWith(s, lc, to, "] [")) {
            return false;
        }
        int threadClose = LayoutScan.closeBracket(s, lc + 2, to);
        if (threadClose < 0 || !Scan.startsWith(s, threadClose, to, "] [")) {
            return false;
        }
        int lg = threadClose + 3;
        int loggerClose = Scan.indexOf(s, ']', lg, to);
        if (loggerClose <= lg || Scan.token(s, lg, loggerClose) != loggerClose) {
            return false;
        }
        int m = loggerClose + 1;
        if (Scan.startsWith(s, m, to, " []")) {
            m += 3; // an empty MDC
        }
        if (Scan.startsWith(s, m, to, " - ")) {
            m += 3;
        } else if (m < to && s.charAt(m) == ' ') {
            m++;
        } else if (m < to) {
            return false;
        }
        if (!ctx.time(s, from + 1, t, out)) {
            return false;
        }
        out.level(level);
        out.pair("thread", Scan.spaces(s, lc + 3, threadClose), threadClose, false);
        out.pair("logger", lg, loggerClose, false);
        out.set(Field.MESSAGE, m, to);
        return true;
    }

    /**
     * Elasticsearch's text layout (up to 7.x, {@code config/log4j2.properties}: {@code
     * [%d{ISO8601}][%-5p][%-25c{1.}] [%node_name]%marker %m%n}): {@code [DATE][LEVEL ][logger ]
     * [node] msg}, from the {@code ]} that ends the date at {@code t}. The node name is the pair
     * {@code node_name} (empty before the node has one); a marker stays in the message. Without the
     * node (Elasticsearch 6's deprecation log) the message follows the logger. Logstash's layout,
     * {@code [%d{ISO8601}][%-5p][%-25c]%notEmpty{[%X{pipeline.id}]}%notEmpty{[%X{plugin.id}]} %m%n},
     * writes up to two more groups right after the logger: the pairs {@code pipeline_id} and
     * {@code plugin_id}.
     */
    private static boolean elasticsearch(CharSequence s, int from, int t, int to, LineContext ctx, ParsedLine out) {
        int a = t + 2;
        int e = LayoutScan.upper(s, a, to);
        LogLevel level = LayoutScan.levelWord(s, a, e);
        int lb = Scan.spaces(s, e, to);
        if (level == null || !Scan.startsWith(s, lb, to, "][")) {
            return false;
        }
        int ls = lb + 2;
        int le = LayoutScan.name(s, ls, to);
        int lc = Scan.spaces(s, le, to);
        if (le == ls || lc >= to || s.charAt(lc) != ']') {
            return false;
        }
        int k = lc;
        int pipeline = -1;
        int pipelineEnd = -1;
        int plugin = -1;
        int pluginEnd = -1;
        for (int g = 0; g < 2 && k + 1 < to && s.charAt(k + 1) == '['; g++) {
            int close = Scan.indexOf(s, ']', k + 2, to);
            if (close < 0) {
                return false;
            }
            if (g == 0) {
                pipeline = k + 2;
                pipelineEnd = close;
            } else {
                plugin = k + 2;
                pluginEnd = close;
            }
            k = close;
        }
        if (k + 1 < to && s.charAt(k + 1) != ' ') {
            return false;
        }
        int m = Math.min(k + 2, to);
        int node = -1;
        int nodeEnd = -1;
        if (pipeline < 0 && m < to && s.charAt(m) == '[') {
            nodeEnd = Scan.indexOf(s, ']', m + 1, to);
            if (nodeEnd < 0) {
                return false;
            }
            node = m + 1;
            m = Scan.spaces(s, nodeEnd + 1, to);
        }
        if (!ctx.time(s, from + 1, t, out)) {
            return false;
        }
        out.level(level);
        out.pair("logger", ls, le, false);
        if (nodeEnd > node) {
            out.pair("node_name", node, nodeEnd, false);
        }
        if (pipeline >= 0) {
            out.pair("pipeline_id", pipeline, pipelineEnd, false);
        }
        if (plugin >= 0) {
            out.pair("plugin_id", plugin, pluginEnd, false);
        }
        out.set(Field.MESSAGE, m, to);
        return true;
    }

    /** Tomcat's OneLineFormatter: {@code dd-MMM-yyyy HH:mm:ss.SSS LEVEL [thread] class.method msg}. */
    private static boolean tomcat(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int day = LayoutScan.two(s, from, to);
        int month = Scan.month(s, from + 3, to);
        if (day < 0
                || month == 0
                || from + 12 > to
                || s.charAt(from + 6) != '-'
                || !Scan.isDigits(s, from + 7, 4, to)
                || s.charAt(from + 11) != ' ') {
            return false;
        }
        int year = (int) Scan.number(s, from + 7, from + 11);
        int c = LayoutScan.clock(s, from + 12, to);
        int f = c < 0 ? -1 : LayoutScan.fraction(s, c, to);
        if (f < 0 || f >= to || s.charAt(f) != ' ') {
            return false;
        }
        int a = f + 1;
        int e = LayoutScan.upper(s, a, to);
        LogLevel level = LayoutScan.levelWord(s, a, e);
        if (level == null || e + 1 >= to || s.charAt(e) != ' ' || s.charAt(e + 1) != '[') {
            return false;
        }
        int close = LayoutScan.closeBracket(s, e + 1, to);
        if (close < 0 || close + 2 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        int src = close + 2;
        int srcEnd = Scan.token(s, src, to);
        if (srcEnd == src) {
            return false;
        }
        if (!ctx.civil(
                year,
                month,
                day,
                LayoutScan.two(s, from + 12, to),
                LayoutScan.two(s, from + 15, to),
                LayoutScan.two(s, from + 18, to),
                f > c ? LayoutScan.nanos(s, c + 1, f) : 0,
                out)) {
            return false;
        }
        out.level(level);
        out.pair("thread", e + 2, close, false);
        // JULI writes the source class and method joined by a dot.
        int dot = srcEnd - 1;
        while (dot > src && s.charAt(dot) != '.') {
            dot--;
        }
        if (dot > src && dot < srcEnd - 1) {
            out.pair("logger", src, dot, false);
            out.pair("method", dot + 1, srcEnd, false);
        } else {
            out.pair("logger", src, srcEnd, false);
        }
        out.set(Field.MESSAGE, Math.min(srcEnd + 1, to), to);
        return true;
    }

    /** Spark's log4j default: {@code yy/MM/dd HH:mm:ss LEVEL logger: msg}. */
    private static boolean spark(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int yy = LayoutScan.two(s, from, to);
        int month = LayoutScan.two(s, from + 3, to);
        int day = LayoutScan.two(s, from + 6, to);
        if (yy < 0 || month < 0 || day < 0 || s.charAt(from + 5) != '/' || from + 9 > to || s.charAt(from + 8) != ' ') {
            return false;
        }
        int c = LayoutScan.clock(s, from + 9, to);
        if (c < 0 || c >= to || s.charAt(c) != ' ') {
            return false;
        }
        int e = LayoutScan.upper(s, c + 1, to);
        LogLevel level = LayoutScan.levelWord(s, c + 1, e);
        if (level == null || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int le = LayoutScan.name(s, e + 1, to);
        if (le == e + 1 || le >= to || s.charAt(le) != ':') {
            return false;
        }
        if (!ctx.civil(
                2000 + yy,
                month,
                day,
                LayoutScan.two(s, from + 9, to),
                LayoutScan.two(s, from + 12, to),
                LayoutScan.two(s, from + 15, to),
                0,
                out)) {
            return false;
        }
        out.level(level);
        out.pair("logger", e + 1, le, false);
        out.set(Field.MESSAGE, le + 1 < to && s.charAt(le + 1) == ' ' ? le + 2 : le + 1, to);
        return true;
    }

    /**
     * Cassandra's logback pattern, {@code %-5level [%thread] %date{ISO8601} %F:%L - %msg}: the
     * level first, the thread, the date, the source file and line (the pair {@code source}).
     */
    private static boolean levelFirst(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int e = LayoutScan.upper(s, from, to);
        LogLevel level = LayoutScan.levelWord(s, from, e);
        int q = Scan.spaces(s, e, to);
        if (level == null || q == e || q >= to || s.charAt(q) != '[') {
            return false;
        }
        int close = LayoutScan.closeBracket(s, q, to);
        if (close < 0 || close + 2 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        int d = close + 2;
        int t = LayoutScan.isoDateTime(s, d, to, true);
        if (t < 0 || t >= to || s.charAt(t) != ' ') {
            return false;
        }
        // File.java:92, then " - "
        int f = t + 1;
        int colon = f;
        while (colon < to && s.charAt(colon) != ':' && s.charAt(colon) != ' ') {
            colon++;
        }
        int le = Scan.digits(s, colon + 1, to, 9);
        if (colon == f
                || colon >= to
                || s.charAt(colon) != ':'
                || le == colon + 1
                || !Scan.startsWith(s, le, to, " - ")) {
            return false;
        }
        if (!ctx.time(s, d, t, out)) {
            return false;
        }
        out.level(level);
        out.pair("thread", q + 1, close, false);
        out.pair("source", f, le, false);
        out.set(Field.MESSAGE, le + 3, to);
        return true;
    }

    /** log4j2's internal logger: {@code ERROR StatusLogger No log4j2 configuration file found …}. */
    private static boolean statusLogger(CharSequence s, int from, int to, ParsedLine out) {
        int e = LayoutScan.upper(s, from, to);
        LogLevel level = LayoutScan.levelWord(s, from, e);
        if (level == null || !Scan.startsWith(s, e, to, " StatusLogger ")) {
            return false;
        }
        out.level(level);
        out.pair("logger", e + 1, e + 13, false);
        out.set(Field.MESSAGE, e + 14, to);
        return true;
    }
}
