package dev.flinklog.bench;

import dev.flinklog.format.LogJsonDeserializationSchema;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where {@link FormatBenchmark#logJson}'s time goes, by experiment rather than by sampling: the
 * same decoder and records with one feature's columns left out of the schema at a time. The
 * difference to {@code archive16} is what that feature costs per record.
 *
 * <ul>
 *   <li>{@code archive16}: the 16 archive columns, as in FormatBenchmark;
 *   <li>{@code noRawJson}: without raw_json (the 15 columns FormatBenchmark.flinkJson produces);
 *   <li>{@code noLevel}: without log_level (no level normalisation, no inference from the
 *       message);
 *   <li>{@code noEventTime}: without event_time (no timestamp parsing);
 *   <li>{@code stringsOnly}: only the 13 copied STRING columns + nothing else, the closest to
 *       what Flink's json format does alone.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LogJsonColumnCostBenchmark {

    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    @Param({"archive16", "noRawJson", "noLevel", "noEventTime", "stringsOnly"})
    public String schema;

    private byte[][] lines;
    private int next;
    private LogJsonDeserializationSchema decoder;
    private Blackhole bh;
    private final Collector<RowData> collector = new Collector<RowData>() {
        @Override
        public void collect(RowData row) {
            bh.consume(row);
        }

        @Override
        public void close() {}
    };

    @Setup
    public void setUp() {
        List<String> text = MixedLogs.lines(Paths.get(data), 100_000);
        lines = new byte[text.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = text.get(i).getBytes(StandardCharsets.UTF_8);
        }
        List<DataTypes.Field> fields = new ArrayList<>();
        for (DataTypes.Field f : FormatBenchmark.ARCHIVE_COLUMNS) {
            String n = f.getName();
            boolean keep;
            switch (schema) {
                case "archive16":
                    keep = true;
                    break;
                case "noRawJson":
                    keep = !n.equals("raw_json");
                    break;
                case "noLevel":
                    keep = !n.equals("log_level");
                    break;
                case "noEventTime":
                    keep = !n.equals("event_time");
                    break;
                case "stringsOnly":
                    keep = !n.equals("raw_json") && !n.equals("log_level") && !n.equals("event_time");
                    break;
                default:
                    throw new IllegalArgumentException(schema);
            }
            if (keep) {
                fields.add(f);
            }
        }
        RowType type =
                (RowType) DataTypes.ROW(fields.toArray(new DataTypes.Field[0])).getLogicalType();
        decoder = new LogJsonDeserializationSchema(type, InternalTypeInfo.of(type)) /* the format's defaults */;
        decoder.open(FormatBenchmark.metricLessContext());
    }

    @Benchmark
    public void decode(Blackhole bh) throws IOException {
        this.bh = bh;
        byte[] r = lines[next];
        next = next + 1 == lines.length ? 0 : next + 1;
        decoder.deserialize(r, collector);
    }
}
