package dev.flinklog.core.time;

import java.time.Instant;

/**
 * A caller-owned, mutable result of {@link TimestampParser}: an instant as epoch seconds plus
 * nanoseconds, and whether the default zone had to be used to get it.
 *
 * <p>Callers that parse one value per record keep one instance and pass it to every call, so the
 * hot path allocates nothing. Not thread-safe: one instance per thread (per task). The parser
 * also keeps its scanning state (the fields read so far) in here for the same reason; those
 * fields are package-private and mean nothing after a call returns.
 */
public final class ParsedTime {

    private long epochSecond;
    private int nanoOfSecond;
    private boolean usedDefaultZone;

    // Scratch state of one scan: the calendar fields as written and the zone found, if any.
    int year;
    int month;
    int day;
    int hour;
    int minute;
    int second;
    int nano;
    int offsetSeconds;
    boolean hasZone;

    /** Seconds since 1970-01-01T00:00:00Z (negative before). Valid only after a successful parse. */
    public long epochSecond() {
        return epochSecond;
    }

    /** Nanoseconds within {@link #epochSecond()}, 0 to 999,999,999 (always forward in time). */
    public int nanoOfSecond() {
        return nanoOfSecond;
    }

    /**
     * True when the input was a local date-time without any zone designator, so the parser's
     * default zone decided the instant. False for text with a zone or offset and for epoch numbers.
     */
    public boolean usedDefaultZone() {
        return usedDefaultZone;
    }

    /** Milliseconds since the epoch, truncated toward the past (floor), as TIMESTAMP_LTZ(3) wants. */
    public long epochMilli() {
        // Cannot overflow: the parser only produces years 0001-9999.
        return epochSecond * 1000L + nanoOfSecond / 1_000_000;
    }

    /**
     * {@link #nanoOfSecond()} cut toward the past to {@code digits} fraction digits (0 to 9), as a
     * TIMESTAMP(p) column of that precision holds it.
     */
    public int nanoOfSecond(int digits) {
        return nanoOfSecond - nanoOfSecond % POW10[9 - digits];
    }

    private static final int[] POW10 = {
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
    };

    /** The instant with full nanosecond precision (allocates; not for the per-record path). */
    public Instant toInstant() {
        return Instant.ofEpochSecond(epochSecond, nanoOfSecond);
    }

    /** Becomes a copy of {@code other}'s result. */
    public void set(ParsedTime other) {
        set(other.epochSecond, other.nanoOfSecond, other.usedDefaultZone);
    }

    void set(long epochSecond, int nanoOfSecond, boolean usedDefaultZone) {
        this.epochSecond = epochSecond;
        this.nanoOfSecond = nanoOfSecond;
        this.usedDefaultZone = usedDefaultZone;
    }

    void clearScratch() {
        year = 0;
        month = 0;
        day = 0;
        hour = 0;
        minute = 0;
        second = 0;
        nano = 0;
        offsetSeconds = 0;
        hasZone = false;
    }

    @Override
    public String toString() {
        return toInstant() + (usedDefaultZone ? " (default zone)" : "");
    }
}
