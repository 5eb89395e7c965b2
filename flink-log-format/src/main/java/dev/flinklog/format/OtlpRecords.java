package dev.flinklog.format;

import dev.flinklog.core.fields.LabelCollector;
import dev.flinklog.core.fields.LabelSource;
import dev.flinklog.core.fields.OtlpKeyValues;
import dev.flinklog.core.lines.LineShape;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.table.data.GenericRowData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * OTLP/JSON in the streaming pass, read in place:
 *
 * <ul>
 *   <li>An {@code ExportLogsServiceRequest} ({@code resourceLogs}) becomes one row per {@code
 *       logRecords} element. A log record's own fields fill columns through the same trie as any
 *       record, then its {@code attributes}, then its resource's attributes, as flat keys (so {@code
 *       service.name} of the resource fills {@code service_name}). raw_json holds the log record's
 *       own JSON text: the batch would repeat on every row. A resource's attributes are converted
 *       once and given to each of its records, even when the resource comes after them.
 *   <li>A single log record (top-level {@code attributes} array, {@code resource} object) fills
 *       columns from them the same way, when no column takes them whole.
 * </ul>
 */
final class OtlpRecords {

    private static final String RESOURCE_LOGS = "resourceLogs";

    private final RecordReader reader;

    /** Rows of the batch being read, finished when their resource is known. */
    private final List<RowState> records = new ArrayList<>();

    /** The current resource's attribute values per column target, converted once. */
    private final List<FieldPlan.Target> resourceTargets = new ArrayList<>();

    private final List<Object> resourceValues = new ArrayList<>();
    private final LabelCollector resourceLabels = new LabelCollector();
    private boolean inBatch;
    private boolean sawBatch;

    OtlpRecords(RecordReader reader) {
        this.reader = reader;
    }

    void startRecord() {
        records.clear();
        inBatch = false;
        sawBatch = false;
    }

    /** Whether a top-level array of this name is a batch to read here (not inside a batch's record). */
    static boolean isBatch(String name) {
        return name.equals(RESOURCE_LOGS);
    }

    /** Whether a top-level key can hold a log record's OTLP part ({@link #isRecordPart} says if it does). */
    static boolean mayBeRecordPart(String name) {
        return name.equals("attributes") || name.equals("resource");
    }

    /**
     * Whether a top-level value is a log record's OTLP part: an {@code attributes} array or a {@code
     * resource} object that no column takes whole ({@code taken}), or any such part of a batch's log
     * record.
     */
    boolean isRecordPart(String name, JsonToken t, boolean taken) {
        boolean part = (t == JsonToken.START_ARRAY && name.equals("attributes"))
                || (t == JsonToken.START_OBJECT && name.equals("resource"));
        return part && (!taken || inBatch);
    }

    // ------------------------------------------------------------------------------------------
    // A log record's parts
    // ------------------------------------------------------------------------------------------

    /** Reads a record's {@code attributes} array or {@code resource} object, the parser on its start. */
    void recordPart(JsonParser p, String name) throws IOException {
        RowState row = reader.row;
        row.shape = LineShape.OTLP;
        if (name.equals("attributes")) {
            OtlpKeyValues.read(p, (key, kind, q, t) -> {
                if (row.labels != null) {
                    row.labels.attribute(LabelSource.ATTRIBUTES, key, kind, q, t);
                }
                FieldPlan.Node node = reader.plan.root.key(key);
                if (node != null && node.targets != null) {
                    reader.offerAttribute(node, RowState.ATTRIBUTE, q, t);
                }
            });
        } else {
            resource(p, row.labels, (key, kind, q, t) -> {
                if (row.labels != null) {
                    row.labels.attribute(LabelSource.RESOURCE_ATTRIBUTES, key, kind, q, t);
                }
                FieldPlan.Node node = reader.plan.root.key(key);
                if (node != null && node.targets != null) {
                    reader.offerAttribute(node, RowState.RESOURCE, q, t);
                }
            });
        }
    }

    /**
     * Reads a {@code resource} object: its {@code attributes} array to {@code attributes}, an
     * attributes object (not OTLP, but seen) as labels only.
     */
    private void resource(JsonParser p, LabelCollector labels, OtlpKeyValues.Visitor attributes) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if (name.equals("attributes") && v == JsonToken.START_ARRAY) {
                OtlpKeyValues.read(p, attributes);
            } else if (name.equals("attributes") && v == JsonToken.START_OBJECT && labels != null) {
                reader.path[0] = "resource";
                reader.path[1] = "attributes";
                labels.take(reader.path, 2, p);
            } else {
                p.skipChildren();
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Batches
    // ------------------------------------------------------------------------------------------

    // Where the batch's walk is: the indexes a log record's VARIANT is found at.
    private int resourceIndex;
    private int scopeIndex;

    /** Reads a {@code resourceLogs} array (the parser on its start) into rows, finished later. */
    void batch(JsonParser p) throws IOException {
        if (inBatch) {
            p.skipChildren(); // a batch inside a batch's log record is not read
            return;
        }
        sawBatch = true;
        RowState outer = reader.row;
        inBatch = true;
        try {
            JsonToken t;
            resourceIndex = -1;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                resourceIndex++;
                if (t != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                resourceLogs(p);
            }
        } finally {
            inBatch = false;
            reader.row = outer;
        }
    }

    /** One {@code resourceLogs} element: its resource and its log records, in either order. */
    private void resourceLogs(JsonParser p) throws IOException {
        resourceTargets.clear();
        resourceValues.clear();
        resourceLabels.reset();
        int first = records.size();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if (name.equals("resource") && v == JsonToken.START_OBJECT) {
                resource(p, resourceLabels, this::resourceAttribute);
            } else if (name.equals("scopeLogs") && v == JsonToken.START_ARRAY) {
                scopeLogs(p);
            } else {
                p.skipChildren();
            }
        }
        for (int i = first; i < records.size(); i++) {
            RowState record = records.get(i);
            reader.row = record;
            for (int k = 0; k < resourceTargets.size(); k++) {
                FieldPlan.Target target = resourceTargets.get(k);
                int preference = RowState.preference(target.rank, RowState.RESOURCE);
                if (record.wants(target.column, preference)) {
                    reader.offer(target.column, preference, resourceValues.get(k));
                }
            }
            if (record.labels != null) {
                record.labels.addAll(resourceLabels);
            }
        }
    }

    /** A resource attribute: converted once for each column its key feeds, kept for every record. */
    private void resourceAttribute(String key, OtlpKeyValues.Kind kind, JsonParser p, JsonToken t) throws IOException {
        resourceLabels.attribute(LabelSource.RESOURCE_ATTRIBUTES, key, kind, p, t);
        FieldPlan.Node node = reader.plan.root.key(key);
        if (node == null || node.targets == null) {
            return;
        }
        if (!t.isStructStart()) {
            for (FieldPlan.Target target : node.targets) {
                resourceTargets.add(target);
                resourceValues.add(target.converter.read(p, t));
            }
            return;
        }
        List<RecordReader.StructureReader> each = new ArrayList<>(1);
        for (FieldPlan.Target target : node.targets) {
            if (target.converter.acceptsStructure(t)) {
                each.add((q, u) -> {
                    resourceTargets.add(target);
                    resourceValues.add(target.converter.read(q, u));
                });
            }
        }
        reader.read(p, t, each);
    }

    private void scopeLogs(JsonParser p) throws IOException {
        JsonToken t;
        scopeIndex = -1;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            scopeIndex++;
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("logRecords") && v == JsonToken.START_ARRAY) {
                    logRecords(p);
                } else {
                    p.skipChildren();
                }
            }
        }
    }

    private void logRecords(JsonParser p) throws IOException {
        JsonToken t;
        int recordIndex = -1;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            recordIndex++;
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            RowState record = reader.newState();
            record.shape = LineShape.OTLP;
            record.otlpResource = resourceIndex;
            record.otlpScope = scopeIndex;
            record.otlpRecord = recordIndex;
            reader.row = record;
            Input in = reader.in;
            int start = in.tokenStart(p);
            reader.walkObject(p, reader.plan.root, 0);
            record.raw = in.bytes;
            record.rawOffset = start;
            record.rawLength = in.tokenStart(p) + 1 - start;
            records.add(record);
        }
    }

    /**
     * After the record's walk: the rows of its batch, if it was one with log records (then true);
     * false for any other record, whose walk made one row.
     */
    boolean finishBatch(List<GenericRowData> rows, Object batchVariant) {
        if (!sawBatch || records.isEmpty()) {
            return false;
        }
        for (RowState record : records) {
            if (batchVariant != null) {
                record.rawVariant = VariantWriter.otlpRecord(
                        batchVariant, record.otlpResource, record.otlpScope, record.otlpRecord);
            }
            rows.add(reader.finish(record, record.raw, record.rawOffset, record.rawLength));
        }
        return true;
    }
}
