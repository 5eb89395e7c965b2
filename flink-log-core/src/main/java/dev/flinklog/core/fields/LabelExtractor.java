package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;

/**
 * {@code LOG_LABELS} and {@code LOG_LABEL} on a JSON record held as a string: one streaming pass
 * that feeds a {@link LabelCollector} (the same entry point the log-json format uses) and, for
 * {@code LOG_LABEL}, also looks for the key as a field path.
 *
 * <p>Input that is not one JSON object (malformed, an array, a scalar, trailing data) or that nests
 * deeper than {@link #MAX_DEPTH} gives null: a label from half a record would be a guess.
 */
public final class LabelExtractor {

    /** Deepest nesting accepted; jackson rejects deeper input before we recurse into it. */
    public static final int MAX_DEPTH = 200;

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private LabelExtractor() {}

    /** The labels of a record (possibly empty), or null for null or non-object input. */
    public static Map<String, String> labels(String json) {
        if (json == null) {
            return null;
        }
        LabelCollector collector = new LabelCollector();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            walk(p, collector, new String[2], 0, null, -1, null);
            return p.nextToken() == null ? collector.labels() : null;
        } catch (IOException e) {
            // Malformed or too deeply nested JSON: documented as NULL.
            return null;
        }
    }

    /**
     * One value of a record by key, where the key matches in any spelling {@link FieldNames} treats
     * as equal. First the record's own fields: the first field in document order whose path
     * (flat, nested or mixed) has the key's canonical form and a non-null value; scalars as their
     * text, objects and arrays as compact JSON text. Then the labels, as {@link #labels} gives them.
     * Null when neither has it, and for null or non-object input (checked to the end of the record,
     * even after a match, so that a broken record gives NULL in both functions).
     */
    public static String label(String json, String key) {
        if (json == null || key == null) {
            return null;
        }
        String canonical = FieldNames.canonical(key);
        if (canonical.isEmpty()) {
            return null;
        }
        LabelCollector collector = new LabelCollector();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            // A descent for the key consumes at least one word of it, so the path is never deeper than
            // the key is long; labels need two levels.
            boolean[] prefixDescent = new boolean[1];
            String direct = walk(p, collector, new String[canonical.length() + 2], 0, canonical, 0, prefixDescent);
            if (direct != null) {
                // Same answer for the same broken record as LOG_LABELS: read to the end anyway.
                skipToEndOfRoot(p);
            }
            if (p.nextToken() != null) {
                return null;
            }
            if (direct != null) {
                return direct;
            }
            if (prefixDescent[0]) {
                // The walk looked inside an object for the key instead of offering the object to
                // the collector whole (a key such as labels_b starts like the labels object), so
                // the collector's view differs from LOG_LABELS'. Rare: collect again, as
                // LOG_LABELS does (the record is known to be well-formed by now).
                LabelCollector full = new LabelCollector();
                try (JsonParser q = JSON.createParser(json)) {
                    q.nextToken();
                    walk(q, full, new String[2], 0, null, -1, null);
                }
                return full.get(canonical);
            }
            return collector.get(canonical);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Walks the object the parser is on (START_OBJECT), at {@code depth} keys below the root,
     * offering every value to the collector. When {@code key} is given, {@code keyPos} is how much
     * of it the path so far matched (-1: nothing can match below), and the first field whose path
     * matches the whole key ends the walk with its value. Descends only where labels or the key can
     * be; skips everything else without looking at it.
     */
    private static String walk(
            JsonParser p,
            LabelCollector collector,
            String[] path,
            int depth,
            String key,
            int keyPos,
            boolean[] prefixDescent)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            path[depth] = name;
            int pos = keyPos < 0 ? -1 : FieldNames.matchSegment(key, keyPos, name);
            if (key != null && pos == key.length() && v != JsonToken.VALUE_NULL) {
                return text(p, v);
            }
            boolean prefix = pos > keyPos && pos < (key == null ? 0 : key.length());
            if (prefix && v == JsonToken.START_OBJECT) {
                // The key names something inside: look there before the label rules take the
                // object whole (a path the user spelled out beats the labels fallback).
                prefixDescent[0] = true;
                String found = walk(p, collector, path, depth + 1, key, pos, prefixDescent);
                if (found != null) {
                    return found;
                }
                continue;
            }
            switch (LabelCollector.visit(path, depth + 1, v)) {
                case SOURCE:
                    collector.take(path, depth + 1, p);
                    break;
                case DESCEND:
                    String found = walk(p, collector, path, depth + 1, key, -1, prefixDescent);
                    if (found != null) {
                        return found;
                    }
                    break;
                case SCALAR:
                    collector.take(path, depth + 1, p);
                    break;
                default:
                    p.skipChildren();
            }
        }
        return null;
    }

    /** Reads on to the token that closes the root object, failing (IOException) on broken JSON. */
    private static void skipToEndOfRoot(JsonParser p) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            if (t.isStructEnd() && p.getParsingContext().inRoot()) {
                return;
            }
            if (t.isStructStart()) {
                p.skipChildren();
            }
        }
    }

    /** The value the parser is on as text: scalars as is, structures as compact JSON. */
    private static String text(JsonParser p, JsonToken v) throws IOException {
        if (v.isScalarValue()) {
            return p.getText();
        }
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.copyCurrentStructure(p);
        }
        return out.toString();
    }
}
