package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder.FieldEntry;
import org.apache.flink.types.variant.Variant;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;

/**
 * Builds Flink's VARIANT (its own binary encoding, {@link BinaryVariant}) from JSON tokens as they
 * are read, with the decisions of Flink's {@code PARSE_JSON}: integers in the smallest integer type
 * that holds them, other numbers as a decimal when written without an exponent and within 38
 * digits, else a double; object fields sorted by key, a repeated key keeping its last value (as
 * {@code PARSE_JSON(s, TRUE)}). One value per {@link #start}; reused. Flink 2.1 or newer: loaded
 * only for a schema with a VARIANT column.
 */
final class VariantWriter implements TeeParser.Listener {

    private static final int MAX_DECIMAL_DIGITS = 38;

    private BinaryVariantInternalBuilder builder;
    private int depth;
    // Per open container: where it starts, whether it is an object, its key so far, its entries.
    private int[] starts = new int[8];
    private boolean[] objects = new boolean[8];
    private String[] keys = new String[8];
    private final ArrayList<ArrayList<FieldEntry>> fields = new ArrayList<>();
    private final ArrayList<ArrayList<Integer>> offsets = new ArrayList<>();
    private BinaryVariant result;
    private boolean failed;

    /** Begins a new value. */
    void start() {
        builder = new BinaryVariantInternalBuilder(true);
        depth = 0;
        result = null;
        failed = false;
    }

    /** The value, once its last token was seen; null before, or when it could not be built. */
    BinaryVariant result() {
        return failed ? null : result;
    }

    @Override
    public void token(JsonToken t, JsonParser p) throws IOException {
        if (failed || result != null) {
            return;
        }
        try {
            switch (t) {
                case FIELD_NAME:
                    keys[depth - 1] = p.currentName();
                    return;
                case END_OBJECT:
                    depth--;
                    builder.finishWritingObject(starts[depth], fields.get(depth));
                    valueDone();
                    return;
                case END_ARRAY:
                    depth--;
                    builder.finishWritingArray(starts[depth], offsets.get(depth));
                    valueDone();
                    return;
                default:
                    break;
            }
            entry();
            switch (t) {
                case START_OBJECT:
                    open(true);
                    return;
                case START_ARRAY:
                    open(false);
                    return;
                case VALUE_STRING:
                    builder.appendString(p.getText());
                    break;
                case VALUE_NUMBER_INT:
                    JsonParser.NumberType type = p.getNumberType();
                    if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
                        builder.appendNumeric(p.getLongValue());
                    } else {
                        floating(p);
                    }
                    break;
                case VALUE_NUMBER_FLOAT:
                    floating(p);
                    break;
                case VALUE_TRUE:
                    builder.appendBoolean(true);
                    break;
                case VALUE_FALSE:
                    builder.appendBoolean(false);
                    break;
                case VALUE_NULL:
                    builder.appendNull();
                    break;
                default:
                    // embedded objects and the like: not from a JSON text
                    builder.appendNull();
                    break;
            }
            valueDone();
        } catch (RuntimeException e) {
            // over the variant size limit (16 MiB of values or of keys): no variant for this value
            failed = true;
        }
    }

    /** A string alone as a variant (a text line's field). */
    BinaryVariant ofString(String text) {
        start();
        builder.appendString(text);
        valueDone();
        return result;
    }

    /**
     * The VARIANT of one OTLP log record: an object of the record itself ({@code logRecord}), its
     * resource ({@code resource}) and its scope ({@code scope}), taken from the batch's variant at
     * the record's indexes; null when they are not there.
     */
    static BinaryVariant otlpRecord(Object batch, int resource, int scope, int record) {
        try {
            BinaryVariant whole = (BinaryVariant) batch;
            Variant resourceLogs = whole.getField("resourceLogs").getElement(resource);
            Variant scopeLogs = resourceLogs.getField("scopeLogs").getElement(scope);
            Variant logRecord = scopeLogs.getField("logRecords").getElement(record);
            BinaryVariantInternalBuilder b = new BinaryVariantInternalBuilder(true);
            int start = b.getWritePos();
            ArrayList<FieldEntry> entries = new ArrayList<>(3);
            add(b, start, entries, "logRecord", logRecord);
            add(b, start, entries, "resource", resourceLogs.getField("resource"));
            add(b, start, entries, "scope", scopeLogs.getField("scope"));
            b.finishWritingObject(start, entries);
            return b.build();
        } catch (RuntimeException e) {
            // a batch whose variant was not built (over the size limit), or not where the walk was
            return null;
        }
    }

    private static void add(
            BinaryVariantInternalBuilder b, int start, ArrayList<FieldEntry> entries, String key, Variant v) {
        if (v == null) {
            return;
        }
        entries.add(new FieldEntry(key, b.addKey(key), b.getWritePos() - start));
        // getValue() of a nested variant is its own bytes while getPos() is still its position in
        // the parent's (Flink 2.1): appendVariant needs a variant that starts at 0.
        BinaryVariant nested = (BinaryVariant) v;
        b.appendVariant(new BinaryVariant(nested.getValue(), nested.getMetadata()));
    }

    /** Records where the value about to be written starts in its container. */
    private void entry() {
        if (depth == 0) {
            return;
        }
        int d = depth - 1;
        int offset = builder.getWritePos() - starts[d];
        if (objects[d]) {
            String key = keys[d];
            fields.get(d).add(new FieldEntry(key, builder.addKey(key), offset));
        } else {
            offsets.get(d).add(offset);
        }
    }

    private void open(boolean object) {
        if (depth == starts.length) {
            starts = java.util.Arrays.copyOf(starts, depth * 2);
            objects = java.util.Arrays.copyOf(objects, depth * 2);
            keys = java.util.Arrays.copyOf(keys, depth * 2);
        }
        while (fields.size() <= depth) {
            fields.add(new ArrayList<>());
            offsets.add(new ArrayList<>());
        }
        starts[depth] = builder.getWritePos();
        objects[depth] = object;
        keys[depth] = null;
        fields.get(depth).clear();
        offsets.get(depth).clear();
        depth++;
    }

    private void valueDone() {
        if (depth == 0) {
            result = builder.build();
        }
    }

    /** A number with a fraction or an exponent, or an integer beyond 64 bits: as PARSE_JSON reads it. */
    private void floating(JsonParser p) throws IOException {
        String text = p.getText();
        if (plainDecimal(text)) {
            BigDecimal d = new BigDecimal(text);
            if (d.scale() <= MAX_DECIMAL_DIGITS && d.precision() <= MAX_DECIMAL_DIGITS) {
                builder.appendDecimal(d);
                return;
            }
        }
        builder.appendDouble(p.getDoubleValue());
    }

    private static boolean plainDecimal(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '-' && c != '.' && (c < '0' || c > '9')) {
                return false;
            }
        }
        return !s.isEmpty();
    }
}
