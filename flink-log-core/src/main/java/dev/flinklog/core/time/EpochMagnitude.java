package dev.flinklog.core.time;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which unit an integer epoch is in, decided by its magnitude. Logs carry epoch seconds,
 * milliseconds (Java, JavaScript), microseconds (Python, databases) and nanoseconds (Go, OTLP)
 * without saying which; for instants between 1973 and 5138 the four ranges do not overlap, so the
 * number of digits tells them apart. This is the one place the thresholds are written; the docs
 * table is checked against {@link #table()}.
 *
 * <p>The price: seconds beyond year 5138 and milliseconds before 1973-03-03 are misread. Both are
 * rare in logs; callers that know their unit should use {@link TimestampParser#fromEpochSeconds}.
 */
final class EpochMagnitude {

    /** Unit names, in order of growing magnitude. */
    static final String[] UNITS = {"seconds", "milliseconds", "microseconds", "nanoseconds"};

    /** A value whose absolute value is below UPPER_BOUNDS[i] (and not below the one before) is in UNITS[i]. */
    static final long[] UPPER_BOUNDS = {
        100_000_000_000L, // 1e11 s  = year 5138
        100_000_000_000_000L, // 1e14 ms = year 5138
        100_000_000_000_000_000L, // 1e17 us = year 5138
        Long.MAX_VALUE // nanoseconds: everything a long holds (years 1677-2262)
    };

    /** How many of each unit make one second. */
    static final long[] PER_SECOND = {1L, 1_000L, 1_000_000L, 1_000_000_000L};

    private EpochMagnitude() {}

    /** Index into {@link #UNITS} for a value. */
    static int unitOf(long value) {
        if (value == Long.MIN_VALUE) {
            return UNITS.length - 1; // its absolute value does not fit in a long
        }
        long abs = Math.abs(value);
        int i = 0;
        while (abs >= UPPER_BOUNDS[i] && i < UPPER_BOUNDS.length - 1) {
            i++;
        }
        return i;
    }

    /** Unit name to exclusive upper bound of the absolute value (the last is unbounded: null). */
    static Map<String, Long> table() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < UNITS.length; i++) {
            m.put(UNITS[i], i == UNITS.length - 1 ? null : UPPER_BOUNDS[i]);
        }
        return Collections.unmodifiableMap(m);
    }
}
