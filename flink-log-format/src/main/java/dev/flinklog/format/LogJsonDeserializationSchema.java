package dev.flinklog.format;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The {@code log-json} deserializer: one streaming parse per record fills the declared columns,
 * and a record that is not a JSON object is kept as a row (or skipped, or fails the job) as
 * {@code on-error} says. Only configuration is serialized; the plan and parser are built in
 * {@link #open}. The rows point into the array given to {@code deserialize}, as Flink's raw
 * format's do: a caller that reuses its array for the next record passes a copy.
 */
public final class LogJsonDeserializationSchema implements DeserializationSchema<RowData> {

    private static final long serialVersionUID = 1L;

    private final RowType physicalType;
    private final List<String> metadataKeys;
    private final TypeInformation<RowData> producedType;
    private final DecoderOptions options;

    private transient RecordReader reader;
    /** When a record arrived, for year-less line times; the processing time unless a test fixes it. */
    private transient LongSupplier clock;

    private transient RecordReader.Result result;
    private transient FormatMetrics metrics;

    /**
     * A decoder for these columns with the format's default options (as a table with no
     * {@code log-json.*} option gets them) and no metadata: for DataStream jobs and tools that use
     * the format without SQL.
     */
    public LogJsonDeserializationSchema(RowType physicalType, TypeInformation<RowData> producedType) {
        this(physicalType, List.of(), producedType, DecoderOptions.defaults());
    }

    LogJsonDeserializationSchema(
            RowType physicalType,
            List<String> metadataKeys,
            TypeInformation<RowData> producedType,
            DecoderOptions options) {
        this.physicalType = physicalType;
        this.metadataKeys = metadataKeys;
        this.producedType = producedType;
        this.options = options;
    }

    @Override
    public void open(InitializationContext context) {
        init(context == null ? null : context.getMetricGroup());
    }

    private void init(MetricGroup group) {
        metrics = new FormatMetrics(group);
        reader = RecordReader.create(
                options, physicalType, metadataKeys, metrics, clock != null ? clock : System::currentTimeMillis);
        result = new RecordReader.Result();
    }

    /** Fixes the clock that year-less line times are placed before (for tests; call before {@code open}). */
    LogJsonDeserializationSchema withClock(LongSupplier clock) {
        this.clock = clock;
        return this;
    }

    @Override
    public void deserialize(byte[] message, Collector<RowData> out) throws IOException {
        if (reader == null) {
            init(null); // used without open(), e.g. by a hand-written DataStream job
        }
        if (message == null) {
            return; // a Kafka tombstone carries no record
        }
        metrics.records.inc();
        // The rows point into the record (raw_json, strings without escapes), not into a copy:
        // Flink's sources hand each record over in an array of its own, as Flink's raw format
        // relies on too.
        RecordReader.Result r = reader.read(message, result);
        if (r.error != null) {
            metrics.parseErrors.inc();
            switch (options.onError()) {
                case FAIL:
                    throw new IOException("log-json: " + r.error + " (set 'log-json.on-error' to 'keep' or 'skip' "
                            + "to keep the job running)");
                case SKIP:
                    metrics.skipped.inc();
                    return;
                case KEEP:
                default:
                    metrics.rows.inc();
                    out.collect(reader.errorRow(message, r.error));
                    return;
            }
        }
        for (GenericRowData row : r.rows) {
            metrics.rows.inc();
            out.collect(row);
        }
    }

    @Override
    public RowData deserialize(byte[] message) throws IOException {
        RowData[] first = new RowData[1];
        deserialize(message, new Collector<RowData>() {
            @Override
            public void collect(RowData record) {
                if (first[0] == null) {
                    first[0] = record;
                }
            }

            @Override
            public void close() {}
        });
        return first[0];
    }

    @Override
    public boolean isEndOfStream(RowData nextElement) {
        return false;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LogJsonDeserializationSchema)) {
            return false;
        }
        LogJsonDeserializationSchema that = (LogJsonDeserializationSchema) o;
        return physicalType.equals(that.physicalType)
                && metadataKeys.equals(that.metadataKeys)
                && producedType.equals(that.producedType)
                && options.equals(that.options);
    }

    @Override
    public int hashCode() {
        return Objects.hash(physicalType, metadataKeys, options);
    }
}
