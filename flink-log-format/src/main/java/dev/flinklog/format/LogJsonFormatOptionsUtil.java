package dev.flinklog.format;

import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.flinklog.format.LogJsonFormatOptions.FIELDS;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_NESTING_DEPTH;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_RECORD_BYTES;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_STRING_LENGTH;
import static dev.flinklog.format.LogJsonFormatOptions.ON_ERROR;
import static dev.flinklog.format.LogJsonFormatOptions.RAW_COLUMN;

/** Reads and validates the options at {@code CREATE TABLE} time, with messages that name them. */
final class LogJsonFormatOptionsUtil {

    private LogJsonFormatOptionsUtil() {}

    /** {@code on-error} as written, read before Flink's own parsing so that a bad value gets our message. */
    private static final ConfigOption<String> ON_ERROR_TEXT =
            ConfigOptions.key(ON_ERROR.key()).stringType().noDefaultValue();

    static LogJsonFormatOptions.OnError onError(ReadableConfig options) {
        String written = options.getOptional(ON_ERROR_TEXT).orElse(null);
        if (written != null
                && Arrays.stream(LogJsonFormatOptions.OnError.values())
                        .noneMatch(e -> e.name().equalsIgnoreCase(written))) {
            throw new ValidationException(String.format(
                    "Invalid value '%s' for option 'log-json.%s'. Accepted values: keep, skip, fail.",
                    written, ON_ERROR.key()));
        }
        return options.get(ON_ERROR);
    }

    /** The shapes {@code lines} names: 'all', 'none' or a list of shape names; a clear error naming the rest. */
    static List<LineShape> lines(ReadableConfig options) {
        String written = options.get(LogJsonFormatOptions.LINES).trim();
        if (written.equalsIgnoreCase("all")) {
            return LineParser.textShapes();
        }
        if (written.equalsIgnoreCase("none")) {
            return List.of();
        }
        List<LineShape> shapes = new ArrayList<>();
        for (String name : written.split(",")) {
            LineShape s = name.isBlank() ? null : LineShape.byName(name);
            if (s == null || !s.isTextLine()) {
                throw new ValidationException(String.format(
                        "Invalid value '%s' for option 'log-json.%s'. Accepted values: 'all', 'none', or shape "
                                + "names separated by commas: %s.",
                        written,
                        LogJsonFormatOptions.LINES.key(),
                        LineParser.textShapes().stream().map(LineShape::sqlName).collect(Collectors.joining(", "))));
            }
            if (!shapes.contains(s)) {
                shapes.add(s);
            }
        }
        return List.copyOf(shapes);
    }

    static int positive(ReadableConfig options, ConfigOption<Integer> o) {
        int v = options.get(o);
        if (v <= 0) {
            throw new ValidationException(String.format(
                    "Invalid value %d for option 'log-json.%s'. It must be a positive integer.", v, o.key()));
        }
        return v;
    }

    /** Column name to its JSONPath list, from {@code fields.<column>.path} entries. */
    static Map<String, List<String>> fieldPaths(ReadableConfig options, RowType physicalType) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        Map<String, String> raw = options.getOptional(FIELDS).orElse(Map.of());
        List<String> columns = physicalType.getFieldNames();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String key = e.getKey();
            if (!key.endsWith(".path") || key.length() == ".path".length()) {
                throw new ValidationException(String.format(
                        "Invalid option 'log-json.fields.%s'. Accepted form: "
                                + "'log-json.fields.<column>.path' = '<JSONPath>[, <JSONPath>…]'.",
                        key));
            }
            String column = key.substring(0, key.length() - ".path".length());
            if (!columns.contains(column)) {
                throw new ValidationException(String.format(
                        "Option 'log-json.fields.%s' names column '%s', which the table does "
                                + "not declare. Declared physical columns: %s.",
                        key, column, columns));
            }
            List<String> paths = new ArrayList<>();
            for (String p : splitTopLevelCommas(e.getValue())) {
                String t = p.trim();
                if (!t.isEmpty()) {
                    JsonPaths.validate(t, "log-json.fields." + key);
                    paths.add(t);
                }
            }
            if (paths.isEmpty()) {
                throw new ValidationException(String.format(
                        "Option 'log-json.fields.%s' is empty. Give one or more JSONPath "
                                + "expressions separated by commas, e.g. '$.a.b, $.c'.",
                        key));
            }
            out.put(column, paths);
        }
        return out;
    }

    /** Splits at commas that are not inside brackets, quotes or parentheses. */
    static List<String> splitTopLevelCommas(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    /**
     * The raw column, if declared, must be a character string column (the payload as it came), or
     * a VARIANT (the payload parsed, Flink 2.1 and newer).
     */
    static void validateRawColumn(ReadableConfig options, RowType physicalType) {
        String raw = options.get(RAW_COLUMN);
        int i = physicalType.getFieldNames().indexOf(raw);
        if (i >= 0) {
            LogicalTypeRoot root = physicalType.getTypeAt(i).getTypeRoot();
            if (root != LogicalTypeRoot.VARCHAR && root != LogicalTypeRoot.CHAR && !FieldPlan.isVariant(root)) {
                throw new ValidationException(String.format(
                        "Column '%s' receives the raw payload (option 'log-json.%s') and "
                                + "must be STRING or VARIANT, but is %s.",
                        raw, RAW_COLUMN.key(), physicalType.getTypeAt(i)));
            }
        }
    }

    /** The parser for zone-less timestamps, or a clear error naming the option. */
    static String defaultZone(ReadableConfig options) {
        String zone = options.get(LogJsonFormatOptions.DEFAULT_ZONE);
        if (TimestampParser.forZone(zone) == null) {
            throw new ValidationException(String.format(
                    "Invalid value '%s' for option 'log-json.%s'. Accepted values: a region "
                            + "id such as 'Europe/Berlin' or 'Asia/Tokyo', an offset such as "
                            + "'+09:00', or 'UTC'.",
                    zone, LogJsonFormatOptions.DEFAULT_ZONE.key()));
        }
        return zone;
    }

    /**
     * Every column type must be one the format can fill: builds the column plan, as the task will,
     * which names the first column that is not.
     */
    static void validateTypes(DecoderOptions o, RowType physicalType) {
        FieldPlan.build(
                physicalType, o.rawColumn(), o.fieldPaths(), new Input(), TimestampParser.forZone(o.defaultZone()));
    }

    static void validateLimits(ReadableConfig options) {
        positive(options, MAX_NESTING_DEPTH);
        positive(options, MAX_STRING_LENGTH);
        positive(options, MAX_RECORD_BYTES);
    }
}
