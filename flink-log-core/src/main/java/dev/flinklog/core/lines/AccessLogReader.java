package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * NCSA access logs: {@link LineShape#CLF} ({@code client ident user [time] "request" status
 * bytes}, the line ending there) and {@link LineShape#COMBINED} (the same, then {@code "referer"
 * "user agent"} and maybe a writer's extras), as Apache httpd, nginx, Traefik and ingress-nginx
 * write them. One instance per shape: the COMBINED one gives up on a line that ends after the
 * bytes, the CLF one on a line that goes on, so a CLF line is read twice up to its end.
 *
 * <p>Variants: Apache {@code vhost_common} ({@code vhost client ...}) and Debian's {@code
 * vhost_combined} ({@code vhost:port client ...}); a custom {@code [pid]} after the time; any time
 * {@link LineContext#time} reads in the brackets. Clients are IPv4, IPv6 or host names. Status and
 * bytes may be {@code -}; the request may be {@code "-"}, {@code ""}, escaped binary bytes or a
 * request line without protocol (HTTP/0.9); referer and user agent may be bare {@code -}; quotes in
 * them are escaped {@code \"} (Apache) or {@code \x22} (nginx), decoded through {@link Escapes}.
 *
 * <p>Extras after the user agent, read when they have the writer's form and otherwise ignored: nginx
 * {@code main}'s {@code "$http_x_forwarded_for"}; ingress-nginx {@code upstreaminfo}'s {@code
 * $request_length $request_time [$proxy_upstream_name] [$proxy_alternative_upstream_name]
 * $upstream_addr $upstream_response_length $upstream_response_time $upstream_status $req_id} (the
 * alternative name optional, the upstream values lists when nginx tried several); Traefik's {@code
 * <requests> "<router>" "<server URL>" <duration>ms} (the URL maybe a bare {@code -}).
 *
 * <p>The message is the whole line (it has no free text; a syslog-carried one has the same). Level:
 * the status class. Pairs: {@code vhost}, {@code server_port} (Debian), {@code ident}, {@code user},
 * {@code real_ip} (ingress-nginx before 0.26: {@code $remote_addr - [$the_real_ip] - $remote_user}),
 * {@code client_host} (a client that is not an IP literal), {@code http_protocol}, {@code referer},
 * {@code x_forwarded_for}; ingress {@code request_length}, {@code upstream_name}, {@code
 * upstream_alternative_name}, {@code upstream_addr}, {@code upstream_response_length}, {@code
 * upstream_response_time}, {@code upstream_status}, {@code request_id} (duration: {@code
 * $request_time}); Traefik {@code request_count}, {@code router}, {@code server_url}.
 */
final class AccessLogReader extends LineParser.ShapeReader {

    static final AccessLogReader COMBINED = new AccessLogReader(true);
    static final AccessLogReader CLF = new AccessLogReader(false);

    /** Longest bracketed time looked for ({@code 10/Oct/2000:13:55:36.123456789 -0700} and ISO forms). */
    private static final int MAX_TIME = 48;

    /** Longest custom {@code [pid]} after the time. */
    private static final int MAX_PID = 12;

    /** The keys of ingress-nginx's upstream values, in the order it writes them. */
    private static final String[] UPSTREAM_KEYS = {
        "upstream_addr", "upstream_response_length", "upstream_response_time", "upstream_status"
    };

    private final boolean combined;

    private AccessLogReader(boolean combined) {
        this.combined = combined;
    }

    @Override
    public LineShape shape() {
        return combined ? LineShape.COMBINED : LineShape.CLF;
    }

    /** A client address (IPv4, IPv6 {@code ::1}), a host name or a virtual host name. */
    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isLetterOrDigit(c) || c == ':';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        // Not a date (yyyy- or yyyy/): no address starts so, nor any host name seen in access logs,
        // and lines so starting are the layouts that write one. Not digits then ':' past four
        // (Redis's "pid:role"): no IPv6 group is that long.
        if (Ascii.isDigit(c) && ((run == 4 && (next == '-' || next == '/')) || (run > 4 && next == ':'))) {
            return false;
        }
        // What may follow the first run in an address or a host name (and its port), or a space
        // after a one-run name: not '=', '[', ',' and the like, which start logfmt, logrus and
        // Ruby lines.
        return Ascii.isLetterOrDigit(next) || next == '-' || next == '.' || next == ':' || next == '_' || next == ' ';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        // CLF is tried right after COMBINED and shares its head: when COMBINED's head just failed
        // on this span, so does CLF's.
        if (!combined && ctx.accessHeadFailed(s, from, to)) {
            return false;
        }
        int i = head(s, from, to, ctx, out);
        if (i < 0) {
            if (combined) {
                ctx.markAccessHeadFailed(s, from, to);
            }
            return false;
        }
        // A custom format's columns right after the bytes (%D, %T: "200 612 3413 \"-\" ...";
        // Tomcat's %A %X), not kept: their meaning is the format's.
        i = columns(s, i, to);
        if (i == to) {
            return !combined;
        }
        if (!combined && squidResult(s, i, to)) {
            return true;
        }
        if (!combined || !space(s, i, to)) {
            return false;
        }

        i = HttpText.quotedOrDash(s, i + 1, to, null, "referer", out);
        if (i < 0 || !space(s, i, to)) {
            return false;
        }
        i = HttpText.quotedOrDash(s, i + 1, to, ParsedLine.Field.USER_AGENT, null, out);
        if (i < 0) {
            return false;
        }
        if (i < to && s.charAt(i) == ' ') {
            extras(s, i + 1, to, out);
        } else if (i < to) {
            return false;
        }
        return true;
    }

    /**
     * The part both formats share, from the client to the bytes: the index after the bytes, or -1
     * when the line leaves the grammar before.
     */
    private static int head(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (from >= to) {
            return -1;
        }
        // Up to four space-separated tokens before the time: [vhost] client ident user.
        int t0 = from;
        int e0 = token(s, t0, to);
        if (e0 < 0) {
            return -1;
        }
        // One space between them as the servers write them; more where a custom format pads a
        // column (seen: "10.1.10.51 -  -  [...]").
        int t1 = Scan.spaces(s, e0, to);
        int e1 = token(s, t1, to);
        if (e1 < 0) {
            return -1;
        }
        int t2 = Scan.spaces(s, e1, to);
        int e2 = token(s, t2, to);
        if (e2 < 0) {
            return -1;
        }
        int next = Scan.spaces(s, e2, to);
        if (next >= to) {
            return -1;
        }
        int realIp = -1;
        if (dash(s, t1, e1)
                && e2 - t2 > 2
                && s.charAt(t2) == '['
                && s.charAt(e2 - 1) == ']'
                && Scan.startsWith(s, next, to, "- ")) {
            // ingress-nginx before 0.26: "$remote_addr - [$the_real_ip] - $remote_user [$time_local]"
            int u = next + 2;
            int ue = token(s, u, to);
            int b = ue < 0 ? -1 : Scan.spaces(s, ue, to);
            if (ue < 0 || b >= to || s.charAt(b) != '[') {
                return -1;
            }
            realIp = t2 + 1;
            out.pair("real_ip", t2 + 1, e2 - 1, false);
            t1 = next;
            e1 = next + 1;
            t2 = u;
            e2 = ue;
            next = b;
        }
        if (realIp < 0 && s.charAt(next) != '[') {
            int e3 = token(s, next, to);
            int b = e3 < 0 ? -1 : Scan.spaces(s, e3, to);
            if (e3 < 0 || b >= to || s.charAt(b) != '[') {
                return -1;
            }
            vhost(s, t0, e0, out);
            t0 = t1;
            e0 = e1;
            t1 = t2;
            e1 = e2;
            t2 = next;
            e2 = e3;
            next = b;
        }
        HttpText.client(s, t0, e0, out);
        out.pair("ident", t1, e1, false);
        // httpd writes an empty user name (a login with none) as "".
        if (e2 - t2 != 2 || s.charAt(t2) != '"' || s.charAt(t2 + 1) != '"') {
            out.pair("user", t2, e2, false);
        }

        int close = Scan.indexOf(s, ']', next + 1, Math.min(to, next + MAX_TIME));
        if (close < 0 || !ctx.time(s, next + 1, close, out)) {
            return -1;
        }
        int i = close + 1;
        if (!space(s, i, to)) {
            return -1;
        }
        i++;
        if (s.charAt(i) == '[') {
            // A custom format's process id after the time (%P), as fox-it/dissect.target shows.
            int pidEnd = Scan.digits(s, i + 1, to, MAX_PID);
            if (pidEnd == i + 1 || pidEnd >= to || s.charAt(pidEnd) != ']' || !space(s, pidEnd + 1, to)) {
                return -1;
            }
            out.set(ParsedLine.Field.PID, i + 1, pidEnd);
            i = pidEnd + 2;
        }

        if (i >= to || s.charAt(i) != '"') {
            return -1;
        }
        long q = HttpText.quoted(s, i, to);
        if (q < 0) {
            return -1;
        }
        int requestEnd = HttpText.quoteEnd(q);
        HttpText.request(s, i + 1, requestEnd, true, out);
        i = requestEnd + 1;

        // Status: three digits or '-'; bytes: digits or '-'.
        if (!space(s, i, to)) {
            return -1;
        }
        i++;
        int statusEnd = Scan.token(s, i, to);
        if (statusEnd == i + 3 && Scan.isDigits(s, i, 3, to)) {
            int status = (int) Scan.number(s, i, statusEnd);
            out.httpStatus(status);
            out.level(LineLevels.httpStatus(status));
        } else if (!dash(s, i, statusEnd) && !(statusEnd == i + 1 && s.charAt(i) == '0')) {
            // Squid writes 0 for a transaction that ended before any reply: no status
            return -1;
        }
        i = statusEnd;
        if (!space(s, i, to)) {
            return -1;
        }
        i++;
        int bytesEnd = Scan.token(s, i, to);
        long bytes = Scan.number(s, i, bytesEnd);
        if (bytes >= 0) {
            out.bytes(bytes);
        } else if (!dash(s, i, bytesEnd)) {
            return -1;
        }
        i = bytesEnd;
        out.set(ParsedLine.Field.MESSAGE, from, to);
        return i;
    }

    /**
     * The index after up to three custom columns right after the bytes, each a number ({@code %D},
     * {@code %T}: {@code <digits>[.<digits>]}), an address (Tomcat's {@code %A}) or a connection
     * status {@code X} or {@code +} (Tomcat's {@code %X}; its {@code -} would be a bare referer);
     * {@code i} when none.
     */
    private static int columns(CharSequence s, int i, int to) {
        for (int n = 0; n < 3 && space(s, i, to); n++) {
            int end = Scan.token(s, i + 1, to);
            if (!(number(s, i + 1, end)
                    || HttpText.isIp(s, i + 1, end)
                    || (end == i + 2 && (s.charAt(i + 1) == 'X' || s.charAt(i + 1) == '+')))) {
                return i;
            }
            i = end;
        }
        return i;
    }

    private static boolean number(CharSequence s, int from, int to) {
        int d = Scan.digits(s, from, to, to - from);
        return d > from && (d == to || (s.charAt(d) == '.' && d + 1 < to && Scan.digits(s, d + 1, to, to - d) == to));
    }

    /**
     * Squid's {@code common} format ends with its result code, {@code %Ss:%Sh} ({@code
     * TCP_MISS:HIER_DIRECT}, {@code NONE_NONE:HIER_NONE}): {@code s[i, to)} is a space and that.
     */
    private static boolean squidResult(CharSequence s, int i, int to) {
        if (!space(s, i, to)) {
            return false;
        }
        int colon = -1;
        for (int k = i + 1; k < to; k++) {
            char c = s.charAt(k);
            if (c == ':' && colon < 0 && k > i + 1) {
                colon = k;
            } else if (!Ascii.isUpper(c) && c != '_') {
                return false;
            }
        }
        return colon > 0 && colon < to - 1;
    }

    /** The end of a non-empty token from {@code i} ended by one space; -1 when there is none. */
    private static int token(CharSequence s, int i, int to) {
        int end = Scan.token(s, i, to);
        return end == i || end >= to || s.charAt(end) != ' ' ? -1 : end;
    }

    private static boolean space(CharSequence s, int i, int to) {
        return i < to - 1 && s.charAt(i) == ' ';
    }

    private static boolean dash(CharSequence s, int from, int to) {
        return to == from + 1 && s.charAt(from) == '-';
    }

    /** {@code vhost} or Debian's {@code vhost:port}. */
    private static void vhost(CharSequence s, int from, int to, ParsedLine out) {
        int colon = Scan.indexOf(s, ':', from, to);
        if (colon > from && Scan.isDigits(s, colon + 1, to - colon - 1, to) && colon + 1 < to) {
            out.pair("vhost", from, colon, false);
            out.pair("server_port", colon + 1, to, false);
        } else {
            out.pair("vhost", from, to, false);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Extras after the user agent
    // ------------------------------------------------------------------------------------------

    private static void extras(CharSequence s, int i, int to, ParsedLine out) {
        if (i >= to) {
            return;
        }
        char c = s.charAt(i);
        if (c == '"') {
            forwardedFor(s, i, to, out);
        } else if (Ascii.isDigit(c)) {
            int end = Scan.token(s, i, to);
            if (Scan.number(s, i, end) < 0 || end >= to - 1 || s.charAt(end) != ' ') {
                return;
            }
            if (s.charAt(end + 1) == '"') {
                traefik(s, i, end, to, out);
            } else {
                ingress(s, i, end, to, out);
            }
        }
    }

    /**
     * nginx {@code main}: a third quoted value, taken as X-Forwarded-For only when it has that
     * header's form ({@code -}, or addresses, maybe with ports, joined by {@code ,} and maybe a
     * space; {@code unknown} for a proxy that hides one), so a custom format's other quoted value
     * (a request id) is not mistaken for it.
     */
    private static void forwardedFor(CharSequence s, int i, int to, ParsedLine out) {
        long q = HttpText.quoted(s, i, to);
        if (q < 0 || HttpText.quoteEscaped(q)) {
            return;
        }
        int end = HttpText.quoteEnd(q);
        for (int a = i + 1; a < end; ) {
            int b = Scan.indexOf(s, ',', a, end);
            b = b < 0 ? end : b;
            if (!forwardedAddress(s, a, b)) {
                return;
            }
            a = b + 1 < end && s.charAt(b + 1) == ' ' ? b + 2 : b + 1;
        }
        out.pair("x_forwarded_for", i + 1, end, false);
    }

    /**
     * One element of X-Forwarded-For: an address (maybe bracketed, maybe with a port), a dotted host
     * name, or a placeholder; not a bare word such as a hex request id.
     */
    private static boolean forwardedAddress(CharSequence s, int a, int b) {
        return dash(s, a, b)
                || (b - a == 7 && Scan.startsWith(s, a, b, "unknown"))
                || HttpText.addressEnd(s, a, b) >= 0
                || HttpText.bracketedIpEnd(s, a, b) > 0
                || hostName(s, a, b);
    }

    private static boolean hostName(CharSequence s, int a, int b) {
        boolean dot = false;
        for (int k = a; k < b; k++) {
            char c = s.charAt(k);
            if (c == '.') {
                dot = k > a && k < b - 1;
            } else if (!Ascii.isLetterOrDigit(c) && c != '-') {
                return false;
            }
        }
        return dot;
    }

    /** Traefik: {@code <requests> "<router>" "<server URL>"|- <duration>ms}. */
    private static void traefik(CharSequence s, int count, int countEnd, int to, ParsedLine out) {
        int i = HttpText.quotedOrDash(s, countEnd + 1, to, null, "router", out);
        if (i < 0 || !space(s, i, to)) {
            return;
        }
        i = HttpText.quotedOrDash(s, i + 1, to, null, "server_url", out);
        if (i < 0 || !space(s, i, to)) {
            return;
        }
        int end = Scan.token(s, i + 1, to);
        long ms = end - 2 > i + 1 && Scan.startsWith(s, end - 2, to, "ms") ? Scan.number(s, i + 1, end - 2) : -1;
        if (ms >= 0) {
            out.pair("request_count", count, countEnd, false);
            out.durationMs(ms);
        }
    }

    /**
     * ingress-nginx {@code upstreaminfo}: {@code $request_length $request_time [name] [alt]? addr
     * length time status req_id}, the upstream values lists ({@code a, b} or {@code a : b}) when
     * nginx tried several upstreams or redirected internally.
     */
    private static void ingress(CharSequence s, int length, int lengthEnd, int to, ParsedLine out) {
        int t = lengthEnd + 1;
        int tEnd = Scan.token(s, t, to);
        double ms = HttpText.secondsAsMillis(s, t, tEnd);
        if (Double.isNaN(ms) || !space(s, tEnd, to) || s.charAt(tEnd + 1) != '[') {
            return;
        }
        out.pair("request_length", length, lengthEnd, false);
        out.durationMs(ms);
        int i = tEnd + 1;
        int close = Scan.token(s, i, to);
        if (s.charAt(close - 1) != ']') {
            return;
        }
        out.pair("upstream_name", i + 1, close - 1, false);
        i = close + 1;
        if (i < to && s.charAt(i) == '[') {
            close = Scan.token(s, i, to);
            if (s.charAt(close - 1) != ']') {
                return;
            }
            out.pair("upstream_alternative_name", i + 1, close - 1, false);
            i = close + 1;
        }
        for (String key : UPSTREAM_KEYS) {
            if (i >= to) {
                return;
            }
            int end = listEnd(s, i, to);
            out.pair(key, i, end, false);
            i = end + 1;
        }
        if (i < to) {
            out.pair("request_id", i, Scan.token(s, i, to), false);
        }
    }

    /** The end of an nginx upstream value from {@code i}: one token, or several joined by {@code ", "} or {@code " : "}. */
    private static int listEnd(CharSequence s, int i, int to) {
        int end = Scan.token(s, i, to);
        while (end < to) {
            if (s.charAt(end - 1) == ',' && end + 1 < to) {
                end = Scan.token(s, end + 1, to);
            } else if (Scan.startsWith(s, end, to, " : ") && end + 3 < to) {
                end = Scan.token(s, end + 3, to);
            } else {
                break;
            }
        }
        return end;
    }
}
