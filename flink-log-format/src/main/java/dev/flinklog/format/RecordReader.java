package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.fields.LabelCollector;
import dev.flinklog.core.level.LevelResolver;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.time.LeadingTimestamp;
import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Reads one record into rows in a single streaming pass: walks the JSON with the {@link FieldPlan}
 * trie, offers each value on a known path to the columns it may fill, keeps per column the value of
 * its most preferred path ({@link RowState}), and collects labels on the way; OTLP batches and
 * attributes are read in place by {@link OtlpRecords}. Then the log semantics fill what the record
 * left open: the level by {@link LevelResolver}, an event time from the start of a plain-text line.
 * Built once per task; not thread-safe.
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

    /** The reason for a text record of no known line shape whose first character starts no JSON value. */
    static final String PLAIN_TEXT = "not JSON: text of no known line shape";

    final FieldPlan plan;
    final Input in = new Input();
    final JsonFactory factory;
    /** The tokenizer of records it can read (see {@link #parse}); reused. */
    final RecordParser tokenizer;
    /** Tokenizers for {@link #readEach}, one per level of its nesting, and the level now. */
    private final List<RecordParser> subTokenizers = new ArrayList<>();

    private int readEachLevel;
    /** Structures read again by those tokenizers (for tests). */
    long rereads;
    /** Records the tokenizer left to Jackson (for tests). */
    long fallbacks;
    /** Values that did not convert in the current read of a record. */
    private int failures;

    final FormatMetrics metrics;
    private final int producedArity;
    private final int parseErrorField;
    private final int maxRecordBytes;
    private final TimestampParser times;
    private final JsonPathColumns jsonPaths;
    private final OtlpRecords otlp;
    /** Builds the raw column's VARIANT from the record's tokens; null unless it is one. */
    private final VariantWriter variant;

    /** Null when no text line is read ({@code lines} = 'none'). */
    private final LineColumns lines;

    private final ParsedLine line = new ParsedLine();
    private final int shapeField;

    // Columns the log semantics finish, found once per schema.
    private final int[] levelColumns;
    private final int[] timeColumns;
    // The partition columns filled from the event time, and the last hour's values (records
    // arrive mostly in time order, so one cached hour saves formatting nearly every row's).
    private final int[] dayColumns;
    private final int[] hourColumns;
    private final boolean[] hourIsText;
    private long cachedHour = Long.MIN_VALUE;
    private StringData cachedDay;
    private StringData cachedHourText;
    private Integer cachedHourNumber;
    private final int[] labelColumns;
    private final int[] serviceColumns;
    /** Label keys and values, and services named by a producer's shape: Java Strings that repeat. */
    private final RepeatedStrings texts = new RepeatedStrings();

    private final LevelResolver levels;
    private final ParsedTime parsed = new ParsedTime();

    /** The row being read, and the states of rows read so far (several for an OTLP batch). */
    RowState row;

    private final List<RowState> states = new ArrayList<>();
    private int statesUsed;

    /** The keys from the record root to the value being read, for the label rules (two levels). */
    final String[] path = new String[2];

    /**
     * The reader of a table's columns: {@code physical} with {@code metadataKeys} after them, of
     * which only {@code parse-error} is filled here.
     */
    static RecordReader create(
            DecoderOptions options, RowType physical, List<String> metadataKeys, FormatMetrics metrics) {
        return create(options, physical, metadataKeys, metrics, System::currentTimeMillis);
    }

    /** As above, with the clock that says when a record arrived (tests fix it). */
    static RecordReader create(
            DecoderOptions options,
            RowType physical,
            List<String> metadataKeys,
            FormatMetrics metrics,
            LongSupplier clock) {
        return new RecordReader(
                options,
                physical,
                physical.getFieldCount() + metadataKeys.size(),
                metadataField(physical, metadataKeys, ReadableMetadata.PARSE_ERROR),
                metadataField(physical, metadataKeys, ReadableMetadata.SHAPE),
                metrics,
                clock);
    }

    private static int metadataField(RowType physical, List<String> keys, ReadableMetadata m) {
        int i = keys.indexOf(m.key);
        return i < 0 ? -1 : physical.getFieldCount() + i;
    }

    private RecordReader(
            DecoderOptions options,
            RowType physical,
            int producedArity,
            int parseErrorField,
            int shapeField,
            FormatMetrics metrics,
            LongSupplier clock) {
        this.times = TimestampParser.forZone(options.defaultZone());
        this.plan = FieldPlan.build(physical, options.rawColumn(), options.fieldPaths(), in, times);
        this.factory = jsonFactory(options.maxNestingDepth(), options.maxStringLength(), options.maxRecordBytes());
        this.tokenizer = new RecordParser(factory.streamReadConstraints());
        this.producedArity = producedArity;
        this.parseErrorField = parseErrorField;
        this.maxRecordBytes = options.maxRecordBytes();
        this.metrics = metrics;
        this.levelColumns = columnsWith(FieldAliases.Role.LEVEL);
        this.dayColumns = columnsWith(FieldAliases.Role.DAY);
        this.hourColumns = columnsWith(FieldAliases.Role.HOUR);
        this.hourIsText = new boolean[hourColumns.length];
        for (int i = 0; i < hourColumns.length; i++) {
            hourIsText[i] = plan.columns[hourColumns[i]].type.getTypeRoot() != LogicalTypeRoot.INTEGER;
        }
        this.timeColumns = columnsWith(FieldAliases.Role.TIME);
        this.labelColumns = columnsWith(FieldAliases.Role.LABELS);
        FieldAliases.Column service = FieldAliases.forColumn("service_name");
        this.serviceColumns = Arrays.stream(plan.columns)
                .filter(c -> c.index < plan.physicalCount
                        && FieldAliases.forColumn(c.name) == service
                        && c.type.getTypeRoot() == LogicalTypeRoot.VARCHAR)
                .mapToInt(c -> c.index)
                .toArray();
        this.levels = levelColumns.length > 0 ? new LevelResolver() : null;
        this.jsonPaths = JsonPathColumns.of(plan, factory, in, metrics);
        this.otlp = new OtlpRecords(this);
        this.lines = LineColumns.of(plan, times, options.lines(), clock);
        this.shapeField = shapeField;
        this.variant = plan.rawVariant ? new VariantWriter() : null;
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

    // ------------------------------------------------------------------------------------------
    // Records
    // ------------------------------------------------------------------------------------------

    /**
     * Reads a record; never throws for anything the input contains. The rows point into {@code
     * bytes}, which the caller must not change afterwards.
     */
    Result read(byte[] bytes, Result out) {
        out.rows.clear();
        out.error = null;
        if (bytes.length > maxRecordBytes) {
            out.error = "record of " + bytes.length + " bytes exceeds max-record-bytes (" + maxRecordBytes + ")";
            return out;
        }
        boolean lineTried = lines != null && !mayBeObject(bytes);
        if (lineTried) {
            // A record that cannot be a JSON object is read as a line first: Jackson would fail on
            // it with an exception (its stack trace alone cost more than the line's parse). Only a
            // line of no known shape goes on to the parser, for the reason parse-error gives.
            GenericRowData row = lineRow(bytes);
            if (row != null) {
                out.rows.add(row);
                return out;
            }
            if (!mayBeValue(bytes)) {
                // Jackson's reason would only name the first word.
                out.error = PLAIN_TEXT;
                return out;
            }
        }
        String error = parse(bytes, bytes, out.rows);
        if (error != null && error.startsWith(INVALID_UTF8)) {
            // Replace bad bytes and read again: a stray byte must not cost the whole record.
            out.rows.clear();
            error = parse(Utf8.repair(bytes), bytes, out.rows);
        }
        if (error != null) {
            out.rows.clear();
            if (lines != null
                    && !lineTried
                    && (error.startsWith("not JSON") || error.startsWith("not a JSON object"))) {
                GenericRowData row = lineRow(bytes);
                if (row != null) {
                    out.rows.add(row);
                    return out;
                }
            }
            out.error = error;
        }
        return out;
    }

    /**
     * Whether the first byte the parser would read (after JSON's whitespace and a UTF-8 byte-order
     * mark, which it skips) opens an object: any other record is not a JSON object.
     */
    static boolean mayBeObject(byte[] bytes) {
        return firstByte(bytes) == '{';
    }

    /**
     * Whether the first byte the parser would read can start a JSON value (object, array, string,
     * number, true, false, null), or there is none (the parser's "empty record"); a record that
     * starts otherwise is text, on which the parser would only fail.
     */
    static boolean mayBeValue(byte[] bytes) {
        int b = firstByte(bytes);
        return b < 0
                || b == '{'
                || b == '['
                || b == '"'
                || b == '-'
                || (b >= '0' && b <= '9')
                || b == 't'
                || b == 'f'
                || b == 'n';
    }

    /** The first byte (0-255) after JSON's white space and a UTF-8 byte-order mark, -1 if none. */
    private static int firstByte(byte[] bytes) {
        int i = 0;
        if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
            i = 3;
        }
        while (i < bytes.length) {
            byte b = bytes[i++];
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b & 0xFF;
            }
        }
        return -1;
    }

    /**
     * The row of a record that is a text line of a known shape, or null when it has none: the
     * line's fields fill the columns, its free text is the message.
     */
    private GenericRowData lineRow(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        LineShape shape = lines.parse(text, line);
        if (shape == LineShape.PLAIN) {
            return null;
        }
        statesUsed = 0;
        RowState s = newState();
        row = s;
        lines.fill(line, s, true, this);
        s.shape = shape;
        s.lineLevel = line.level();
        s.lineMessage = line.has(ParsedLine.Field.MESSAGE) ? line.text(ParsedLine.Field.MESSAGE) : text;
        metrics.textLines.inc();
        return finish(s, bytes, 0, bytes.length);
    }

    /**
     * The row for a record that is not a JSON object: its text is the message, the level is
     * inferred from it, and a timestamp that starts it is the event time.
     */
    GenericRowData errorRow(byte[] bytes, String reason) {
        GenericRowData out = new GenericRowData(producedArity);
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (plan.messageColumn >= 0 && plan.messageColumn < plan.physicalCount) {
            out.setField(plan.messageColumn, StringData.fromString(text));
        }
        if (plan.rawColumn >= 0 && !plan.rawVariant) {
            out.setField(plan.rawColumn, StringData.fromBytes(bytes));
        }
        if (levelColumns.length > 0) {
            StringData level = ValueConverters.Level.name(levels.resolve(null, null, text));
            if (level != null) {
                metrics.levelsInferred.inc();
            }
            for (int c : levelColumns) {
                out.setField(c, level);
            }
        }
        if (timeColumns.length > 0) {
            if (LeadingTimestamp.parse(text, times, parsed)) {
                for (int c : timeColumns) {
                    out.setField(c, ((ValueConverters.Time) plan.columns[c].converter).timestamp(parsed));
                }
                partitions(out, null, out.getField(timeColumns[0]));
            } else {
                metrics.rowsWithoutEventTime.inc();
            }
        }
        if (parseErrorField >= 0) {
            out.setField(parseErrorField, StringData.fromString(reason));
        }
        StringData plain = LineColumns.SHAPES[LineShape.PLAIN.ordinal()];
        if (shapeField >= 0) {
            out.setField(shapeField, plain);
        }
        for (int i = 0; i < plan.physicalCount; i++) {
            if (plan.columns[i].role == FieldAliases.Role.SHAPE) {
                out.setField(i, plain);
            }
        }
        return out;
    }

    /**
     * Parses {@code bytes} (the record, possibly with invalid UTF-8 replaced) into rows; {@code
     * original} is what raw_json receives. Returns the reason on failure. Read by the {@link
     * RecordParser} where it can, else (or when it leaves the record to Jackson) by Jackson.
     */
    private String parse(byte[] bytes, byte[] original, List<GenericRowData> rows) {
        if (RecordParser.reads(bytes)) {
            try {
                return parse(bytes, original, rows, tokenizer.reset(bytes));
            } catch (RecordParser.Fallback f) {
                rows.clear();
                fallbacks++;
            }
        }
        return parse(bytes, original, rows, null);
    }

    /**
     * One read of the record with {@code own} (null: a new Jackson parser). The conversion failures
     * it meets are counted once it is done, and only by the read whose rows stand: not by one that
     * falls back to Jackson, nor by one that meets invalid UTF-8 (the repaired record is read again).
     */
    private String parse(byte[] bytes, byte[] original, List<GenericRowData> rows, RecordParser own) {
        failures = 0;
        String error = walkRecord(bytes, original, rows, own);
        if (failures > 0 && (error == null || !error.startsWith(INVALID_UTF8))) {
            metrics.conversionFailures.inc(failures);
        }
        return error;
    }

    private String walkRecord(byte[] bytes, byte[] original, List<GenericRowData> rows, RecordParser own) {
        statesUsed = 0;
        row = newState();
        otlp.startRecord();
        if (variant != null) {
            variant.start();
        }
        try (JsonParser p = tee(own != null ? own : factory.createParser(bytes))) {
            in.set(p, bytes, 0);
            JsonToken t = p.nextToken();
            if (t == null) {
                return "empty record";
            }
            if (t != JsonToken.START_OBJECT) {
                return t == JsonToken.START_ARRAY
                        ? "not a JSON object: the record is a JSON array"
                        : "not a JSON object: the record is a bare JSON value";
            }
            RowState record = row;
            walkObject(p, plan.root, 0);
            if (p.nextToken() != null) {
                return "not JSON: content after the end of the JSON object";
            }
            Object whole = variant == null ? null : variant.result();
            if (otlp.finishBatch(rows, whole)) {
                return null;
            }
            record.rawVariant = whole;
            // Not a batch, or a batch without log records: that is still a record, and becomes one
            // row of its own (raw_json the whole batch) instead of vanishing uncounted.
            if (jsonPaths != null) {
                jsonPaths.apply(bytes, record);
            }
            rows.add(finish(record, original, 0, original.length));
            return null;
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
        } finally {
            in.set(null, null, 0);
        }
    }

    /** The parser, with the variant's listener on it when the raw column is a VARIANT. */
    private JsonParser tee(JsonParser p) {
        return variant == null ? p : new TeeParser(p, variant);
    }

    /** A cleared row state, from those of earlier records where there is one. */
    RowState newState() {
        if (statesUsed == states.size()) {
            states.add(new RowState(plan.columns.length, labelColumns.length > 0));
        }
        RowState s = states.get(statesUsed++);
        s.reset();
        return s;
    }

    /** Builds the row from the values found, filling what the record left open. */
    GenericRowData finish(RowState s, byte[] raw, int rawOffset, int rawLength) {
        if (lines != null && s.shape != null && !s.shape.isTextLine()) {
            messageLine(s);
        }
        if (lines != null) {
            lines.shape(s, s.shape);
        } else {
            LineColumns.shape(plan, s, s.shape);
        }
        GenericRowData out = new GenericRowData(producedArity);
        for (int i = 0; i < plan.physicalCount; i++) {
            out.setField(i, s.values[i]);
        }
        if (plan.rawColumn >= 0) {
            out.setField(plan.rawColumn, plan.rawVariant ? s.rawVariant : in.view(raw, rawOffset, rawLength));
        }
        for (int c : levelColumns) {
            if (s.values[c] == null) {
                LogLevel producer = s.shapes.level() != null ? s.shapes.level() : s.lineLevel;
                CharSequence m = s.lineMessage;
                if (m == null) {
                    Object v = plan.messageColumn >= 0 ? s.values[plan.messageColumn] : null;
                    m = v == null ? "" : v.toString();
                }
                LogLevel level = levels.resolve(null, producer, m);
                if (levels.inferred() && level != null) {
                    metrics.levelsInferred.inc();
                }
                out.setField(c, ValueConverters.Level.name(level));
            }
        }
        String service = s.shapes.service();
        if (service != null) {
            for (int c : serviceColumns) {
                if (s.values[c] == null) {
                    out.setField(c, texts.of(service));
                }
            }
        }
        for (int c : timeColumns) {
            if (s.values[c] == null) {
                metrics.rowsWithoutEventTime.inc();
                break;
            }
        }
        if (timeColumns.length > 0) {
            partitions(out, s, s.values[timeColumns[0]]);
        }
        if (shapeField >= 0) {
            out.setField(shapeField, LineColumns.SHAPES[s.shape.ordinal()]);
        }
        if (labelColumns.length > 0) {
            Map<Object, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : s.labels.labels().entrySet()) {
                m.put(texts.of(e.getKey()), texts.of(e.getValue()));
            }
            GenericMapData map = new GenericMapData(m);
            for (int c : labelColumns) {
                out.setField(c, map);
            }
        }
        return out;
    }

    /**
     * Fills the day and hour columns the record left open ({@code s} null: all of them) from the
     * event time, in UTC; NULL without an event time.
     */
    private void partitions(GenericRowData out, RowState s, Object time) {
        if ((dayColumns.length == 0 && hourColumns.length == 0) || !(time instanceof TimestampData)) {
            return;
        }
        long hour = Math.floorDiv(((TimestampData) time).getMillisecond(), 3_600_000L);
        if (hour != cachedHour) {
            int hourOfDay = (int) Math.floorMod(hour, 24L);
            cachedDay = StringData.fromString(
                    java.time.LocalDate.ofEpochDay(Math.floorDiv(hour, 24L)).toString());
            cachedHourNumber = hourOfDay;
            cachedHourText = StringData.fromString(hourOfDay < 10 ? "0" + hourOfDay : Integer.toString(hourOfDay));
            cachedHour = hour;
        }
        for (int c : dayColumns) {
            if (s == null || s.values[c] == null) {
                out.setField(c, cachedDay);
            }
        }
        for (int i = 0; i < hourColumns.length; i++) {
            int c = hourColumns[i];
            if (s == null || s.values[c] == null) {
                out.setField(c, hourIsText[i] ? cachedHourText : cachedHourNumber);
            }
        }
    }

    /**
     * A JSON record's message read as a text line (Docker's json-file and Fluent Bit put a
     * container's raw line there): when it has a shape, its fields fill the columns the JSON left
     * open, its level stands in for a missing level field, and the record's shape is the line's.
     */
    private void messageLine(RowState s) {
        Object message = plan.messageColumn >= 0 ? s.values[plan.messageColumn] : null;
        if (message == null || !lines.wantsMessageOf(s)) {
            return;
        }
        String text = message.toString();
        LineShape shape = lines.parse(text, line);
        if (shape == LineShape.PLAIN) {
            return;
        }
        RowState saved = row;
        row = s;
        lines.fill(line, s, false, this);
        row = saved;
        s.shape = shape;
        s.lineLevel = line.level();
        s.lineMessage = line.has(ParsedLine.Field.MESSAGE) ? line.text(ParsedLine.Field.MESSAGE) : text;
    }

    // ------------------------------------------------------------------------------------------
    // The walk
    // ------------------------------------------------------------------------------------------

    /**
     * Walks the fields of the object the parser is in, at {@code depth} (0 for the record) from trie
     * node {@code node} (null: only labels can be below). Labels are looked for at depths 0 and 1,
     * where every platform puts them.
     */
    void walkObject(JsonParser p, FieldPlan.Node node, int depth) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            RootKey key = depth == 0 && node == plan.root ? rootKey(p, name) : null;
            FieldPlan.Node child = key != null ? key.child : node == null ? null : node.key(name);
            JsonToken t = p.nextToken();
            boolean otlpPart = false;
            if (depth == 0) {
                if (t == JsonToken.START_ARRAY && (key != null ? key.otlpBatch : OtlpRecords.isBatch(name))) {
                    otlp.batch(p);
                    continue;
                }
                if (key != null ? key.producerMark : ProducerShapes.marks(name)) {
                    row.shapes.note(name, t, p, serviceColumns.length > 0, levelColumns.length > 0);
                }
                otlpPart = (key == null || key.otlpPart) && otlp.isRecordPart(name, t, child != null);
            }
            LabelCollector.Visit labels = LabelCollector.Visit.NONE;
            if (row.labels != null && depth < 2) {
                path[depth] = name;
                labels = LabelCollector.visit(path, depth + 1, t);
            }
            if (child == null && labels == LabelCollector.Visit.NONE && !otlpPart) {
                if (t.isStructStart()) {
                    p.skipChildren();
                }
                continue;
            }
            value(p, t, child, depth, labels, otlpPart ? name : null);
        }
    }

    /**
     * What the walk does with a key of the record's object, worked out once per distinct key: the
     * tokenizer remembers it with the key ({@link RecordParser#nameMemo}), so a record's keys cost
     * no table lookups and no String compares after the first record.
     */
    private static final class RootKey {
        final FieldPlan.Node child;
        final boolean otlpBatch;
        final boolean otlpPart;
        final boolean producerMark;

        RootKey(FieldPlan.Node child, String name) {
            this.child = child;
            this.otlpBatch = OtlpRecords.isBatch(name);
            this.otlpPart = OtlpRecords.mayBeRecordPart(name);
            this.producerMark = ProducerShapes.marks(name);
        }
    }

    /**
     * The {@link RootKey} of the key the parser has just read; null from a parser that remembers
     * nothing (Jackson's, for the records left to it), where the walk works it out per key.
     */
    private RootKey rootKey(JsonParser p, String name) {
        p = TeeParser.unwrap(p);
        if (!(p instanceof RecordParser)) {
            return null;
        }
        RecordParser own = (RecordParser) p;
        Object known = own.nameMemo();
        if (known != null) {
            return (RootKey) known;
        }
        RootKey key = new RootKey(plan.root.key(name), name);
        own.nameMemo(key);
        return key;
    }

    /** A reader of a structure; each reader of a structure read more than once gets its own parser. */
    @FunctionalInterface
    interface StructureReader {
        void read(JsonParser p, JsonToken t) throws IOException;
    }

    /**
     * Hands the value at {@code t} to everything that wants it: the columns of the trie node, the
     * columns below it, the label collector, the OTLP part reader ({@code otlpPart} names the part,
     * else null). A scalar is read in place by each; a structure in place when one reader wants it
     * (nearly always), else from a parser of its own per reader.
     */
    private void value(
            JsonParser p, JsonToken t, FieldPlan.Node child, int depth, LabelCollector.Visit labels, String otlpPart)
            throws IOException {
        FieldPlan.Target[] targets = child == null ? null : child.targets;
        if (!t.isStructStart()) {
            if (labels == LabelCollector.Visit.SCALAR) {
                row.labels.take(path, depth + 1, p);
            }
            if (targets != null) {
                offerScalar(targets, RowState.FIELD, p, t);
            }
            return;
        }
        boolean part = otlpPart != null; // a part reader takes the part's labels itself
        FieldPlan.Node below = child != null && t == JsonToken.START_OBJECT ? child.nested : null;
        // One walk serves both the columns below and the labels below.
        boolean walk = below != null || (labels == LabelCollector.Visit.DESCEND && !part);
        boolean take = labels == LabelCollector.Visit.SOURCE && !part;
        FieldPlan.Target single = null;
        int wanting = 0;
        if (targets != null) {
            for (FieldPlan.Target target : targets) {
                if (target.converter.acceptsStructure(t) && row.wants(target.column, preference(target))) {
                    single = single == null ? target : single;
                    wanting++;
                }
            }
        }
        int readers = (part ? 1 : 0) + (walk ? 1 : 0) + (take ? 1 : 0) + wanting;
        if (readers == 0) {
            p.skipChildren();
        } else if (readers == 1) {
            if (part) {
                otlp.recordPart(p, otlpPart);
            } else if (walk) {
                walkObject(p, below, depth + 1);
            } else if (take) {
                row.labels.take(path, depth + 1, p);
            } else {
                offerStructure(single, RowState.FIELD, p, t);
            }
        } else {
            List<StructureReader> each = new ArrayList<>(readers);
            if (part) {
                each.add((q, u) -> otlp.recordPart(q, otlpPart));
            }
            if (walk) {
                each.add((q, u) -> walkObject(q, below, depth + 1));
            }
            for (FieldPlan.Target target : targets == null ? new FieldPlan.Target[0] : targets) {
                if (target.converter.acceptsStructure(t) && row.wants(target.column, preference(target))) {
                    each.add((q, u) -> offerStructure(target, RowState.FIELD, q, u));
                }
            }
            if (take) {
                each.add((q, u) -> row.labels.take(path, depth + 1, q));
            }
            readEach(p, each);
        }
    }

    /**
     * Runs several readers of the structure the parser is on, each on a parser of its own over the
     * structure's bytes (in the record, or copied when the parser reads a copy already); leaves the
     * parser on the structure's closing token.
     */
    private void readEach(JsonParser p, List<StructureReader> readers) throws IOException {
        byte[] bytes;
        int offset;
        int length;
        // An object in a record our tokenizer reads is read again by tokenizers of ours (Jackson's
        // parsers cost more to create than to run on a few labels); it has just been scanned, and
        // were one to fall back all the same, the whole record goes to Jackson as usual.
        boolean own = p == in.parser
                && p.currentToken() == JsonToken.START_OBJECT
                && TeeParser.unwrap(p) instanceof RecordParser;
        if (p == in.parser) {
            bytes = in.bytes;
            offset = in.tokenStart(p);
            p.skipChildren();
            length = in.tokenStart(p) + 1 - offset;
        } else {
            bytes = Input.copy(p);
            offset = 0;
            length = bytes.length;
        }
        JsonParser saved = in.parser;
        byte[] savedBytes = in.bytes;
        int savedBase = in.base;
        int level = readEachLevel++;
        if (own) {
            rereads++;
        }
        try {
            for (StructureReader reader : readers) {
                try (JsonParser sub = own
                        ? subTokenizer(level).reset(bytes, offset, length)
                        : factory.createParser(bytes, offset, length)) {
                    in.set(sub, bytes, offset);
                    reader.read(sub, sub.nextToken());
                }
            }
        } finally {
            readEachLevel--;
            in.set(saved, savedBytes, savedBase);
        }
    }

    /** The tokenizer for structures read several times at nesting {@code level} of such reads. */
    private RecordParser subTokenizer(int level) {
        while (subTokenizers.size() <= level) {
            subTokenizers.add(new RecordParser(factory.streamReadConstraints()));
        }
        return subTokenizers.get(level);
    }

    private static int preference(FieldPlan.Target target) {
        return RowState.preference(target.rank, RowState.FIELD);
    }

    /** Offers the scalar the parser is on to every target that has nothing better yet. */
    void offerScalar(FieldPlan.Target[] targets, int tier, JsonParser p, JsonToken t) throws IOException {
        for (FieldPlan.Target target : targets) {
            int preference = RowState.preference(target.rank, tier);
            if (row.wants(target.column, preference)) {
                offer(target.column, preference, target.converter.read(p, t));
            }
        }
    }

    /** Reads the structure the parser is on for one target, which it reads to its end. */
    void offerStructure(FieldPlan.Target target, int tier, JsonParser p, JsonToken t) throws IOException {
        int preference = RowState.preference(target.rank, tier);
        Object v = target.converter.read(p, t);
        if (row.wants(target.column, preference)) {
            offer(target.column, preference, v);
        }
    }

    /**
     * Offers an OTLP attribute's value (the parser on it) to the columns its key feeds, from tier
     * {@code tier}: a structure is read in place by one column, from copies by several.
     */
    void offerAttribute(FieldPlan.Node node, int tier, JsonParser p, JsonToken t) throws IOException {
        FieldPlan.Target[] targets = node.targets;
        if (!t.isStructStart()) {
            offerScalar(targets, tier, p, t);
            return;
        }
        List<StructureReader> each = new ArrayList<>(1);
        for (FieldPlan.Target target : targets) {
            if (target.converter.acceptsStructure(t)
                    && row.wants(target.column, RowState.preference(target.rank, tier))) {
                each.add((q, u) -> offerStructure(target, tier, q, u));
            }
        }
        read(p, t, each);
    }

    /**
     * Runs the readers of the structure the parser is on: none skips it, one reads it in place,
     * several each on a parser of their own.
     */
    void read(JsonParser p, JsonToken t, List<StructureReader> readers) throws IOException {
        if (readers.isEmpty()) {
            p.skipChildren();
        } else if (readers.size() == 1) {
            readers.get(0).read(p, t);
        } else {
            readEach(p, readers);
        }
    }

    /** Keeps a value for a column unless it is absent; counts a value that did not convert. */
    void offer(int column, int preference, Object value) {
        if (value == null) {
            return; // JSON null or no usable value: a less preferred path may still fill the column
        }
        if (value == ValueConverters.FAILED) {
            failures++;
            return;
        }
        row.set(column, preference, value);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
