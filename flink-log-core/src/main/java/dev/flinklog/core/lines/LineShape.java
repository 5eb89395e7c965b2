package dev.flinklog.core.lines;

import java.util.Locale;

/**
 * The shapes of a log record that flink-log recognises, as the {@code shape} metadata and {@code
 * LOG_PARSE_LINE} name them. {@link #JSON} and {@link #OTLP} are the format's own (a JSON object, an
 * OTLP/JSON batch or record); the others are text lines read by {@link LineParser}, in the order it
 * tries them; {@link #PLAIN} is a line of no known shape (free text, a stack-trace line).
 */
public enum LineShape {
    JSON("a JSON object"),
    OTLP("OTLP/JSON logs: a batch or one log record"),
    SYSLOG5424("syslog RFC 5424, also RFC 6587 octet-counted"),
    SYSLOG3164("BSD syslog RFC 3164, with or without PRI; rsyslog's and journald's short file formats"),
    COMBINED("Combined Log Format: Apache, nginx, Traefik (also with their extra fields)"),
    CLF("Common Log Format: Apache, nginx"),
    NGINX_ERROR("nginx error log"),
    APACHE_ERROR("Apache httpd error log, 2.2 and 2.4"),
    HAPROXY("HAProxy HTTP and TCP logs"),
    ENVOY("Envoy and Istio sidecar access log, default text format"),
    KLOG("Kubernetes klog / glog header"),
    CRI("CRI container log line (containerd, CRI-O)"),
    POSTGRESQL("PostgreSQL server log with the default log_line_prefix"),
    REDIS("Redis server log"),
    MYSQL("MySQL and MariaDB server error log (5.5 to 8.x)"),
    PYTHON("Python logging defaults and asctime layouts"),
    JAVA("log4j, logback and Spring Boot default layouts"),
    GO("Go's log package default"),
    LOGFMT("logfmt key=value lines (logrus, Go kit, slog, Heroku)"),
    PLAIN("free text of no known shape, stack-trace lines included");

    private final String description;
    private final String sqlName = name().toLowerCase(Locale.ROOT);

    LineShape(String description) {
        this.description = description;
    }

    /** The name the metadata column and the functions give, e.g. {@code syslog5424}. */
    public String sqlName() {
        return sqlName;
    }

    /** What it is, for the documentation. */
    public String description() {
        return description;
    }

    /** Whether {@link LineParser} recognises this shape in text (JSON and OTLP are the format's). */
    public boolean isTextLine() {
        return this != JSON && this != OTLP && this != PLAIN;
    }

    /** The shape of a name as {@link #sqlName()} gives it, any case; null for none. */
    public static LineShape byName(String name) {
        for (LineShape s : values()) {
            if (s.sqlName.equalsIgnoreCase(name.trim())) {
                return s;
            }
        }
        return null;
    }
}
