package dev.flinklog.bench.paired;

import dev.flinklog.bench.FormatBenchmark;
import dev.flinklog.bench.MixedLogs;
import dev.flinklog.format.LogJsonDeserializationSchema;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

/**
 * The log-json decoder on the archive schema of {@code FormatBenchmark}, one pass over the records:
 * {@code decode} as the source's fetcher thread runs it; {@code decode+copy} also turns each row
 * into Flink's binary row, as the first copy or serialization on the task thread does (that is where
 * Java String columns are encoded to UTF-8 again); {@code +lines} adds a {@code pid} column, which
 * the records do not carry, so that the format reads each record's message as a text line; {@code
 * +fresh} hands the decoder each record in a new array, as a source does (Flink's file source cuts
 * each line out of its buffer, Kafka's consumer allocates each value), so the record is in the cache
 * when the decoder reads it, and not one of the long-lived arrays the harness holds.
 */
public final class FormatWorkload implements PairedJars.Workload {

    private byte[][] lines;
    private LogJsonDeserializationSchema decoder;
    private RowDataSerializer serializer;
    private boolean copy;
    private boolean fresh;
    private final Sink sink = new Sink();

    @Override
    public void setUp(String data, int records, String variant) throws Exception {
        List<String> text = MixedLogs.lines(Paths.get(data), records);
        lines = new byte[text.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = text.get(i).getBytes(StandardCharsets.UTF_8);
        }
        DataTypes.Field[] columns = FormatBenchmark.ARCHIVE_COLUMNS.clone();
        if (variant.contains("lines")) {
            // A column the JSON leaves open and a text line fills: every record's message (a Spring
            // Boot line in gen.py's records) is read as a line, where the format reads lines at all.
            columns = Arrays.copyOf(columns, columns.length + 1);
            columns[columns.length - 1] = DataTypes.FIELD("pid", DataTypes.STRING());
        }
        if (variant.contains("labels")) {
            // The examples' labels column: Kubernetes labels, dotted keys and a message line's pairs.
            columns = Arrays.copyOf(columns, columns.length + 1);
            columns[columns.length - 1] =
                    DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING()));
        }
        RowType archive = (RowType) DataTypes.ROW(columns).getLogicalType();
        decoder = new LogJsonDeserializationSchema(archive, InternalTypeInfo.of(archive));
        decoder.open(new DeserializationSchema.InitializationContext() {
            @Override
            public MetricGroup getMetricGroup() {
                return new UnregisteredMetricsGroup();
            }

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                return SimpleUserCodeClassLoader.create(FormatWorkload.class.getClassLoader());
            }
        });
        serializer = new RowDataSerializer(archive);
        copy = variant.contains("copy");
        fresh = variant.contains("fresh");
    }

    @Override
    public long pass() throws Exception {
        sink.sum = 0;
        for (byte[] line : lines) {
            decoder.deserialize(fresh ? Arrays.copyOf(line, line.length) : line, sink);
        }
        return sink.sum;
    }

    private final class Sink implements Collector<RowData> {
        long sum;

        @Override
        public void collect(RowData row) {
            if (copy) {
                BinaryRowData binary = serializer.toBinaryRow(row);
                sum += binary.getSizeInBytes();
            } else {
                sum += row.getArity()
                        + (row.isNullAt(14) ? 0 : row.getString(14).hashCode());
            }
        }

        @Override
        public void close() {}
    }
}
