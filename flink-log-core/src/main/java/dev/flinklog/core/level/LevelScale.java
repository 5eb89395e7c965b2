package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

import java.util.Locale;

/**
 * Numeric level scales. The same number means different things to different loggers (30 is info
 * for pino but warning for Python; 5 is debug for OpenTelemetry but notice for syslog), so a number
 * is always read on a named scale. {@link #AUTO} is for when the caller knows nothing about the
 * source: it splits the number line between the scales whose ranges do not overlap.
 *
 * <p>Values between two points of a scale take the most severe level whose threshold they reach,
 * which is how the loggers themselves filter (pino 35 passes an "info" threshold but not "warn", so
 * it is info; log4j2 intLevel 350 passes INFO (400) but not WARN (300), so it is info). Values
 * outside a scale's range are not on it ({@code null}), and the caller falls back to the text.
 */
public enum LevelScale {
    /**
     * 0–7 as syslog; 8, 9, 11–19 and 21–24 as OTLP; 10, 20 and 25–69 as pino; 100–600 as log4j2;
     * 5000–49999 as logback; else unknown ({@link #AUTO_RANGES}).
     */
    AUTO(),
    /** RFC 5424 severity, journald PRIORITY: 0 emerg … 7 debug (smaller is more severe). */
    SYSLOG(
            band(0, 2, LogLevel.FATAL),
            band(3, 3, LogLevel.ERROR),
            band(4, 4, LogLevel.WARN),
            band(5, 6, LogLevel.INFO),
            band(7, 7, LogLevel.DEBUG)),
    /** pino and bunyan: trace 10, debug 20, info 30, warn 40, error 50, fatal 60. */
    PINO(
            band(10, 19, LogLevel.TRACE),
            band(20, 29, LogLevel.DEBUG),
            band(30, 39, LogLevel.INFO),
            band(40, 49, LogLevel.WARN),
            band(50, 59, LogLevel.ERROR),
            band(60, 69, LogLevel.FATAL)),
    /** OpenTelemetry SeverityNumber 1–24 in its six documented ranges; 0 is "unspecified". */
    OTLP(
            band(1, 4, LogLevel.TRACE),
            band(5, 8, LogLevel.DEBUG),
            band(9, 12, LogLevel.INFO),
            band(13, 16, LogLevel.WARN),
            band(17, 20, LogLevel.ERROR),
            band(21, 24, LogLevel.FATAL)),
    /** log4j2 intLevel: FATAL 100, ERROR 200, WARN 300, INFO 400, DEBUG 500, TRACE 600. */
    LOG4J2(
            band(1, 100, LogLevel.FATAL),
            band(101, 200, LogLevel.ERROR),
            band(201, 300, LogLevel.WARN),
            band(301, 400, LogLevel.INFO),
            band(401, 500, LogLevel.DEBUG),
            band(501, 600, LogLevel.TRACE)),
    /** logback / logstash-logback-encoder {@code level_value}: TRACE 5000 … ERROR 40000. */
    LOGBACK(
            band(5000, 9999, LogLevel.TRACE),
            band(10000, 19999, LogLevel.DEBUG),
            band(20000, 29999, LogLevel.INFO),
            band(30000, 39999, LogLevel.WARN),
            band(40000, 49999, LogLevel.ERROR)),
    /** Python logging: DEBUG 10, INFO 20, WARNING 30, ERROR 40, CRITICAL 50; 1–9 below DEBUG. */
    PYTHON(
            band(1, 9, LogLevel.TRACE),
            band(10, 19, LogLevel.DEBUG),
            band(20, 29, LogLevel.INFO),
            band(30, 39, LogLevel.WARN),
            band(40, 49, LogLevel.ERROR),
            band(50, 59, LogLevel.FATAL));

    /** An inclusive range of values that all mean one level. */
    static final class Band {
        final long low;
        final long high;
        final LogLevel level;

        Band(long low, long high, LogLevel level) {
            this.low = low;
            this.high = high;
            this.level = level;
        }
    }

    /** For {@link #AUTO}: an inclusive range of values read on another scale. */
    static final class AutoRange {
        final long low;
        final long high;
        final LevelScale scale;

        AutoRange(long low, long high, LevelScale scale) {
            this.low = low;
            this.high = high;
            this.scale = scale;
        }
    }

    /**
     * How {@link #AUTO} reads a number: each value by the one scale that defines it, and where
     * scales collide by the producer most likely to write a bare number there.
     *
     * <ul>
     *   <li>0–7: syslog. RFC 5424 severity as journald's {@code PRIORITY} and GELF's {@code level}
     *       write it; OTLP's 1–7 (trace/debug) collide and lose, as OTLP records carry their
     *       {@code severityNumber} under its own key, read on the OTLP scale.
     *   <li>8, 9, 11–19, 21–24: OTLP severity numbers, which no other scale here defines (pino and
     *       bunyan emit only 10, 20, 30, 40, 50 and 60), reaching JSON logs under names like
     *       {@code level} or {@code severity} through OpenTelemetry bridges and collectors.
     *   <li>10, 20, 25–69: pino and bunyan, whose six points (and custom levels between them) are
     *       the most common numeric {@code level} in JSON logs. 10 and 20 collide with OTLP's info
     *       and error ranges (OTLP 10 INFO2, 20 ERROR4) and are read as pino's trace and debug, the
     *       points pino writes; Python's numbers (10 DEBUG … 50 CRITICAL) collide with the same
     *       points and need the {@code python} scale.
     *   <li>100–600: log4j2 {@code intLevel}; 5000–49999: logback {@code level_value}.
     * </ul>
     */
    static final AutoRange[] AUTO_RANGES = {
        new AutoRange(0, 7, SYSLOG),
        new AutoRange(8, 9, OTLP),
        new AutoRange(10, 10, PINO),
        new AutoRange(11, 19, OTLP),
        new AutoRange(20, 20, PINO),
        new AutoRange(21, 24, OTLP),
        new AutoRange(25, 69, PINO),
        new AutoRange(100, 600, LOG4J2),
        new AutoRange(5000, 49999, LOGBACK),
    };

    /** {@link #values()} once: it copies the array on every call. */
    private static final LevelScale[] ALL = values();

    final Band[] bands;
    private final String sqlName = name().toLowerCase(Locale.ROOT);

    LevelScale(Band... bands) {
        this.bands = bands;
    }

    private static Band band(long low, long high, LogLevel level) {
        return new Band(low, high, level);
    }

    /** The scale's name as the SQL argument spells it, e.g. {@code "log4j2"}. */
    public String sqlName() {
        return sqlName;
    }

    /** The level of {@code value} on this scale, or {@code null} when the value is not on it. */
    public LogLevel level(long value) {
        if (this == AUTO) {
            for (AutoRange r : AUTO_RANGES) {
                if (value >= r.low && value <= r.high) {
                    return r.scale.level(value);
                }
            }
            return null;
        }
        for (Band b : bands) {
            if (value >= b.low && value <= b.high) {
                return b.level;
            }
        }
        return null;
    }

    /**
     * The scale named {@code name} (any case, surrounding spaces ignored; {@code bunyan} is {@link
     * #PINO}), or {@code null} for an unknown name.
     */
    public static LevelScale byName(CharSequence name) {
        if (name == null) {
            return null;
        }
        int from = 0;
        int to = name.length();
        while (from < to && Ascii.isSpaceOrControl(name.charAt(from))) {
            from++;
        }
        while (to > from && Ascii.isSpaceOrControl(name.charAt(to - 1))) {
            to--;
        }
        if (to - from == 6 && LevelWords.regionMatches(name, from, "bunyan")) {
            return PINO;
        }
        for (LevelScale s : ALL) {
            if (to - from == s.sqlName.length() && LevelWords.regionMatches(name, from, s.sqlName)) {
                return s;
            }
        }
        return null;
    }
}
