package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * HAProxy's logs ({@link LineShape#HAPROXY}) from the client address on, as HAProxy writes them
 * after the syslog header (the parser reads a syslog line's message again, so this reader sees
 * the same text whether the line came through syslog or from {@code log stdout format raw}):
 *
 * <pre>
 * httplog   ci:cp [accept date] frontend backend/server TR/Tw/Tc/Tr/Ta status bytes cc cs tsc
 *           ac/fc/bc/sc/rc sq/bq [{req headers}] [{resp headers}] "request"
 * httpslog  httplog then  conn/ssl/ssl_c/ssl_c_ca/resumed  sni/tls version/cipher
 * tcplog    ci:cp [accept date] frontend backend/server Tw/Tc/Tt bytes ts ac/fc/bc/sc/rc sq/bq
 * error     ci:cp [accept date] frontend/bind: message
 * default   Connect from ip:port to ip:port (frontend/mode)
 * </pre>
 *
 * (haproxy/haproxy {@code doc/configuration.txt} §8.2). The accept date is {@code
 * dd/Mmm/yyyy:hh:mm:ss.mmm} without zone. The last timer is the total ({@code Ta}, or {@code Tt}
 * for TCP; {@code Tq/Tw/Tc/Tr/Tt} in older versions) and becomes the duration in milliseconds; a
 * {@code +} before it or the bytes ({@code option logasap}) marks a value that was still growing,
 * {@code -1} a phase not reached (an HTTP status of {@code -1}: nothing was sent). The request is
 * quoted, and HAProxy cuts it at 1024 characters without the closing quote.
 *
 * <p>The message of a traffic line and of the default format is the whole line; of the error
 * format, the text after {@code frontend/bind: }. Level: the status class of an HTTP line; none
 * otherwise (HAProxy puts it in the syslog priority only). Pairs: {@code frontend} (as written, a
 * TLS frontend ending in {@code ~}), {@code backend}, {@code server}, {@code termination_state},
 * {@code http_protocol}, {@code tls_sni}, {@code tls_version}, {@code tls_cipher} (httpslog),
 * {@code bind} (error format), {@code mode} (default format).
 */
final class HaproxyReader extends LineParser.ShapeReader {

    static final HaproxyReader INSTANCE = new HaproxyReader();

    /** Longest bracketed accept date looked for. */
    private static final int MAX_TIME = 40;

    private static final String CONNECT = "Connect from ";

    private HaproxyReader() {}

    @Override
    public LineShape shape() {
        return LineShape.HAPROXY;
    }

    /** A client address (hex digits and colons for IPv6), or {@code Connect from} of the default format. */
    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == 'C' || c == ':') {
            return true; // "Connect from", "::ffff:…"
        }
        if (Ascii.isDigit(c)) {
            // IPv4 ("10."), IPv6 ("2001:", "2a02:", "64:ff9b::")
            return (run <= 3 && next == '.') || (run <= 4 && (next == ':' || Ascii.isLetter(next)));
        }
        // IPv6 from a hex letter ("fe80::", "abcd:")
        return run <= 4 && (next == ':' || Ascii.isDigit(next));
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (from >= to) {
            return false;
        }
        if (s.charAt(from) == 'C') {
            return connect(s, from, to, out);
        }
        int clientEnd = Scan.token(s, from, to);
        // The bracket first: it rules out most lines in two characters, the address test reads
        // the whole first word (twice for an IPv6 look-alike).
        if (!Scan.startsWith(s, clientEnd, to, " [")) {
            return false;
        }
        int addressEnd = HttpText.addressEnd(s, from, clientEnd);
        if (addressEnd < 0 || addressEnd == clientEnd) {
            return false;
        }
        int close = Scan.indexOf(s, ']', clientEnd + 2, Math.min(to, clientEnd + 2 + MAX_TIME));
        if (close < 0 || !ctx.time(s, clientEnd + 2, close, out)) {
            return false;
        }
        out.set(ParsedLine.Field.CLIENT_IP, from, addressEnd);

        int i = close + 1;
        int frontend = field(s, i, to);
        if (frontend < 0) {
            return false;
        }
        int frontendEnd = Scan.token(s, frontend, to);
        if (s.charAt(frontendEnd - 1) == ':') {
            return error(s, frontend, frontendEnd, to, out);
        }
        out.pair("frontend", frontend, frontendEnd, false);

        int route = field(s, frontendEnd, to);
        if (route < 0) {
            return false;
        }
        int routeEnd = Scan.token(s, route, to);
        int slash = Scan.indexOf(s, '/', route, routeEnd);
        if (slash < 0) {
            return false;
        }
        out.pair("backend", route, slash, false);
        out.pair("server", slash + 1, routeEnd, false);

        int timers = field(s, routeEnd, to);
        if (timers < 0) {
            return false;
        }
        int timersEnd = Scan.token(s, timers, to);
        int count = 0;
        int last = timers;
        for (int t = timers; ; t++) {
            int end = timer(s, t, timersEnd);
            if (end < 0 || count == 5) {
                return false;
            }
            count++;
            last = t;
            if (end == timersEnd) {
                break;
            }
            t = end;
        }
        if (count != 3 && count != 5) {
            return false;
        }
        long total = Scan.number(s, plus(s, last), timersEnd);
        if (total >= 0) {
            out.durationMs(total);
        }
        out.set(ParsedLine.Field.MESSAGE, from, to);
        return count == 3 ? tcp(s, timersEnd, to, out) : http(s, timersEnd, to, out);
    }

    /** {@code Connect from ip:port to ip:port (frontend/mode)}. */
    private static boolean connect(CharSequence s, int from, int to, ParsedLine out) {
        if (!Scan.startsWith(s, from, to, CONNECT)) {
            return false;
        }
        int client = from + CONNECT.length();
        int clientEnd = Scan.token(s, client, to);
        int addressEnd = HttpText.addressEnd(s, client, clientEnd);
        if (addressEnd < 0 || addressEnd == clientEnd || !Scan.startsWith(s, clientEnd, to, " to ")) {
            return false;
        }
        int target = clientEnd + 4;
        int targetEnd = Scan.token(s, target, to);
        if (!Scan.startsWith(s, targetEnd, to, " (") || s.charAt(to - 1) != ')') {
            return false;
        }
        int slash = Scan.indexOf(s, '/', targetEnd + 2, to - 1);
        if (slash < 0) {
            return false;
        }
        out.set(ParsedLine.Field.CLIENT_IP, client, addressEnd);
        out.pair("frontend", targetEnd + 2, slash, false);
        out.pair("mode", slash + 1, to - 1, false);
        out.set(ParsedLine.Field.MESSAGE, from, to);
        return true;
    }

    /** The error format's {@code frontend/bind: message}. */
    private static boolean error(CharSequence s, int frontend, int frontendEnd, int to, ParsedLine out) {
        int slash = Scan.indexOf(s, '/', frontend, frontendEnd);
        if (slash <= frontend || frontendEnd + 1 >= to) {
            return false;
        }
        out.pair("frontend", frontend, slash, false);
        out.pair("bind", slash + 1, frontendEnd - 1, false);
        out.set(ParsedLine.Field.MESSAGE, frontendEnd + 1, to);
        return true;
    }

    /** tcplog after the timers: {@code bytes ts ac/fc/bc/sc/rc sq/bq}. */
    private static boolean tcp(CharSequence s, int i, int to, ParsedLine out) {
        i = bytes(s, i, to, out);
        if (i < 0) {
            return false;
        }
        i = state(s, i, to, 2, out);
        return i >= 0 && counters(s, i, to) >= 0;
    }

    /** httplog after the timers: {@code status bytes cc cs tsc counters queues {..} {..} "request" [httpslog]}. */
    private static boolean http(CharSequence s, int i, int to, ParsedLine out) {
        int status = field(s, i, to);
        if (status < 0) {
            return false;
        }
        int statusEnd = Scan.token(s, status, to);
        if (Scan.startsWith(s, status, to, "-1") && statusEnd == status + 2) {
            // Nothing sent to the client: no status.
        } else if (statusEnd == status + 3 && Scan.isDigits(s, status, 3, to)) {
            int code = (int) Scan.number(s, status, statusEnd);
            out.httpStatus(code);
            out.level(LineLevels.httpStatus(code));
        } else {
            return false;
        }
        i = bytes(s, statusEnd, to, out);
        // The captured request and response cookies.
        for (int k = 0; k < 2 && i >= 0; k++) {
            int c = field(s, i, to);
            i = c < 0 ? -1 : Scan.token(s, c, to);
        }
        if (i < 0) {
            return false;
        }
        i = state(s, i, to, 4, out);
        if (i < 0) {
            return false;
        }
        i = counters(s, i, to);
        if (i < 0) {
            return false;
        }
        // Up to two blocks of captured headers, then the quoted request.
        for (int k = 0; k < 2 && Scan.startsWith(s, i, to, " {"); k++) {
            int close = Scan.indexOf(s, '}', i + 2, to);
            if (close < 0) {
                return false;
            }
            i = close + 1;
        }
        if (!Scan.startsWith(s, i, to, " \"")) {
            return false;
        }
        int request = i + 2;
        int requestEnd = Scan.indexOf(s, '"', request, to);
        // HAProxy cuts a long request line without its closing quote.
        HttpText.request(s, request, requestEnd < 0 ? to : requestEnd, false, out);
        if (requestEnd >= 0) {
            tls(s, requestEnd + 1, to, out);
        }
        return true;
    }

    /** httpslog's {@code  a/b/c/d/e sni/version/cipher} after the request, when there. */
    private static void tls(CharSequence s, int i, int to, ParsedLine out) {
        int errors = field(s, i, to);
        if (errors < 0) {
            return;
        }
        int tls = field(s, Scan.token(s, errors, to), to);
        if (tls < 0) {
            return;
        }
        int tlsEnd = Scan.token(s, tls, to);
        int a = Scan.indexOf(s, '/', tls, tlsEnd);
        int b = a < 0 ? -1 : Scan.indexOf(s, '/', a + 1, tlsEnd);
        if (b < 0 || tlsEnd != to) {
            return;
        }
        out.pair("tls_sni", tls, a, false);
        out.pair("tls_version", a + 1, b, false);
        out.pair("tls_cipher", b + 1, tlsEnd, false);
    }

    /** Bytes after a space ({@code +} with logasap); the index after them or -1. */
    private static int bytes(CharSequence s, int i, int to, ParsedLine out) {
        int start = field(s, i, to);
        if (start < 0) {
            return -1;
        }
        int end = Scan.token(s, start, to);
        long bytes = Scan.number(s, plus(s, start), end);
        if (bytes < 0) {
            return -1;
        }
        out.bytes(bytes);
        return end;
    }

    /** The termination state after a space, {@code width} characters; the index after it or -1. */
    private static int state(CharSequence s, int i, int to, int width, ParsedLine out) {
        int start = field(s, i, to);
        if (start < 0 || Scan.token(s, start, to) != start + width) {
            return -1;
        }
        out.pair("termination_state", start, start + width, false);
        return start + width;
    }

    /** {@code ac/fc/bc/sc/rc sq/bq} after a space (retries maybe {@code +n}); the index after or -1. */
    private static int counters(CharSequence s, int i, int to) {
        for (int k = 0, expected = 5; k < 2; k++, expected = 2) {
            int start = field(s, i, to);
            if (start < 0) {
                return -1;
            }
            int end = Scan.token(s, start, to);
            int n = 0;
            for (int t = start; t < end; ) {
                int e = Scan.digits(s, plus(s, t), end, 18);
                if (e == plus(s, t) || (e < end && s.charAt(e) != '/')) {
                    return -1;
                }
                n++;
                t = e + 1;
            }
            if (n != expected) {
                return -1;
            }
            i = end;
        }
        return i;
    }

    /** The index of a field after the one space at {@code i}, or -1. */
    private static int field(CharSequence s, int i, int to) {
        return i + 1 < to && s.charAt(i) == ' ' && s.charAt(i + 1) != ' ' ? i + 1 : -1;
    }

    /** A timer ({@code -1}, {@code 10}, {@code +30}) from {@code i}: the index after it (a {@code /} or the end) or -1. */
    private static int timer(CharSequence s, int i, int to) {
        int start = i < to && (s.charAt(i) == '+' || s.charAt(i) == '-') ? i + 1 : i;
        int end = Scan.digits(s, start, to, 18);
        if (end == start || (end < to && s.charAt(end) != '/')) {
            return -1;
        }
        return end;
    }

    /** Past a logasap {@code +} at {@code i}. */
    private static int plus(CharSequence s, int i) {
        return i < s.length() && s.charAt(i) == '+' ? i + 1 : i;
    }
}
