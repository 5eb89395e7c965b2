package dev.flinklog.gen;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Text lines as daemons, proxies and container runtimes write them, each a shape that the log-json
 * format recognises with no configuration (flink-log-core's {@code LineParser}; the examples of
 * each are in its corpus, {@code flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus/}).
 * A line of a known shape is a row without {@code parse-error}; its header fills the columns.
 */
final class TextShapes {

    private TextShapes() {}

    /** Syslog facilities: local0 for the applications' RFC 5424 logging, daemon for rsyslog's. */
    private static final int LOCAL0 = 16;

    private static final int DAEMON = 3;

    /**
     * RFC 5424 as an application's syslog library sends it: {@code <PRI>1 TIMESTAMP HOSTNAME
     * APP-NAME PROCID MSGID [shop@32473 log_id="..."] MSG}. The time has microseconds and the
     * service's offset; the MSGID names the kind of message (the template's family, upper-case); the
     * id is a structured-data parameter (32473 is the enterprise number RFC 5612 reserves for
     * examples). The format reads the severity as the level, APP-NAME as the service, HOSTNAME,
     * PROCID, and the parameter as the label {@code log_id}.
     */
    static GeneratedLog syslog5424(Event e) {
        StringBuilder b = new StringBuilder(e.message.length() + 160);
        b.append('<')
                .append(LOCAL0 * 8 + SystemShapes.severity(e.level))
                .append(">1 ")
                .append(Times.iso(e.micros, e.offsetSeconds, 6, 'T', '.', 'Z'))
                .append(' ')
                .append(e.host())
                .append(' ')
                .append(e.service)
                .append(' ')
                .append(e.pid())
                .append(' ')
                .append(msgId(e))
                .append(" [shop@32473 log_id=\"")
                .append(e.id)
                .append("\"] ")
                .append(e.message);
        return e.out(
                Producer.SYSLOG5424,
                b.toString(),
                SystemShapes.severityLevel(e.level),
                e.micros,
                1,
                null,
                Shapes.SYSLOG5424,
                null);
    }

    /** The MSGID of an event: its template's family ({@code error.timeout.1} → {@code TIMEOUT}). */
    private static String msgId(Event e) {
        String id = e.template.id();
        int from = id.indexOf('.') + 1;
        int to = id.indexOf('.', from);
        return id.substring(from, to < 0 ? id.length() : to).toUpperCase(Locale.ROOT);
    }

    /**
     * rsyslog's forwarding format ({@code RSYSLOG_ForwardFormat}): {@code <PRI>TIMESTAMP HOSTNAME
     * TAG MSG} with the high-precision RFC 3339 time (microseconds, the host's offset written as
     * {@code +hh:mm}), so the time is exact, unlike the classic year-less {@code Sep 16 12:34:56},
     * whose year the format would take from the arrival time. The TAG is {@code service[pid]:}; the
     * application ends its message with {@code log_id=...}. The format reads the severity, the
     * host, the TAG's program as the service and its pid.
     */
    static GeneratedLog syslog3164(Event e) {
        StringBuilder b = new StringBuilder(e.message.length() + 128);
        b.append('<')
                .append(DAEMON * 8 + SystemShapes.severity(e.level))
                .append('>')
                .append(Times.iso(e.micros, e.offsetSeconds, 6, 'T', '.', 'O'))
                .append(' ')
                .append(e.host())
                .append(' ')
                .append(e.service)
                .append('[')
                .append(e.pid())
                .append("]: ")
                .append(e.message)
                .append(" log_id=")
                .append(e.id);
        return e.out(
                Producer.SYSLOG3164,
                b.toString(),
                SystemShapes.severityLevel(e.level),
                e.micros,
                1,
                null,
                Shapes.SYSLOG3164,
                null);
    }

    private static final String[] RESOURCES = {"orders", "items", "charges", "sessions", "products", "stock"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
                + " Version/17.6 Mobile/15E148 Safari/604.1",
        "curl/8.5.0",
        "okhttp/4.12.0",
        "python-requests/2.32.3"
    };
    private static final int[] SERVER_ERRORS = {500, 502, 503, 504};
    private static final int[] CLIENT_ERRORS = {400, 401, 403, 404, 429};

    /** One request to an edge proxy: method, path (with the id as a query parameter), status. */
    private record Request(String method, String path, int status, long bytes) {}

    /**
     * A request the event stands for. The proxy routes {@code /<service>/...} to the service, so the
     * path's first segment names it; the level decides the status class (error and fatal 5xx, warn
     * 4xx, the others 2xx or 3xx), which is the level the format reads back.
     */
    private static Request request(Event e, SplittableRandom r) {
        int m = r.nextInt(20);
        String method = m < 14 ? "GET" : m < 18 ? "POST" : m < 19 ? "PUT" : "DELETE";
        String path = "/" + e.service + "/v1/" + RESOURCES[r.nextInt(RESOURCES.length)] + "/" + r.nextInt(1, 100_000)
                + "?log_id=" + e.id;
        int status;
        switch (e.level) {
            case ERROR, FATAL -> status = SERVER_ERRORS[r.nextInt(SERVER_ERRORS.length)];
            case WARN -> status = CLIENT_ERRORS[r.nextInt(CLIENT_ERRORS.length)];
            default -> {
                int k = r.nextInt(10);
                status = switch (method) {
                    case "POST" -> 201;
                    case "DELETE" -> 204;
                    case "GET" -> k == 0 ? 304 : k == 1 ? 301 : 200;
                    default -> 200;
                };
            }
        }
        long bytes = switch (status) {
            case 204, 304 -> 0;
            case 301 -> 169; // nginx's own redirect page
            default -> status >= 400 ? r.nextInt(150, 600) : r.nextInt(200, 20_000);
        };
        return new Request(method, path, status, bytes);
    }

    /** The level the format reads from an HTTP status: its class. */
    private static Level statusLevel(int status) {
        return status >= 500 ? Level.ERROR : status >= 400 ? Level.WARN : Level.INFO;
    }

    /**
     * nginx's {@code combined} access log of the edge proxy: {@code client - - [dd/Mmm/yyyy:HH:mm:ss
     * ±zzzz] "METHOD /path HTTP/1.1" status bytes "referer" "user agent"}, in the local time of the
     * proxy's host (the service's offset). Whole seconds, no service field: the route in the path
     * says which service answered. The line has no free text, so it is its own message.
     */
    static GeneratedLog nginxAccess(Event e) {
        SplittableRandom r = e.random;
        Request q = request(e, r);
        StringBuilder b = new StringBuilder(320);
        b.append(clientIp(r))
                .append(" - - [")
                .append(Times.clf(e.micros, e.offsetSeconds))
                .append("] \"")
                .append(q.method)
                .append(' ')
                .append(q.path)
                .append(" HTTP/1.1\" ")
                .append(q.status)
                .append(' ')
                .append(q.bytes)
                .append(" \"")
                .append(r.nextInt(3) == 0 ? "https://shop.example.com/" + RESOURCES[r.nextInt(RESOURCES.length)] : "-")
                .append("\" \"")
                .append(AGENTS[r.nextInt(AGENTS.length)])
                .append('"');
        return e.out(
                Producer.NGINX_ACCESS,
                b.toString(),
                statusLevel(q.status),
                Times.truncate(e.micros, Times.MICROS),
                1,
                "access." + q.status,
                Shapes.COMBINED,
                q.status);
    }

    /** A client on the internet (the documentation ranges of RFC 5737). */
    private static String clientIp(SplittableRandom r) {
        return NETS[r.nextInt(NETS.length)] + r.nextInt(1, 255);
    }

    private static final String[] NETS = {"192.0.2.", "198.51.100.", "203.0.113."};

    /**
     * A Kubernetes component's klog line as containerd's CRI log file holds it: {@code
     * <RFC3339Nano UTC> stderr F <klog line>} (klog writes to stderr; {@code F}: a full line). The
     * klog line is a structured one ({@code InfoS}/{@code ErrorS}: {@code Lmmdd hh:mm:ss.uuuuuu
     * pid file:line] "message" log_id="..."}). The format takes the CRI time as the event time
     * (exact; klog's own has no year), the klog letter as the level: I, W, E, F, with debug and
     * trace written as I (klog's verbosity levels are I), so read as info. The shape is klog's, the
     * envelope's fields (stream, tag) are labels. No service: the line does not name one.
     */
    static GeneratedLog criKlog(Event e) {
        char letter = e.level.klogLetter();
        Level level = e.level.asKlog();
        StringBuilder b = new StringBuilder(e.message.length() + 160);
        b.append(Times.rfc3339Nano(e.micros))
                .append(" stderr F ")
                .append(letter)
                .append(Times.klog(e.micros))
                .append(' ');
        String pid = Integer.toString(e.pid());
        for (int i = pid.length(); i < 7; i++) {
            b.append(' '); // klog's %7d
        }
        b.append(pid).append(" reconciler.go:").append(40 + e.serviceIndex * 3).append("] ");
        goQuote(b, e.message).append(" log_id=");
        goQuote(b, e.id);
        return e.out(Producer.CRI_KLOG, b.toString(), level, e.micros, 1, null, Shapes.KLOG, null);
    }

    /** Go's {@code %q} of text the templates make: backslash and quote escaped, control characters as {@code \\uXXXX}. */
    private static StringBuilder goQuote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            } else {
                b.append(c);
            }
        }
        return b.append('"');
    }

    /**
     * Heroku's router log line (logfmt, as {@code heroku logs} shows it after the {@code
     * heroku[router]:} prefix): {@code at=info method=GET path="..." host=... request_id=...
     * fwd="..." dyno=web.1 connect=1ms service=23ms status=200 bytes=1234 protocol=https}; for a
     * failed request {@code at=error code=H12 desc="Request timeout"} (or H13) and status 503. The
     * app is the shop's edge, routing {@code /<service>/...} as nginx's does. The format reads the
     * level from {@code at} (so a 4xx is info: the router says so), method, path, {@code fwd} as the
     * client, status, bytes and {@code service} as the duration; the line has no time (logplex adds
     * it in front), so the event time is NULL, and no {@code msg}, so it is its own message.
     */
    static GeneratedLog herokuRouter(Event e) {
        SplittableRandom r = e.random;
        Request q = request(e, r);
        boolean failed = q.status >= 500;
        boolean timeout = failed && r.nextBoolean();
        StringBuilder b = new StringBuilder(360);
        if (failed) {
            b.append("at=error code=")
                    .append(
                            timeout
                                    ? "H12 desc=\"Request timeout\""
                                    : "H13 desc=\"Connection closed without response\"")
                    .append(' ');
            q = new Request(q.method, q.path, 503, 0);
        } else {
            b.append("at=info ");
        }
        b.append("method=")
                .append(q.method)
                .append(" path=\"")
                .append(q.path)
                .append("\" host=shop-edge.herokuapp.com request_id=");
        Messages.hex(b, r, 8).append('-');
        Messages.hex(b, r, 4).append('-');
        Messages.hex(b, r, 4).append('-');
        Messages.hex(b, r, 4).append('-');
        Messages.hex(b, r, 12);
        b.append(" fwd=\"")
                .append(clientIp(r))
                .append("\" dyno=web.")
                .append(1 + e.hostIndex)
                .append(" connect=")
                .append(r.nextInt(0, 5))
                .append("ms service=")
                .append(timeout ? 30_000 : r.nextInt(2, 2_000))
                .append("ms status=")
                .append(q.status)
                .append(" bytes=")
                .append(q.bytes)
                .append(" protocol=https");
        return e.out(
                Producer.HEROKU_ROUTER,
                b.toString(),
                failed ? Level.ERROR : Level.INFO,
                null,
                1,
                "access." + q.status,
                Shapes.LOGFMT,
                q.status);
    }
}
