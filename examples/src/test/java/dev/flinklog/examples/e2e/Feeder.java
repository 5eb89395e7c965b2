package dev.flinklog.examples.e2e;

import dev.flinklog.gen.LogGenerator;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

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

    Feeder(ArchivePipeline p, Expected truth, LogGenerator gen) {
        this.p = p;
        this.truth = truth;
        this.gen = gen;
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
                        p.produce(truth.produce(gen, from, to));
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
