package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#ZAP}: Go's zap with its console encoder ({@code zap.NewDevelopment}, the
 * controller-runtime and kubebuilder operators, many Go CLIs): tab-separated {@code time}, {@code
 * level}, then the logger's name and the caller when set, the message, and the context fields as
 * one JSON object ({@code zapcore/console_encoder.go}): {@code 2024-01-01T12:00:00.000Z INFO
 * controller-runtime.metrics Metrics server is starting to listen {"addr": ":8080"}}, tabs between.
 * The time is ISO 8601 (the development config's encoder), epoch seconds as a float (the
 * production config's, {@code 1.6601693796235826e+09}, as controller-runtime wrote it for a while)
 * or Caddy's {@code 2006/01/02 15:04:05.000} (its console log: {@code 2020/05/26 20:44:49.126
 * INFO http.log.access handled request {...}}, tabs between).
 *
 * <p>Level: zap's level, lower or upper case ({@code dpanic} and {@code panic} → fatal). MESSAGE:
 * the last column, or the one before a last column that is a JSON object or Istio's Envoy's {@code
 * thread=N}. Pairs: {@code source} (a caller {@code file.go:42}), {@code logger} (any other column
 * before the message; Envoy's {@code envoy pool file.cc:265} is both), {@code fields} (the JSON
 * object, as written), {@code thread}.
 */
final class ZapConsoleReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.ZAP;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c);
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        // ISO: yyyy-; Caddy: yyyy/; epoch seconds: "1.66e+09", "1660169379.62" (eight digits or more: any time
        // since April 1970), "1660169379e+00", "1660169379" then the tab
        return (run == 4 && next == '-' && tenth != '~')
                || (run == 4 && next == '/')
                || next == '\t'
                || Ascii.isLetter(next)
                || (next == '.' && (run == 1 || run == LineHead.LONG));
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == '\t';
    }

    /** The end of Caddy's {@code yyyy/MM/dd hh:mm:ss.SSS} (the date checked) at {@code from}, or -1. */
    private static int caddyTimeEnd(CharSequence s, int from, int to) {
        if (from + 10 >= to || s.charAt(from + 10) != ' ') {
            return -1;
        }
        int c = LayoutScan.clock(s, from + 11, to);
        return c < 0 ? -1 : LayoutScan.fraction(s, c, to);
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int t = LayoutScan.isoDateTime(s, from, to, true);
        if (t < 0) {
            t = LayoutScan.date(s, from, to, '/') ? caddyTimeEnd(s, from, to) : epochEnd(s, from, to);
        }
        if (t < 0 || t + 1 >= to || s.charAt(t) != '\t') {
            return false;
        }
        int l = t + 1;
        int le = l;
        while (le < to && Ascii.isLetter(s.charAt(le))) {
            le++;
        }
        LogLevel level = isZapLevel(s, l, le) ? LineLevels.word(s, l, le) : null;
        if (level == null || le >= to || s.charAt(le) != '\t' || !ctx.time(s, from, t, out)) {
            return false;
        }
        out.level(level);
        // The columns after the level: [name] [caller] message [fields]; the last two starts.
        int start = le + 1;
        int last = start;
        int before = start;
        for (int k = start; k < to; k++) {
            if (s.charAt(k) == '\t') {
                before = last;
                last = k + 1;
            }
        }
        int messageStart = last;
        if (last > start && last < to && s.charAt(last) == '{' && s.charAt(to - 1) == '}') {
            out.pair("fields", last, to, false);
            messageStart = before;
            out.set(Field.MESSAGE, messageStart, last - 1);
        } else if (last > start && Scan.startsWith(s, last, to, "thread=") && Scan.digits(s, last + 7, to, 20) == to) {
            // Istio's Envoy: "%l\tenvoy %n %g:%#\t%v\tthread=%t"
            out.pair("thread", last + 7, to, false);
            messageStart = before;
            out.set(Field.MESSAGE, messageStart, last - 1);
        } else {
            out.set(Field.MESSAGE, last, to);
        }
        for (int c = start; c < messageStart; ) {
            int ce = Scan.indexOf(s, '\t', c, messageStart);
            column(s, c, ce, out);
            c = ce + 1;
        }
        return true;
    }

    /**
     * A column before the message: a caller ({@code source}), a logger's name, or both as Envoy
     * writes them ({@code envoy pool source/common/conn_pool/conn_pool_base.cc:265}).
     */
    private static void column(CharSequence s, int c, int ce, ParsedLine out) {
        if (isCaller(s, c, ce)) {
            out.pair("source", c, ce, false);
            return;
        }
        int space = ce - 1;
        while (space > c && s.charAt(space) != ' ') {
            space--;
        }
        if (space > c && isCaller(s, space + 1, ce)) {
            out.pair("logger", c, space, false);
            out.pair("source", space + 1, ce, false);
        } else {
            out.pair("logger", c, ce, false);
        }
    }

    /**
     * The end of the production config's epoch seconds, a float as Go formats it ({@code
     * 1.6601693796235826e+09}, {@code 1660169379.62}), or -1.
     */
    private static int epochEnd(CharSequence s, int from, int to) {
        // digits [. digits] [e|E [+|-] digits]
        int k = Scan.digits(s, from, to, 12);
        if (k == from) {
            return -1;
        }
        if (k < to && s.charAt(k) == '.') {
            int f = Scan.digits(s, k + 1, to, 20);
            k = f == k + 1 ? -1 : f;
        }
        if (k > 0 && k < to && (s.charAt(k) == 'e' || s.charAt(k) == 'E')) {
            int e = k + 1 < to && (s.charAt(k + 1) == '+' || s.charAt(k + 1) == '-') ? k + 2 : k + 1;
            int x = Scan.digits(s, e, to, 3);
            k = x == e ? -1 : x;
        }
        return k - from >= 10 && k < to && s.charAt(k) == '\t' ? k : -1;
    }

    /** zap's levels, in the lower- or upper-case encoder's spelling. */
    private static boolean isZapLevel(CharSequence s, int from, int to) {
        switch (to - from) {
            case 4:
                return word(s, from, to, "info") || word(s, from, to, "warn");
            case 5:
                return word(s, from, to, "debug")
                        || word(s, from, to, "error")
                        || word(s, from, to, "panic")
                        || word(s, from, to, "fatal");
            case 6:
                return word(s, from, to, "dpanic");
            default:
                return false;
        }
    }

    /** {@code s[from, to)} is {@code lower} all in lower or all in upper case. */
    private static boolean word(CharSequence s, int from, int to, String lower) {
        boolean upper = Ascii.isUpper(s.charAt(from));
        for (int i = 0; i < lower.length(); i++) {
            char c = s.charAt(from + i);
            char w = lower.charAt(i);
            if (c != (upper ? (char) (w - 32) : w)) {
                return false;
            }
        }
        return true;
    }

    /** {@code file.go:42} or {@code pkg/file.go:42}; Envoy's C++ {@code file.cc:42}. */
    private static boolean isCaller(CharSequence s, int from, int to) {
        int colon = to - 1;
        while (colon > from && Ascii.isDigit(s.charAt(colon))) {
            colon--;
        }
        return colon < to - 1
                && colon - from >= 4
                && s.charAt(colon) == ':'
                && (Scan.startsWith(s, colon - 3, to, ".go") || Scan.startsWith(s, colon - 3, to, ".cc"))
                && Scan.indexOf(s, ' ', from, colon) < 0;
    }
}
