package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.Collector;
import org.apache.flink.util.UserCodeClassLoader;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Emits its splits' records, one record per {@link #pollNext} (Flink calls it again at once while
 * it returns MORE_AVAILABLE), taking turns between splits. Everything runs in the task thread:
 * {@link #snapshotState} sees exactly the records already emitted. When the rate limiter has no
 * permit, the reader reports nothing available and a timer completes its availability future when
 * the next permit is due, so the task thread never sleeps and checkpoints are not held up.
 */
final class LogGenSourceReader<T> implements SourceReader<T, LogGenSplit> {

    private final SourceReaderContext context;
    private final LogGenerator generator;
    private final GeneratedLogDeserializer<T> deserializer;
    private final RecordRateLimiter limiter;
    private final ArrayDeque<LogGenSplit> splits = new ArrayDeque<>();
    private boolean noMoreSplits;
    private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);
    private ScheduledExecutorService timer;
    private ReaderOutput<T> currentOutput;
    private final Collector<T> collector = new Collector<>() {
        @Override
        public void collect(T record) {
            currentOutput.collect(record);
        }

        @Override
        public void close() {}
    };

    LogGenSourceReader(
            SourceReaderContext context,
            GeneratorConfig config,
            GeneratedLogDeserializer<T> deserializer,
            RecordRateLimiter limiter) {
        this.context = context;
        this.generator = new LogGenerator(config);
        this.deserializer = deserializer;
        this.limiter = limiter;
    }

    @Override
    public void start() {
        try {
            deserializer.open(new DeserializationSchema.InitializationContext() {
                @Override
                public MetricGroup getMetricGroup() {
                    return context.metricGroup().addGroup("deserializer");
                }

                @Override
                public UserCodeClassLoader getUserCodeClassLoader() {
                    return context.getUserCodeClassLoader();
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("log-gen: could not open the deserializer (the table's format)", e);
        }
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        if (splits.isEmpty()) {
            if (noMoreSplits) {
                return InputStatus.END_OF_INPUT;
            }
            if (available.isDone()) {
                available = new CompletableFuture<>(); // completed by addSplits / notifyNoMoreSplits
            }
            return InputStatus.NOTHING_AVAILABLE;
        }
        if (limiter != null) {
            long waitNanos = limiter.tryAcquire();
            if (waitNanos > 0) {
                CompletableFuture<Void> due = new CompletableFuture<>();
                available = due;
                timer().schedule(() -> due.complete(null), waitNanos, TimeUnit.NANOSECONDS);
                return InputStatus.NOTHING_AVAILABLE;
            }
        }
        LogGenSplit split = splits.pollFirst();
        currentOutput = output;
        deserializer.deserialize(generator.generate(split.next()), collector);
        long after = split.next() > Long.MAX_VALUE - split.stride() ? Long.MAX_VALUE : split.next() + split.stride();
        LogGenSplit rest = split.advancedTo(after);
        if (!rest.finished()) {
            splits.addLast(rest);
        }
        return splits.isEmpty() && noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
    }

    private ScheduledExecutorService timer() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "log-gen-rate-limiter-" + context.getIndexOfSubtask());
                t.setDaemon(true);
                return t;
            });
        }
        return timer;
    }

    @Override
    public List<LogGenSplit> snapshotState(long checkpointId) {
        return new ArrayList<>(splits);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(List<LogGenSplit> newSplits) {
        for (LogGenSplit s : newSplits) {
            if (!s.finished()) {
                splits.addLast(s);
            }
        }
        available.complete(null);
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        available.complete(null);
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
