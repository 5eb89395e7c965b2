package dev.flinklog.bench;

import dev.flinklog.format.LogJsonDeserializationSchema;
import dev.flinklog.format.TokenPass;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.json.JsonParserRowDataDeserializationSchema;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.JsonValueOnEmptyOrError;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.binary.BinaryStringDataUtil;
import org.apache.flink.table.runtime.functions.SqlFunctionUtils;
import org.apache.flink.table.runtime.functions.SqlJsonUtils;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.utils.DateTimeUtils;
import org.apache.flink.util.Collector;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The {@code log-json} format against the two ways a Flink 2.1 user reads the same JSON logs
 * without it, on the same records in one JVM. One operation = one record (the UTF-8 bytes of one
 * line of a {@code gen.py} file, taken in file order, wrapping around); records/s = ops/s.
 *
 * <ul>
 *   <li>{@code logJson}: {@link LogJsonDeserializationSchema} over the 16 archive columns
 *       (event_time TIMESTAMP_LTZ(3), 14 STRINGs, raw_json), opened once with a metric-less
 *       context, as the format factory would build it with default options.
 *   <li>{@code flinkJson}: pipeline B of {@code baseline-throughput.md}. Flink's json format
 *       decoder ({@link JsonParserRowDataDeserializationSchema}, what {@code 'format'='json'}
 *       builds by default, with {@code ignore-parse-errors}) over B's 17 STRING source columns,
 *       then the per-row work of B's Calc for the same 15 output columns (everything log-json
 *       produces except raw_json, which the json format cannot give), made with the calls that
 *       Flink's generated code makes: see {@link #flinkJson}.
 *   <li>{@code rawJsonValue}: pipeline A. The record as a raw STRING, then the JSON_VALUE call
 *       sites of A's Calc for the 16 archive columns, each one {@link SqlJsonUtils#jsonValue}
 *       on the whole line, plus the same timestamp and level expressions as B.
 *   <li>{@code jacksonTokens}: pipeline D, a bare jackson-core {@code nextToken()} loop over the
 *       bytes, no values read: the ceiling for any Jackson-based format.
 *   <li>References: {@code flinkJsonFormatOnly} (the json format's decoder alone, B without
 *       its Calc), {@code jacksonStrings} (D', the token loop + {@code getText()} on every
 *       scalar) and {@code ownTokens} (the token loop over log-json's own tokenizer).
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FormatBenchmark {

    /** A file made by {@code gen.py N > FILE}. */
    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    /** How many of its lines to cycle through (all of a 100,000-line file by default). */
    @Param("100000")
    public int records;

    private byte[][] lines;
    private int next;

    private LogJsonDeserializationSchema logJson;
    private JsonParserRowDataDeserializationSchema flinkJson;
    private final JsonFactory jackson = new JsonFactory();
    private final TokenPass tokenPass = new TokenPass();
    private final BlackholeCollector collector = new BlackholeCollector();
    /** B's Calc output row; generated Calc code keeps one output row object and refills it. */
    private final GenericRowData calcOut = new GenericRowData(15);
    /** A's Calc output row (16 columns incl. raw_json), reused the same way. */
    private final GenericRowData jsonValueOut = new GenericRowData(16);

    // The string constants the generated code holds as reusable members.
    private static final BinaryStringData ERROR = BinaryStringData.fromString("error");
    private static final BinaryStringData WARN = BinaryStringData.fromString("warn");
    private static final BinaryStringData WARNING = BinaryStringData.fromString("warning");
    private static final BinaryStringData INFO = BinaryStringData.fromString("info");

    /** The archive schema the issue asks log-json to fill. */
    public static final DataTypes.Field[] ARCHIVE_COLUMNS = {
        DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(3)),
        DataTypes.FIELD("log", DataTypes.STRING()),
        DataTypes.FIELD("stream", DataTypes.STRING()),
        DataTypes.FIELD("service_name", DataTypes.STRING()),
        DataTypes.FIELD("service_namespace", DataTypes.STRING()),
        DataTypes.FIELD("component", DataTypes.STRING()),
        DataTypes.FIELD("host_name", DataTypes.STRING()),
        DataTypes.FIELD("host_ip", DataTypes.STRING()),
        DataTypes.FIELD("env", DataTypes.STRING()),
        DataTypes.FIELD("site_name", DataTypes.STRING()),
        DataTypes.FIELD("job", DataTypes.STRING()),
        DataTypes.FIELD("log_source", DataTypes.STRING()),
        DataTypes.FIELD("log_type", DataTypes.STRING()),
        DataTypes.FIELD("source", DataTypes.STRING()),
        DataTypes.FIELD("log_level", DataTypes.STRING()),
        DataTypes.FIELD("raw_json", DataTypes.STRING()),
    };

    /** The 13 columns that every pipeline copies through unchanged, in output order. */
    static final String[] PLAIN_COLUMNS = {
        "log",
        "stream",
        "service_name",
        "service_namespace",
        "component",
        "host_name",
        "host_ip",
        "env",
        "site_name",
        "job",
        "log_source",
        "log_type",
        "source",
    };

    /** Baseline B's source table: what the json format reads, all as STRING, in DDL order. */
    static final String[] JSON_SOURCE_COLUMNS = {
        "time",
        "@timestamp",
        "log",
        "stream",
        "service_name",
        "service_namespace",
        "component",
        "host_name",
        "host_ip",
        "env",
        "site_name",
        "job",
        "log_source",
        "log_type",
        "source",
        "log_level",
        "level",
    };

    // JSON_VALUE paths of baseline A, as literal STRING operands of the generated code.
    private static final String PATH_TIME = "$.time";
    private static final String PATH_AT_TIMESTAMP = "$.['@timestamp']";
    private static final String PATH_LOG_LEVEL = "$.log_level";
    private static final String PATH_LEVEL = "$.level";
    private static final String PATH_LOG = "$.log";
    private static final String[] PLAIN_PATHS = new String[PLAIN_COLUMNS.length];

    static {
        for (int i = 0; i < PLAIN_COLUMNS.length; i++) {
            PLAIN_PATHS[i] = "$." + PLAIN_COLUMNS[i];
        }
    }

    @Setup
    public void setUp(Blackhole bh) throws Exception {
        List<String> text = MixedLogs.lines(Paths.get(data), records);
        lines = new byte[text.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = text.get(i).getBytes(StandardCharsets.UTF_8);
        }

        RowType archive = (RowType) DataTypes.ROW(ARCHIVE_COLUMNS).getLogicalType();
        logJson = new LogJsonDeserializationSchema(archive, InternalTypeInfo.of(archive)) /* the format's defaults */;
        logJson.open(metricLessContext());

        DataTypes.Field[] src = new DataTypes.Field[JSON_SOURCE_COLUMNS.length];
        for (int i = 0; i < src.length; i++) {
            src[i] = DataTypes.FIELD(JSON_SOURCE_COLUMNS[i], DataTypes.STRING());
        }
        RowType jsonSource = (RowType) DataTypes.ROW(src).getLogicalType();
        flinkJson = new JsonParserRowDataDeserializationSchema(
                jsonSource,
                InternalTypeInfo.of(jsonSource),
                false, // json.fail-on-missing-field default
                true, // json.ignore-parse-errors, as baseline B
                TimestampFormat.SQL);
        flinkJson.open(metricLessContext());

        checkSameValues(bh);
    }

    private byte[] nextRecord() {
        byte[] r = lines[next];
        next = next + 1 == lines.length ? 0 : next + 1;
        return r;
    }

    @Benchmark
    public void logJson(Blackhole bh) throws IOException {
        collector.bh = bh;
        logJson.deserialize(nextRecord(), collector);
    }

    /**
     * Format + B's Calc for the 15 shared columns. The Calc part, per record, as in Flink 2.1's
     * generated code (StringCallGen, LikeCallGen, and COALESCE as the runtime CoalesceFunction,
     * whose arguments are all evaluated before the call):
     *
     * <pre>
     * event_time = TO_TIMESTAMP(REPLACE(SUBSTRING(COALESCE(time, @timestamp), 1, 19), 'T', ' '))
     *   -> BinaryStringDataUtil.substringSQL, SqlFunctionUtils.replace on toString()s,
     *      DateTimeUtils.parseTimestampData(String) in a try/catch (null on error)
     * log_level = COALESCE(log_level, level,
     *               CASE WHEN LOWER(log) LIKE '%error%' THEN 'error'
     *                    WHEN LOWER(log) LIKE '%warn%' THEN 'warning' ELSE 'info' END)
     *   -> BinaryStringData.toLowerCase() + contains(); the CASE is evaluated even when
     *      log_level is present (eager COALESCE); LOWER(log) is computed once per WHEN
     *      (no common-subexpression reuse in 2.1)
     * </pre>
     *
     * The 13 plain columns are copied into the output row. DATE_FORMAT dt/hr of B are left out:
     * log-json does not produce them either.
     */
    @Benchmark
    public void flinkJson(Blackhole bh) throws IOException {
        collector.bh = null;
        collector.last = null;
        flinkJson.deserialize(nextRecord(), collector);
        RowData in = collector.last;
        if (in == null) {
            return;
        }
        GenericRowData out = calcOut;
        BinaryStringData time = (BinaryStringData) in.getString(0);
        BinaryStringData atTimestamp = (BinaryStringData) in.getString(1);
        out.setField(0, toTimestamp(coalesce(time, atTimestamp)));
        for (int i = 0; i < PLAIN_COLUMNS.length; i++) {
            out.setField(1 + i, in.isNullAt(2 + i) ? null : in.getString(2 + i));
        }
        BinaryStringData log = (BinaryStringData) in.getString(2);
        BinaryStringData logLevel = (BinaryStringData) in.getString(15);
        BinaryStringData level = (BinaryStringData) in.getString(16);
        out.setField(14, coalesce3(logLevel, level, inferLevel(log)));
        bh.consume(out);
    }

    /**
     * Flink's json format alone, over the same 17 source columns, rows to the Blackhole: no
     * event-time conversion, no level, no raw_json. The floor of pipeline B, for a format-only
     * comparison.
     */
    @Benchmark
    public void flinkJsonFormatOnly(Blackhole bh) throws IOException {
        collector.bh = bh;
        flinkJson.deserialize(nextRecord(), collector);
    }

    /**
     * A's Calc for the 16 archive columns: the record as the raw format gives it (one
     * BinaryStringData over the bytes), then per JSON_VALUE call site {@code
     * SqlJsonUtils.jsonValue(raw.toString(), path, NULL, null, NULL, null)} and {@code
     * BinaryStringData.fromString(String.valueOf(result))}, as JsonValueCallGen emits. Call
     * sites: time and @timestamp (both, eager COALESCE), the 13 plain columns, log_level and
     * level (both), and $.log once per evaluated WHEN of the CASE (which COALESCE evaluates
     * eagerly): 19 parses of the whole line per record, 18 when the message contains "error".
     * A's plan has 4 more (time and @timestamp again for dt and hr), left out here as for B.
     */
    @Benchmark
    public void rawJsonValue(Blackhole bh) {
        BinaryStringData raw = BinaryStringData.fromBytes(nextRecord());
        GenericRowData out = jsonValueOut;
        BinaryStringData time = jsonValue(raw, PATH_TIME);
        BinaryStringData atTimestamp = jsonValue(raw, PATH_AT_TIMESTAMP);
        out.setField(0, toTimestamp(coalesce(time, atTimestamp)));
        for (int i = 0; i < PLAIN_PATHS.length; i++) {
            out.setField(1 + i, jsonValue(raw, PLAIN_PATHS[i]));
        }
        BinaryStringData logLevel = jsonValue(raw, PATH_LOG_LEVEL);
        BinaryStringData level = jsonValue(raw, PATH_LEVEL);
        out.setField(14, coalesce3(logLevel, level, inferLevelFromRaw(raw)));
        out.setField(15, raw);
        bh.consume(out);
    }

    @Benchmark
    public void jacksonTokens(Blackhole bh) throws IOException {
        byte[] r = nextRecord();
        try (JsonParser p = jackson.createParser(r, 0, r.length)) {
            JsonToken t;
            int n = 0;
            while ((t = p.nextToken()) != null) {
                n += t.ordinal();
            }
            bh.consume(n);
        }
    }

    /**
     * The same token loop over the reader's own tokenizer ({@code RecordParser}), which log-json
     * reads JSON records with: what {@code logJson} pays for tokenizing.
     */
    @Benchmark
    public void ownTokens(Blackhole bh) {
        bh.consume(tokenPass.tokens(nextRecord()));
    }

    /** D' of the research: the token loop plus a String for every scalar ({@code getText()}). */
    @Benchmark
    public void jacksonStrings(Blackhole bh) throws IOException {
        byte[] r = nextRecord();
        try (JsonParser p = jackson.createParser(r, 0, r.length)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t.isScalarValue()) {
                    bh.consume(p.getText());
                }
            }
        }
    }

    // ---- what the generated Calc code calls --------------------------------------------------

    private static BinaryStringData jsonValue(BinaryStringData raw, String path) {
        Object result = SqlJsonUtils.jsonValue(
                raw.toString(), path, JsonValueOnEmptyOrError.NULL, null, JsonValueOnEmptyOrError.NULL, null);
        return result == null ? null : BinaryStringData.fromString(String.valueOf(result));
    }

    private static BinaryStringData coalesce(BinaryStringData a, BinaryStringData b) {
        return a != null ? a : b;
    }

    private static BinaryStringData coalesce3(BinaryStringData a, BinaryStringData b, BinaryStringData c) {
        return a != null ? a : b != null ? b : c;
    }

    private static TimestampData toTimestamp(BinaryStringData s) {
        if (s == null) {
            return null;
        }
        BinaryStringData head = BinaryStringDataUtil.substringSQL(s, 1, 19);
        if (head == null) {
            return null;
        }
        String replaced = SqlFunctionUtils.replace(head.toString(), "T", " ");
        BinaryStringData arg = BinaryStringData.fromString(replaced);
        try {
            return DateTimeUtils.parseTimestampData(arg.toString());
        } catch (Throwable e) {
            return null;
        }
    }

    /** The CASE: LOWER(log) is evaluated separately by each WHEN that runs. */
    private static BinaryStringData inferLevel(BinaryStringData log) {
        if (log != null && log.toLowerCase().contains(ERROR)) {
            return ERROR;
        }
        if (log != null && log.toLowerCase().contains(WARN)) {
            return WARNING;
        }
        return INFO;
    }

    /** A's CASE: each WHEN has its own JSON_VALUE(raw_json, '$.log'). */
    private static BinaryStringData inferLevelFromRaw(BinaryStringData raw) {
        BinaryStringData first = jsonValue(raw, PATH_LOG);
        if (first != null && first.toLowerCase().contains(ERROR)) {
            return ERROR;
        }
        BinaryStringData second = jsonValue(raw, PATH_LOG);
        if (second != null && second.toLowerCase().contains(WARN)) {
            return WARNING;
        }
        return INFO;
    }

    // ---- setup helpers --------------------------------------------------------------------------

    /**
     * Before timing: on the first 2,000 records the three pipelines agree on the 13 plain columns,
     * and every record gives exactly one row with an event time, so no variant measures a
     * shortcut (an empty row, a parse error path).
     */
    private void checkSameValues(Blackhole bh) throws IOException {
        int n = Math.min(2_000, lines.length);
        for (int r = 0; r < n; r++) {
            next = r;
            collector.bh = null;
            collector.last = null;
            collector.count = 0;
            logJson.deserialize(lines[r], collector);
            RowData l = collector.last;
            check(collector.count == 1 && l != null, r, "log-json rows");
            next = r;
            flinkJson(bh);
            next = r;
            rawJsonValue(bh);
            check(!l.isNullAt(0) && calcOut.getField(0) != null && jsonValueOut.getField(0) != null, r, "event_time");
            for (int i = 0; i < PLAIN_COLUMNS.length; i++) {
                String a = l.isNullAt(1 + i) ? null : l.getString(1 + i).toString();
                Object b = calcOut.getField(1 + i);
                Object c = jsonValueOut.getField(1 + i);
                check(
                        Objects.equals(a, b == null ? null : b.toString()),
                        r,
                        PLAIN_COLUMNS[i] + " log-json vs json: " + a + " / " + b);
                check(
                        Objects.equals(a, c == null ? null : c.toString()),
                        r,
                        PLAIN_COLUMNS[i] + " log-json vs JSON_VALUE: " + a + " / " + c);
            }
            check(!l.isNullAt(14) && calcOut.getField(14) != null, r, "log_level");
            check(
                    new String(lines[r], StandardCharsets.UTF_8)
                            .equals(l.getString(15).toString()),
                    r,
                    "raw_json");
        }
        next = 0;
    }

    private static void check(boolean ok, int record, String what) {
        if (!ok) {
            throw new IllegalStateException("record " + record + ": pipelines disagree on " + what);
        }
    }

    static DeserializationSchema.InitializationContext metricLessContext() {
        return new DeserializationSchema.InitializationContext() {
            @Override
            public MetricGroup getMetricGroup() {
                return UnregisteredMetricsGroup.createOperatorMetricGroup();
            }

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                return SimpleUserCodeClassLoader.create(FormatBenchmark.class.getClassLoader());
            }
        };
    }

    /** Hands rows to the Blackhole (or keeps the last one, for the json pipeline's Calc). */
    private static final class BlackholeCollector implements Collector<RowData> {
        Blackhole bh;
        RowData last;
        int count;

        @Override
        public void collect(RowData row) {
            last = row;
            count++;
            if (bh != null) {
                bh.consume(row);
            }
        }

        @Override
        public void close() {}
    }
}
