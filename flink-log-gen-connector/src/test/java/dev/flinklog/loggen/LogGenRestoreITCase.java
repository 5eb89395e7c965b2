package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkpointed job that fails half-way and restarts from its last checkpoint: the sink, whose
 * state is rolled back with the source's, ends with every sequence exactly once. A source that
 * replayed from the start, or resumed from where it was at the failure, would fail this.
 */
class LogGenRestoreITCase {

    private static final int RECORDS = 6_000;
    private static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();
    private static final AtomicBoolean FAILED = new AtomicBoolean();
    private static final AtomicInteger RESTORED_WRITERS = new AtomicInteger();
    private static final ConcurrentLinkedQueue<Long> RESULT = new ConcurrentLinkedQueue<>();

    @Test
    void failureAndRestartEmitEveryRecordExactlyOnce() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(100);

        // slow enough (about 3 s) that checkpoints complete before the failure half-way
        LogGenSource<Long> source = LogGenSource.builder(
                        GeneratorConfig.builder().recordsPerSpan(RECORDS).build(), new TestReaders.Sequences())
                .numberOfRows(RECORDS)
                .rowsPerSecond(2_000)
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "log-gen")
                .map(new FailOnceAfterACheckpoint())
                .sinkTo(new StatefulCollectingSink());
        env.execute("log-gen restore");

        assertThat(FAILED).as("the job failed once").isTrue();
        assertThat(RESTORED_WRITERS.get())
                .as("writers restored from a checkpoint")
                .isPositive();
        assertThat(new ArrayList<>(RESULT))
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.range(0, RECORDS).boxed().toList());
    }

    /** Throws once, in subtask 0, after a checkpoint completed and past the middle of its share. */
    static final class FailOnceAfterACheckpoint extends RichMapFunction<Long, Long> implements CheckpointListener {
        @Override
        public Long map(Long sequence) {
            if (sequence > RECORDS / 2
                    && CHECKPOINTED.get()
                    && getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0
                    && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("planned failure at sequence " + sequence);
            }
            return sequence;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINTED.set(true);
        }
    }

    /**
     * Keeps what it received in its checkpointed state and publishes it only at the end of input:
     * records after the last checkpoint of a failed attempt are dropped with its state, so a
     * duplicate in RESULT can only come from the source.
     */
    static final class StatefulCollectingSink implements Sink<Long>, SupportsWriterState<Long, long[]> {
        @Override
        public StatefulSinkWriter<Long, long[]> createWriter(WriterInitContext context) {
            return new Writer(new ArrayList<>());
        }

        @Override
        public StatefulSinkWriter<Long, long[]> restoreWriter(WriterInitContext context, Collection<long[]> states) {
            List<Long> seen = new ArrayList<>();
            for (long[] s : states) {
                for (long v : s) {
                    seen.add(v);
                }
            }
            RESTORED_WRITERS.incrementAndGet();
            return new Writer(seen);
        }

        @Override
        public SimpleVersionedSerializer<long[]> getWriterStateSerializer() {
            return new SimpleVersionedSerializer<>() {
                @Override
                public int getVersion() {
                    return 1;
                }

                @Override
                public byte[] serialize(long[] values) throws IOException {
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    try (DataOutputStream out = new DataOutputStream(b)) {
                        out.writeInt(values.length);
                        for (long v : values) {
                            out.writeLong(v);
                        }
                    }
                    return b.toByteArray();
                }

                @Override
                public long[] deserialize(int version, byte[] bytes) throws IOException {
                    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
                        long[] values = new long[in.readInt()];
                        for (int i = 0; i < values.length; i++) {
                            values[i] = in.readLong();
                        }
                        return values;
                    }
                }
            };
        }

        private static final class Writer implements StatefulSinkWriter<Long, long[]> {
            private final List<Long> seen;

            Writer(List<Long> seen) {
                this.seen = seen;
            }

            @Override
            public void write(Long element, Context context) {
                seen.add(element);
            }

            @Override
            public void flush(boolean endOfInput) {
                if (endOfInput) {
                    RESULT.addAll(seen);
                }
            }

            @Override
            public List<long[]> snapshotState(long checkpointId) {
                return List.of(seen.stream().mapToLong(Long::longValue).toArray());
            }

            @Override
            public void close() {}
        }
    }
}
