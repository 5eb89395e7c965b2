package dev.flinklog.format;

import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;

import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.types.logical.RowType;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.flinklog.format.LogJsonFormatOptions.DEFAULT_ZONE;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_NESTING_DEPTH;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_RECORD_BYTES;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_STRING_LENGTH;
import static dev.flinklog.format.LogJsonFormatOptions.RAW_COLUMN;

/**
 * The decoding options of one {@code log-json} table, read and validated once at {@code CREATE
 * TABLE} time ({@link #from}) and shipped with the deserializer to the task managers.
 *
 * @param fieldPaths column name to its JSONPath list, from {@code fields.<column>.path}
 * @param lines the text-line shapes read, from {@code lines} (empty: none)
 */
record DecoderOptions(
        LogJsonFormatOptions.OnError onError,
        String rawColumn,
        Map<String, List<String>> fieldPaths,
        String defaultZone,
        int maxNestingDepth,
        int maxStringLength,
        int maxRecordBytes,
        List<LineShape> lines)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The options of a table with these physical columns: every option read and checked, and the
     * column plan built once, so that a bad option or a column type the format cannot fill fails
     * the DDL with a message naming it.
     */
    static DecoderOptions from(ReadableConfig options, RowType physical) {
        LogJsonFormatOptionsUtil.validateLimits(options);
        LogJsonFormatOptionsUtil.validateRawColumn(options, physical);
        DecoderOptions o = new DecoderOptions(
                LogJsonFormatOptionsUtil.onError(options),
                options.get(RAW_COLUMN),
                LogJsonFormatOptionsUtil.fieldPaths(options, physical),
                LogJsonFormatOptionsUtil.defaultZone(options),
                options.get(MAX_NESTING_DEPTH),
                options.get(MAX_STRING_LENGTH),
                options.get(MAX_RECORD_BYTES),
                LogJsonFormatOptionsUtil.lines(options));
        LogJsonFormatOptionsUtil.validateTypes(o, physical);
        return o;
    }

    /** The option defaults, as a table without any {@code log-json.*} option gets them. */
    static DecoderOptions defaults() {
        return new DecoderOptions(
                LogJsonFormatOptions.ON_ERROR.defaultValue(),
                RAW_COLUMN.defaultValue(),
                Map.of(),
                DEFAULT_ZONE.defaultValue(),
                MAX_NESTING_DEPTH.defaultValue(),
                MAX_STRING_LENGTH.defaultValue(),
                MAX_RECORD_BYTES.defaultValue(),
                LineParser.textShapes());
    }

    /** The same options for a projection of the columns: the field paths of columns not read are dropped. */
    DecoderOptions projectedTo(RowType physical) {
        Map<String, List<String>> paths = new LinkedHashMap<>(fieldPaths);
        paths.keySet().retainAll(physical.getFieldNames());
        return new DecoderOptions(
                onError, rawColumn, paths, defaultZone, maxNestingDepth, maxStringLength, maxRecordBytes, lines);
    }
}
