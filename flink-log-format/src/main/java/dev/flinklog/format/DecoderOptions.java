package dev.flinklog.format;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The decoding options of one {@code log-json} table, validated at {@code CREATE TABLE} time and
 * shipped with the deserializer to the task managers.
 */
final class DecoderOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    final LogJsonFormatOptions.OnError onError;
    final String rawColumn;
    /** Column name to its JSONPath list, from {@code fields.<column>.path}. */
    final Map<String, List<String>> fieldPaths;

    final String defaultZone;
    final int maxNestingDepth;
    final int maxStringLength;
    final int maxRecordBytes;

    DecoderOptions(
            LogJsonFormatOptions.OnError onError,
            String rawColumn,
            Map<String, List<String>> fieldPaths,
            String defaultZone,
            int maxNestingDepth,
            int maxStringLength,
            int maxRecordBytes) {
        this.onError = onError;
        this.rawColumn = rawColumn;
        this.fieldPaths = fieldPaths;
        this.defaultZone = defaultZone;
        this.maxNestingDepth = maxNestingDepth;
        this.maxStringLength = maxStringLength;
        this.maxRecordBytes = maxRecordBytes;
    }

    /** The option defaults, as a table without any {@code log-json.*} option gets them. */
    static DecoderOptions defaults() {
        return new DecoderOptions(
                LogJsonFormatOptions.OnError.valueOf(
                        LogJsonFormatOptions.ON_ERROR.defaultValue().toUpperCase(java.util.Locale.ROOT)),
                LogJsonFormatOptions.RAW_COLUMN.defaultValue(),
                Map.of(),
                LogJsonFormatOptions.DEFAULT_ZONE.defaultValue(),
                LogJsonFormatOptions.MAX_NESTING_DEPTH.defaultValue(),
                LogJsonFormatOptions.MAX_STRING_LENGTH.defaultValue(),
                LogJsonFormatOptions.MAX_RECORD_BYTES.defaultValue());
    }

    /** The same options with the field paths of projected-away columns dropped. */
    DecoderOptions withFieldPaths(Map<String, List<String>> paths) {
        return new DecoderOptions(
                onError, rawColumn, paths, defaultZone, maxNestingDepth, maxStringLength, maxRecordBytes);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DecoderOptions)) {
            return false;
        }
        DecoderOptions that = (DecoderOptions) o;
        return maxNestingDepth == that.maxNestingDepth
                && maxStringLength == that.maxStringLength
                && maxRecordBytes == that.maxRecordBytes
                && onError == that.onError
                && rawColumn.equals(that.rawColumn)
                && fieldPaths.equals(that.fieldPaths)
                && defaultZone.equals(that.defaultZone);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                onError, rawColumn, fieldPaths, defaultZone, maxNestingDepth, maxStringLength, maxRecordBytes);
    }
}
