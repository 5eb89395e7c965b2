package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * Envoy's default text access log and Istio's sidecar extension of it ({@link LineShape#ENVOY};
 * envoyproxy/envoy {@code docs/root/configuration/observability/access_log/usage.rst}, istio.io
 * "Envoy Access Logs"):
 *
 * <pre>
 * [start time] "METHOD PATH PROTOCOL" code flags [details termination] ["reason"]... received sent
 *     duration upstream_time "x-forwarded-for" "user agent" "request id" "authority" "upstream host"
 *     [cluster upstream_local downstream_local downstream_remote server_name [route]]
 * </pre>
 *
 * The start time is UTC ISO 8601 in brackets. Istio releases put different fields between the
 * flags and the byte counts: 1.9+ the response code details, the connection termination details
 * and the quoted upstream transport failure reason; 1.6-1.8 that reason alone; 1.3-1.5 the mixer
 * status and the reason, both quoted; so up to two bare and two quoted values are read there, the
 * last quoted one taken as the reason. Istio's trailing fields are read when five or six follow
 * (1.2 wrote no route name); other trailing text is left. Envoy substitutes values without
 * escaping, so a quoted value ends at the next quote; an unset value is {@code -}. A TCP proxy
 * line has {@code "- - -"} for its request and code 0: no method, path or status.
 *
 * <p>Also Envoy's own log ({@link #application}), told by the bracket right after the time.
 *
 * <p>The message is the whole line. Fields: the time, the level (status class), method, path,
 * status, bytes (sent to the client), duration (ms), user agent, {@link
 * ParsedLine.Field#CLIENT_IP} (Istio's downstream remote address without its port; the default
 * format has no client address). Pairs: {@code http_protocol}, {@code response_flags}, {@code
 * response_code_details}, {@code connection_termination_details}, {@code
 * upstream_transport_failure_reason}, {@code mixer_status}, {@code bytes_received}, {@code
 * upstream_service_time}, {@code x_forwarded_for}, {@code request_id}, {@code authority}, {@code
 * upstream_host}, {@code upstream_cluster}, {@code upstream_local_address}, {@code
 * downstream_local_address}, {@code requested_server_name}, {@code route_name}.
 */
final class EnvoyReader extends LineParser.ShapeReader {

    static final EnvoyReader INSTANCE = new EnvoyReader();

    /** Longest bracketed time looked for. */
    private static final int MAX_TIME = 40;

    /** The quoted values after the counters, in Envoy's order (the user agent is a field). */
    private static final String[] QUOTED = {"x_forwarded_for", null, "request_id", "authority", "upstream_host"};

    /** Istio's trailing bare values; the downstream remote address (index 3) is the client. */
    private static final String[] ISTIO = {
        "upstream_cluster",
        "upstream_local_address",
        "downstream_local_address",
        null,
        "requested_server_name",
        "route_name"
    };

    private EnvoyReader() {}

    @Override
    public LineShape shape() {
        return LineShape.ENVOY;
    }

    @Override
    public boolean mayStartWith(char c) {
        return c == '[';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return Ascii.isDigit(next); // "[2026-"
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == '"' || after == ']'; // the access log's request, the application log's "]["
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (from >= to) {
            return false;
        }
        int close = Scan.indexOf(s, ']', from + 1, Math.min(to, from + 2 + MAX_TIME));
        if (close < 0 || !Scan.isDigits(s, from + 1, 4, close) || s.charAt(from + 5) != '-') {
            return false;
        }
        if (close + 1 < to && s.charAt(close + 1) == '[') {
            return application(s, from, close, to, ctx, out);
        }
        if (!Scan.startsWith(s, close, to, "] \"")) {
            return false;
        }
        int request = close + 3;
        int requestEnd = Scan.indexOf(s, '"', request, to);
        if (requestEnd < 0 || !ctx.time(s, from + 1, close, out)) {
            return false;
        }
        HttpText.request(s, request, requestEnd, false, out);

        int i = requestEnd + 1;
        int code = field(s, i, to);
        int codeEnd = code < 0 ? -1 : Scan.token(s, code, to);
        long status = codeEnd < 0 || codeEnd - code > 3 ? -1 : Scan.number(s, code, codeEnd);
        if (status < 0) {
            return false;
        }
        if (status > 0) {
            out.httpStatus((int) status);
            out.level(LineLevels.httpStatus((int) status));
        }
        int flags = field(s, codeEnd, to);
        if (flags < 0) {
            return false;
        }
        i = Scan.token(s, flags, to);
        out.pair("response_flags", flags, i, false);

        // Up to two bare and two quoted values of the Istio release, then the byte counts.
        int bare = 0;
        int quoted = 0;
        int reason = -1;
        int reasonEnd = -1;
        while (true) {
            int v = field(s, i, to);
            if (v < 0) {
                return false;
            }
            char c = s.charAt(v);
            if (Ascii.isDigit(c)) {
                break;
            }
            int end;
            if (c == '"') {
                end = Scan.indexOf(s, '"', v + 1, to);
                if (end < 0 || ++quoted > 2) {
                    return false;
                }
                if (reason >= 0) {
                    out.pair("mixer_status", reason, reasonEnd, false);
                }
                reason = v + 1;
                reasonEnd = end;
                end++;
            } else {
                end = Scan.token(s, v, to);
                if (++bare > 2) {
                    return false;
                }
                out.pair(bare == 1 ? "response_code_details" : "connection_termination_details", v, end, false);
            }
            i = end;
        }
        if (reason >= 0) {
            out.pair("upstream_transport_failure_reason", reason, reasonEnd, false);
        }

        int received = number(s, i, to);
        if (received < 0) {
            return false;
        }
        out.pair("bytes_received", i + 1, received, false);
        int sent = number(s, received, to);
        if (sent < 0) {
            return false;
        }
        out.bytes(Scan.number(s, received + 1, sent));
        int duration = number(s, sent, to);
        if (duration < 0) {
            return false;
        }
        out.durationMs(Scan.number(s, sent + 1, duration));
        int upstream = field(s, duration, to);
        if (upstream < 0) {
            return false;
        }
        i = Scan.token(s, upstream, to);
        if (Scan.number(s, upstream, i) < 0 && !(i == upstream + 1 && s.charAt(upstream) == '-')) {
            return false;
        }
        out.pair("upstream_service_time", upstream, i, false);

        for (int k = 0; k < QUOTED.length; k++) {
            int v = field(s, i, to);
            if (v < 0 || s.charAt(v) != '"') {
                return false;
            }
            int end = Scan.indexOf(s, '"', v + 1, to);
            if (end < 0) {
                return false;
            }
            if (QUOTED[k] == null) {
                out.set(ParsedLine.Field.USER_AGENT, v + 1, end);
            } else {
                out.pair(QUOTED[k], v + 1, end, false);
            }
            i = end + 1;
        }
        out.set(ParsedLine.Field.MESSAGE, from, to);
        istio(s, i, to, out);
        return true;
    }

    /**
     * Envoy's own log, its {@code --log-format} default {@code [%Y-%m-%d %T.%e][%t][%l][%n] [%g:%#]
     * %v} (before 1.17 without the source, which up to 1.7 began the message as {@code file:line] }):
     * {@code [2021-09-01 01:31:10.574][1][info][main]
     * [source/server/server.cc:745] all clusters initialized}, the time local (read in the default
     * zone). Level: spdlog's word; pairs {@code thread}, {@code logger}, {@code source}; MESSAGE the
     * rest, the connection and stream ids ({@code [C1][S123]}) it may start with included.
     */
    private static boolean application(CharSequence s, int from, int close, int to, LineContext ctx, ParsedLine out) {
        int thread = close + 2;
        int threadEnd = Scan.digits(s, thread, to, 20);
        if (threadEnd == thread || !Scan.startsWith(s, threadEnd, to, "][")) {
            return false;
        }
        int level = threadEnd + 2;
        int levelEnd = Scan.indexOf(s, ']', level, Math.min(to, level + 9));
        if (levelEnd < 0 || !isSpdlogLevel(s, level, levelEnd) || !Scan.startsWith(s, levelEnd, to, "][")) {
            return false;
        }
        int name = levelEnd + 2;
        int nameEnd = Scan.indexOf(s, ']', name, Math.min(to, name + 64));
        if (nameEnd <= name || Scan.token(s, name, nameEnd) != nameEnd || !ctx.time(s, from + 1, close, out)) {
            return false;
        }
        out.level(LineLevels.word(s, level, levelEnd));
        out.pair("thread", thread, threadEnd, false);
        out.pair("logger", name, nameEnd, false);
        int m = nameEnd + 1;
        if (m < to && s.charAt(m) == ' ') {
            m++;
            // "[file:line] " from 1.17 on
            int sourceEnd = m < to && s.charAt(m) == '[' ? Scan.indexOf(s, ']', m, to) : -1;
            if (sourceEnd > m + 1
                    && Scan.token(s, m + 1, sourceEnd) == sourceEnd
                    && Scan.indexOf(s, ':', m + 1, sourceEnd) > 0
                    && sourceEnd + 1 < to
                    && s.charAt(sourceEnd + 1) == ' ') {
                out.pair("source", m + 1, sourceEnd, false);
                m = sourceEnd + 2;
            } else {
                // Envoy 1.7 and before: "file:line] " with no opening bracket
                int t = Scan.token(s, m, to);
                if (t > m + 2 && t < to && s.charAt(t - 1) == ']' && Scan.indexOf(s, ':', m, t) > 0) {
                    out.pair("source", m, t - 1, false);
                    m = t + 1;
                }
            }
        }
        if (m < to) {
            out.set(ParsedLine.Field.MESSAGE, m, to);
        }
        return true;
    }

    /** spdlog's level names, as Envoy writes them. */
    private static boolean isSpdlogLevel(CharSequence s, int from, int to) {
        for (String w : SPDLOG_LEVELS) {
            if (Scan.regionEquals(s, from, to, w)) {
                return true;
            }
        }
        return false;
    }

    private static final String[] SPDLOG_LEVELS = {"trace", "debug", "info", "warning", "error", "critical"};

    /** Istio's five or six trailing values, when exactly those follow. */
    private static void istio(CharSequence s, int i, int to, ParsedLine out) {
        int count = 0;
        for (int k = i; k < to; k++) {
            if (s.charAt(k) == ' ') {
                count++;
            }
        }
        if ((count != 5 && count != 6) || field(s, i, to) < 0) {
            return;
        }
        for (int k = 0; k < count; k++) {
            int v = field(s, i, to);
            if (v < 0) {
                return;
            }
            int end = Scan.token(s, v, to);
            if (ISTIO[k] == null) {
                int address = HttpText.addressEnd(s, v, end);
                int close = address > v ? -1 : HttpText.bracketedIpEnd(s, v, end);
                if (address > v) {
                    out.set(ParsedLine.Field.CLIENT_IP, v, address);
                } else if (close > 0) {
                    out.set(ParsedLine.Field.CLIENT_IP, v + 1, close);
                }
            } else {
                out.pair(ISTIO[k], v, end, false);
            }
            i = end;
        }
    }

    /** The end of digits after the one space at {@code i}, or -1. */
    private static int number(CharSequence s, int i, int to) {
        int v = field(s, i, to);
        if (v < 0) {
            return -1;
        }
        int end = Scan.token(s, v, to);
        return Scan.number(s, v, end) < 0 ? -1 : end;
    }

    /** The index of a value after the one space at {@code i}, or -1. */
    private static int field(CharSequence s, int i, int to) {
        return i + 1 < to && s.charAt(i) == ' ' && s.charAt(i + 1) != ' ' ? i + 1 : -1;
    }
}
