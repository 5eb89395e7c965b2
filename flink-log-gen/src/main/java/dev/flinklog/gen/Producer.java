package dev.flinklog.gen;

import java.util.Locale;

/**
 * The producer shapes the generator writes, each after the producer's documented output and
 * matching a shape that flink-log-format reads (its {@code ProducerShapesTest} for the JSON
 * shapes, its line readers for the text lines). The default weight is the share in the default mix
 * (relative; OTLP batches emit several rows per record).
 */
public enum Producer {
    /** Docker json-file via Fluent Bit's kubernetes filter; {@code log} holds klog, Spring, nginx or Python text. */
    K8S_FLUENTBIT("k8s-fluentbit", 22),
    /** Docker's fluentd log driver through Fluent Bit: dotted container labels, {@code @timestamp} double. */
    DOCKER_FLUENTD("docker-fluentd", 3),
    /** An OTLP/JSON ExportLogsServiceRequest with 2 to 4 log records of one service. */
    OTLP("otlp", 8),
    /** ecs-logging: {@code @timestamp}, {@code log.level}, {@code message}, {@code service.name}. */
    ECS("ecs", 8),
    /** logstash-logback-encoder, timestamps in the service's own offset (e.g. +09:00). */
    LOGSTASH("logstash", 7),
    /** pino: numeric level, epoch-millisecond {@code time}. */
    PINO("pino", 7),
    /** bunyan: as pino with {@code name} as the service and {@code "v":0}. */
    BUNYAN("bunyan", 2),
    /** zap production encoder: {@code ts} epoch seconds with a microsecond fraction. */
    ZAP("zap", 6),
    /** logrus JSONFormatter: RFC 3339 seconds with the service's offset, {@code warning}. */
    LOGRUS("logrus", 5),
    /** Serilog CLEF: {@code @t}, {@code @mt}, {@code @l} (left out for Information). */
    CLEF("clef", 5),
    /** {@code journalctl -o json}: microsecond {@code __REALTIME_TIMESTAMP}, syslog {@code PRIORITY}. */
    JOURNALD("journald", 6),
    /** rsyslog JSON template: {@code ts} with offset, {@code src_host}, {@code program}, {@code severity}. */
    SYSLOG_JSON("syslog-json", 5),
    /** Google Cloud structured logging: {@code severity}, {@code timestamp{seconds,nanos}}. */
    GCP("gcp", 3),
    /** python-json-logger: zone-less {@code asctime} with a comma fraction, {@code levelname}. */
    PYTHON_JSON("python-json", 3),
    /** log4j2 JsonLayout: {@code instant{epochSecond,nanoOfSecond}}. */
    LOG4J2("log4j2", 3),
    /** AWS Lambda JSON log format. */
    LAMBDA("lambda", 2),
    /**
     * Text lines of a log file: {@code 2026-09-16 12:34:56,789 ERROR [svc] ...} (Python's or, when
     * the message starts with {@code name:}, Hadoop's log4j layout), one fifth without a timestamp
     * (plain text). The service is only in the text.
     */
    TEXT("text", 3, false),
    /**
     * RFC 5424 syslog: {@code <PRI>1 TIME HOST APP PROCID MSGID [shop@32473 log_id="..."] message},
     * microseconds and the service's offset.
     */
    SYSLOG5424("syslog5424", 2),
    /** rsyslog's forward format: {@code <PRI>TIME HOST APP[PID]: message log_id=...}, RFC 3339 time with microseconds. */
    SYSLOG3164("syslog3164", 2),
    /**
     * nginx's combined access log of an edge proxy in front of the services ({@code /<service>/...}
     * routes); the id in the query string, the level the status class. No service field.
     */
    NGINX_ACCESS("nginx-access", 3, false),
    /** A CRI log line (containerd) holding a klog structured line; the CRI time is the event time. */
    CRI_KLOG("cri-klog", 2, false),
    /** Heroku's router: a logfmt line ({@code at=info method=GET path="..." ... status=200}), no time. */
    HEROKU_ROUTER("heroku-router", 1, false);

    private final String id;
    private final int defaultWeight;
    private final boolean namesService;

    Producer(String id, int defaultWeight) {
        this(id, defaultWeight, true);
    }

    Producer(String id, int defaultWeight, boolean namesService) {
        this.id = id;
        this.defaultWeight = defaultWeight;
        this.namesService = namesService;
    }

    /** The name used in {@link GeneratedLog#producer()}, the CLI and shape-mix strings. */
    public String id() {
        return id;
    }

    public int defaultWeight() {
        return defaultWeight;
    }

    /**
     * Whether the format finds the record's service in it (a JSON field, Kubernetes labels, the
     * syslog APP-NAME or TAG); false for shapes that name it only in free text or not at all.
     */
    public boolean namesService() {
        return namesService;
    }

    /** By {@link #id()} or enum name, any case; fails naming the accepted values. */
    public static Producer of(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (Producer p : values()) {
            if (p.id.equals(n)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown producer shape '" + name + "'; accepted: " + names());
    }

    static String names() {
        StringBuilder b = new StringBuilder();
        for (Producer p : values()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(p.id);
        }
        return b.toString();
    }
}
