package dev.flinklog.format;

import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds opened {@link LogJsonDeserializationSchema}s for unit tests and runs records through them. */
final class Decoders {

    /**
     * The arrival time of every record read through these decoders, so that year-less line times
     * (RFC 3164, klog) are the same on every day the tests run.
     */
    static final long NOW = Instant.parse("2026-12-02T12:00:00Z").toEpochMilli();

    private final DataTypes.Field[] columns;
    private LogJsonFormatOptions.OnError onError = LogJsonFormatOptions.OnError.KEEP;
    private Map<String, List<String>> paths = Map.of();
    private String zone = "UTC";
    private boolean parseError;
    private boolean shape;
    private int maxDepth = 50;
    private int maxString = 1_000_000;
    private int maxRecordBytes = 1_000_000;
    private List<LineShape> lines = LineParser.textShapes();
    private final Map<String, Counter> counters = new HashMap<>();

    private Decoders(DataTypes.Field[] columns) {
        this.columns = columns;
    }

    static Decoders of(DataTypes.Field... columns) {
        return new Decoders(columns);
    }

    Decoders onError(LogJsonFormatOptions.OnError onError) {
        this.onError = onError;
        return this;
    }

    Decoders paths(Map<String, List<String>> paths) {
        this.paths = paths;
        return this;
    }

    Decoders zone(String zone) {
        this.zone = zone;
        return this;
    }

    /** The format's default limits instead of the small ones unit tests use by default. */
    Decoders defaultLimits() {
        DecoderOptions d = DecoderOptions.defaults();
        return limits(d.maxNestingDepth(), d.maxStringLength(), d.maxRecordBytes());
    }

    Decoders limits(int maxDepth, int maxString, int maxRecordBytes) {
        this.maxDepth = maxDepth;
        this.maxString = maxString;
        this.maxRecordBytes = maxRecordBytes;
        return this;
    }

    /** The text-line shapes read (default: all). */
    Decoders lines(List<LineShape> lines) {
        this.lines = lines;
        return this;
    }

    /** Appends the {@code parse-error} metadata column after the physical ones. */
    Decoders withParseError() {
        this.parseError = true;
        return this;
    }

    /** Appends the {@code shape} metadata column after the physical ones (and after parse-error). */
    Decoders withShape() {
        this.shape = true;
        return this;
    }

    private List<String> metadataKeys() {
        List<String> keys = new ArrayList<>();
        if (parseError) {
            keys.add("parse-error");
        }
        if (shape) {
            keys.add("shape");
        }
        return keys;
    }

    /** The counters the decoder registered, by name (filled once {@link #open} ran). */
    Map<String, Counter> counters() {
        return counters;
    }

    /** The type of the rows the decoder emits: the columns, then the metadata. */
    RowType producedRowType() {
        List<DataTypes.Field> all = new ArrayList<>(List.of(columns));
        for (String key : metadataKeys()) {
            all.add(DataTypes.FIELD(key, DataTypes.STRING()));
        }
        return (RowType) DataTypes.ROW(all.toArray(new DataTypes.Field[0])).getLogicalType();
    }

    LogJsonDeserializationSchema open() {
        RowType physical = (RowType) DataTypes.ROW(columns).getLogicalType();
        RowType produced = producedRowType();
        LogJsonDeserializationSchema d = new LogJsonDeserializationSchema(
                physical,
                metadataKeys(),
                InternalTypeInfo.of(produced),
                new DecoderOptions(onError, "raw_json", paths, zone, maxDepth, maxString, maxRecordBytes, lines));
        d.withClock(() -> NOW);
        d.open(new DeserializationSchema.InitializationContext() {
            @Override
            public MetricGroup getMetricGroup() {
                return new UnregisteredMetricsGroup() {
                    @Override
                    public MetricGroup addGroup(String name) {
                        return this;
                    }

                    @Override
                    public Counter counter(String name) {
                        return counters.computeIfAbsent(name, n -> new SimpleCounter());
                    }
                };
            }

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
            }
        });
        return d;
    }

    static List<RowData> read(LogJsonDeserializationSchema d, String record) throws IOException {
        return read(d, record.getBytes(StandardCharsets.UTF_8));
    }

    static List<RowData> read(LogJsonDeserializationSchema d, byte[] record) throws IOException {
        List<RowData> out = new ArrayList<>();
        d.deserialize(record, new Collector<RowData>() {
            @Override
            public void collect(RowData r) {
                out.add(r);
            }

            @Override
            public void close() {}
        });
        return out;
    }
}
