package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.text.Ascii;

/**
 * Apache httpd's error log ({@link LineShape#APACHE_ERROR}), 2.2 and 2.4 (apache/httpd {@code
 * docs/manual/mod/core.xml}, {@code ErrorLogFormat}):
 *
 * <pre>
 * 2.2  [Wed Oct 11 14:32:52 2000] [error] [client 127.0.0.1] message
 * 2.4  [Wed Oct 11 14:32:52.123456 2000] [module:level] [pid 1234:tid 5678] file.c(42): (70008)APR error:
 *      [client 1.2.3.4:5678] AH00124: message, referer: url
 * </pre>
 *
 * Every item after the level is optional (httpd drops an item it has nothing for), and they are
 * read in this order. The time is ctime-like, local, without zone ({@code %t}, {@code %{u}t} with
 * microseconds); a custom format's CLF-style {@code [01/Mar/2021:12:00:19 +0000]} is read too, any
 * other bracketed time is not this shape. The module may be empty ({@code [:error]}); prefork
 * writes {@code [pid n]} without tid; 2.4 gives the client a port. The level must be one of
 * httpd's words ({@code emerg alert crit error warn notice info debug trace1..trace8}), read
 * through {@link LineLevels#word}; {@code trace1} to {@code trace8} are httpd's own (its {@code
 * LogLevel} directive) and read as {@code trace}. httpd escapes the message ({@code \n}, {@code
 * \\}, {@code \xhh}); the message is read with those resolved.
 *
 * <p>Fields: the time, the level, {@link ParsedLine.Field#PID}, the client ({@link
 * ParsedLine.Field#CLIENT_IP}, or {@code client_host} when not an IP literal; {@code [remote addr]}
 * too, the connection's peer), the message. Pairs:
 * {@code module}, {@code thread} (the tid), {@code source} ({@code file.c(line)} at debug and trace
 * levels), {@code os_error} (the APR/OS status as written, {@code (70008)Partial results ...}),
 * {@code code} (the {@code AHnnnnn} message id), {@code referer}.
 */
final class ApacheErrorReader extends LineParser.ShapeReader {

    static final ApacheErrorReader INSTANCE = new ApacheErrorReader();

    /** Longest bracketed time looked for ({@code Wed Oct 11 14:32:52.123456 2000} and the CLF form). */
    private static final int MAX_TIME = 40;

    /** Longest {@code [module:level]} looked for. */
    private static final int MAX_MODULE = 64;

    private static final int MAX_ID = 20;

    /** httpd's level words ({@code LogLevel}), traceN apart. */
    private static final String[] LEVELS = {"emerg", "alert", "crit", "error", "warn", "notice", "info", "debug"};

    private static final String REFERER = ", referer: ";

    private ApacheErrorReader() {}

    @Override
    public LineShape shape() {
        return LineShape.APACHE_ERROR;
    }

    @Override
    public boolean mayStartWith(char c) {
        return c == '[';
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == '['; // "[2026-12-02 10:00:00.123] [module:level]"
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (from >= to) {
            return false;
        }
        int close = Scan.indexOf(s, ']', from + 1, Math.min(to, from + 2 + MAX_TIME));
        if (close < 0 || !timeForm(s, from + 1, close) || !Scan.startsWith(s, close, to, "] [")) {
            return false;
        }
        int bracket = close + 3;
        int bracketEnd = Scan.indexOf(s, ']', bracket, Math.min(to, bracket + MAX_MODULE));
        if (bracketEnd < 0) {
            return false;
        }
        int colon = Scan.indexOf(s, ':', bracket, bracketEnd);
        int level = colon < 0 ? bracket : colon + 1;
        LogLevel lv = level(s, level, bracketEnd);
        if (lv == null || !ctx.time(s, from + 1, close, out)) {
            return false;
        }
        out.level(lv);
        if (colon >= 0) {
            for (int k = bracket; k < colon; k++) {
                if (!moduleChar(s.charAt(k))) {
                    return false;
                }
            }
            out.pair("module", bracket, colon, false);
        }
        int i = bracketEnd + 1;
        if (i == to) {
            return true;
        }
        // mod_proxy in 2.2 wrote the OS error right after the level: "[error](111)Connection ..."
        if (s.charAt(i) != ' ' && s.charAt(i) != '(') {
            return false;
        }
        i = pid(s, i, to, out);
        i = source(s, i, to, out);
        i = osError(s, i, to, out);
        i = client(s, i, to, out);
        i = code(s, i, to, out);
        message(s, i < to && s.charAt(i) == ' ' ? i + 1 : i, to, out);
        return true;
    }

    /**
     * {@code Www Mmm ...} (ctime), {@code dd/Mmm/yyyy:...} (a CLF-style custom format) or {@code
     * yyyy-mm-dd hh:mm:ss...} (ErrorLogFormat's {@code %{cu}t}, maybe with a zone).
     */
    private static boolean timeForm(CharSequence s, int from, int to) {
        if (to - from < 19) {
            return false;
        }
        if (LayoutScan.date(s, from, to, '-')) {
            return s.charAt(from + 10) == ' ';
        }
        if (to - from < 20) {
            return false;
        }
        if (Ascii.isUpper(s.charAt(from))) {
            return s.charAt(from + 3) == ' ' && Scan.month(s, from + 4, to) > 0;
        }
        return Scan.isDigits(s, from, 2, to) && s.charAt(from + 2) == '/' && Scan.month(s, from + 3, to) > 0;
    }

    /** The level of httpd's word in {@code s[from, to)}, or null for any other text. */
    private static LogLevel level(CharSequence s, int from, int to) {
        if (to - from == 6
                && Scan.startsWith(s, from, to, "trace")
                && s.charAt(from + 5) >= '1'
                && s.charAt(from + 5) <= '8') {
            // trace1..trace8: httpd's finest levels, all trace.
            return LineLevels.word(s, from, from + 5);
        }
        for (String word : LEVELS) {
            if (Scan.regionEquals(s, from, to, word)) {
                return LineLevels.word(s, from, to);
            }
        }
        return null;
    }

    private static boolean moduleChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }

    /** {@code  [pid n]} or {@code  [pid n:tid m]} at {@code i} (a space): the index after it, or {@code i}. */
    private static int pid(CharSequence s, int i, int to, ParsedLine out) {
        if (!Scan.startsWith(s, i, to, " [pid ")) {
            return i;
        }
        int p = i + 6;
        int pEnd = Scan.digits(s, p, to, MAX_ID);
        if (pEnd == p || pEnd >= to) {
            return i;
        }
        if (s.charAt(pEnd) == ']') {
            out.set(ParsedLine.Field.PID, p, pEnd);
            return pEnd + 1;
        }
        if (!Scan.startsWith(s, pEnd, to, ":tid ")) {
            return i;
        }
        int t = pEnd + 5;
        int tEnd = Scan.digits(s, t, to, MAX_ID);
        if (tEnd == t || tEnd >= to || s.charAt(tEnd) != ']') {
            return i;
        }
        out.set(ParsedLine.Field.PID, p, pEnd);
        out.pair("thread", t, tEnd, false);
        return tEnd + 1;
    }

    /** {@code  file.c(820):} at {@code i}: the index after it, or {@code i}. */
    private static int source(CharSequence s, int i, int to, ParsedLine out) {
        int start = i + 1;
        int end = Scan.token(s, start, to);
        if (end - start < 5 || s.charAt(end - 1) != ':' || s.charAt(end - 2) != ')') {
            return i;
        }
        int digits = end - 2;
        while (digits > start && Ascii.isDigit(s.charAt(digits - 1))) {
            digits--;
        }
        if (digits == end - 2
                || digits - 1 <= start
                || s.charAt(digits - 1) != '('
                || Scan.indexOf(s, '.', start, digits - 1) < 0) {
            return i;
        }
        out.pair("source", start, end - 1, false);
        return end;
    }

    /** {@code  (70008)Partial results are valid ...:} at {@code i}: the index after it, or {@code i}. */
    private static int osError(CharSequence s, int i, int to, ParsedLine out) {
        int p = i < to && s.charAt(i) == ' ' ? i + 1 : i;
        if (p >= to || s.charAt(p) != '(') {
            return i;
        }
        int d = p + 1;
        if (d < to && s.charAt(d) == '-') {
            d++;
        }
        int dEnd = Scan.digits(s, d, to, MAX_ID);
        if (dEnd == d || dEnd >= to || s.charAt(dEnd) != ')') {
            return i;
        }
        for (int k = dEnd + 1; k + 1 < to; k++) {
            if (s.charAt(k) == ':' && s.charAt(k + 1) == ' ') {
                out.pair("os_error", p, k, false);
                return k + 1;
            }
        }
        return i;
    }

    /**
     * {@code  [client addr]} at {@code i}, or {@code  [remote addr]} (the connection's peer, as
     * httpd writes it for a message logged with no request, or none yet): the index after it, or
     * {@code i}.
     */
    private static int client(CharSequence s, int i, int to, ParsedLine out) {
        if (!Scan.startsWith(s, i, to, " [client ") && !Scan.startsWith(s, i, to, " [remote ")) {
            return i;
        }
        int a = i + 9;
        int end = Scan.indexOf(s, ']', a, to);
        if (end <= a || Scan.token(s, a, end) != end) {
            return i;
        }
        HttpText.client(s, a, end, out);
        return end + 1;
    }

    /** {@code  AH00124:} at {@code i}: the index after it, or {@code i}. */
    private static int code(CharSequence s, int i, int to, ParsedLine out) {
        if (!Scan.startsWith(s, i, to, " AH")
                || !Scan.isDigits(s, i + 3, 5, to)
                || !Scan.startsWith(s, i + 8, to, ":")) {
            return i;
        }
        out.pair("code", i + 1, i + 8, false);
        return i + 9;
    }

    /** The message from {@code m}, up to httpd's {@code , referer: url} tail when there is one. */
    private static void message(CharSequence s, int m, int to, ParsedLine out) {
        int referer = -1;
        boolean escaped = false;
        for (int k = m; k < to; k++) {
            char c = s.charAt(k);
            if (c == '\\') {
                escaped = true;
            } else if (c == ',' && Scan.startsWith(s, k, to, REFERER)) {
                referer = k;
                break;
            }
        }
        if (referer < 0) {
            out.set(ParsedLine.Field.MESSAGE, m, to, escaped);
            return;
        }
        out.set(ParsedLine.Field.MESSAGE, m, referer, escaped);
        int r = referer + REFERER.length();
        out.pair("referer", r, to, Scan.indexOf(s, '\\', r, to) >= 0);
    }
}
