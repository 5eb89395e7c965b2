package dev.flinklog.core.level;

import java.util.Locale;

/**
 * The six normalised log levels, least severe first. Every source's vocabulary (words, letters,
 * numeric scales) folds into these; we keep no separate {@code critical} or {@code unknown} so that
 * dashboards can group by a closed set, and "no level found" is {@link #INFO}, the level most
 * records without one carry (OpenTelemetry's data model suggests the same reading).
 */
public enum LogLevel {
    TRACE,
    DEBUG,
    INFO,
    WARN,
    ERROR,
    FATAL;

    /** The level used when neither a field nor the text says anything. */
    public static final LogLevel DEFAULT = INFO;

    private final String sqlName = name().toLowerCase(Locale.ROOT);

    /** The name the SQL functions return: lower case, e.g. {@code "warn"}. */
    public String sqlName() {
        return sqlName;
    }

    /** The SQL name of {@code level}, or null for no level (a record with nothing to go by). */
    public static String sqlNameOrNull(LogLevel level) {
        return level == null ? null : level.sqlName;
    }

    /** Whether this level is at least as severe as {@code other}. */
    public boolean isAtLeast(LogLevel other) {
        return ordinal() >= other.ordinal();
    }

    /** The more severe of two levels; {@code null} counts as "none". */
    static LogLevel moreSevere(LogLevel a, LogLevel b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return a.ordinal() >= b.ordinal() ? a : b;
    }
}
