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

    /** klog's severity letter: it knows I, W, E, F; debug and trace are verbosity levels of I. */
    char klogLetter() {
        return switch (this) {
            case WARN -> 'W';
            case ERROR -> 'E';
            case FATAL -> 'F';
            default -> 'I';
        };
    }

    /** The level read back from {@link #klogLetter()}. */
    Level asKlog() {
        return switch (this) {
            case WARN, ERROR, FATAL -> this;
            default -> INFO;
        };
    }

    boolean atLeast(Level other) {
        return ordinal() >= other.ordinal();
    }
}
