package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Epochs as numbers: integers whose unit follows from their magnitude ({@link EpochMagnitude}),
 * seconds with a nanosecond adjustment, exact decimal seconds, and number literals in text ({@code
 * 1726490096123}, {@code 1726490096.123456}, {@code 1.726490096123456E9}). {@link TimestampParser}
 * publishes these as its static epoch methods and documents them there.
 */
final class EpochNumbers {

    /** Nanoseconds that one unit of the 1st..9th fraction digit is worth. */
    private static final int[] NANO_PLACES = {100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private static final BigDecimal MIN_SECONDS = BigDecimal.valueOf(CivilCalendar.MIN_EPOCH_SECOND);
    private static final BigDecimal END_SECONDS = BigDecimal.valueOf(CivilCalendar.MAX_EPOCH_SECOND + 1);

    private EpochNumbers() {}

    /** See {@link TimestampParser#fromEpoch(long, ParsedTime)}. */
    static boolean fromEpoch(long value, ParsedTime out) {
        int unit = EpochMagnitude.unitOf(value);
        long perSecond = EpochMagnitude.PER_SECOND[unit];
        long seconds = Math.floorDiv(value, perSecond);
        long nanos = Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond);
        return set(seconds, (int) nanos, out);
    }

    /** See {@link TimestampParser#fromEpochSeconds(long, long, ParsedTime)}. */
    static boolean fromEpochSeconds(long seconds, long nanoAdjustment, ParsedTime out) {
        long carry = Math.floorDiv(nanoAdjustment, 1_000_000_000L);
        int nanos = (int) Math.floorMod(nanoAdjustment, 1_000_000_000L);
        // |carry| < 1e10, so only seconds far outside the accepted range could overflow the sum.
        if (seconds < CivilCalendar.MIN_EPOCH_SECOND - 10_000_000_000L
                || seconds > CivilCalendar.MAX_EPOCH_SECOND + 10_000_000_000L) {
            return false;
        }
        return set(seconds + carry, nanos, out);
    }

    /** See {@link TimestampParser#fromEpochSeconds(BigDecimal, ParsedTime)}. */
    static boolean fromEpochSeconds(BigDecimal seconds, ParsedTime out) {
        if (seconds == null || seconds.compareTo(MIN_SECONDS) < 0 || seconds.compareTo(END_SECONDS) >= 0) {
            return false;
        }
        if (seconds.scale() - seconds.precision() >= 10) {
            // |seconds| < 1e-10: setScale would first compute 10^scale, which for a scale near
            // Integer.MAX_VALUE (1e-999999999) overflows BigInteger. Floor to the nanosecond directly.
            return seconds.signum() < 0 ? set(-1, 999_999_999, out) : set(0, 0, out);
        }
        BigDecimal whole = seconds.setScale(0, RoundingMode.FLOOR);
        int nanos = seconds.subtract(whole)
                .movePointRight(9)
                .setScale(0, RoundingMode.FLOOR)
                .intValue();
        return set(whole.longValue(), nanos, out);
    }

    /** See {@link TimestampParser#fromEpochNumber(CharSequence, int, int, ParsedTime)}. */
    static boolean fromEpochNumber(CharSequence text, int start, int end, ParsedTime out) {
        if (text == null || start < 0 || end > text.length() || start >= end) {
            return false;
        }
        int p = start;
        boolean negative = text.charAt(p) == '-';
        if (negative) {
            p++;
        }
        int intStart = p;
        p = TimeFields.digitsFrom(text, p, end);
        int intDigits = p - intStart;
        if (intDigits == 0) {
            return false;
        }
        int fracStart = p;
        int fracDigits = 0;
        if (p < end && text.charAt(p) == '.') {
            fracStart = p + 1;
            p = TimeFields.digitsFrom(text, fracStart, end);
            fracDigits = p - fracStart;
            if (fracDigits == 0) {
                return false;
            }
        }
        long exponent = 0;
        boolean hasExponent = p < end && (text.charAt(p) == 'e' || text.charAt(p) == 'E');
        if (hasExponent) {
            p++;
            boolean negativeExponent = p < end && text.charAt(p) == '-';
            if (p < end && (text.charAt(p) == '-' || text.charAt(p) == '+')) {
                p++;
            }
            int expStart = p;
            for (; p < end && Ascii.isDigit(text.charAt(p)); p++) {
                // saturate: beyond 1e12 every digit lands outside the year range or below nanos
                exponent = Math.min(exponent * 10 + (text.charAt(p) - '0'), 1_000_000_000_000L);
            }
            if (p == expStart) {
                return false;
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (p != end) {
            return false;
        }
        if (fracDigits == 0 && !hasExponent) {
            long whole = 0;
            for (int i = intStart; i < intStart + intDigits; i++) {
                int d = text.charAt(i) - '0';
                if (whole > (Long.MAX_VALUE - d) / 10) {
                    return false; // more than a long holds: not an epoch we can represent
                }
                whole = whole * 10 + d;
            }
            return fromEpoch(negative ? -whole : whole, out);
        }
        return decimalSeconds(text, intStart, intDigits, fracStart, fracDigits, exponent, negative, out);
    }

    /**
     * Seconds from the significand digits (integer digits, then fraction digits) with the decimal
     * point moved by {@code exponent}: each digit's place is known from its index, so one pass
     * fills seconds and nanoseconds without BigDecimal.
     */
    private static boolean decimalSeconds(
            CharSequence s,
            int intStart,
            int intDigits,
            int fracStart,
            int fracDigits,
            long exponent,
            boolean negative,
            ParsedTime out) {
        long limit = CivilCalendar.MAX_EPOCH_SECOND + 1;
        long pointAfter = intDigits + exponent; // digits with index below this are whole seconds
        int digits = intDigits + fracDigits;
        long whole = 0;
        int nanos = 0;
        boolean droppedNonZero = false;
        for (int k = 0; k < digits; k++) {
            int d = s.charAt(k < intDigits ? intStart + k : fracStart + k - intDigits) - '0';
            long place = k - pointAfter; // 0 = first fraction digit (tenths)
            if (place < 0) {
                whole = whole * 10 + d;
                if (whole > limit) {
                    return false;
                }
            } else if (place < 9) {
                nanos += d * NANO_PLACES[(int) place];
            } else if (d != 0) {
                droppedNonZero = true;
            }
        }
        // trailing zeros of a positive exponent (1.5E3 = 1500): only a non-zero value can grow
        for (long k = digits; k < pointAfter && whole != 0; k++) {
            whole *= 10;
            if (whole > limit) {
                return false;
            }
        }
        if (!negative) {
            return set(whole, nanos, out);
        }
        // -(whole + fraction), floored to whole nanoseconds.
        int magnitude = nanos + (droppedNonZero ? 1 : 0);
        if (magnitude == 0) {
            return set(-whole, 0, out);
        }
        if (magnitude == 1_000_000_000) {
            return set(-whole - 1, 0, out);
        }
        return set(-whole - 1, 1_000_000_000 - magnitude, out);
    }

    private static boolean set(long seconds, int nanos, ParsedTime out) {
        if (!CivilCalendar.isInRange(seconds)) {
            return false;
        }
        out.set(seconds, nanos, false);
        return true;
    }
}
