package dev.flinklog.format;

import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.flinklog.format.LogJsonFormatOptions.FIELDS;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_NESTING_DEPTH;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_RECORD_BYTES;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_STRING_LENGTH;
import static dev.flinklog.format.LogJsonFormatOptions.ON_ERROR;
import static dev.flinklog.format.LogJsonFormatOptions.RAW_COLUMN;

/** Reads and validates the options at {@code CREATE TABLE} time, with messages that name them. */
final class LogJsonFormatOptionsUtil {

    private LogJsonFormatOptionsUtil() {}

    static LogJsonFormatOptions.OnError onError(ReadableConfig options) {
        String v = options.get(ON_ERROR).trim().toUpperCase(Locale.ROOT);
        for (LogJsonFormatOptions.OnError e : LogJsonFormatOptions.OnError.values()) {
            if (e.name().equals(v)) {
                return e;
            }
        }
        throw new ValidationException(String.format(
                "Invalid value '%s' for option 'log-json.%s'. Accepted values: keep, skip, fail.",
                options.get(ON_ERROR), ON_ERROR.key()));
    }

    static int positive(ReadableConfig options, org.apache.flink.configuration.ConfigOption<Integer> o) {
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

    /** The raw column, if declared, must be a character string column. */
    static void validateRawColumn(ReadableConfig options, RowType physicalType) {
        String raw = options.get(RAW_COLUMN);
        int i = physicalType.getFieldNames().indexOf(raw);
        if (i >= 0) {
            LogicalTypeRoot root = physicalType.getTypeAt(i).getTypeRoot();
            if (root != LogicalTypeRoot.VARCHAR && root != LogicalTypeRoot.CHAR) {
                throw new ValidationException(String.format(
                        "Column '%s' receives the raw payload (option 'log-json.%s') and "
                                + "must be STRING, but is %s.",
                        raw, RAW_COLUMN.key(), physicalType.getTypeAt(i)));
            }
        }
    }

    /** The parser for zone-less timestamps, or a clear error naming the option. */
    static String defaultZone(ReadableConfig options) {
        String zone = options.get(LogJsonFormatOptions.DEFAULT_ZONE);
        if (dev.flinklog.core.time.TimestampParser.forZone(zone) == null) {
            throw new ValidationException(String.format(
                    "Invalid value '%s' for option 'log-json.%s'. Accepted values: a region "
                            + "id such as 'Europe/Berlin' or 'Asia/Tokyo', an offset such as "
                            + "'+09:00', or 'UTC'.",
                    zone, LogJsonFormatOptions.DEFAULT_ZONE.key()));
        }
        return zone;
    }

    /** Every column type must be one the format can fill; says which column is not. */
    static void validateTypes(RowType physicalType) {
        for (int i = 0; i < physicalType.getFieldCount(); i++) {
            String problem = unsupported(physicalType.getTypeAt(i));
            if (problem != null) {
                throw new ValidationException(String.format(
                        "Column '%s' has type %s, which 'log-json' cannot fill (%s). "
                                + "Supported: STRING, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, "
                                + "FLOAT, DOUBLE, DECIMAL, DATE, TIMESTAMP, TIMESTAMP_LTZ, and "
                                + "MAP, ARRAY and ROW of these.",
                        physicalType.getFieldNames().get(i), physicalType.getTypeAt(i), problem));
            }
        }
    }

    private static String unsupported(org.apache.flink.table.types.logical.LogicalType t) {
        switch (t.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case DATE:
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return null;
            case MAP:
            case ARRAY:
            case ROW:
                for (org.apache.flink.table.types.logical.LogicalType child : t.getChildren()) {
                    String p = unsupported(child);
                    if (p != null) {
                        return p;
                    }
                }
                return null;
            default:
                return t.getTypeRoot() + " is not read from JSON";
        }
    }

    static void validateLimits(ReadableConfig options) {
        positive(options, MAX_NESTING_DEPTH);
        positive(options, MAX_STRING_LENGTH);
        positive(options, MAX_RECORD_BYTES);
    }
}
