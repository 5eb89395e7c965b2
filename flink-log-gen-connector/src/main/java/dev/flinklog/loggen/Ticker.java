package dev.flinklog.loggen;

import java.io.Serializable;

/** A nanosecond clock; injectable so tests drive the rate limiter with counts, not wall time. */
@FunctionalInterface
public interface Ticker extends Serializable {

    /** Monotonic nanoseconds from an arbitrary origin, as {@link System#nanoTime()}. */
    long nanos();

    /** The JVM's monotonic clock. */
    Ticker SYSTEM = System::nanoTime;
}
