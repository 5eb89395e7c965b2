package dev.flinklog.loggen;

/**
 * Grants at most {@code perSecond} permits per second of its {@link Ticker}: after {@code T}
 * nanoseconds since the first call, at most {@code floor(T * perSecond / 1e9) + 1} permits in
 * total. A reader that was held up (back pressure, a slow checkpoint) may catch up by at most
 * {@code burst} permits, so a stall is not followed by an unbounded flood.
 *
 * <p>It counts permits against elapsed time instead of adding an interval per permit, so rounding
 * never drifts, whatever the rate. Not thread-safe: one per reader, used by its task thread.
 */
final class RecordRateLimiter {

    private final double perSecond;
    private final long burst;
    private final Ticker ticker;
    private boolean started;
    private long origin;
    private long granted;

    RecordRateLimiter(double perSecond, Ticker ticker) {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("rate must be a positive number, got " + perSecond);
        }
        this.perSecond = perSecond;
        // a twentieth of a second's worth: smooths scheduler jitter without a visible spike
        this.burst = Math.max(1, (long) (perSecond / 20));
        this.ticker = ticker;
    }

    /**
     * Takes a permit if one is due and returns 0; otherwise returns the nanoseconds until the next
     * one is (at least 1) and takes nothing.
     */
    long tryAcquire() {
        long now = ticker.nanos();
        if (!started) {
            started = true;
            origin = now;
        }
        long elapsed = now - origin;
        long allowed = (long) Math.floor(elapsed / 1e9 * perSecond) + 1;
        if (granted < allowed - burst) {
            granted = allowed - burst; // forget the permits missed while stalled beyond the burst
        }
        if (granted < allowed) {
            granted++;
            return 0;
        }
        // the permit numbered `granted` (0-based) is due at elapsed = granted / perSecond seconds
        long due = (long) Math.ceil(granted * 1e9 / perSecond);
        return Math.max(1, due - elapsed);
    }

    double perSecond() {
        return perSecond;
    }
}
