package dev.flinklog.gen;

/**
 * The values of log-json's {@code shape} metadata (and {@code log_shape} column) that generated
 * records must get: {@code LineShape.sqlName()} of flink-log-core, written out here because the
 * generator depends on nothing. flink-log-format's {@code GeneratedLogsTest} reads every one of
 * them back through the format.
 */
final class Shapes {

    private Shapes() {}

    /** A JSON object whose message is no line of a known shape. */
    static final String JSON = "json";
    /** An OTLP/JSON batch: every row of it. */
    static final String OTLP = "otlp";
    /** Text of no known shape: the format sets {@code parse-error}. */
    static final String PLAIN = "plain";

    static final String SYSLOG5424 = "syslog5424";
    static final String SYSLOG3164 = "syslog3164";
    /** The combined access log (nginx, Apache). */
    static final String COMBINED = "combined";

    static final String KLOG = "klog";
    /** log4j, logback and Spring Boot layouts (also Hadoop's {@code [thread] logger: msg}). */
    static final String JAVA = "java";

    static final String PYTHON = "python";
    static final String LOGFMT = "logfmt";
}
