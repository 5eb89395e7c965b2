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

    /**
     * Whether an object at this path can hold a label source deeper down, i.e. whether a walker
     * that only wants labels must descend into it ({@code kubernetes}, {@code resource}).
     *
     * @param path the keys from the record root; {@code path[depth - 1]} names the object
     */
    public static boolean mayContainLabels(String[] path, int depth) {
        return depth == 1 && ("kubernetes".equals(path[0]) || "resource".equals(path[0]));
    }

    /**
     * Offers the value the parser is on, reached from the record root by {@code path[0..depth)}
     * ({@code depth == 1} for a top-level field). Scalars are read without moving the parser, so
     * the caller may still use them. When the value is an object or array that is a label source,
     * the collector reads it whole and leaves the parser on its closing token; only then does it
     * return true, and the caller must not descend into it.
     */
    public boolean offer(String[] path, int depth, JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (depth == 1) {
            String name = path[0];
            if ("attributes".equals(name)) {
                return structure(LabelSource.ATTRIBUTES, t, p);
            }
            if ("labels".equals(name)) {
                return t == JsonToken.START_OBJECT && structure(LabelSource.LABELS, t, p);
            }
            if ("logging.googleapis.com/labels".equals(name)) {
                return t == JsonToken.START_OBJECT && structure(LabelSource.GCP_LABELS, t, p);
            }
            if (t.isScalarValue() && name.indexOf('.') >= 0) {
                key.setLength(0);
                FieldNames.append(key, name);
                put(LabelSource.DOTTED_KEYS, p);
            }
            return false;
        }
        if (depth == 2) {
            String parent = path[0];
            String name = path[1];
            if ("kubernetes".equals(parent) && t == JsonToken.START_OBJECT) {
                if ("labels".equals(name)) {
                    return structure(LabelSource.KUBERNETES_LABELS, t, p);
                }
                if ("annotations".equals(name)) {
                    return structure(LabelSource.KUBERNETES_ANNOTATIONS, t, p);
                }
            }
            if ("resource".equals(parent) && "attributes".equals(name)) {
                return structure(LabelSource.RESOURCE_ATTRIBUTES, t, p);
            }
        }
        return false;
    }

    /** Reads an object of scalars or an OTLP key/value array; false (parser untouched) for others. */
    private boolean structure(LabelSource source, JsonToken t, JsonParser p) throws IOException {
        if (t == JsonToken.START_OBJECT) {
            key.setLength(0);
            flatObject(source, p);
            return true;
        }
        if (t == JsonToken.START_ARRAY) {
            otlpArray(source, p);
            return true;
        }
        return false;
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

    /**
     * Parser on START_ARRAY of OTLP/JSON {@code KeyValue}s: {@code {"key": k, "value": {"stringValue":
     * ...}}} (also {@code intValue}, {@code boolValue}, {@code doubleValue}). Keys and values may come
     * in either order; array and kvlist values are skipped. Ends on END_ARRAY.
     */
    private void otlpArray(LabelSource source, JsonParser p) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            String k = null;
            String value = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("key".equals(field) && v == JsonToken.VALUE_STRING) {
                    k = p.getText();
                } else if ("value".equals(field) && v == JsonToken.START_OBJECT) {
                    value = anyValue(p);
                } else {
                    p.skipChildren();
                }
            }
            if (k != null && value != null) {
                key.setLength(0);
                FieldNames.append(key, k);
                put(source, value);
            }
        }
    }

    /** Parser on START_OBJECT of an OTLP AnyValue; its scalar as text, or null. Ends on END_OBJECT. */
    private static String anyValue(JsonParser p) throws IOException {
        String value = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            boolean scalarField = "stringValue".equals(field)
                    || "intValue".equals(field)
                    || "boolValue".equals(field)
                    || "doubleValue".equals(field);
            if (scalarField && v.isScalarValue() && v != JsonToken.VALUE_NULL) {
                value = p.getText();
            } else {
                p.skipChildren();
            }
        }
        return value;
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
