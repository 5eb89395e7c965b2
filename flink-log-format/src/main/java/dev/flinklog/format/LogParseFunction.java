package dev.flinklog.format;

import dev.flinklog.functions.JsonArgument;

import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * {@code LOG_PARSE(json)}: the well-known columns of a log record, resolved exactly as {@code
 * 'format' = 'log-json'} resolves them, in one parse, for tables that stay on {@code 'format' =
 * 'raw'}. Take fields with {@code LOG_PARSE(line).service_name}, or parse once in a view.
 *
 * <p>An OTLP batch gives its first log record (use the format to get one row per record). A record
 * that is not a JSON object gives the row the format would keep for it: the level inferred from the
 * text, a leading timestamp as event time, and the reason in {@code parse_error}. NULL in, NULL out.
 *
 * <p>In a job it counts what the format counts, under the same metric group {@code logjson}, on the
 * operator that calls it: a pipeline on {@code 'format' = 'raw'} is monitored like one on {@code
 * log-json}. Counting is a few plain increments per call.
 */
public class LogParseFunction extends ScalarFunction {

    /** The fields of the result, in order; also the plan's physical columns (parse_error aside). */
    static final String RESULT_TYPE =
            "ROW<event_time TIMESTAMP_LTZ(3), log_level STRING, message STRING, service_name STRING,"
                    + " service_namespace STRING, host_name STRING, pod_name STRING, namespace STRING,"
                    + " container_name STRING, env STRING, trace_id STRING, span_id STRING,"
                    + " labels MAP<STRING, STRING>, parse_error STRING>";

    private static final RowType PHYSICAL = (RowType) DataTypes.ROW(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("log_level", DataTypes.STRING()),
                    DataTypes.FIELD("message", DataTypes.STRING()),
                    DataTypes.FIELD("service_name", DataTypes.STRING()),
                    DataTypes.FIELD("service_namespace", DataTypes.STRING()),
                    DataTypes.FIELD("host_name", DataTypes.STRING()),
                    DataTypes.FIELD("pod_name", DataTypes.STRING()),
                    DataTypes.FIELD("namespace", DataTypes.STRING()),
                    DataTypes.FIELD("container_name", DataTypes.STRING()),
                    DataTypes.FIELD("env", DataTypes.STRING()),
                    DataTypes.FIELD("trace_id", DataTypes.STRING()),
                    DataTypes.FIELD("span_id", DataTypes.STRING()),
                    DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
            .getLogicalType();

    /** Per task: the record reader holds per-record buffers. */
    private transient RecordReader reader;

    private transient RecordReader.Result result;

    private transient FormatMetrics metrics;

    /** When a line arrived, for year-less times; the processing time unless a test fixes it. */
    private transient LongSupplier clock;

    /** Fixes the clock year-less line times are placed before (for tests). */
    LogParseFunction withClock(LongSupplier clock) {
        this.clock = clock;
        this.reader = null;
        return this;
    }

    /** The operator's metric group once {@link #open} ran; null outside a job (counters unregistered). */
    private transient MetricGroup metricGroup;

    @Override
    public void open(FunctionContext context) throws Exception {
        super.open(context);
        metricGroup = context.getMetricGroup();
        reader = null; // built on first use, now with registered counters
    }

    private RecordReader reader() {
        if (reader == null) {
            metrics = new FormatMetrics(metricGroup);
            // The format's defaults; no raw column (the caller has the text already); parse_error last.
            DecoderOptions o = DecoderOptions.defaults();
            reader = RecordReader.create(
                    new DecoderOptions(
                            o.onError(),
                            "",
                            o.fieldPaths(),
                            o.defaultZone(),
                            o.maxNestingDepth(),
                            o.maxStringLength(),
                            o.maxRecordBytes(),
                            o.lines()),
                    PHYSICAL,
                    List.of(ReadableMetadata.PARSE_ERROR.key),
                    metrics,
                    clock != null ? clock : System::currentTimeMillis);
            result = new RecordReader.Result();
        }
        return reader;
    }

    /** {@code record}: a String, or Flink's Variant (read as its JSON text). */
    public Row eval(Object record) {
        String json = JsonArgument.text(record);
        if (json == null) {
            return null;
        }
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        RecordReader r = reader();
        r.read(bytes, result);
        // As the format counts a record kept by on-error = 'keep': one record, one row.
        metrics.records.inc();
        metrics.rows.inc();
        if (result.error != null) {
            metrics.parseErrors.inc();
        }
        GenericRowData row = result.error != null ? r.errorRow(bytes, result.error) : result.rows.get(0);
        return toRow(row);
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(InputTypeStrategies.sequence(new JsonArgument("LOG_PARSE")))
                .outputTypeStrategy(TypeStrategies.explicit(
                        typeFactory.createDataType(RESULT_TYPE).bridgedTo(Row.class)))
                .build();
    }

    /** Internal data to the external types the declared result type bridges to. */
    private static Row toRow(GenericRowData in) {
        Row out = new Row(in.getArity());
        for (int i = 0; i < in.getArity(); i++) {
            Object v = in.getField(i);
            if (v instanceof StringData) {
                v = v.toString();
            } else if (v instanceof TimestampData) {
                v = ((TimestampData) v).toInstant();
            } else if (v instanceof MapData) {
                MapData m = (MapData) v;
                Map<String, String> map = new LinkedHashMap<>();
                for (int k = 0; k < m.size(); k++) {
                    map.put(
                            m.keyArray().getString(k).toString(),
                            m.valueArray().getString(k).toString());
                }
                v = map;
            }
            out.setField(i, v);
        }
        return out;
    }

    /** The field names of the result, for documentation and tests. */
    static List<String> fieldNames() {
        List<String> names = new ArrayList<>(PHYSICAL.getFieldNames());
        names.add("parse_error");
        return names;
    }
}
