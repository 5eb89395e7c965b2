package dev.flinklog.format;

import dev.flinklog.core.fields.LabelCollector;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.LineShape;

import java.util.Arrays;

/**
 * What has been found for one row while its record is read: per column the value of the most
 * preferred path so far, the labels, the producer shape. Reused across records.
 *
 * <p>Preference is one number per value, {@code rank * TIERS + tier}: the rank of the alias path
 * (0 = best), then where the value came from, so that a log record's own field beats an OTLP
 * attribute under the same key, which beats a resource attribute; a text line's value comes after
 * them all ({@link #LINE}). Values of equal preference keep
 * the first in document order. So values can be offered in any order, as the one streaming pass
 * meets them.
 */
final class RowState {

    /** Where a value came from, least preferred last. */
    static final int FIELD = 0;

    static final int ATTRIBUTE = 1;
    static final int RESOURCE = 2;
    static final int TIERS = 3;

    /**
     * A text line's field (the record's message read as a line, or the record itself): it fills
     * only a column nothing else filled, whatever the alias rank.
     */
    static final int LINE = Integer.MAX_VALUE - 1;

    final Object[] values;
    final int[] preference;
    /** Null when no column takes labels. */
    final LabelCollector labels;

    final ProducerShapes shapes = new ProducerShapes();

    /** The record's shape: json, otlp, or the shape of its text line. */
    LineShape shape;

    /** What the record's text line says of the level, and its free text (null when it has none). */
    LogLevel lineLevel;

    String lineMessage;

    /** The JSON text the raw column gets, for an OTLP log record: where it is in which bytes. */
    byte[] raw;

    int rawOffset;
    int rawLength;

    /** The VARIANT the raw column gets when it is one (null for a text line). */
    Object rawVariant;

    /** For an OTLP log record: its indexes in resourceLogs, scopeLogs and logRecords. */
    int otlpResource;

    int otlpScope;
    int otlpRecord;

    RowState(int columns, boolean labels) {
        this.values = new Object[columns];
        this.preference = new int[columns];
        this.labels = labels ? new LabelCollector() : null;
    }

    void reset() {
        Arrays.fill(values, null);
        Arrays.fill(preference, Integer.MAX_VALUE);
        if (labels != null) {
            labels.reset();
        }
        shapes.reset();
        raw = null;
        rawVariant = null;
        shape = LineShape.JSON;
        lineLevel = null;
        lineMessage = null;
    }

    static int preference(int rank, int tier) {
        return rank * TIERS + tier;
    }

    /** Whether a value of this preference would replace what the column holds. */
    boolean wants(int column, int preference) {
        return preference < this.preference[column];
    }

    void set(int column, int preference, Object value) {
        values[column] = value;
        this.preference[column] = preference;
    }
}
