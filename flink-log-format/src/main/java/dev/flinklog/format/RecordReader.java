package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.fields.LabelCollector;
import dev.flinklog.core.level.LevelInference;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.LeadingTimestamp;
import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one record into rows in a single streaming pass: walks the JSON with the {@link
 * FieldPlan} trie, offers each value on a known path to the columns it may fill, keeps per column
 * the value of its most preferred path, and collects labels on the way. Then the log semantics
 * fill what the record left open: a level inferred from the message, an event time from the start
 * of a plain-text line. Built once per task in {@code open()}; not thread-safe.
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

    private static final String INVALID_UTF8 = "invalid UTF-8";
    private static final String RESOURCE_LOGS = "resourceLogs";

    private final FieldPlan plan;
    private final ValueConverters.ValueConverter[] converters;
    private final JsonPath[][] jsonPaths;
    private final Configuration jsonPathConfig;
    private final JsonFactory factory;
    private final int producedArity;
    private final int parseErrorField;
    private final int maxRecordBytes;
    private final FormatMetrics metrics;
    private final TimestampParser times;

    // Log semantics, present only when a declared column needs them.
    private final int[] levelColumns;
    private final int[] timeColumns;
    private final int[] labelColumns;
    private final LevelInference levelInference;
    private final LabelCollector labels;
    private final ParsedTime parsed = new ParsedTime();

    // Per record: the values found so far and the rank of the path that found each.
    private final Object[] values;
    private final int[] rank;
    private final String[] path = new String[2];

    // Producer shapes seen in the record (see FieldAliases): CLEF, bunyan.
    private final int[] serviceColumns;
    private boolean clef;
    private boolean bunyan;
    private String bunyanName;

    /** Where the top-level {@code resourceLogs} array of an OTLP batch starts and ends, or -1. */
    private int otlpStart;

    private int otlpEnd;

    /**
     * A single OTLP log record's own {@code attributes} array and its {@code resource} object, kept
     * while walking so their key/value pairs can fill columns after the record's own fields.
     */
    private byte[] recordAttributes;

    private byte[] recordResource;

    RecordReader(
            FieldPlan plan,
            int producedArity,
            int parseErrorField,
            JsonFactory factory,
            int maxRecordBytes,
            TimestampParser times,
            FormatMetrics metrics) {
        this.plan = plan;
        this.producedArity = producedArity;
        this.parseErrorField = parseErrorField;
        this.factory = factory;
        this.maxRecordBytes = maxRecordBytes;
        this.times = times;
        this.metrics = metrics;
        int n = plan.columns.length;
        this.values = new Object[n];
        this.rank = new int[n];
        this.converters = new ValueConverters.ValueConverter[n];
        this.jsonPaths = new JsonPath[n][];
        for (FieldPlan.ColumnPlan c : plan.columns) {
            if (c.index == plan.rawColumn) {
                continue;
            }
            converters[c.index] = converterFor(c, factory, times);
            jsonPaths[c.index] = FieldPlan.compile(c);
        }
        this.levelColumns = columnsWith(FieldAliases.Role.LEVEL);
        this.timeColumns = columnsWith(FieldAliases.Role.TIME);
        this.labelColumns = columnsWith(FieldAliases.Role.LABELS);
        this.serviceColumns = Arrays.stream(plan.columns)
                .filter(c -> c.index < plan.physicalCount
                        && FieldAliases.forColumn(c.name) == FieldAliases.forColumn("service_name")
                        && c.type.getTypeRoot() == org.apache.flink.table.types.logical.LogicalTypeRoot.VARCHAR)
                .mapToInt(c -> c.index)
                .toArray();
        this.levelInference = levelColumns.length > 0 ? new LevelInference() : null;
        this.labels = labelColumns.length > 0 ? new LabelCollector() : null;
        this.jsonPathConfig = plan.needsJsonPath
                ? Configuration.defaultConfiguration()
                        .addOptions(Option.SUPPRESS_EXCEPTIONS, Option.DEFAULT_PATH_LEAF_TO_NULL)
                : null;
    }

    /** The parser factory of the format: lenient where producers are, bounded by the limits. */
    static JsonFactory jsonFactory(int maxNestingDepth, int maxStringLength, int maxRecordBytes) {
        return JsonFactory.builder()
                // Producers write these; a log record is worth keeping even so.
                .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .enable(JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxNestingDepth)
                        .maxStringLength(maxStringLength)
                        .maxDocumentLength(maxRecordBytes)
                        .build())
                .build();
    }

    private int[] columnsWith(FieldAliases.Role role) {
        return Arrays.stream(plan.columns)
                .filter(c -> c.index < plan.physicalCount && c.role == role)
                .mapToInt(c -> c.index)
                .toArray();
    }

    private static ValueConverters.ValueConverter converterFor(
            FieldPlan.ColumnPlan c, JsonFactory factory, TimestampParser times) {
        if (c.role == FieldAliases.Role.LEVEL) {
            return new ValueConverters.Level(c.scaleByRank);
        }
        if (c.role == FieldAliases.Role.LABELS) {
            return null; // filled from the label collector
        }
        if (c.role == FieldAliases.Role.TIME) {
            int precision = c.type instanceof org.apache.flink.table.types.logical.TimestampType
                    ? ((org.apache.flink.table.types.logical.TimestampType) c.type).getPrecision()
                    : ((org.apache.flink.table.types.logical.LocalZonedTimestampType) c.type).getPrecision();
            return new ValueConverters.Time(times, factory, precision, false, true);
        }
        boolean message = c.role == FieldAliases.Role.MESSAGE;
        return ValueConverters.orFail(ValueConverters.forType(c.type, factory, message, times), c.type);
    }

    // ------------------------------------------------------------------------------------------
    // Records
    // ------------------------------------------------------------------------------------------

    /** Reads a record; never throws for anything the input contains. */
    Result read(byte[] bytes, Result out) {
        out.rows.clear();
        out.error = null;
        if (bytes.length > maxRecordBytes) {
            out.error = "record of " + bytes.length + " bytes exceeds max-record-bytes (" + maxRecordBytes + ")";
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

    /**
     * The row for a record that is not a JSON object: its text is the message, the level is
     * inferred from it, and a timestamp that starts it is the event time.
     */
    GenericRowData errorRow(byte[] bytes, String reason) {
        GenericRowData row = new GenericRowData(producedArity);
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (plan.messageColumn >= 0 && plan.messageColumn < plan.physicalCount) {
            row.setField(plan.messageColumn, StringData.fromString(text));
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(bytes));
        }
        if (levelColumns.length > 0) {
            StringData level = ValueConverters.Level.name(levelInference.infer(text));
            metrics.levelsInferred.inc();
            for (int c : levelColumns) {
                row.setField(c, level);
            }
        }
        if (timeColumns.length > 0) {
            if (LeadingTimestamp.parse(text, times, parsed)) {
                for (int c : timeColumns) {
                    row.setField(c, toTimestamp(c));
                }
            } else {
                metrics.rowsWithoutEventTime.inc();
            }
        }
        if (parseErrorField >= 0) {
            row.setField(parseErrorField, StringData.fromString(reason));
        }
        return row;
    }

    private Object toTimestamp(int column) {
        int precision = ((ValueConverters.Time) converters[column]).precision();
        int nano = parsed.nanoOfSecond();
        int keep = nano - nano % ValueConverters.Time.POW10[9 - precision];
        return org.apache.flink.table.data.TimestampData.fromEpochMillis(
                parsed.epochSecond() * 1000L + keep / 1_000_000, keep % 1_000_000);
    }

    /**
     * Parses {@code bytes} (the record, possibly with invalid UTF-8 replaced) into rows; {@code
     * original} is what raw_json receives. Returns the reason on failure.
     */
    private String parse(byte[] bytes, byte[] original, List<GenericRowData> rows) {
        startRecord();
        otlpStart = -1;
        recordAttributes = null;
        recordResource = null;
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
            walkObject(p, plan.root, bytes, 0);
            if (p.nextToken() != null) {
                return "not JSON: content after the end of the JSON object";
            }
            if (otlpStart >= 0) {
                explodeOtlp(Arrays.copyOfRange(bytes, otlpStart, otlpEnd), rows);
                if (!rows.isEmpty()) {
                    return null;
                }
                // A batch without log records is still a record: it becomes one row of its own
                // (raw_json the whole batch) instead of vanishing uncounted.
            }
            if (recordAttributes != null) {
                for (byte[][] a : keyValues(recordAttributes)) {
                    offerAttribute(a);
                }
            }
            if (recordResource != null) {
                for (byte[][] a : attributes(recordResource)) {
                    offerAttribute(a);
                }
            }
            if (plan.needsJsonPath) {
                applyJsonPaths(bytes);
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
        rows.add(finishRow(original));
        return null;
    }

    private void startRecord() {
        Arrays.fill(rank, Integer.MAX_VALUE);
        Arrays.fill(values, null);
        clef = false;
        bunyan = false;
        bunyanName = null;
        if (labels != null) {
            labels.reset();
        }
    }

    /** Builds the row from the values found, filling what the record left open. */
    private GenericRowData finishRow(byte[] raw) {
        GenericRowData row = new GenericRowData(producedArity);
        for (int i = 0; i < plan.physicalCount; i++) {
            row.setField(i, values[i]);
        }
        if (plan.rawColumn >= 0) {
            row.setField(plan.rawColumn, StringData.fromBytes(raw));
        }
        for (int c : levelColumns) {
            if (values[c] == null) {
                if (clef) {
                    row.setField(c, ValueConverters.Level.name(FieldAliases.CLEF_DEFAULT_LEVEL));
                    continue;
                }
                Object m = plan.messageColumn >= 0 ? values[plan.messageColumn] : null;
                LogLevel level = levelInference.infer(m == null ? "" : m.toString());
                row.setField(c, ValueConverters.Level.name(level));
                metrics.levelsInferred.inc();
            }
        }
        if (bunyan && bunyanName != null) {
            for (int c : serviceColumns) {
                if (values[c] == null) {
                    row.setField(c, StringData.fromString(bunyanName));
                }
            }
        }
        for (int c : timeColumns) {
            if (values[c] == null) {
                metrics.rowsWithoutEventTime.inc();
                break;
            }
        }
        if (labelColumns.length > 0) {
            Map<Object, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : labels.labels().entrySet()) {
                m.put(StringData.fromString(e.getKey()), StringData.fromString(e.getValue()));
            }
            GenericMapData map = new GenericMapData(m);
            for (int c : labelColumns) {
                row.setField(c, map);
            }
        }
        return row;
    }

    /**
     * Walks an object's fields. {@code depth} is the object's depth (0 for the record); labels are
     * looked for at depths 1 and 2, where every platform puts them.
     */
    private void walkObject(JsonParser p, FieldPlan.Node node, byte[] bytes, int depth) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            FieldPlan.Node child = node == null ? null : node.key(name);
            JsonToken t = p.nextToken();
            if (depth == 0 && t == JsonToken.START_ARRAY && name.equals(RESOURCE_LOGS)) {
                otlpStart = (int) p.currentTokenLocation().getByteOffset();
                p.skipChildren();
                otlpEnd = (int) p.currentTokenLocation().getByteOffset() + 1;
                continue;
            }
            if (depth == 0 && name.length() <= 4) {
                shape(name, t, p);
            }
            if (depth == 0 && child == null && isOtlpPart(name, t)) {
                // A single OTLP log record: its attributes and its resource's attributes fill
                // columns after its own fields, and are labels.
                byte[] part = slice(p, bytes);
                if (t == JsonToken.START_ARRAY) {
                    recordAttributes = part;
                } else {
                    recordResource = part;
                }
                if (labels != null) {
                    path[0] = name;
                    try (JsonParser sub = factory.createParser(part)) {
                        sub.nextToken();
                        if (!labels.offer(path, 1, sub) && t == JsonToken.START_OBJECT) {
                            walkObject(sub, null, part, 1);
                        }
                    }
                }
                continue;
            }
            if (labels != null && depth < 2) {
                path[depth] = name;
                if (label(p, t, child, bytes, depth + 1)) {
                    continue;
                }
            }
            if (child == null) {
                if (t.isStructStart()) {
                    p.skipChildren();
                }
                continue;
            }
            value(p, t, child, bytes, depth);
        }
    }

    /**
     * Offers a value to the label collector. Returns true when the value has been fully handled
     * (taken as labels, or walked for labels deeper down) so the caller must not touch it again.
     */
    private boolean label(JsonParser p, JsonToken t, FieldPlan.Node child, byte[] bytes, int depth) throws IOException {
        if (!t.isStructStart()) {
            labels.offer(path, depth, p); // scalars: the parser does not move
            return false;
        }
        if (child == null) {
            if (labels.offer(path, depth, p)) {
                return true;
            }
            if (t == JsonToken.START_OBJECT && LabelCollector.mayContainLabels(path, depth)) {
                walkObject(p, null, bytes, depth);
                return true;
            }
            return false;
        }
        // Both the columns and the labels may want this value: walk it for the columns, then
        // give its exact text to the collector.
        int start = (int) p.currentTokenLocation().getByteOffset();
        value(p, t, child, bytes, depth - 1);
        int end = (int) p.currentTokenLocation().getByteOffset() + 1;
        byte[] slice = Arrays.copyOfRange(bytes, start, end);
        try (JsonParser sub = factory.createParser(slice)) {
            sub.nextToken();
            if (!labels.offer(path, depth, sub)
                    && sub.currentToken() == JsonToken.START_OBJECT
                    && LabelCollector.mayContainLabels(path, depth)) {
                walkObject(sub, null, slice, depth);
            }
        }
        return true;
    }

    private void value(JsonParser p, JsonToken t, FieldPlan.Node child, byte[] bytes, int depth) throws IOException {
        FieldPlan.Target[] targets = child.targets;
        if (!t.isStructStart()) {
            offerScalar(targets, p, t);
            return;
        }
        boolean slice = false;
        if (targets != null) {
            for (FieldPlan.Target target : targets) {
                slice |= wantsStructured(target, t);
            }
        }
        int start = slice ? (int) p.currentTokenLocation().getByteOffset() : -1;
        if (t == JsonToken.START_OBJECT && child.nested != null) {
            walkObject(p, child.nested, bytes, depth + 1);
        } else {
            p.skipChildren();
        }
        if (slice) {
            int end = (int) p.currentTokenLocation().getByteOffset() + 1;
            offerStructured(targets, t, bytes, start, end - start);
        }
    }

    /** Offers the scalar the parser is on to every target that has nothing better yet. */
    private void offerScalar(FieldPlan.Target[] targets, JsonParser p, JsonToken t) throws IOException {
        if (targets == null) {
            return;
        }
        for (FieldPlan.Target target : targets) {
            if (target.rank < rank[target.column]) {
                offer(target, scalar(target, p, t));
            }
        }
    }

    private boolean wantsStructured(FieldPlan.Target target, JsonToken start) {
        ValueConverters.ValueConverter c = converters[target.column];
        return target.rank < rank[target.column] && c != null && c.acceptsStructured(start);
    }

    /** Offers an object or array, given as its JSON text, to every target that takes one. */
    private void offerStructured(FieldPlan.Target[] targets, JsonToken start, byte[] json, int off, int len)
            throws IOException {
        for (FieldPlan.Target target : targets) {
            if (wantsStructured(target, start)) {
                offer(target, converters[target.column].structured(json, off, len));
            }
        }
    }

    private Object scalar(FieldPlan.Target target, JsonParser p, JsonToken t) throws IOException {
        ValueConverters.ValueConverter c = converters[target.column];
        if (c == null) {
            return null;
        }
        if (c instanceof ValueConverters.RankAware) {
            return ((ValueConverters.RankAware) c).scalar(p, t, target.rank);
        }
        return c.scalar(p, t);
    }

    private void offer(FieldPlan.Target target, Object value) {
        if (value == null) {
            return; // JSON null or no usable value: a less preferred path may still fill the column
        }
        if (value == ValueConverters.FAILED) {
            metrics.conversionFailures.inc();
            return;
        }
        values[target.column] = value;
        rank[target.column] = target.rank;
    }

    // ------------------------------------------------------------------------------------------
    // OTLP/JSON ExportLogsServiceRequest: one row per log record
    // ------------------------------------------------------------------------------------------

    /**
     * Emits one row per {@code logRecords} element. A record's own fields fill columns through
     * the same trie as any record; then its {@code attributes} and its resource's attributes are
     * offered as flat keys (so {@code service.name} of the resource fills {@code service_name}).
     * raw_json holds the log record's own JSON text: the batch would repeat on every row.
     */
    private void explodeOtlp(byte[] resourceLogs, List<GenericRowData> rows) throws IOException {
        try (JsonParser p = factory.createParser(resourceLogs)) {
            p.nextToken(); // START_ARRAY
            eachObject(p, e -> {
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
                if (scopeLogs != null) {
                    scopes(scopeLogs, resource, rows);
                }
            });
        }
    }

    /** Reads one array element; called with the parser on its START_OBJECT, leaves it on END_OBJECT. */
    @FunctionalInterface
    private interface ElementReader {
        void read(JsonParser p) throws IOException;
    }

    /** Calls {@code reader} for each object in the array the parser is on; skips other elements. */
    private static void eachObject(JsonParser p, ElementReader reader) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            if (t == JsonToken.START_OBJECT) {
                reader.read(p);
            } else {
                p.skipChildren();
            }
        }
    }

    private void scopes(byte[] scopeLogs, byte[] resource, List<GenericRowData> rows) throws IOException {
        List<byte[][]> resourceAttributes = resource == null ? List.of() : attributes(resource);
        try (JsonParser p = factory.createParser(scopeLogs)) {
            p.nextToken(); // START_ARRAY
            eachObject(p, scope -> {
                while (scope.nextToken() == JsonToken.FIELD_NAME) {
                    String name = scope.currentName();
                    JsonToken v = scope.nextToken();
                    if (!name.equals("logRecords") || v != JsonToken.START_ARRAY) {
                        scope.skipChildren();
                        continue;
                    }
                    eachObject(scope, r -> rows.add(logRecord(slice(r, scopeLogs), resource, resourceAttributes)));
                }
            });
        }
    }

    private GenericRowData logRecord(byte[] record, byte[] resource, List<byte[][]> resourceAttributes)
            throws IOException {
        startRecord();
        try (JsonParser p = factory.createParser(record)) {
            p.nextToken();
            walkObject(p, plan.root, record, 0);
        }
        for (byte[][] a : attributes(record)) {
            offerAttribute(a);
        }
        for (byte[][] a : resourceAttributes) {
            offerAttribute(a);
        }
        if (labels != null && resource != null) {
            // The resource's attributes are labels of every record of the resource.
            try (JsonParser p = factory.createParser(resource)) {
                p.nextToken();
                path[0] = "resource";
                walkObject(p, null, resource, 1);
            }
        }
        return finishRow(record);
    }

    /** Notes the top-level keys that mark a producer's shape (short keys only: cheap to test). */
    private void shape(String name, JsonToken t, JsonParser p) throws IOException {
        if (FieldAliases.isClefMessageKey(name)) {
            clef = true;
        } else if (name.equals(FieldAliases.BUNYAN_VERSION_KEY)) {
            bunyan = t == JsonToken.VALUE_NUMBER_INT;
        } else if (name.equals(FieldAliases.BUNYAN_NAME_KEY)
                && t == JsonToken.VALUE_STRING
                && serviceColumns.length > 0) {
            bunyanName = p.getText();
        }
    }

    private static boolean isOtlpPart(String name, JsonToken t) {
        return (t == JsonToken.START_ARRAY && name.equals("attributes"))
                || (t == JsonToken.START_OBJECT && name.equals("resource"));
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
                keyValues(p, object, out);
            }
        }
        return out;
    }

    /** An OTLP {@code KeyValue} array given as its JSON text. */
    private List<byte[][]> keyValues(byte[] array) throws IOException {
        List<byte[][]> out = new ArrayList<>();
        try (JsonParser p = factory.createParser(array)) {
            if (p.nextToken() == JsonToken.START_ARRAY) {
                keyValues(p, array, out);
            }
        }
        return out;
    }

    /** Reads the KeyValue array the parser is on (START_ARRAY) into (key, AnyValue text) pairs. */
    private static void keyValues(JsonParser p, byte[] bytes, List<byte[][]> out) throws IOException {
        eachObject(p, e -> {
            String key = null;
            byte[] value = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken kv = p.nextToken();
                if (k.equals("key") && kv == JsonToken.VALUE_STRING) {
                    key = p.getText();
                } else if (k.equals("value") && kv == JsonToken.START_OBJECT) {
                    value = slice(p, bytes);
                } else {
                    p.skipChildren();
                }
            }
            if (key != null && value != null) {
                out.add(new byte[][] {key.getBytes(StandardCharsets.UTF_8), value});
            }
        });
    }

    /** Offers an attribute's value ({"stringValue": …} and its siblings) to the columns its key feeds. */
    private void offerAttribute(byte[][] attribute) throws IOException {
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
                offerScalar(node.targets, p, t);
                return;
            }
            byte[] inner = slice(p, anyValue);
            offerStructured(node.targets, t, inner, 0, inner.length);
        }
    }

    /** Copies the object or array at the current token out of {@code bytes}, leaving it consumed. */
    private static byte[] slice(JsonParser p, byte[] bytes) throws IOException {
        int start = (int) p.currentTokenLocation().getByteOffset();
        p.skipChildren();
        int end = (int) p.currentTokenLocation().getByteOffset() + 1;
        return Arrays.copyOfRange(bytes, start, end);
    }

    // ------------------------------------------------------------------------------------------
    // JSONPath overrides
    // ------------------------------------------------------------------------------------------

    /** Columns with JSONPath expressions the streaming pass cannot follow, in the user's order. */
    private void applyJsonPaths(byte[] bytes) {
        DocumentContext doc = null;
        for (FieldPlan.ColumnPlan c : plan.columns) {
            JsonPath[] paths = jsonPaths[c.index];
            if (paths == null || converters[c.index] == null) {
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
                if (converted == null) {
                    continue;
                }
                if (converted == ValueConverters.FAILED) {
                    metrics.conversionFailures.inc();
                    continue;
                }
                values[c.index] = converted;
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
            ValueConverters.ValueConverter conv = converters[c.index];
            if (t.isStructStart()) {
                return conv.acceptsStructured(t) ? conv.structured(b, 0, b.length) : ValueConverters.FAILED;
            }
            return conv instanceof ValueConverters.RankAware
                    ? ((ValueConverters.RankAware) conv).scalar(p, t, -1)
                    : conv.scalar(p, t);
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
