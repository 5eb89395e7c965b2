package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#GO}: the header Go's standard {@code log} package writes ({@code log.go}'s
 * {@code formatHeader}): {@code [prefix]yyyy/MM/dd hh:mm:ss[.uuuuuu] [file.go:NN: ]message}, the
 * date and time in local time without a zone (read in the default zone).
 *
 * <ul>
 *   <li>{@code Lshortfile}/{@code Llongfile}: {@code file.go:23: } or {@code /a/b/c/d.go:23: }
 *       becomes the pair {@code source} ({@code file.go:23}); with a file the line needs no time
 *       ({@code example_test.go:19: Hello, log file!});
 *   <li>a prefix ({@code log.New(w, "prefix", flags)}) is read when it is one token followed by
 *       spaces before the date or the file ({@code logger: }, {@code [app] }): a level word there
 *       ({@code INFO: }, {@code [WARN] }) is the level, anything else the pair {@code prefix}
 *       (brackets and a trailing colon removed); a prefix moved after the header ({@code
 *       Lmsgprefix}) is part of the message;
 *   <li>{@code log/slog}'s default handler writes through this package and puts its level first in
 *       the message ({@code 2022/11/08 15:28:26 INFO hello count=3}): that level word (DEBUG, INFO,
 *       WARN, ERROR, with slog's {@code +n}/{@code -n}) is read, and the {@code key=value}
 *       attributes that end such a line are pairs, out of the message (slog's TextHandler writes
 *       logfmt instead, which is not this shape).
 * </ul>
 *
 * The nginx error log starts with the same date; its {@code [level] pid#tid:} after the time is
 * not taken. Go has no level of its own: a line without one of the cues above has none.
 */
final class GoLogReader extends LineParser.ShapeReader {

    /** Longest prefix read; a longer first token is free text. */
    private static final int MAX_PREFIX = 64;

    @Override
    public LineShape shape() {
        return LineShape.GO;
    }

    /** The most spaces read before an indented line's date. */
    private static final int MAX_INDENT = 8;

    @Override
    public boolean mayStartWith(char c) {
        // the date, a prefix, a short file name, a long file path
        // ' ': Consul (before 1.10) indents its log lines by four spaces
        return Ascii.isDigit(c) || Ascii.isLetter(c) || c == '[' || c == '/' || c == ' ';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        // Not an ISO date: a line so starting is one of the layouts that write one, and no
        // prefix or file name seen in Go's logs starts so.
        if (c == ' ') {
            return next == ' ' || next == '0';
        }
        return !(Ascii.isDigit(c) && run == 4 && next == '-');
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (s.charAt(from) == ' ') {
            // Indented (Consul's agent before 1.10 wrote "    2016/01/25 03:05:28 [INFO] …"): up to
            // MAX_INDENT spaces, and only before the dated header, so indented text stays plain.
            int d = Scan.spaces(s, from, Math.min(to, from + MAX_INDENT + 1));
            return d - from <= MAX_INDENT && LayoutScan.date(s, d, to, '/') && header(s, d, to, ctx, out);
        }
        if (LayoutScan.date(s, from, to, '/')) {
            return header(s, from, to, ctx, out);
        }
        // One read of the first word: a file name ends at its ':', a prefix at a space.
        int te = colonOrBlank(s, from, to);
        if (te < to && s.charAt(te) == ':') {
            int f = sourceEnd(s, from, te, to);
            if (f > 0) {
                source(s, from, f, to, out);
                return true;
            }
            te = Scan.token(s, te, to);
        }
        if (te == from || te - from > MAX_PREFIX || te >= to || s.charAt(te) != ' ') {
            return false;
        }
        int q = Scan.spaces(s, te, to);
        if (LayoutScan.date(s, q, to, '/')) {
            if (!header(s, q, to, ctx, out)) {
                return false;
            }
        } else {
            int f = sourceEnd(s, q, to);
            if (f < 0) {
                return false;
            }
            source(s, q, f, to, out);
        }
        prefix(s, from, te, out);
        return true;
    }

    /** From the date on: the time, then the file or slog's level, then the message. */
    private static boolean header(CharSequence s, int d, int to, LineContext ctx, ParsedLine out) {
        if (d + 11 > to || s.charAt(d + 10) != ' ') {
            return false;
        }
        int c = LayoutScan.clock(s, d + 11, to);
        int t = c;
        if (c > 0 && c < to && s.charAt(c) == '.') {
            t = Scan.digits(s, c + 1, to, 9);
            if (t == c + 1) {
                return false;
            }
        }
        // The header always ends in a space, also before an empty message: a bare date and time
        // is not Go's line.
        if (c < 0 || t >= to || s.charAt(t) != ' ' || !ctx.time(s, d, t, out)) {
            return false;
        }
        int r = Math.min(t + 1, to);
        if (nginxError(s, r, to)) {
            return false;
        }
        int f = sourceEnd(s, r, to);
        if (f > 0) {
            source(s, r, f, to, out);
            return true;
        }
        int tagged = levelTag(s, r, to, out);
        if (tagged > r) {
            out.set(Field.MESSAGE, tagged, to);
            return true;
        }
        int e = LayoutScan.upper(s, r, to);
        if (isSlogLevel(s, r, e)) {
            int k = e;
            if (k < to && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                k = Scan.digits(s, k + 1, to, 3);
            }
            if (k == to || s.charAt(k) == ' ') {
                out.level(LineLevels.word(s, r, e));
                r = Math.min(k + 1, to);
                int a = attributes(s, r, to, false, null);
                if (a < to) {
                    attributes(s, a, to, false, out);
                    int m = a;
                    while (m > r && s.charAt(m - 1) == ' ') {
                        m--;
                    }
                    out.set(Field.MESSAGE, r, m);
                    return true;
                }
            }
        }
        out.set(Field.MESSAGE, r, to);
        return true;
    }

    /**
     * slog's attributes after the message, as its default handler writes them ({@code hello, world
     * user=jba}: {@code key=value}, the value quoted when it needs to be): with a null {@code out}
     * the start of the run of such words that ends the line ({@code to} when the last word is not
     * one); else each of them from {@code from} as a pair. One pass: a quoted value is searched for
     * its closing quote once, and a search that found none is not repeated. {@code lists}: a value
     * may also be a list in brackets, as hclog writes one ({@link HclogReader}).
     */
    static int attributes(CharSequence s, int from, int to, boolean lists, ParsedLine out) {
        int run = -1;
        boolean noQuote = false;
        boolean noBracket = !lists;
        int k = from;
        while (k < to) {
            int w = k;
            int eq = w;
            while (eq < to
                    && s.charAt(eq) != '='
                    && s.charAt(eq) != ' '
                    && s.charAt(eq) != '\t'
                    && s.charAt(eq) != '"') {
                eq++;
            }
            int end;
            boolean attr = false;
            if (eq > w && eq < to && s.charAt(eq) == '=') {
                int v = eq + 1;
                if (v < to && s.charAt(v) == '"') {
                    int q = noQuote ? -1 : Scan.closingQuote(s, v + 1, to);
                    noQuote = q < 0;
                    attr = q > 0 && (q + 1 == to || s.charAt(q + 1) == ' ');
                    end = attr ? q + 1 : Scan.token(s, v, to);
                    if (attr && out != null) {
                        out.pair(w, eq, v + 1, q, Scan.indexOf(s, '\\', v + 1, q) >= 0);
                    }
                } else {
                    end = -1;
                    if (!noBracket && v < to && s.charAt(v) == '[') {
                        // a search that fails for any reason is not repeated: the ends found
                        // otherwise lie behind each other
                        int close = LayoutScan.closeBracket(s, v, to);
                        if (close > 0 && (close + 1 == to || s.charAt(close + 1) == ' ')) {
                            end = close + 1;
                        } else {
                            noBracket = true;
                        }
                    }
                    // a list's elements may be quoted; other values hold no quote
                    if (end < 0) {
                        end = Scan.token(s, v, to);
                        attr = Scan.indexOf(s, '"', v, end) < 0;
                    } else {
                        attr = true;
                    }
                    if (attr && out != null) {
                        out.pair(w, eq, v, end, false);
                    }
                }
            } else {
                end = Scan.token(s, w, to);
            }
            if (!attr) {
                run = -1;
            } else if (run < 0) {
                run = w;
            }
            // a tab or other blank is a word of its own, so the scan always moves on
            k = Scan.spaces(s, Math.max(end, w + 1), to);
        }
        return run < 0 ? to : run;
    }

    private static boolean isSlogLevel(CharSequence s, int from, int to) {
        switch (to - from) {
            case 4:
                return Scan.startsWith(s, from, to, "INFO") || Scan.startsWith(s, from, to, "WARN");
            case 5:
                return Scan.startsWith(s, from, to, "DEBUG") || Scan.startsWith(s, from, to, "ERROR");
            default:
                return false;
        }
    }

    /** nginx's error log after the same date: {@code [level] pid#tid: }. */
    private static boolean nginxError(CharSequence s, int r, int to) {
        if (r >= to || s.charAt(r) != '[') {
            return false;
        }
        int k = r + 1;
        while (k < to && s.charAt(k) >= 'a' && s.charAt(k) <= 'z') {
            k++;
        }
        if (k == r + 1 || !Scan.startsWith(s, k, to, "] ")) {
            return false;
        }
        int d = Scan.digits(s, k + 2, to, 10);
        return d > k + 2 && d < to && s.charAt(d) == '#';
    }

    /**
     * The index of the colon that ends {@code file.go:NN} at {@code i} when {@code : } (or the end
     * of the line) follows it, or -1. {@link PythonLogReader} asks too.
     */
    static int sourceEnd(CharSequence s, int i, int to) {
        return sourceEnd(s, i, colonOrBlank(s, i, to), to);
    }

    /** {@link #sourceEnd(CharSequence, int, int)} when the first colon or blank from {@code i} is at {@code k}. */
    private static int sourceEnd(CharSequence s, int i, int k, int to) {
        if (k >= to || s.charAt(k) != ':' || k - i < 4 || !Scan.startsWith(s, k - 3, to, ".go")) {
            return -1;
        }
        int d = Scan.digits(s, k + 1, to, 9);
        if (d == k + 1 || d >= to || s.charAt(d) != ':' || (d + 1 < to && s.charAt(d + 1) != ' ')) {
            return -1;
        }
        return d;
    }

    /** The first {@code :}, space or tab from {@code i}, or {@code to}. */
    private static int colonOrBlank(CharSequence s, int i, int to) {
        while (i < to) {
            char c = s.charAt(i);
            if (c == ':' || c == ' ' || c == '\t') {
                return i;
            }
            i++;
        }
        return to;
    }

    private static void source(CharSequence s, int from, int colon, int to, ParsedLine out) {
        out.pair("source", from, colon, false);
        int m = Math.min(colon + 2, to);
        out.set(Field.MESSAGE, Math.max(m, levelTag(s, m, to, out)), to);
    }

    /**
     * A level the program wrote at the start of its message, the way Go programs put one through
     * {@code log}: HashiCorp's {@code [WARN] } (logutils: Consul, Nomad, Vault, Terraform), or
     * {@code INFO: } and {@code INFO : }. Sets the level and returns where the message then
     * starts; {@code r} when there is none.
     */
    private static int levelTag(CharSequence s, int r, int to, ParsedLine out) {
        if (r >= to) {
            return r;
        }
        if (s.charAt(r) == '[') {
            int e = LayoutScan.upper(s, r + 1, to);
            LogLevel level = e - r - 1 >= 3 && e < to && s.charAt(e) == ']' ? LineLevels.word(s, r + 1, e) : null;
            if (level == null || (e + 1 < to && s.charAt(e + 1) != ' ')) {
                return r;
            }
            out.level(level);
            return Math.min(e + 2, to);
        }
        int e = LayoutScan.upper(s, r, to);
        LogLevel level = LayoutScan.levelWord(s, r, e);
        int c = e < to && s.charAt(e) == ' ' ? e + 1 : e;
        if (level == null || c + 1 >= to || s.charAt(c) != ':' || s.charAt(c + 1) != ' ') {
            return r;
        }
        out.level(level);
        return c + 2;
    }

    /** The prefix token {@code s[from, to)}: a level word, or the pair {@code prefix}. */
    private static void prefix(CharSequence s, int from, int to, ParsedLine out) {
        int a = from;
        int b = to;
        if (b > a && s.charAt(b - 1) == ':') {
            b--;
        }
        if (b - a >= 2 && s.charAt(a) == '[' && s.charAt(b - 1) == ']') {
            a++;
            b--;
        }
        LogLevel level = b - a >= 4 && lettersOnly(s, a, b) ? LineLevels.word(s, a, b) : null;
        if (level != null) {
            if (out.level() == null) {
                out.level(level);
            }
        } else {
            out.pair("prefix", a, b, false);
        }
    }

    private static boolean lettersOnly(CharSequence s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Ascii.isLetter(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
