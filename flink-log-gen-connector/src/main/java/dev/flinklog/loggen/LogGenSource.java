package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * flink-log-gen's records as a Flink source: sequence numbers {@code startSequence} onwards,
 * {@code numberOfRows} of them (bounded) or without end, each reader limited to its share of
 * {@code rowsPerSecond} when set. The records are a pure function of (config, sequence), and the
 * checkpointed state is the next sequence of every split, so a restored job emits every record
 * exactly once, and any parallelism emits the same records.
 *
 * <pre>{@code
 * env.fromSource(LogGenSource.builder(config, deserializer).numberOfRows(1_000_000).build(),
 *         WatermarkStrategy.noWatermarks(), "log-gen");
 * }</pre>
 */
public final class LogGenSource<T> implements Source<T, LogGenSplit, Collection<LogGenSplit>>, ResultTypeQueryable<T> {

    private static final long serialVersionUID = 1L;

    private final GeneratorConfig config;
    private final GeneratedLogDeserializer<T> deserializer;
    private final long startSequence;
    private final long numberOfRows; // -1: unbounded
    private final double rowsPerSecond; // 0: unlimited
    private final Ticker ticker;

    private LogGenSource(Builder<T> b) {
        this.config = b.config;
        this.deserializer = b.deserializer;
        this.startSequence = b.startSequence;
        this.numberOfRows = b.numberOfRows;
        this.rowsPerSecond = b.rowsPerSecond;
        this.ticker = b.ticker;
    }

    public static <T> Builder<T> builder(GeneratorConfig config, GeneratedLogDeserializer<T> deserializer) {
        return new Builder<>(config, deserializer);
    }

    public GeneratorConfig config() {
        return config;
    }

    /** -1 when unbounded. */
    public long numberOfRows() {
        return numberOfRows;
    }

    /** 0 when unlimited. */
    public double rowsPerSecond() {
        return rowsPerSecond;
    }

    public long startSequence() {
        return startSequence;
    }

    @Override
    public Boundedness getBoundedness() {
        return numberOfRows >= 0 ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return deserializer.getProducedType();
    }

    /** One split per subtask at the first start; later rescales redistribute those splits. */
    List<LogGenSplit> initialSplits(int parallelism) {
        long end = numberOfRows >= 0 ? startSequence + numberOfRows : Long.MAX_VALUE;
        List<LogGenSplit> splits = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            LogGenSplit s = new LogGenSplit(i, startSequence + i, parallelism, end);
            if (!s.finished()) {
                splits.add(s);
            }
        }
        return splits;
    }

    @Override
    public SplitEnumerator<LogGenSplit, Collection<LogGenSplit>> createEnumerator(
            SplitEnumeratorContext<LogGenSplit> context) {
        return new LogGenEnumerator(context, initialSplits(context.currentParallelism()));
    }

    @Override
    public SplitEnumerator<LogGenSplit, Collection<LogGenSplit>> restoreEnumerator(
            SplitEnumeratorContext<LogGenSplit> context, Collection<LogGenSplit> checkpoint) {
        return new LogGenEnumerator(context, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<LogGenSplit> getSplitSerializer() {
        return new LogGenSplitSerializer.Splits();
    }

    @Override
    public SimpleVersionedSerializer<Collection<LogGenSplit>> getEnumeratorCheckpointSerializer() {
        return new LogGenSplitSerializer.Pending();
    }

    @Override
    public SourceReader<T, LogGenSplit> createReader(SourceReaderContext context) {
        // the rate is for the whole source: each reader takes its share
        RecordRateLimiter limiter = rowsPerSecond > 0
                ? new RecordRateLimiter(rowsPerSecond / Math.max(1, context.currentParallelism()), ticker)
                : null;
        return new LogGenSourceReader<>(context, config, deserializer, limiter);
    }

    public static final class Builder<T> {
        private final GeneratorConfig config;
        private final GeneratedLogDeserializer<T> deserializer;
        private long startSequence;
        private long numberOfRows = -1;
        private double rowsPerSecond;
        private Ticker ticker = Ticker.SYSTEM;

        private Builder(GeneratorConfig config, GeneratedLogDeserializer<T> deserializer) {
            this.config = Objects.requireNonNull(config, "config");
            this.deserializer = Objects.requireNonNull(deserializer, "deserializer");
        }

        /** Records to emit in total; without it the source is unbounded. */
        public Builder<T> numberOfRows(long rows) {
            if (rows < 0) {
                throw new IllegalArgumentException("number-of-rows: must be >= 0, got " + rows);
            }
            this.numberOfRows = rows;
            return this;
        }

        /** Records (payloads; an OTLP batch is one) per second over all readers; unlimited without it. */
        public Builder<T> rowsPerSecond(double rate) {
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("rows-per-second: must be a positive number, got " + rate);
            }
            this.rowsPerSecond = rate;
            return this;
        }

        /** The first sequence number (record id {@code log-<sequence>}). */
        public Builder<T> startSequence(long sequence) {
            if (sequence < 0) {
                throw new IllegalArgumentException("start-sequence: must be >= 0, got " + sequence);
            }
            this.startSequence = sequence;
            return this;
        }

        /** The clock of the rate limiter (tests count with their own). */
        public Builder<T> ticker(Ticker ticker) {
            this.ticker = Objects.requireNonNull(ticker, "ticker");
            return this;
        }

        public LogGenSource<T> build() {
            if (numberOfRows >= 0 && startSequence > Long.MAX_VALUE - numberOfRows) {
                throw new IllegalArgumentException("start-sequence + number-of-rows overflows a long");
            }
            return new LogGenSource<>(this);
        }
    }
}
