package dev.flinklog.core.fields;

import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one table of well-known log columns: for each canonical column name, where real producers
 * put that value, in order of preference. The {@code log-json} format fills a declared column from
 * the first of these paths that is present and convertible; {@code docs/format.md} documents this
 * table and a test checks the two against each other.
 *
 * <p>A path is a sequence of JSON keys. The format matches keys with the snake_case ↔ dotted ↔
 * nested equivalence, so {@code service.name} here also matches a flat {@code "service_name"} key
 * and {@code {"service":{"name":…}}}; the table lists the forms producers really use so that the
 * documentation reads as a list of producers' fields.
 */
public final class FieldAliases {

    /** What kind of value a canonical column holds; decides how its text is interpreted. */
    public enum Role {
        /** An instant: lenient timestamp text, epoch numbers, or {seconds, nanos} objects. */
        TIME,
        /** A log level: words, letters or numbers, normalised to the six levels. */
        LEVEL,
        /** The human-readable message; only string values count (ECS has an object {@code log}). */
        MESSAGE,
        /** The platform's labels, flattened to a map. */
        LABELS,
        /** The record's shape ({@code json}, {@code otlp}, a text line's): set by the reader, from no key. */
        SHAPE,
        /** A plain identity or context value (service, host, pod, trace id, …). */
        TEXT,
        /** The UTC day of the event time, for partitioning; a field of that name wins. */
        DAY,
        /** The UTC hour of the event time, for partitioning; a field of that name wins. */
        HOUR
    }

    /** One canonical column: its names (the first is the main one), its role and its paths. */
    public static final class Column {
        private final List<String> names;
        private final Role role;
        private final List<List<String>> paths;
        private final String note;

        Column(List<String> names, Role role, List<List<String>> paths, String note) {
            this.names = names;
            this.role = role;
            this.paths = paths;
            this.note = note;
        }

        /** The column names that select this entry; the first is the canonical one. */
        public List<String> names() {
            return names;
        }

        public Role role() {
            return role;
        }

        /** The alias paths, most preferred first; each path is a list of JSON keys. */
        public List<List<String>> paths() {
            return paths;
        }

        /** A short remark for the documentation (which producer uses what), possibly empty. */
        public String note() {
            return note;
        }
    }

    private static final Map<String, Column> BY_NAME = new LinkedHashMap<>();
    private static final List<Column> COLUMNS = new ArrayList<>();

    static {
        // spotless:off: one column per call, its aliases wrapped as they read best (docs/format.md shows the same table)
        add(names("event_time", "timestamp", "ts"),
                Role.TIME,
                "ISO-8601 and other text forms as LOG_TIMESTAMP, epoch numbers by magnitude, "
                        + "log4j2 instant{epochSecond,nanoOfSecond}, GCP timestamp{seconds,nanos}",
                "time", "@timestamp", "timestamp", "ts", "@t", "t",
                "timeUnixNano", "observedTimeUnixNano", "__REALTIME_TIMESTAMP",
                "instant", "timeMillis", "asctime");
        add(names("log_level", "level", "severity"),
                Role.LEVEL,
                "normalised to trace/debug/info/warn/error/fatal; else journald's upper-case `PRIORITY`; "
                        + "else inferred from the message",
                "level", "log_level", "log.level", "severity", "severity_text", "severityText",
                "severityNumber", "levelname", "@l", "lvl", "loglevel");
        add(names("log", "message", "msg"),
                Role.MESSAGE,
                "string values only: in ECS `log` is an object and `message` is the text",
                "log", "message", "msg", "MESSAGE", "@m", "@mt", "body.stringValue",
                "short_message", "text");
        add(names("service_name"),
                Role.TEXT,
                "bunyan's `name` only in bunyan records; OTLP resource attribute service.name",
                "service_name", "service.name", "kubernetes.labels.app.kubernetes.io/name",
                "kubernetes.labels.app", "SYSLOG_IDENTIFIER", "program");
        add(names("service_namespace"),
                Role.TEXT, "",
                "service_namespace", "service.namespace");
        add(names("host_name"),
                Role.TEXT, "",
                "host_name", "host.name", "hostname", "host", "_HOSTNAME", "src_host",
                "kubernetes.host");
        add(names("host_ip"),
                Role.TEXT, "",
                "host_ip", "host.ip", "hostIP");
        add(names("pod_name"),
                Role.TEXT, "Fluent Bit kubernetes filter, OTLP k8s semantic conventions",
                "pod_name", "kubernetes.pod_name", "k8s.pod.name");
        add(names("namespace"),
                Role.TEXT, "",
                "namespace", "kubernetes.namespace_name", "k8s.namespace.name");
        add(names("node_name"),
                Role.TEXT, "",
                "node_name", "kubernetes.host", "k8s.node.name");
        add(names("container_name"),
                Role.TEXT, "",
                "container_name", "kubernetes.container_name", "k8s.container.name",
                "CONTAINER_NAME");
        add(names("stream"),
                Role.TEXT, "stdout or stderr (Docker, CRI, Fluent Bit)",
                "stream");
        add(names("env"),
                Role.TEXT, "",
                "env", "environment", "deployment.environment", "deployment.environment.name");
        add(names("trace_id"),
                Role.TEXT, "",
                "trace_id", "traceId", "trace.id", "logging.googleapis.com/trace", "dd.trace_id");
        add(names("span_id"),
                Role.TEXT, "",
                "span_id", "spanId", "span.id", "logging.googleapis.com/spanId", "dd.span_id");
        add(names("pid"),
                Role.TEXT, "also from text lines (syslog, klog, layouts)",
                "pid", "process.pid", "_PID", "process_id");
        add(names("client_ip"),
                Role.TEXT, "ECS, OpenTelemetry, nginx JSON; also from access-log lines",
                "client_ip", "client.ip", "client.address", "remote_addr", "remote_ip", "source.ip");
        add(names("http_method"),
                Role.TEXT, "also from access-log lines",
                "http_method", "method", "http.method", "http.request.method", "req.method", "request_method");
        add(names("http_path"),
                Role.TEXT, "the request target as written (path and query); also from access-log lines",
                "http_path", "path", "url.path", "http.target", "req.url", "request_uri", "uri");
        add(names("http_status"),
                Role.TEXT, "declare it INT; also from access-log lines",
                "http_status", "status", "http.status_code", "http.response.status_code", "res.statusCode",
                "status_code", "response_status");
        add(names("user_agent"),
                Role.TEXT, "also from access-log lines",
                "user_agent", "user_agent.original", "http_user_agent", "http.user_agent",
                "req.headers.user-agent");
        add(names("response_bytes"),
                Role.TEXT, "response body bytes; declare it BIGINT; also from access-log lines",
                "response_bytes", "bytes", "body_bytes_sent", "bytes_sent", "http.response.body.bytes", "response_size");
        add(names("duration_ms"),
                Role.TEXT, "milliseconds (keys in other units are not aliases); also from access-log lines",
                "duration_ms", "elapsed_ms", "latency_ms", "response_time_ms", "responseTime");
        add(names("log_shape"),
                Role.SHAPE, "filled by the format: `json`, `otlp` or the text line's shape (as the `shape` metadata)");
        add(names("labels"),
                Role.LABELS, "as LOG_LABELS",
                "labels");
        add(names("dt"),
                Role.DAY, "else filled by the format: the UTC date of the row's event time, `yyyy-MM-dd` (for partitions)",
                "dt");
        add(names("hr"),
                Role.HOUR, "else filled by the format: the UTC hour of the event time, INT 0-23 or STRING `00`-`23`",
                "hr");
        // spotless:on
    }

    private FieldAliases() {}

    private static List<String> names(String... names) {
        return List.of(names);
    }

    private static void add(List<String> names, Role role, String note, String... dottedPaths) {
        List<List<String>> paths = new ArrayList<>();
        for (String p : dottedPaths) {
            paths.add(splitPath(p));
        }
        Column c = new Column(names, role, Collections.unmodifiableList(paths), note);
        COLUMNS.add(c);
        for (String n : names) {
            if (BY_NAME.put(n, c) != null) {
                throw new IllegalStateException("duplicate canonical column name " + n);
            }
        }
    }

    /**
     * Splits a documented path at dots, except inside the last key of well-known names that
     * contain dots or slashes themselves ({@code app.kubernetes.io/name},
     * {@code logging.googleapis.com/trace}): those stay one key, as producers write them.
     */
    static List<String> splitPath(String dotted) {
        List<String> out = new ArrayList<>();
        int slash = dotted.indexOf('/');
        String head = dotted;
        String tail = null;
        if (slash >= 0) {
            // The key holding the slash is a domain-style name: keep "domain.tld/name" whole.
            int domainStart = domainStart(dotted, slash);
            head = domainStart == 0 ? "" : dotted.substring(0, domainStart - 1);
            tail = dotted.substring(domainStart);
        }
        int start = 0;
        for (int i = 0; i <= head.length(); i++) {
            if (i == head.length() || head.charAt(i) == '.') {
                if (i > start) {
                    out.add(head.substring(start, i));
                }
                start = i + 1;
            }
        }
        if (tail != null) {
            out.add(tail);
        }
        return Collections.unmodifiableList(out);
    }

    /** Where the domain of a {@code a.b.domain.tld/name} key starts: two labels before the slash. */
    private static int domainStart(String s, int slash) {
        int dots = 0;
        for (int i = slash - 1; i >= 0; i--) {
            if (s.charAt(i) == '.') {
                dots++;
                if (dots == 3) {
                    // "app.kubernetes.io/name": keep three labels (app, kubernetes, io)
                    return i + 1;
                }
            }
        }
        return 0;
    }

    /**
     * The numeric level scale a level field's path implies: OTLP {@code severityNumber} is on the
     * OpenTelemetry scale, journald {@code PRIORITY} on syslog's, logback {@code level_value} on
     * logback's; anything else (pino's numeric {@code level}, …) is read on the {@code auto} scale.
     * The last key is compared by the key rule of {@link FieldNames}.
     */
    public static LevelScale levelScaleOf(List<String> path) {
        String last = path.isEmpty() ? "" : FieldNames.canonical(path.get(path.size() - 1));
        switch (last) {
            case "severity_number":
                return LevelScale.OTLP;
            case "priority":
                return LevelScale.SYSLOG;
            case "level_value":
                return LevelScale.LOGBACK;
            default:
                return LevelScale.AUTO;
        }
    }

    // ------------------------------------------------------------------------------------------
    // Producer shapes whose fields mean something only together
    // ------------------------------------------------------------------------------------------

    /**
     * Serilog's compact format (CLEF) writes the message as {@code @mt} (template) or {@code @m}
     * and leaves {@code @l} out for Information: in a record with one of these keys and no level
     * field, the level is {@code info}, not inferred from the text.
     */
    public static boolean isClefMessageKey(String key) {
        return "@mt".equals(key) || "@m".equals(key);
    }

    /** The level of a CLEF record without {@code @l}. */
    public static final LogLevel CLEF_DEFAULT_LEVEL = LogLevel.INFO;

    /**
     * bunyan writes its format version as {@code "v": 0} in every record; only there is the
     * top-level {@code name} the logger's (the service's) name. Elsewhere {@code name} is anything.
     */
    public static final String BUNYAN_VERSION_KEY = "v";

    /** The key that names the service in a bunyan record. */
    public static final String BUNYAN_NAME_KEY = "name";

    /**
     * journald's severity field, a syslog severity (0 emerg … 7 debug), written in upper case like
     * all of journald's fields. Only that exact key is a level: applications use {@code priority}
     * for their own things (a task's, a queue's), so it is not an alias of the level column, which
     * matches keys in any case. A record's level fields still win over it.
     */
    public static final String JOURNALD_PRIORITY_KEY = "PRIORITY";

    /** All canonical columns, in documentation order. */
    public static List<Column> columns() {
        return Collections.unmodifiableList(COLUMNS);
    }

    /** The canonical column a declared column name selects, or null for an ordinary column. */
    public static Column forColumn(String columnName) {
        return BY_NAME.get(columnName);
    }
}
