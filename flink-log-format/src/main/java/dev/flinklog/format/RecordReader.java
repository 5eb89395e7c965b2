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
import java.util.Arrays;
import java.util.List;

/**
 * Reads one record into one row in a single streaming pass: walks the JSON with the {@link
 * FieldPlan} trie, offers each value on a known path to the columns it may fill, and keeps per
 * column the value of its most preferred path. Built once per task in {@code open()}; not
 * thread-safe (one per deserializer instance, as Flink uses them).
 */
final class RecordReader {

    /** The result of {@link #read}: the row, or the reason the record was not a JSON object. */
    static final class Result {
        GenericRowData row;
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
        out.row = null;
        out.error = null;
        if (bytes.length > maxRecordBytes) {
            out.error =
                    "record of " + bytes.length + " bytes exceeds max-record-bytes (" + maxRecordBytes + ")";
            return out;
        }
        GenericRowData row = new GenericRowData(producedArity);
        String error = parse(bytes, row);
        if (error != null && error.startsWith(INVALID_UTF8)) {
            // Replace bad bytes and read again: a stray byte must not cost the whole record.
            row = new GenericRowData(producedArity);
            error = parse(Utf8.repair(bytes), row);
        }
        if (error != null) {
            out.error = error;
            return out;
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(bytes));
        }
        out.row = row;
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

    private String parse(byte[] bytes, GenericRowData row) {
        Arrays.fill(rank, Integer.MAX_VALUE);
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
            walkObject(p, plan.root, bytes, row);
            if (p.nextToken() != null) {
                return "not JSON: content after the end of the JSON object";
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
        return null;
    }

    private void walkObject(JsonParser p, FieldPlan.Node node, byte[] bytes, GenericRowData row)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            FieldPlan.Node child = node == null ? null : node.key(p.currentName());
            JsonToken t = p.nextToken();
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
            walkObject(p, child.nested, bytes, row);
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
