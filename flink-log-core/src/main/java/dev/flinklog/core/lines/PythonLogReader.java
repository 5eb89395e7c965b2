package dev.flinklog.core.lines;

import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#PYTHON}: what Python's {@code logging} writes by default and in its common
 * layouts, and the servers built on it:
 *
 * <ul>
 *   <li>{@code basicConfig()}'s {@code LEVEL:logger:message}, also {@code LEVEL:message}; uvicorn's
 *       {@code LEVEL:} padded with spaces ({@code INFO:     Started server process [409602]}), its
 *       access lines with their client, request and status;
 *   <li>asctime first ({@code 2005-03-19 15:10:26,618}): {@code - name - LEVEL - msg} (the HOWTO's),
 *       {@code LEVEL name: msg}, {@code LEVEL: msg}, {@code [LEVEL] msg}, {@code LEVEL msg}, and the
 *       bare {@code asctime message} (only with Python's own {@code ,mmm}). After the time the level
 *       may be any upper-case word of the level table ({@code WARN}, {@code SEVERE}): log4j's {@code
 *       %d %p %m} writes the same line, and one stream should not split between shapes by level;
 *   <li>OpenStack oslo.log {@code 2017-05-16 00:00:00.008 25746 INFO nova.x [req-… …] msg};
 *   <li>gunicorn {@code [2022-03-10 15:28:37 +0100] [77809] [INFO] msg}; Flask {@code [2021-06-14
 *       22:40:02,027] ERROR in app: msg}; gunicorn's dictConfig {@code [asctime - name -
 *       lineno][LEVEL] msg}; Celery {@code [2018-01-10 10:58:09,805: INFO/MainProcess] msg};
 *       Airflow {@code [2022-01-18 17:01:49,259] {taskinstance.py:1096} INFO - msg} (2.x also with
 *       an ISO time and offset);
 *   <li>a logger first: {@code name LEVEL asctime msg} (Galaxy);
 *   <li>the level first: Django's "verbose" {@code LEVEL asctime module pid thread msg}.
 * </ul>
 *
 * Elsewhere level names are Python's own, upper case: DEBUG, INFO, WARNING, ERROR, CRITICAL (→
 * fatal). Pairs:
 * {@code logger} ({@code %(name)s}), {@code module} (Flask's {@code %(module)s}), {@code line}
 * ({@code %(lineno)d}), {@code request_id} and {@code global_request_id} (oslo.log's request
 * context), {@code process} (Celery's process name), {@code source} (Airflow's {@code file:line}). PID: oslo.log's and gunicorn's process id. In {@code asctime LEVEL name: msg} the name
 * must start in lower case or with {@code _} (module names do), so that a message such as {@code
 * Error: disk full} stays whole. Tracebacks have no header and are never taken.
 */
final class PythonLogReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.PYTHON;
    }

    @Override
    public boolean mayStartWith(char c) {
        // a date, a bracketed date, a level name, or a logger name (Galaxy)
        return Ascii.isDigit(c) || c == '[' || Ascii.isLetter(c) || c == '_';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == '[') {
            return Ascii.isDigit(next) && tenth != '~'; // "[2026-01-02 "
        }
        if (Ascii.isDigit(c)) {
            return run == 4 && next == '-' && tenth == ' ';
        }
        // "LEVEL:", or a logger name and a space
        return next == ':' || next == ' ' || LayoutScan.isNameChar(next);
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        if (c == '[') {
            return after == '[' || after == '~' || after == 'A'; // gunicorn's "[pid]", Airflow's "{", Flask's level
        }
        // "%(asctime)s %(message)s" takes any message after the space
        return after != '\t' && after != LineHead.END;
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        char c = s.charAt(from);
        if (c == '[') {
            return bracketed(s, from, to, ctx, out);
        }
        if (Ascii.isDigit(c)) {
            return asctimeFirst(s, from, to, ctx, out);
        }
        int e = LayoutScan.upper(s, from, to);
        if (e < to && s.charAt(e) == ':' && LayoutScan.isPythonLevel(s, from, e)) {
            return basicConfig(s, from, e, to, out);
        }
        if (e + 1 < to && s.charAt(e) == ' ' && Ascii.isDigit(s.charAt(e + 1))) {
            return LayoutScan.isPythonLevel(s, from, e) && djangoVerbose(s, from, e, to, ctx, out);
        }
        return loggerFirst(s, from, to, ctx, out);
    }

    /**
     * Django's documented "verbose" formatter, {@code {levelname} {asctime} {module} {process:d}
     * {thread:d} {message}}: the level first, the asctime, the module (pair {@code module}), the
     * process (PID) and the thread id (pair {@code thread}, negative on some platforms).
     */
    private static boolean djangoVerbose(CharSequence s, int from, int e, int to, LineContext ctx, ParsedLine out) {
        int t = asctime(s, e + 1, to, false);
        if (t < 0 || t + 1 >= to || s.charAt(t) != ' ') {
            return false;
        }
        int ms = t + 1;
        int me = LayoutScan.name(s, ms, to);
        if (me == ms || me + 1 >= to || s.charAt(me) != ' ') {
            return false;
        }
        int ps = me + 1;
        int pe = Scan.digits(s, ps, to, 10);
        if (pe == ps || pe + 1 >= to || s.charAt(pe) != ' ') {
            return false;
        }
        int ts = pe + 1;
        int te = Scan.digits(s, s.charAt(ts) == '-' ? ts + 1 : ts, to, 20);
        if (te == ts || !Ascii.isDigit(s.charAt(te - 1)) || (te < to && s.charAt(te) != ' ')) {
            return false;
        }
        if (!ctx.time(s, e + 1, t, out)) {
            return false;
        }
        out.level(LineLevels.word(s, from, e));
        out.pair("module", ms, me, false);
        out.set(Field.PID, ps, pe);
        out.pair("thread", ts, te, false);
        out.set(Field.MESSAGE, Math.min(te + 1, to), to);
        return true;
    }

    /** {@code LEVEL:logger:message}, {@code LEVEL:message}, uvicorn's {@code LEVEL:   message}. */
    private static boolean basicConfig(CharSequence s, int from, int e, int to, ParsedLine out) {
        int p = e + 1;
        if (p < to && s.charAt(p) == ' ') {
            int m = Scan.spaces(s, p, to);
            if (GoLogReader.sourceEnd(s, m, to) > 0) {
                return false; // Go's log with the prefix "INFO: " and a file:line: GoLogReader's
            }
            out.level(LineLevels.word(s, from, e));
            out.set(Field.MESSAGE, m, to);
            uvicornAccess(s, m, to, out);
            return true;
        }
        int k = p;
        while (k < to && s.charAt(k) != ':' && s.charAt(k) != ' ' && s.charAt(k) != '\t') {
            k++;
        }
        out.level(LineLevels.word(s, from, e));
        if (k < to && s.charAt(k) == ':' && k > p) {
            out.pair("logger", p, k, false);
            out.set(Field.MESSAGE, k + 1, to);
        } else {
            out.set(Field.MESSAGE, p, to);
        }
        return true;
    }

    /**
     * uvicorn's access line after its level prefix: {@code %(client_addr)s - "%(request_line)s"
     * %(status_code)s} ({@code 127.0.0.1:59084 - "GET / HTTP/1.1" 200 OK}): the client, the request
     * and the status; the message stays the whole text, as an access log's.
     */
    private static void uvicornAccess(CharSequence s, int m, int to, ParsedLine out) {
        int addrEnd = Scan.token(s, m, to);
        if (!Scan.startsWith(s, addrEnd, to, " - \"") || HttpText.addressEnd(s, m, addrEnd) < 0) {
            return;
        }
        long q = HttpText.quoted(s, addrEnd + 3, to);
        int close = q < 0 ? -1 : HttpText.quoteEnd(q);
        int status = close + 2;
        if (close < 0
                || status + 3 > to
                || s.charAt(close + 1) != ' '
                || !Scan.isDigits(s, status, 3, to)
                || (status + 3 < to && s.charAt(status + 3) != ' ')) {
            return;
        }
        HttpText.client(s, m, addrEnd, out);
        HttpText.request(s, addrEnd + 4, close, false, out);
        out.httpStatus((int) Scan.number(s, status, status + 3));
    }

    /**
     * Scrapy's default {@code %(asctime)s [%(name)s] %(levelname)s: %(message)s} after the time,
     * from the {@code [} at {@code p}: the logger, the level, the message.
     */
    private static boolean scrapy(CharSequence s, int p, int to, ParsedLine out) {
        int close = Scan.indexOf(s, ']', p + 1, to);
        if (close <= p + 1 || Scan.token(s, p + 1, close) != close || close + 1 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        int l = close + 2;
        int e = LayoutScan.upper(s, l, to);
        if (!LayoutScan.isPythonLevel(s, l, e) || !Scan.startsWith(s, e, to, ": ")) {
            return false;
        }
        out.level(LineLevels.word(s, l, e));
        out.pair("logger", p + 1, close, false);
        out.set(Field.MESSAGE, e + 2, to);
        return true;
    }

    /** Everything that starts with {@code %(asctime)s}. */
    private static boolean asctimeFirst(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = asctime(s, from, to, true);
        if (t < 0 || t + 1 >= to || s.charAt(t) != ' ' || !ctx.time(s, from, t, out)) {
            return false;
        }
        int p = t + 1;
        char c = s.charAt(p);
        if (c == '-') {
            return howto(s, p, to, out);
        }
        if (Ascii.isDigit(c)) {
            return oslo(s, p, to, out);
        }
        int e = LayoutScan.upper(s, p, to);
        if (LayoutScan.levelWord(s, p, e) != null) {
            return levelled(s, p, e, to, out);
        }
        if (c == '[') {
            int close = Scan.indexOf(s, ']', p + 1, Math.min(to, p + 10));
            if (close > 0 && LayoutScan.levelWord(s, p + 1, close) != null) {
                // "%(asctime)s [%(levelname)s] %(message)s"
                out.level(LineLevels.word(s, p + 1, close));
                out.set(Field.MESSAGE, Scan.spaces(s, close + 1, to), to);
                return true;
            }
            if (close > p + 1 && Scan.digits(s, p + 1, close, 10) == close && Scan.startsWith(s, close, to, "] [")) {
                // gunicorn before 19: "%(asctime)s [%(process)d] [%(levelname)s] %(message)s"
                int lc = Scan.indexOf(s, ']', close + 3, Math.min(to, close + 13));
                if (lc > 0 && LayoutScan.levelWord(s, close + 3, lc) != null) {
                    out.level(LineLevels.word(s, close + 3, lc));
                    out.set(Field.PID, p + 1, close);
                    out.set(Field.MESSAGE, Scan.spaces(s, lc + 1, to), to);
                    return true;
                }
            }
            if (scrapy(s, p, to, out)) {
                return true;
            }
            if (JavaLayoutReader.threadFirst(s, p, to, null) || JavaLayoutReader.zookeeper(s, p, to, null)) {
                return false; // logback's "[thread] LEVEL logger - msg", ZooKeeper's "[myid:1] - LEVEL ..."
            }
        }
        // The bare "%(asctime)s %(message)s": Python's own ",mmm" only.
        if (t - from != 23 || s.charAt(from + 19) != ',') {
            return false;
        }
        out.set(Field.MESSAGE, p, to);
        return true;
    }

    /**
     * The end of {@code %(asctime)s} at {@code i}: {@code yyyy-MM-dd HH:mm:ss} and a fraction
     * ({@code logging.Formatter}'s default date format, with a space; an ISO {@code T} is some
     * other writer's), or -1.
     */
    private static int asctime(CharSequence s, int i, int to, boolean zone) {
        return i + 10 < to && s.charAt(i + 10) == ' ' ? LayoutScan.isoDateTime(s, i, to, zone) : -1;
    }

    /** {@code asctime - name - LEVEL - message}, from the {@code -} after the time. */
    private static boolean howto(CharSequence s, int p, int to, ParsedLine out) {
        if (p + 1 >= to || s.charAt(p + 1) != ' ') {
            return false;
        }
        int n = p + 2;
        int ne = Scan.token(s, n, to);
        if (ne == n || !Scan.startsWith(s, ne, to, " - ")) {
            return false;
        }
        int e = LayoutScan.upper(s, ne + 3, to);
        if (!LayoutScan.isPythonLevel(s, ne + 3, e) || !(e == to || Scan.startsWith(s, e, to, " - "))) {
            return false;
        }
        out.level(LineLevels.word(s, ne + 3, e));
        out.pair("logger", n, ne, false);
        out.set(Field.MESSAGE, Math.min(e + 3, to), to);
        return true;
    }

    /** After asctime and its level: {@code : msg}, {@code name: msg} or the message. */
    private static boolean levelled(CharSequence s, int p, int e, int to, ParsedLine out) {
        out.level(LineLevels.word(s, p, e));
        if (e == to) {
            return true;
        }
        if (s.charAt(e) == ':') {
            // "%(asctime)s %(levelname)s: %(message)s" (Patroni)
            if (e + 1 < to && s.charAt(e + 1) != ' ') {
                return false;
            }
            out.set(Field.MESSAGE, Math.min(e + 2, to), to);
            return true;
        }
        if (s.charAt(e) != ' ') {
            return false;
        }
        int k = Scan.spaces(s, e, to);
        int ne = LayoutScan.name(s, k, to);
        if (ne > k
                && ne < to
                && s.charAt(ne) == ':'
                && (ne + 1 == to || s.charAt(ne + 1) == ' ')
                && (Ascii.isLetter(s.charAt(k)) && !Ascii.isUpper(s.charAt(k)) || s.charAt(k) == '_')) {
            out.pair("logger", k, ne, false);
            out.set(Field.MESSAGE, Math.min(ne + 2, to), to);
            return true;
        }
        if (ne > k && Scan.startsWith(s, ne, to, " [")) {
            // "%(levelname)s %(name)s [%(filename)s:%(lineno)d] %(message)s", also with ": " or
            // " - " before the message: a file and line, not log4j's NDC
            int close = Scan.indexOf(s, ']', ne + 2, to);
            if (close > 0 && isFileLine(s, ne + 2, close)) {
                int m = close + 1;
                if (Scan.startsWith(s, m, to, " - ")) {
                    m += 3;
                } else if (Scan.startsWith(s, m, to, ": ")) {
                    m += 2;
                } else if (m < to && s.charAt(m) == ' ') {
                    m++;
                }
                if (m == to || s.charAt(m - 1) == ' ') {
                    out.pair("logger", k, ne, false);
                    out.pair("source", ne + 2, close, false);
                    out.set(Field.MESSAGE, m, to);
                    return true;
                }
            }
        }
        if (JavaLayoutReader.afterLevel(s, k, to, null)) {
            return false; // log4j's "LEVEL logger [ndc] - msg" and kin: JavaLayoutReader's
        }
        out.set(Field.MESSAGE, k, to);
        return true;
    }

    /** Whether {@code s[from, to)} is {@code file.py:123}: a name with a dot, a colon, digits. */
    private static boolean isFileLine(CharSequence s, int from, int to) {
        int c = to - 1;
        while (c > from && Ascii.isDigit(s.charAt(c))) {
            c--;
        }
        if (c == to - 1 || c <= from || s.charAt(c) != ':') {
            return false;
        }
        return LayoutScan.name(s, from, c) == c && Scan.indexOf(s, '.', from, c) > from;
    }

    /** oslo.log: {@code pid LEVEL logger [request context] message}, from the pid. */
    private static boolean oslo(CharSequence s, int p, int to, ParsedLine out) {
        int d = Scan.digits(s, p, to, 10);
        if (d >= to || s.charAt(d) != ' ') {
            return false;
        }
        int e = LayoutScan.upper(s, d + 1, to);
        if (!LayoutScan.isPythonLevel(s, d + 1, e) || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int le = LayoutScan.name(s, e + 1, to);
        if (le == e + 1 || le + 1 >= to || s.charAt(le) != ' ' || s.charAt(le + 1) != '[') {
            return false;
        }
        int close = Scan.indexOf(s, ']', le + 2, to);
        if (close < 0 || (close + 1 < to && s.charAt(close + 1) != ' ')) {
            return false;
        }
        out.set(Field.PID, p, d);
        out.level(LineLevels.word(s, d + 1, e));
        out.pair("logger", e + 1, le, false);
        requestContext(s, le + 2, close, out);
        out.set(Field.MESSAGE, Math.min(close + 2, to), to);
        return true;
    }

    /**
     * oslo.log's {@code [%(global_request_id)s %(request_id)s %(user_identity)s]} (older releases
     * without the global id): the {@code req-} tokens among the first two.
     */
    private static void requestContext(CharSequence s, int from, int to, ParsedLine out) {
        int a = from;
        int ae = Scan.token(s, a, to);
        int b = Scan.spaces(s, ae, to);
        int be = Scan.token(s, b, to);
        boolean firstIsRequest = Scan.startsWith(s, a, ae, "req-");
        boolean secondIsRequest = b < be && Scan.startsWith(s, b, be, "req-");
        if (firstIsRequest && secondIsRequest) {
            out.pair("global_request_id", a, ae, false);
            out.pair("request_id", b, be, false);
        } else if (firstIsRequest) {
            out.pair("request_id", a, ae, false);
        } else if (secondIsRequest) {
            out.pair("request_id", b, be, false);
        }
    }

    /** gunicorn, Flask, Celery, Airflow and gunicorn's dictConfig layout: the time in brackets. */
    private static boolean bracketed(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = asctime(s, from + 1, to, true);
        if (t < 0 && from + 11 < to && s.charAt(from + 11) == 'T') {
            // Airflow 2.x formats asctime as ISO 8601 with an offset
            int iso = LayoutScan.isoDateTime(s, from + 1, to, true);
            t = iso > 0 && Scan.startsWith(s, iso, to, "] {") ? iso : -1;
        }
        if (t < 0 || t + 2 >= to || !ctx.time(s, from + 1, t, out)) {
            return false;
        }
        if (s.charAt(t) == ':' && s.charAt(t + 1) == ' ') {
            return celery(s, t + 2, to, out);
        }
        if (s.charAt(t) == ']' && s.charAt(t + 1) == ' ') {
            int a = t + 2;
            if (s.charAt(a) == '[') {
                return gunicorn(s, a, to, out);
            }
            if (s.charAt(a) == '{') {
                return airflow(s, a, to, out);
            }
            int e = LayoutScan.upper(s, a, to);
            int m = flaskModuleEnd(s, e + 1, to);
            if (!LayoutScan.isPythonLevel(s, a, e) || e >= to || s.charAt(e) != ' ' || m < 0) {
                return false;
            }
            out.level(LineLevels.word(s, a, e));
            out.pair("module", e + 4, m, false);
            out.set(Field.MESSAGE, Math.min(m + 2, to), to);
            return true;
        }
        if (Scan.startsWith(s, t, to, " - ")) {
            return dictConfig(s, t + 3, to, out);
        }
        return false;
    }

    /**
     * The end (the {@code :}) of the module in Flask's {@code in module: } at {@code i}, or -1.
     * {@link JavaLayoutReader} asks too: a Kafka line never has it there.
     */
    static int flaskModuleEnd(CharSequence s, int i, int to) {
        if (!Scan.startsWith(s, i, to, "in ")) {
            return -1;
        }
        int me = LayoutScan.name(s, i + 3, to);
        if (me == i + 3 || me >= to || s.charAt(me) != ':' || (me + 1 < to && s.charAt(me + 1) != ' ')) {
            return -1;
        }
        return me;
    }

    /**
     * Celery's worker after the time and {@code ": "} ({@code [%(asctime)s: %(levelname)s/%(processName)s]
     * %(message)s}, its {@code DEFAULT_PROCESS_LOG_FMT}): {@code LEVEL/process] message}; the
     * process name is the pair {@code process}.
     */
    private static boolean celery(CharSequence s, int a, int to, ParsedLine out) {
        int e = LayoutScan.upper(s, a, to);
        if (!LayoutScan.isPythonLevel(s, a, e) || e >= to || s.charAt(e) != '/') {
            return false;
        }
        int close = Scan.indexOf(s, ']', e + 1, to);
        if (close <= e + 1 || (close + 1 < to && s.charAt(close + 1) != ' ')) {
            return false;
        }
        out.level(LineLevels.word(s, a, e));
        out.pair("process", e + 1, close, false);
        out.set(Field.MESSAGE, Math.min(close + 2, to), to);
        return true;
    }

    /**
     * Airflow after the time ({@code [%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s -
     * %(message)s}, its default {@code log_format}): {@code {file.py:123} LEVEL - message}; the file
     * and line are the pair {@code source} (1.10 doubles the braces: {@code {{file.py:123}}}).
     */
    private static boolean airflow(CharSequence s, int a, int to, ParsedLine out) {
        // Airflow 1.10's airflow.cfg writes the braces doubled, and they are logged so.
        int braces = a + 1 < to && s.charAt(a + 1) == '{' ? 2 : 1;
        int close = Scan.indexOf(s, '}', a + braces, to);
        int l = close + braces + 1;
        if (close <= a + braces || l >= to || (braces == 2 && s.charAt(close + 1) != '}') || s.charAt(l - 1) != ' ') {
            return false;
        }
        int e = LayoutScan.upper(s, l, to);
        if (!LayoutScan.isPythonLevel(s, l, e) || !(e == to || Scan.startsWith(s, e, to, " - "))) {
            return false;
        }
        out.level(LineLevels.word(s, l, e));
        out.pair("source", a + braces, close, false);
        out.set(Field.MESSAGE, Math.min(e + 3, to), to);
        return true;
    }

    /** gunicorn's error log after the time: {@code [pid] [LEVEL] message}. */
    private static boolean gunicorn(CharSequence s, int a, int to, ParsedLine out) {
        int d = Scan.digits(s, a + 1, to, 10);
        if (d == a + 1 || !Scan.startsWith(s, d, to, "] [")) {
            return false;
        }
        int e = LayoutScan.upper(s, d + 3, to);
        if (!LayoutScan.isPythonLevel(s, d + 3, e) || e >= to || s.charAt(e) != ']') {
            return false;
        }
        out.set(Field.PID, a + 1, d);
        out.level(LineLevels.word(s, d + 3, e));
        out.set(Field.MESSAGE, Math.min(e + 2, to), to);
        return true;
    }

    /** {@code [asctime - name - lineno][LEVEL] message}, from after the first {@code - }. */
    private static boolean dictConfig(CharSequence s, int n, int to, ParsedLine out) {
        int ne = Scan.token(s, n, to);
        if (ne == n || !Scan.startsWith(s, ne, to, " - ")) {
            return false;
        }
        int d = Scan.digits(s, ne + 3, to, 9);
        if (d == ne + 3 || !Scan.startsWith(s, d, to, "][")) {
            return false;
        }
        int e = LayoutScan.upper(s, d + 2, to);
        if (!LayoutScan.isPythonLevel(s, d + 2, e) || e >= to || s.charAt(e) != ']') {
            return false;
        }
        out.level(LineLevels.word(s, d + 2, e));
        out.pair("logger", n, ne, false);
        out.pair("line", ne + 3, d, false);
        out.set(Field.MESSAGE, Scan.spaces(s, e + 1, to), to);
        return true;
    }

    /** Galaxy's {@code name LEVEL asctime message}. */
    private static boolean loggerFirst(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int le = LayoutScan.name(s, from, to);
        if (le == from || le >= to || s.charAt(le) != ' ') {
            return false;
        }
        int e = LayoutScan.upper(s, le + 1, to);
        if (!LayoutScan.isPythonLevel(s, le + 1, e) || e >= to || s.charAt(e) != ' ') {
            return false;
        }
        int t = asctime(s, e + 1, to, false);
        if (t < 0 || (t < to && s.charAt(t) != ' ') || !ctx.time(s, e + 1, t, out)) {
            return false;
        }
        out.level(LineLevels.word(s, le + 1, e));
        out.pair("logger", from, le, false);
        out.set(Field.MESSAGE, Math.min(t + 1, to), to);
        return true;
    }
}
