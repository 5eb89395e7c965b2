package dev.flinklog.examples.e2e;

import dev.flinklog.gen.LogGenerator;

import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * Streams the generator's records to the archive topic in sequence, in slices of 500 a second, up
 * to a limit the test moves, adding each to the ground truth: a producer that keeps going through
 * whatever the test does to the servers (a failed send fails the test at the next check).
 */
final class Feeder implements AutoCloseable {
    private final ArchivePipeline p;
    private final Expected truth;
    private final LogGenerator gen;
    private final AtomicLong next = new AtomicLong();
    private volatile long limit;
    private volatile boolean closed;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private final BiConsumer<byte[], RecordMetadata> written;

    Feeder(ArchivePipeline p, Expected truth, LogGenerator gen) {
        this(p, truth, gen, null);
    }

    /** As above; {@code written} (if not null) gets each payload with where the broker wrote it. */
    Feeder(ArchivePipeline p, Expected truth, LogGenerator gen, BiConsumer<byte[], RecordMetadata> written) {
        this.p = p;
        this.truth = truth;
        this.gen = gen;
        this.written = written;
        this.thread = new Thread(this::run, "e2e-feeder");
        thread.start();
    }

    private void run() {
        try {
            while (!closed) {
                boolean produced;
                synchronized (this) {
                    long from = next.get();
                    long to = Math.min(limit, from + 500);
                    produced = from < to;
                    if (produced) {
                        p.produce(truth.produce(gen, from, to), written);
                        next.set(to);
                    }
                }
                ServerProcess.sleep(produced ? 1000 : 100);
            }
        } catch (Throwable e) {
            failure.set(e);
        }
    }

    /** Streams on up to sequence {@code to} (exclusive), in the background. */
    void streamTo(long to) {
        limit = to;
    }

    /** Streams up to {@code to} and waits until it is produced. */
    void awaitProduced(long to, Duration timeout) {
        streamTo(to);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (next.get() < to) {
            checkAlive();
            if (System.nanoTime() > deadline) {
                throw new AssertionError("feeder produced " + next.get() + " of " + to);
            }
            ServerProcess.sleep(200);
        }
    }

    /** Stops after the slice being produced; returns the next sequence number. */
    synchronized long stop() {
        limit = next.get();
        return limit;
    }

    /**
     * Waits until every row produced so far is committed (and never more) with all tasks of
     * {@code job} running; returns how long it took.
     */
    long catchUp(String job, String what) {
        long rows = truth.rowCount();
        long t0 = System.nanoTime();
        p.flink().awaitJob(job, Duration.ofMinutes(4), what + ": " + rows + " rows committed", () -> {
            checkAlive();
            long n = p.committedRows();
            if (n > truth.rowCount()) {
                throw new AssertionError(what + ": more rows than produced: " + n + " > " + truth.rowCount());
            }
            if (n >= rows && p.flink().allTasksRunning(job)) {
                return true;
            }
            ServerProcess.sleep(1000);
            return false;
        });
        return ArchivePipeline.ms(t0);
    }

    void checkAlive() {
        if (failure.get() != null) {
            throw new AssertionError("producing failed", failure.get());
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        thread.join(Duration.ofMinutes(1).toMillis());
    }
}
