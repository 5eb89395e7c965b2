package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

/**
 * Reads a level from a field that is meant to hold one ({@code level}, {@code severity}, journald
 * {@code PRIORITY}, OTLP {@code severityNumber} …): a word or letter from {@link LevelWords}, or a
 * number on a {@link LevelScale}. Returns {@code null} when the value is not recognisable, so the
 * caller can fall back to the message text instead of trusting a value such as {@code "foo"}.
 *
 * <p>A caller that knows where a number comes from passes that scale rather than {@link
 * LevelScale#AUTO}: OTLP {@code severityNumber} is {@link LevelScale#OTLP}, journald {@code
 * PRIORITY} and syslog severity {@link LevelScale#SYSLOG}, a numeric {@code level} in a pino or
 * bunyan record {@link LevelScale#PINO}, logstash-logback-encoder {@code level_value} {@link
 * LevelScale#LOGBACK}.
 */
public final class LevelFieldParser {

    /** More digits than this cannot be on any scale and would overflow a long. */
    private static final int MAX_DIGITS = 18;

    private LevelFieldParser() {}

    /**
     * The level of a textual field value: a level word in any case with surrounding spaces, or a
     * whole number (optionally written {@code "30.0"}) read on {@code scale} ({@code null} means
     * {@link LevelScale#AUTO}). {@code null} when the
     * value is null, empty or not recognised.
     */
    public static LogLevel parse(CharSequence value, LevelScale scale) {
        if (value == null) {
            return null;
        }
        return parse(value, 0, value.length(), scale);
    }

    /**
     * {@link #parse(CharSequence, LevelScale)} on {@code value[from, to)}, so a caller holding a
     * buffer (a JSON parser's char array, a line) needs no substring.
     */
    public static LogLevel parse(CharSequence value, int from, int to, LevelScale scale) {
        while (from < to && Ascii.isSpaceOrControl(value.charAt(from))) {
            from++;
        }
        while (to > from && Ascii.isSpaceOrControl(value.charAt(to - 1))) {
            to--;
        }
        if (from == to) {
            return null;
        }
        char c = value.charAt(from);
        if (Ascii.isDigit(c) || c == '-') {
            return parseNumber(value, from, to, scale);
        }
        return LevelWords.lookup(value, from, to, true);
    }

    /** {@link #parse(CharSequence, LevelScale)} on the {@link LevelScale#AUTO} scale. */
    public static LogLevel parse(CharSequence value) {
        return parse(value, LevelScale.AUTO);
    }

    /** The level of a numeric field value on {@code scale}, or {@code null} if it is not on it. */
    public static LogLevel parse(long value, LevelScale scale) {
        return (scale == null ? LevelScale.AUTO : scale).level(value);
    }

    /**
     * The level of a floating-point field value (JSON numbers often arrive as doubles): whole
     * numbers as {@link #parse(long, LevelScale)}, anything else (30.5, NaN, infinities) is no
     * level.
     */
    public static LogLevel parse(double value, LevelScale scale) {
        if (value != Math.rint(value) || Double.isInfinite(value) || Math.abs(value) > 1e18) {
            return null;
        }
        return parse((long) value, scale);
    }

    /** Digits with an optional sign and an optional all-zero fraction; anything else is no number. */
    private static LogLevel parseNumber(CharSequence s, int from, int to, LevelScale scale) {
        boolean negative = s.charAt(from) == '-';
        int i = negative ? from + 1 : from;
        int digitsStart = i;
        long n = 0;
        while (i < to && Ascii.isDigit(s.charAt(i))) {
            if (i - digitsStart >= MAX_DIGITS) {
                return null;
            }
            n = n * 10 + (s.charAt(i) - '0');
            i++;
        }
        if (i == digitsStart) {
            return null;
        }
        if (i < to && s.charAt(i) == '.') {
            i++;
            while (i < to && s.charAt(i) == '0') {
                i++;
            }
        }
        if (i != to) {
            return null;
        }
        return parse(negative ? -n : n, scale);
    }
}
