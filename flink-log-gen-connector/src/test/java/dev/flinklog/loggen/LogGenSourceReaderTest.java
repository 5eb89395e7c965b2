package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.core.io.InputStatus;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The reader and its splits without a cluster: what it emits, what it snapshots, how fast. */
class LogGenSourceReaderTest {

    private static final GeneratorConfig CONFIG =
            GeneratorConfig.builder().recordsPerSpan(10_000).build();
    private static final AtomicLong CLOCK = new AtomicLong();

    private static LogGenSource<Long> source(long rows) {
        return LogGenSource.builder(CONFIG, new TestReaders.Sequences())
                .numberOfRows(rows)
                .build();
    }

    /** Polls until the reader ends or has nothing now; returns the last status. */
    private static InputStatus drain(SourceReader<Long, LogGenSplit> reader, TestReaders.ListOutput<Long> out, int max)
            throws Exception {
        InputStatus status = InputStatus.MORE_AVAILABLE;
        for (int i = 0; i < max && status == InputStatus.MORE_AVAILABLE; i++) {
            status = reader.pollNext(out);
        }
        return status;
    }

    @Test
    void splitsCoverEverySequenceOnce() {
        LogGenSource<Long> s = LogGenSource.builder(CONFIG, new TestReaders.Sequences())
                .startSequence(100)
                .numberOfRows(10)
                .build();
        List<LogGenSplit> splits = s.initialSplits(4);
        assertThat(splits).extracting(LogGenSplit::next).containsExactly(100L, 101L, 102L, 103L);
        assertThat(splits).allSatisfy(sp -> assertThat(sp.stride()).isEqualTo(4));
        assertThat(splits).allSatisfy(sp -> assertThat(sp.end()).isEqualTo(110));
        // more subtasks than records: the empty splits are left out
        assertThat(source(3).initialSplits(8)).hasSize(3);
    }

    @Test
    void emitsItsSplitsAndEnds() throws Exception {
        LogGenSource<Long> s = source(1000);
        TestReaders.ListOutput<Long> out = new TestReaders.ListOutput<>();
        List<Long> all = new ArrayList<>();
        for (int subtask = 0; subtask < 3; subtask++) {
            SourceReader<Long, LogGenSplit> reader = s.createReader(TestReaders.context(subtask, 3));
            reader.start();
            int sub = subtask;
            reader.addSplits(
                    s.initialSplits(3).stream().filter(sp -> sp.index() == sub).collect(Collectors.toList()));
            // its split done, the reader waits for more until told there are none
            assertThat(drain(reader, out, 10_000)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
            reader.notifyNoMoreSplits();
            assertThat(drain(reader, out, 10_000)).isEqualTo(InputStatus.END_OF_INPUT);
            reader.close();
        }
        all.addAll(out.records);
        assertThat(all)
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.range(0, 1000).boxed().toList());
    }

    @Test
    void waitsForSplitsWithoutEnding() throws Exception {
        SourceReader<Long, LogGenSplit> reader = source(10).createReader(TestReaders.context(0, 1));
        reader.start();
        TestReaders.ListOutput<Long> out = new TestReaders.ListOutput<>();
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(reader.isAvailable()).isNotDone();
        reader.addSplits(source(10).initialSplits(1));
        assertThat(reader.isAvailable()).isDone();
        reader.notifyNoMoreSplits();
        assertThat(drain(reader, out, 100)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.records).hasSize(10);
    }

    @Test
    void restoredFromASnapshotNeitherRepeatsNorSkips() throws Exception {
        // 4 splits on 2 readers, snapshot mid-way, then the state of both on ONE reader (a rescale)
        LogGenSource<Long> s = source(5000);
        List<LogGenSplit> splits = s.initialSplits(4);
        TestReaders.ListOutput<Long> before = new TestReaders.ListOutput<>();
        List<LogGenSplit> state = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            SourceReader<Long, LogGenSplit> reader = s.createReader(TestReaders.context(subtask, 2));
            reader.start();
            int sub = subtask;
            reader.addSplits(splits.stream().filter(sp -> sp.index() % 2 == sub).collect(Collectors.toList()));
            reader.notifyNoMoreSplits();
            for (int i = 0; i < 777 + subtask * 300; i++) {
                reader.pollNext(before);
            }
            Collection<LogGenSplit> snap = reader.snapshotState(1);
            // through the serializer, as a checkpoint would
            LogGenSplitSerializer.Splits ser = new LogGenSplitSerializer.Splits();
            for (LogGenSplit sp : snap) {
                state.add(ser.deserialize(ser.getVersion(), ser.serialize(sp)));
            }
            // records after the snapshot are lost with the failed task
            for (int i = 0; i < 50; i++) {
                reader.pollNext(new TestReaders.ListOutput<>());
            }
            reader.close();
        }
        SourceReader<Long, LogGenSplit> restored = s.createReader(TestReaders.context(0, 1));
        restored.start();
        restored.addSplits(state);
        restored.notifyNoMoreSplits();
        TestReaders.ListOutput<Long> after = new TestReaders.ListOutput<>();
        assertThat(drain(restored, after, 100_000)).isEqualTo(InputStatus.END_OF_INPUT);

        List<Long> all = new ArrayList<>(before.records);
        all.addAll(after.records);
        assertThat(before.records).hasSize(777 + 1077);
        assertThat(all)
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.range(0, 5000).boxed().toList());
    }

    @Test
    void rateLimitedReaderEmitsItsShareOfTheRatePerTick() throws Exception {
        // 2000 rows/s over 4 readers: 500/s for this one, on a clock the test moves in 5 ms steps
        CLOCK.set(1_000_000_000L);
        LogGenSource<Long> s = LogGenSource.builder(CONFIG, new TestReaders.Sequences())
                .rowsPerSecond(2000)
                .ticker(CLOCK::get)
                .build();
        SourceReader<Long, LogGenSplit> reader = s.createReader(TestReaders.context(1, 4));
        reader.start();
        reader.addSplits(List.of(s.initialSplits(4).get(1)));
        reader.notifyNoMoreSplits();
        TestReaders.ListOutput<Long> out = new TestReaders.ListOutput<>();
        assertThat(drain(reader, out, 10_000)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        for (int step = 0; step < 800; step++) { // 4 s
            CLOCK.addAndGet(5_000_000L);
            assertThat(drain(reader, out, 10_000)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        }
        assertThat(out.records).hasSize(4 * 500 + 1);
        // unbounded, strided: subtask 1 of 4 emits 1, 5, 9, ...
        assertThat(out.records.subList(0, 3)).containsExactly(1L, 5L, 9L);
        reader.close();
    }

    @Test
    void serializersRoundTrip() throws Exception {
        List<LogGenSplit> pending = List.of(new LogGenSplit(0, 12, 3, 99), new LogGenSplit(7, 5, 8, Long.MAX_VALUE));
        LogGenSplitSerializer.Pending ser = new LogGenSplitSerializer.Pending();
        assertThat(ser.deserialize(1, ser.serialize(pending))).containsExactlyElementsOf(pending);
    }
}
