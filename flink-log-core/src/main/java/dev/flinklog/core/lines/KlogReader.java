package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * The klog / glog header of Kubernetes components and Google's C++ and Go glog ({@code header()} in
 * kubernetes/klog {@code klog.go}): {@code Lmmdd hh:mm:ss.uuuuuu threadid file:line] msg}, L being
 * I, W, E or F; glog since C++ 0.7 writes the year too ({@code I20210131 14:48:54.411655 …}). The
 * thread id is space-padded to seven characters, so the gap before it varies.
 *
 * <p>Fields: the level of the letter (I info, W warn, E error, F fatal: the project's level table
 * knows klog's letters); the time, year-less ({@code mmdd}, placed in the year before the
 * reference) or dated; MESSAGE. No PID: the number is the thread id (klog's {@code GetTID()}). Pairs:
 * {@code thread} (the thread id), {@code source} ({@code file:line}).
 *
 * <p>A structured message (KEP-1602, {@code InfoS}: {@code "Pod status updated" pod="kube-system/kubedns"
 * status="ready"}) has its quoted text unquoted as MESSAGE and its {@code key=value} pairs added in
 * order, as logfmt reads them; when what follows the quoted text is not all pairs, the message is
 * read as plain text.
 */
final class KlogReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.KLOG;
    }

    @Override
    public boolean mayStartWith(char c) {
        return c == 'I' || c == 'W' || c == 'E' || c == 'F';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return run == 1 && Ascii.isDigit(next);
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int date = from + 1;
        int dateEnd = Scan.digits(s, date, to, 8);
        int n = dateEnd - date;
        if ((n != 4 && n != 8) || dateEnd >= to || s.charAt(dateEnd) != ' ') {
            return false;
        }
        int t = dateEnd + 1;
        if (!Scan.isDigits(s, t, 2, to)
                || !Scan.isDigits(s, t + 3, 2, to)
                || !Scan.isDigits(s, t + 6, 2, to)
                || s.charAt(t + 2) != ':'
                || s.charAt(t + 5) != ':') {
            return false;
        }
        int p = t + 8;
        int nanos = 0;
        if (p < to && s.charAt(p) == '.') {
            int fEnd = Scan.digits(s, p + 1, to, 9);
            if (fEnd == p + 1) {
                return false;
            }
            nanos = (int) Scan.number(s, p + 1, fEnd);
            for (int k = fEnd - p - 1; k < 9; k++) {
                nanos *= 10;
            }
            p = fEnd;
        }
        if (p >= to || s.charAt(p) != ' ') {
            return false;
        }
        int thread = Scan.spaces(s, p, to);
        int threadEnd = Scan.digits(s, thread, to, 20);
        if (threadEnd == thread || threadEnd >= to || s.charAt(threadEnd) != ' ') {
            return false;
        }
        int file = threadEnd + 1;
        int colon = file;
        while (colon < to && s.charAt(colon) != ':' && s.charAt(colon) != ' ' && s.charAt(colon) != ']') {
            colon++;
        }
        if (colon == file || colon >= to || s.charAt(colon) != ':') {
            return false;
        }
        int lineEnd = Scan.digits(s, colon + 1, to, 10);
        if (lineEnd == colon + 1 || lineEnd >= to || s.charAt(lineEnd) != ']') {
            return false;
        }
        int month;
        int day;
        if (n == 4) {
            month = (int) Scan.number(s, date, date + 2);
            day = (int) Scan.number(s, date + 2, date + 4);
        } else {
            month = (int) Scan.number(s, date + 4, date + 6);
            day = (int) Scan.number(s, date + 6, date + 8);
        }
        int h = (int) Scan.number(s, t, t + 2);
        int m = (int) Scan.number(s, t + 3, t + 5);
        int sec = (int) Scan.number(s, t + 6, t + 8);
        boolean timed = n == 4
                ? ctx.yearless(month, day, h, m, sec, nanos, out)
                : ctx.dateTime((int) Scan.number(s, date, date + 4), month, day, h, m, sec, nanos, out);
        if (!timed) {
            return false;
        }
        out.level(LineLevels.word(s, from, from + 1));
        out.pair("thread", thread, threadEnd, false);
        out.pair("source", file, lineEnd, false);
        int msg = lineEnd + 1;
        if (msg == to) {
            return true;
        }
        if (s.charAt(msg) != ' ') {
            return false;
        }
        message(s, msg + 1, to, ctx, out);
        return true;
    }

    /** The message at {@code msg}: a structured one's quoted text and pairs, or the text as it is. */
    private static void message(CharSequence s, int msg, int to, LineContext ctx, ParsedLine out) {
        if (msg < to && s.charAt(msg) == '"') {
            int close = Scan.closingQuote(s, msg + 1, to);
            if (close > 0) {
                int rest = Scan.spaces(s, close + 1, to);
                if (close + 1 == to) {
                    setQuoted(s, msg + 1, close, out);
                    return;
                }
                if (s.charAt(close + 1) == ' ' && rest < to) {
                    long stats = LogfmtReader.scan(s, rest, to, ctx, null, false);
                    if (stats >= 0 && LogfmtReader.bare(stats) == 0) {
                        setQuoted(s, msg + 1, close, out);
                        LogfmtReader.scan(s, rest, to, ctx, out, false);
                        return;
                    }
                }
            }
        }
        if (!klogr(s, msg, to, out)) {
            out.set(ParsedLine.Field.MESSAGE, msg, to);
        }
    }

    /**
     * go-logr/klogr before klog 2's structured form (controller-runtime, cert-manager): {@code
     * [logger ]"msg"="text"} then {@code  "key"=value} pairs, values quoted or bare. False, with
     * nothing set, when the message is not so.
     */
    private static boolean klogr(CharSequence s, int msg, int to, ParsedLine out) {
        int p = msg;
        int loggerEnd = -1;
        if (p < to && s.charAt(p) != '"') {
            loggerEnd = Scan.token(s, p, to);
            if (loggerEnd >= to || s.charAt(loggerEnd) != ' ' || Scan.indexOf(s, '"', p, loggerEnd) >= 0) {
                return false;
            }
            p = loggerEnd + 1;
        }
        if (!Scan.startsWith(s, p, to, "\"msg\"=\"")) {
            return false;
        }
        int textEnd = Scan.closingQuote(s, p + 7, to);
        if (textEnd < 0) {
            return false;
        }
        // The pairs are checked before any is kept, so that a line that is not klogr's keeps none.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = textEnd + 1; i < to; ) {
                int k = Scan.spaces(s, i, to);
                if (k == i || k >= to || s.charAt(k) != '"') {
                    return false;
                }
                int keyEnd = Scan.closingQuote(s, k + 1, to);
                if (keyEnd < 0 || keyEnd + 1 >= to || s.charAt(keyEnd + 1) != '=') {
                    return false;
                }
                int v = keyEnd + 2;
                int valueStart = v;
                int valueEnd;
                if (v < to && s.charAt(v) == '"') {
                    valueEnd = Scan.closingQuote(s, v + 1, to);
                    if (valueEnd < 0) {
                        return false;
                    }
                    valueStart = v + 1;
                    i = valueEnd + 1;
                } else {
                    valueEnd = Scan.token(s, v, to);
                    i = valueEnd;
                }
                if (pass == 1) {
                    out.pair(k + 1, keyEnd, valueStart, valueEnd, Scan.indexOf(s, '\\', valueStart, valueEnd) >= 0);
                }
            }
        }
        if (loggerEnd > 0) {
            out.pair("logger", msg, loggerEnd, false);
        }
        setQuoted(s, p + 7, textEnd, out);
        return true;
    }

    private static void setQuoted(CharSequence s, int from, int to, ParsedLine out) {
        out.set(ParsedLine.Field.MESSAGE, from, to, Scan.indexOf(s, '\\', from, to) >= 0);
    }
}
