package dev.flinklog.gen;

import java.util.Locale;

/** The six normalised levels of flink-log (what the log-json format emits in {@code log_level}). */
public enum Level {
    TRACE,
    DEBUG,
    INFO,
    WARN,
    ERROR,
    FATAL;

    /** The lower-case word the format writes, e.g. {@code "warn"}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean atLeast(Level other) {
        return ordinal() >= other.ordinal();
    }
}
