package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects the labels of one JSON record while someone else walks it with a streaming
 * {@link JsonParser}: the walker calls {@link #offer} for each value it meets, and the collector
 * takes the values that are labels (see {@link LabelSource}). Keys become {@link FieldNames}
 * canonical; nested objects inside a labels object are flattened with {@code _}-joined keys; arrays
 * and JSON nulls inside one are skipped; numbers and booleans become their JSON text.
 *
 * <p>The container prefix is dropped ({@code kubernetes.labels.app} → {@code app}), so
 * {@code labels['app']} reads naturally whatever shipper attached the label; collisions between
 * sources are settled by {@link LabelSource}'s order.
 *
 * <p>A collector is reusable ({@link #reset}) and not thread-safe. It keeps at most
 * {@link #MAX_LABELS} labels per record and ignores further new keys, so a hostile record cannot
 * make it hold millions of entries.
 */
public final class LabelCollector {

    /** Most labels kept per record. */
    public static final int MAX_LABELS = 1000;

    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, LabelSource> sources = new HashMap<>();
    private final StringBuilder key = new StringBuilder();

    /** Forgets the labels of the previous record. */
    public void reset() {
        values.clear();
        sources.clear();
    }

    /** The labels collected so far, in first-seen order (a read-only view). */
    public Map<String, String> labels() {
        return Collections.unmodifiableMap(values);
    }

    /** The label with this canonical key, or null. */
    public String get(String canonicalKey) {
        return values.get(canonicalKey);
    }

    /** What a walker does with a value it meets, as far as labels are concerned. */
    public enum Visit {
        /** Nothing here or below is a label: walk on (or skip) as the walker's own needs say. */
        NONE,
        /** A scalar that is a label: {@link #take} reads it without moving the parser. */
        SCALAR,
        /** A label source (object of scalars or OTLP key/value array): {@link #take} reads it whole. */
        SOURCE,
        /** An object that may hold a label source deeper down: the walker descends into it. */
        DESCEND
    }

    /**
     * The one rule of where labels are: what the value at {@code path[0..depth)} ({@code depth ==
     * 1} for a top-level field), starting with token {@code t}, is to the collector. Looks at
     * nothing but its arguments, so a walker may ask before it decides how to read the value.
     */
    public static Visit visit(String[] path, int depth, JsonToken t) {
        if (depth == 1) {
            String name = path[0];
            if ("attributes".equals(name)) {
                return t.isStructStart() ? Visit.SOURCE : Visit.NONE;
            }
            if ("labels".equals(name) || "logging.googleapis.com/labels".equals(name)) {
                return t == JsonToken.START_OBJECT ? Visit.SOURCE : Visit.NONE;
            }
            if (t == JsonToken.START_OBJECT && ("kubernetes".equals(name) || "resource".equals(name))) {
                return Visit.DESCEND;
            }
            return t.isScalarValue() && name.indexOf('.') >= 0 ? Visit.SCALAR : Visit.NONE;
        }
        if (depth == 2 && t.isStructStart()) {
            String parent = path[0];
            String name = path[1];
            if ("kubernetes".equals(parent)
                    && t == JsonToken.START_OBJECT
                    && ("labels".equals(name) || "annotations".equals(name))) {
                return Visit.SOURCE;
            }
            if ("resource".equals(parent) && "attributes".equals(name)) {
                return Visit.SOURCE;
            }
        }
        return Visit.NONE;
    }

    /**
     * Reads the value the parser is on, which {@link #visit} called {@link Visit#SCALAR} or {@link
     * Visit#SOURCE}: a scalar without moving the parser, a source whole, leaving the parser on its
     * closing token.
     */
    public void take(String[] path, int depth, JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t.isScalarValue()) {
            key.setLength(0);
            FieldNames.append(key, path[0]);
            put(LabelSource.DOTTED_KEYS, p);
            return;
        }
        LabelSource source = sourceOf(path, depth);
        if (t == JsonToken.START_OBJECT) {
            key.setLength(0);
            flatObject(source, p);
        } else {
            OtlpKeyValues.read(p, otlpLabels(source));
        }
    }

    /** {@link #visit} and {@link #take} in one: true when the value was taken (and consumed). */
    public boolean offer(String[] path, int depth, JsonParser p) throws IOException {
        Visit v = visit(path, depth, p.currentToken());
        if (v == Visit.SCALAR) {
            take(path, depth, p);
            return false; // a scalar does not move the parser: the caller may still read it
        }
        if (v == Visit.SOURCE) {
            take(path, depth, p);
            return true;
        }
        return false;
    }

    private static LabelSource sourceOf(String[] path, int depth) {
        if (depth == 1) {
            switch (path[0]) {
                case "attributes":
                    return LabelSource.ATTRIBUTES;
                case "labels":
                    return LabelSource.LABELS;
                default:
                    return LabelSource.GCP_LABELS;
            }
        }
        if ("kubernetes".equals(path[0])) {
            return "labels".equals(path[1]) ? LabelSource.KUBERNETES_LABELS : LabelSource.KUBERNETES_ANNOTATIONS;
        }
        return LabelSource.RESOURCE_ATTRIBUTES;
    }

    /** Parser on START_OBJECT; {@link #key} holds the canonical prefix. Ends on END_OBJECT. */
    private void flatObject(LabelSource source, JsonParser p) throws IOException {
        int mark = key.length();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            key.setLength(mark);
            FieldNames.append(key, name);
            if (v == JsonToken.START_OBJECT) {
                flatObject(source, p);
            } else if (v.isScalarValue() && v != JsonToken.VALUE_NULL) {
                put(source, p);
            } else {
                p.skipChildren();
            }
        }
        key.setLength(mark);
    }

    private OtlpKeyValues.Visitor otlpLabels(LabelSource source) {
        return (k, kind, p, t) -> attribute(source, k, kind, p, t);
    }

    /**
     * Takes one OTLP attribute, the parser on its value, as a label of {@code source}, as {@link
     * #take} does for each of a whole array: a string, integer, boolean or double value is a label;
     * array, key/value-list and bytes values are not. Does not move the parser.
     */
    public void attribute(LabelSource source, String k, OtlpKeyValues.Kind kind, JsonParser p, JsonToken t)
            throws IOException {
        if (kind != OtlpKeyValues.Kind.BYTES && kind.isScalar() && t.isScalarValue()) {
            key.setLength(0);
            FieldNames.append(key, k);
            put(source, p.getText());
        }
    }

    /** Takes one label of {@code source} whose key is written as {@code rawKey} (made canonical here). */
    public void put(LabelSource source, String rawKey, String value) {
        if (value == null) {
            return;
        }
        key.setLength(0);
        FieldNames.append(key, rawKey);
        put(source, value);
    }

    /**
     * Adds the labels another collector holds, as if they had been offered here after this
     * collector's own: precedence between sources still decides.
     */
    public void addAll(LabelCollector other) {
        for (Map.Entry<String, String> e : other.values.entrySet()) {
            key.setLength(0);
            key.append(e.getKey());
            put(other.sources.get(e.getKey()), e.getValue());
        }
    }

    private void put(LabelSource source, JsonParser p) throws IOException {
        if (key.length() == 0 || p.currentToken() == JsonToken.VALUE_NULL) {
            return;
        }
        put(source, p.getText());
    }

    /** Adds {@link #key} = value unless a source with precedence already gave that key. */
    private void put(LabelSource source, String value) {
        if (key.length() == 0) {
            return;
        }
        String k = key.toString();
        LabelSource existing = sources.get(k);
        if (existing == null) {
            if (values.size() >= MAX_LABELS) {
                return;
            }
        } else if (existing.ordinal() <= source.ordinal()) {
            return;
        }
        values.put(k, value);
        sources.put(k, source);
    }
}
