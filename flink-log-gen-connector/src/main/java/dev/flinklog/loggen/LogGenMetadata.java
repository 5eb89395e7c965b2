package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;

/**
 * The ground truth of each generated record as metadata columns ({@code METADATA FROM 'producer'}).
 * The values are per record: all rows a format makes of one OTLP batch carry the same ones, except
 * {@code row-id}, which is the id of the k-th row.
 */
public enum LogGenMetadata {
    EXPECTED_LEVEL(
            "expected-level",
            DataTypes.STRING(),
            "The log_level log-json must give (trace ... fatal); NULL for malformed records."),
    EXPECTED_EVENT_TIME(
            "expected-event-time",
            DataTypes.TIMESTAMP_LTZ(6),
            "The event_time log-json must extract; NULL when the record carries none."),
    PRODUCER(
            "producer",
            DataTypes.STRING().notNull(),
            "The producer shape (k8s-fluentbit, otlp, ecs, ...) or malformed-<kind>."),
    TEMPLATE_ID(
            "template-id",
            DataTypes.STRING(),
            "The message template, e.g. error.timeout.1 or incident.burst.0; NULL for malformed records."),
    SERVICE(
            "service",
            DataTypes.STRING().notNull(),
            "The service the record belongs to (also for records that do not name it in a field the format reads)."),
    EXPECTED_SERVICE(
            "expected-service",
            DataTypes.STRING(),
            "The service_name log-json must give: the service where the record names it (a JSON field, Kubernetes labels, the syslog APP-NAME or TAG), else NULL."),
    EXPECTED_SHAPE(
            "expected-shape",
            DataTypes.STRING().notNull(),
            "The shape log-json must report: json, otlp, a text line's shape (syslog5424, combined, klog, ...) or plain."),
    EXPECTED_HTTP_STATUS(
            "expected-http-status",
            DataTypes.INT(),
            "The http_status log-json must give (access lines, Heroku's router, also inside a container's log); NULL when the record has none."),
    SEQUENCE("sequence", DataTypes.BIGINT().notNull(), "The record's sequence number."),
    ID("id", DataTypes.STRING().notNull(), "The record's id (log- and 12 digits), verbatim in the payload."),
    ROW_ID(
            "row-id",
            DataTypes.STRING().notNull(),
            "The id of this row: the record id, or <id>.<k> for the k-th row of an OTLP batch."),
    MALFORMED(
            "malformed",
            DataTypes.BOOLEAN().notNull(),
            "Whether the record is broken on purpose (truncated, invalid UTF-8, an array, ...)."),
    EXPECT_PARSE_ERROR(
            "expect-parse-error",
            DataTypes.BOOLEAN().notNull(),
            "Whether log-json must set parse-error: malformed records and text of no known shape (plain).");

    private final String key;
    private final DataType type;
    private final String description;

    LogGenMetadata(String key, DataType type, String description) {
        this.key = key;
        this.type = type;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public DataType type() {
        return type;
    }

    public String description() {
        return description;
    }

    static LogGenMetadata of(String key) {
        for (LogGenMetadata m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown log-gen metadata key " + key);
    }

    /** The value for row {@code k} of the rows made of {@code log}, in Flink's internal data. */
    Object value(GeneratedLog log, int k) {
        return switch (this) {
            case EXPECTED_LEVEL -> string(log.expectedLevel());
            case EXPECTED_EVENT_TIME ->
                log.expectedEventTime() == null ? null : TimestampData.fromInstant(log.expectedEventTime());
            case PRODUCER -> StringData.fromString(log.producer());
            case TEMPLATE_ID -> string(log.templateId());
            case SERVICE -> StringData.fromString(log.service());
            case EXPECTED_SERVICE -> string(log.expectedService());
            case EXPECTED_SHAPE -> StringData.fromString(log.expectedShape());
            case EXPECTED_HTTP_STATUS -> log.expectedHttpStatus();
            case SEQUENCE -> log.sequence();
            case ID -> StringData.fromString(log.id());
            // a format may make fewer or more rows than the generator predicts (on-error = skip,
            // a bug): then the record id is the honest answer
            case ROW_ID ->
                StringData.fromString(
                        k < log.rows() && log.producer().equals(Producer.OTLP.id()) ? log.rowId(k) : log.id());
            case MALFORMED -> log.malformed();
            case EXPECT_PARSE_ERROR -> log.expectParseError();
        };
    }

    private static StringData string(String s) {
        return s == null ? null : StringData.fromString(s);
    }
}
