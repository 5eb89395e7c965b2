package dev.flinklog.functions;

import dev.flinklog.core.fields.FieldNames;
import dev.flinklog.core.level.LevelResolver;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.types.Row;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code LOG_PARSE_LINE(line [, reference [, default_zone]])}: the shape of a text log line and its
 * canonical fields, read by the same {@link LineParser} as {@code 'format' = 'log-json'} reads text
 * records, for tables that keep {@code 'format' = 'raw'} or parse a column later. {@code reference}
 * (for example the Kafka record's timestamp) is when the line arrived: a year-less time (RFC 3164,
 * klog) gets the year that puts it closest before it; without one the current time is used. Zone-less
 * times are read in {@code default_zone} (UTC). NULL in, NULL out; a line of no known shape gives
 * {@code shape} = {@code plain} with its text as the message and the inferred level.
 */
public class LogParseLineFunction extends ScalarFunction {

    /** The fields of the result, in order. */
    static final String RESULT_TYPE = "ROW<shape STRING, event_time TIMESTAMP_LTZ(3), log_level STRING,"
            + " host_name STRING, service_name STRING, pid STRING, message STRING, client_ip STRING,"
            + " http_method STRING, http_path STRING, http_status INT, response_bytes BIGINT, duration_ms DOUBLE,"
            + " user_agent STRING, labels MAP<STRING, STRING>>";

    // Per task: parsers per zone are built on first use, the result is reused.
    private transient String lastZone;
    private transient LineParser parser;
    private transient ParsedLine parsed;
    private transient LevelResolver levels;

    public @DataTypeHint(RESULT_TYPE) Row eval(String line) {
        return eval(line, null, null);
    }

    public @DataTypeHint(RESULT_TYPE) Row eval(String line, @DataTypeHint("TIMESTAMP_LTZ(3)") Instant reference) {
        return eval(line, reference, null);
    }

    public @DataTypeHint(RESULT_TYPE) Row eval(
            String line, @DataTypeHint("TIMESTAMP_LTZ(3)") Instant reference, String defaultZone) {
        if (line == null) {
            return null;
        }
        LineParser p = parser(defaultZone == null ? "UTC" : defaultZone);
        if (p == null) {
            return null; // an unknown zone, as LOG_TIMESTAMP gives NULL for one
        }
        long at = reference == null ? System.currentTimeMillis() : reference.toEpochMilli();
        LineShape shape = p.parse(line, at, parsed);
        String message = parsed.text(ParsedLine.Field.MESSAGE);
        if (message == null) {
            message = line;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < parsed.pairCount(); i++) {
            labels.putIfAbsent(FieldNames.canonical(parsed.key(i)), parsed.value(i));
        }
        return Row.of(
                shape.sqlName(),
                parsed.hasTime() ? Instant.ofEpochMilli(parsed.time().epochMilli()) : null,
                LogLevel.sqlNameOrNull(levels.resolve(parsed.level(), null, message)),
                parsed.text(ParsedLine.Field.HOST),
                parsed.text(ParsedLine.Field.SERVICE),
                parsed.text(ParsedLine.Field.PID),
                message,
                parsed.text(ParsedLine.Field.CLIENT_IP),
                parsed.text(ParsedLine.Field.HTTP_METHOD),
                parsed.text(ParsedLine.Field.HTTP_PATH),
                parsed.httpStatus() < 0 ? null : parsed.httpStatus(),
                parsed.bytes() < 0 ? null : parsed.bytes(),
                Double.isNaN(parsed.durationMs()) ? null : parsed.durationMs(),
                parsed.text(ParsedLine.Field.USER_AGENT),
                labels);
    }

    private LineParser parser(String zone) {
        if (!zone.equals(lastZone)) {
            TimestampParser times = TimestampParser.forZone(zone);
            parser = times == null ? null : LineParser.all(times);
            lastZone = zone;
            if (parsed == null) {
                parsed = new ParsedLine();
                levels = new LevelResolver();
            }
        }
        return parser;
    }
}
