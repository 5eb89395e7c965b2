package dev.flinklog.examples.monitoring;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;
import org.apache.flink.util.Collector;
import org.apache.flink.util.UserCodeClassLoader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Test connector {@code 'connector' = 'monitoring-replay'}: the lines of a file, each one record,
 * decoded by the table's format, then nothing more - the source stays up until the job is cancelled,
 * as a Kafka source does on a quiet topic.
 *
 * <p>Why not the filesystem connector: it opens formats with an unregistered metric group (its
 * DeserializationSchemaAdapter), so a format's counters never reach a reporter from there. This
 * source opens the format exactly as the Kafka source does (KafkaSource#createReader in
 * flink-connector-kafka 5.0.0-2.1): with the reader's metric group plus a subgroup {@code
 * deserializer}. The exported names are therefore the ones a Kafka archive job exports.
 */
public final class ReplayTableFactory implements DynamicTableSourceFactory {

    static final String IDENTIFIER = "monitoring-replay";

    static final ConfigOption<String> PATH =
            ConfigOptions.key("path").stringType().noDefaultValue().withDescription("file with one record per line");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PATH, FactoryUtil.FORMAT);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        DecodingFormat<DeserializationSchema<RowData>> format =
                helper.discoverDecodingFormat(DeserializationFormatFactory.class, FactoryUtil.FORMAT);
        helper.validate();
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(helper.getOptions().get(PATH)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ReplayTableSource(new ArrayList<>(lines), format, context.getPhysicalRowDataType());
    }

    private static final class ReplayTableSource implements ScanTableSource {
        private final ArrayList<String> lines;
        private final DecodingFormat<DeserializationSchema<RowData>> format;
        private final DataType physical;

        ReplayTableSource(
                ArrayList<String> lines, DecodingFormat<DeserializationSchema<RowData>> format, DataType physical) {
            this.lines = lines;
            this.format = format;
            this.physical = physical;
        }

        @Override
        public ChangelogMode getChangelogMode() {
            return ChangelogMode.insertOnly();
        }

        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            return SourceProvider.of(new ReplaySource(lines, format.createRuntimeDecoder(context, physical)));
        }

        @Override
        public DynamicTableSource copy() {
            return new ReplayTableSource(lines, format, physical);
        }

        @Override
        public String asSummaryString() {
            return IDENTIFIER;
        }
    }

    /** No splits: each reader replays all lines (the tests run it with parallelism 1). */
    private static final class NoSplit implements SourceSplit {
        @Override
        public String splitId() {
            return "none";
        }
    }

    private static final class ReplaySource implements Source<RowData, NoSplit, Void> {
        private final ArrayList<String> lines;
        private final DeserializationSchema<RowData> deserializer;

        ReplaySource(ArrayList<String> lines, DeserializationSchema<RowData> deserializer) {
            this.lines = lines;
            this.deserializer = deserializer;
        }

        @Override
        public Boundedness getBoundedness() {
            return Boundedness.CONTINUOUS_UNBOUNDED;
        }

        @Override
        public SourceReader<RowData, NoSplit> createReader(SourceReaderContext readerContext) throws Exception {
            deserializer.open(new DeserializationSchema.InitializationContext() {
                @Override
                public MetricGroup getMetricGroup() {
                    return readerContext.metricGroup().addGroup("deserializer");
                }

                @Override
                public UserCodeClassLoader getUserCodeClassLoader() {
                    return readerContext.getUserCodeClassLoader();
                }
            });
            return new ReplayReader(lines, deserializer);
        }

        @Override
        public SplitEnumerator<NoSplit, Void> createEnumerator(SplitEnumeratorContext<NoSplit> context) {
            return new IdleEnumerator();
        }

        @Override
        public SplitEnumerator<NoSplit, Void> restoreEnumerator(SplitEnumeratorContext<NoSplit> context, Void state) {
            return new IdleEnumerator();
        }

        @Override
        public SimpleVersionedSerializer<NoSplit> getSplitSerializer() {
            return new Nothing<>(NoSplit::new);
        }

        @Override
        public SimpleVersionedSerializer<Void> getEnumeratorCheckpointSerializer() {
            return new Nothing<>(() -> null);
        }
    }

    private static final class ReplayReader implements SourceReader<RowData, NoSplit> {
        private final List<String> lines;
        private final DeserializationSchema<RowData> deserializer;
        private boolean replayed;

        ReplayReader(List<String> lines, DeserializationSchema<RowData> deserializer) {
            this.lines = lines;
            this.deserializer = deserializer;
        }

        @Override
        public void start() {}

        @Override
        public InputStatus pollNext(ReaderOutput<RowData> output) throws Exception {
            if (!replayed) {
                replayed = true;
                Collector<RowData> out = new Collector<>() {
                    @Override
                    public void collect(RowData row) {
                        output.collect(row);
                    }

                    @Override
                    public void close() {}
                };
                for (String line : lines) {
                    deserializer.deserialize(line.getBytes(StandardCharsets.UTF_8), out);
                }
            }
            return InputStatus.NOTHING_AVAILABLE;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            // Never again: the job idles until it is cancelled.
            return replayed ? new CompletableFuture<>() : CompletableFuture.completedFuture(null);
        }

        @Override
        public List<NoSplit> snapshotState(long checkpointId) {
            return Collections.emptyList();
        }

        @Override
        public void addSplits(List<NoSplit> splits) {}

        @Override
        public void notifyNoMoreSplits() {}

        @Override
        public void close() {}
    }

    private static final class IdleEnumerator implements SplitEnumerator<NoSplit, Void> {
        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtaskId, String requesterHostname) {}

        @Override
        public void addSplitsBack(List<NoSplit> splits, int subtaskId) {}

        @Override
        public void addReader(int subtaskId) {}

        @Override
        public Void snapshotState(long checkpointId) {
            return null;
        }

        @Override
        public void close() {}
    }

    /** A serializer for state that carries no information. */
    private static final class Nothing<T> implements SimpleVersionedSerializer<T> {
        private final Supplier<T> value;

        Nothing(Supplier<T> value) {
            this.value = value;
        }

        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(T obj) {
            return new byte[0];
        }

        @Override
        public T deserialize(int version, byte[] serialized) {
            return value.get();
        }
    }
}
