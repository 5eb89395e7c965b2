package dev.flinklog.format;

import dev.flinklog.core.FieldAliases;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one record into one row in a single streaming pass: walks the JSON with the {@link
 * FieldPlan} trie, offers each value on a known path to the columns it may fill, and keeps per
 * column the value of its most preferred path. Built once per task in {@code open()}; not
 * thread-safe (one per deserializer instance, as Flink uses them).
 */
final class RecordReader {

    /**
     * The result of {@link #read}: the rows (one, or one per log record of an OTLP batch), or the
     * reason the record was not a JSON object. Reused across records.
     */
    static final class Result {
        final List<GenericRowData> rows = new ArrayList<>();
        String error;
    }

    private final FieldPlan plan;
    private final ValueConverters.ValueConverter[] converters;
    private final JsonPath[][] jsonPaths;
    private final Configuration jsonPathConfig;
    private final JsonFactory factory;
    private final int physicalArity;
    private final int producedArity;
    private final int parseErrorField;
    private final int maxRecordBytes;
    private final FormatMetrics metrics;

    /** Per column, the rank of the path that filled it so far (MAX_VALUE: not filled). */
    private final int[] rank;

    RecordReader(
            FieldPlan plan,
            int producedArity,
            int parseErrorField,
            JsonFactory factory,
            int maxRecordBytes,
            FormatMetrics metrics) {
        this.plan = plan;
        this.physicalArity = plan.columns.length;
        this.producedArity = producedArity;
        this.parseErrorField = parseErrorField;
        this.factory = factory;
        this.maxRecordBytes = maxRecordBytes;
        this.metrics = metrics;
        this.rank = new int[physicalArity];
        this.converters = new ValueConverters.ValueConverter[physicalArity];
        this.jsonPaths = new JsonPath[physicalArity][];
        for (FieldPlan.ColumnPlan c : plan.columns) {
            if (c.index == plan.rawColumn) {
                continue;
            }
            converters[c.index] = converterFor(c, factory);
            jsonPaths[c.index] = FieldPlan.compile(c);
        }
        this.jsonPathConfig =
                plan.needsJsonPath
                        ? Configuration.defaultConfiguration()
                                .addOptions(Option.SUPPRESS_EXCEPTIONS, Option.DEFAULT_PATH_LEAF_TO_NULL)
                        : null;
    }

    private static ValueConverters.ValueConverter converterFor(
            FieldPlan.ColumnPlan c, JsonFactory factory) {
        boolean message = c.role == FieldAliases.Role.MESSAGE;
        ValueConverters.ValueConverter conv = ValueConverters.forType(c.type, factory, message);
        if (conv == null) {
            throw new UnsupportedOperationException(
                    "log-json cannot fill column '" + c.name + "' of type " + c.type);
        }
        return conv;
    }

    /** Reads a record; never throws for anything the input contains. */
    Result read(byte[] bytes, Result out) {
        out.rows.clear();
        out.error = null;
        if (bytes.length > maxRecordBytes) {
            out.error =
                    "record of " + bytes.length + " bytes exceeds max-record-bytes (" + maxRecordBytes + ")";
            return out;
        }
        String error = parse(bytes, bytes, out.rows);
        if (error != null && error.startsWith(INVALID_UTF8)) {
            // Replace bad bytes and read again: a stray byte must not cost the whole record.
            out.rows.clear();
            error = parse(Utf8.repair(bytes), bytes, out.rows);
        }
        if (error != null) {
            out.rows.clear();
            out.error = error;
        }
        return out;
    }

    /** The row for a record that is not a JSON object: its text is the message. */
    GenericRowData errorRow(byte[] bytes, String reason) {
        GenericRowData row = new GenericRowData(producedArity);
        if (plan.messageColumn >= 0) {
            row.setField(plan.messageColumn, StringData.fromString(new String(bytes, StandardCharsets.UTF_8)));
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(bytes));
        }
        if (parseErrorField >= 0) {
            row.setField(parseErrorField, StringData.fromString(reason));
        }
        return row;
    }

    private static final String INVALID_UTF8 = "invalid UTF-8";

    /**
     * Parses {@code bytes} (the record, possibly with invalid UTF-8 replaced) into rows; {@code
     * original} is what raw_json receives. Returns the reason on failure.
     */
    private String parse(byte[] bytes, byte[] original, List<GenericRowData> rows) {
        GenericRowData row = newRow();
        otlpStart = -1;
        try (JsonParser p = factory.createParser(bytes)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return "empty record";
            }
            if (t != JsonToken.START_OBJECT) {
                return t == JsonToken.START_ARRAY
                        ? "not a JSON object: the record is a JSON array"
                        : "not a JSON object: the record is a bare JSON value";
            }
            walkObject(p, plan.root, bytes, row, true);
            if (p.nextToken() != null) {
                return "not JSON: content after the end of the JSON object";
            }
            if (otlpStart >= 0) {
                explodeOtlp(Arrays.copyOfRange(bytes, otlpStart, otlpEnd), rows);
                return null;
            }
            if (plan.needsJsonPath) {
                applyJsonPaths(bytes, row);
            }
        } catch (StreamConstraintsException e) {
            return "limit exceeded: " + firstLine(e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            String m = firstLine(e.getOriginalMessage());
            if (m.contains("Invalid UTF-8")) {
                return INVALID_UTF8 + ": " + m;
            }
            return "not JSON: " + m;
        } catch (IOException | RuntimeException e) {
            // Defensive: a bug of ours must cost one record, not the job.
            return "unreadable record: " + e;
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(original));
        }
        rows.add(row);
        return null;
    }

    private GenericRowData newRow() {
        Arrays.fill(rank, Integer.MAX_VALUE);
        return new GenericRowData(producedArity);
    }

    // ------------------------------------------------------------------------------------------
    // OTLP/JSON ExportLogsServiceRequest: one row per log record
    // ------------------------------------------------------------------------------------------

    /** Where the top-level {@code resourceLogs} array of an OTLP batch starts and ends, or -1. */
    private int otlpStart;
    private int otlpEnd;

    private static final String RESOURCE_LOGS = "resourceLogs";

    /**
     * Emits one row per {@code logRecords} element. A record's own fields fill columns through
     * the same trie as any record; then its {@code attributes} and its resource's attributes are
     * offered as flat keys (so {@code service.name} of the resource fills {@code service_name}).
     * raw_json holds the log record's own JSON text: the batch would repeat on every row.
     */
    private void explodeOtlp(byte[] resourceLogs, List<GenericRowData> rows) throws IOException {
        try (JsonParser p = factory.createParser(resourceLogs)) {
            p.nextToken(); // START_ARRAY
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                if (t != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                byte[] resource = null;
                byte[] scopeLogs = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (name.equals("resource") && v == JsonToken.START_OBJECT) {
                        resource = slice(p, resourceLogs);
                    } else if (name.equals("scopeLogs") && v == JsonToken.START_ARRAY) {
                        scopeLogs = slice(p, resourceLogs);
                    } else {
                        p.skipChildren();
                    }
                }
                List<byte[][]> resourceAttributes =
                        resource == null ? List.of() : attributes(resource);
                if (scopeLogs != null) {
                    scopes(scopeLogs, resourceAttributes, rows);
                }
            }
        }
    }

    private void scopes(byte[] scopeLogs, List<byte[][]> resourceAttributes, List<GenericRowData> rows)
            throws IOException {
        try (JsonParser p = factory.createParser(scopeLogs)) {
            p.nextToken(); // START_ARRAY
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                if (t != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (!name.equals("logRecords") || v != JsonToken.START_ARRAY) {
                        p.skipChildren();
                        continue;
                    }
                    JsonToken r;
                    while ((r = p.nextToken()) != JsonToken.END_ARRAY && r != null) {
                        if (r == JsonToken.START_OBJECT) {
                            rows.add(logRecord(slice(p, scopeLogs), resourceAttributes));
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
        }
    }

    private GenericRowData logRecord(byte[] record, List<byte[][]> resourceAttributes) throws IOException {
        GenericRowData row = newRow();
        try (JsonParser p = factory.createParser(record)) {
            p.nextToken();
            walkObject(p, plan.root, record, row, false);
        }
        for (byte[][] a : attributes(record)) {
            offerAttribute(a, row);
        }
        for (byte[][] a : resourceAttributes) {
            offerAttribute(a, row);
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(record));
        }
        return row;
    }

    /** The {@code attributes} of an OTLP object: pairs of (key as UTF-8, AnyValue JSON text). */
    private List<byte[][]> attributes(byte[] object) throws IOException {
        List<byte[][]> out = new ArrayList<>();
        try (JsonParser p = factory.createParser(object)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (!name.equals("attributes") || v != JsonToken.START_ARRAY) {
                    p.skipChildren();
                    continue;
                }
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                    if (e != JsonToken.START_OBJECT) {
                        p.skipChildren();
                        continue;
                    }
                    String key = null;
                    byte[] value = null;
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String k = p.currentName();
                        JsonToken kv = p.nextToken();
                        if (k.equals("key") && kv == JsonToken.VALUE_STRING) {
                            key = p.getText();
                        } else if (k.equals("value") && kv == JsonToken.START_OBJECT) {
                            value = slice(p, object);
                        } else {
                            p.skipChildren();
                        }
                    }
                    if (key != null && value != null) {
                        out.add(new byte[][] {key.getBytes(StandardCharsets.UTF_8), value});
                    }
                }
            }
        }
        return out;
    }

    /** Offers an attribute's value ({"stringValue": …} and its siblings) to the columns its key feeds. */
    private void offerAttribute(byte[][] attribute, GenericRowData row) throws IOException {
        FieldPlan.Node node = plan.root.key(new String(attribute[0], StandardCharsets.UTF_8));
        if (node == null || node.targets == null) {
            return;
        }
        byte[] anyValue = attribute[1];
        try (JsonParser p = factory.createParser(anyValue)) {
            p.nextToken(); // START_OBJECT
            if (p.nextToken() != JsonToken.FIELD_NAME) {
                return;
            }
            JsonToken t = p.nextToken();
            if (!t.isStructStart()) {
                for (FieldPlan.Target target : node.targets) {
                    if (target.rank < rank[target.column]) {
                        offer(target, converters[target.column].scalar(p, t), row);
                    }
                }
                return;
            }
            byte[] inner = slice(p, anyValue);
            for (FieldPlan.Target target : node.targets) {
                ValueConverters.ValueConverter c = converters[target.column];
                if (target.rank < rank[target.column] && c.acceptsStructured(t)) {
                    offer(target, c.structured(inner, 0, inner.length), row);
                }
            }
        }
    }

    /** Copies the object or array at the current token out of {@code bytes}, leaving it consumed. */
    private static byte[] slice(JsonParser p, byte[] bytes) throws IOException {
        int start = (int) p.currentTokenLocation().getByteOffset();
        p.skipChildren();
        int end = (int) p.currentTokenLocation().getByteOffset() + 1;
        return Arrays.copyOfRange(bytes, start, end);
    }

    private void walkObject(
            JsonParser p, FieldPlan.Node node, byte[] bytes, GenericRowData row, boolean root)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            FieldPlan.Node child = node == null ? null : node.key(name);
            JsonToken t = p.nextToken();
            if (root && t == JsonToken.START_ARRAY && name.equals(RESOURCE_LOGS)) {
                otlpStart = (int) p.currentTokenLocation().getByteOffset();
                p.skipChildren();
                otlpEnd = (int) p.currentTokenLocation().getByteOffset() + 1;
                continue;
            }
            if (child == null) {
                if (t.isStructStart()) {
                    p.skipChildren();
                }
                continue;
            }
            value(p, t, child, bytes, row);
        }
    }

    private void value(
            JsonParser p, JsonToken t, FieldPlan.Node child, byte[] bytes, GenericRowData row)
            throws IOException {
        FieldPlan.Target[] targets = child.targets;
        if (!t.isStructStart()) {
            if (targets != null) {
                for (FieldPlan.Target target : targets) {
                    if (target.rank < rank[target.column]) {
                        offer(target, converters[target.column].scalar(p, t), row);
                    }
                }
            }
            return;
        }
        boolean slice = false;
        if (targets != null) {
            for (FieldPlan.Target target : targets) {
                slice |= target.rank < rank[target.column]
                        && converters[target.column].acceptsStructured(t);
            }
        }
        int start = slice ? (int) p.currentTokenLocation().getByteOffset() : -1;
        if (t == JsonToken.START_OBJECT && child.nested != null) {
            walkObject(p, child.nested, bytes, row, false);
        } else {
            p.skipChildren();
        }
        if (slice) {
            int end = (int) p.currentTokenLocation().getByteOffset() + 1;
            for (FieldPlan.Target target : targets) {
                ValueConverters.ValueConverter c = converters[target.column];
                if (target.rank < rank[target.column] && c.acceptsStructured(t)) {
                    offer(target, c.structured(bytes, start, end - start), row);
                }
            }
        }
    }

    private void offer(FieldPlan.Target target, Object value, GenericRowData row) {
        if (value == null) {
            return; // JSON null: absent, a less preferred path may still fill the column
        }
        if (value == ValueConverters.FAILED) {
            metrics.conversionFailed();
            return;
        }
        row.setField(target.column, value);
        rank[target.column] = target.rank;
    }

    /** Columns with JSONPath expressions the streaming pass cannot follow, in the user's order. */
    private void applyJsonPaths(byte[] bytes, GenericRowData row) {
        DocumentContext doc = null;
        for (FieldPlan.ColumnPlan c : plan.columns) {
            JsonPath[] paths = jsonPaths[c.index];
            if (paths == null) {
                continue;
            }
            for (int i = 0; i < paths.length; i++) {
                if (c.jsonPathRanks[i] >= rank[c.index]) {
                    break;
                }
                if (doc == null) {
                    doc = JsonPath.using(jsonPathConfig).parse(new String(bytes, StandardCharsets.UTF_8));
                }
                Object v = doc.read(paths[i]);
                if (v == null || (v instanceof List && ((List<?>) v).isEmpty())) {
                    continue;
                }
                Object converted = fromJava(v, c);
                if (converted == ValueConverters.FAILED) {
                    metrics.conversionFailed();
                    continue;
                }
                row.setField(c.index, converted);
                rank[c.index] = c.jsonPathRanks[i];
                break;
            }
        }
    }

    /** Converts a value JSONPath returned by re-reading its JSON text with the column converter. */
    private Object fromJava(Object v, FieldPlan.ColumnPlan c) {
        String json;
        if (v instanceof String) {
            json = '"' + new String(JsonStringEncoder.getInstance().quoteAsString((String) v)) + '"';
        } else if (v instanceof Number || v instanceof Boolean) {
            json = v.toString();
        } else {
            json = jsonPathConfig.jsonProvider().toJson(v);
        }
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        try (JsonParser p = factory.createParser(b)) {
            JsonToken t = p.nextToken();
            if (t.isStructStart()) {
                ValueConverters.ValueConverter conv = converters[c.index];
                return conv.acceptsStructured(t) ? conv.structured(b, 0, b.length) : ValueConverters.FAILED;
            }
            return converters[c.index].scalar(p, t);
        } catch (IOException | RuntimeException e) {
            return ValueConverters.FAILED;
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
