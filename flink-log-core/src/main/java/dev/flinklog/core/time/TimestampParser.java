package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the timestamps real logs carry, with no configuration, into epoch seconds + nanoseconds.
 *
 * <p>Accepted text (whole input, surrounding whitespace and one pair of {@code [ ]} ignored):
 *
 * <ul>
 *   <li>ISO 8601 / RFC 3339, extended ({@code 2026-09-16T12:34:56.789+09:00}, {@code /} also
 *       accepted as date separator) and basic ({@code 20260916T123456Z}) form; {@code T}, {@code t}
 *       or spaces between date and time; seconds and fraction optional; date alone;
 *   <li>fractions after {@code .} or {@code ,} of any length, truncated after nanoseconds;
 *   <li>zones: {@code Z}, {@code ±hh:mm}, {@code ±hhmm}, {@code ±hh}, the names of {@link
 *       ZoneNames} (case-insensitive), {@code UTC+2}/{@code GMT+09:00}, with or without a space
 *       before; Go's {@code time.String()} abbreviation and {@code m=±...} monotonic reading after
 *       a numeric offset are skipped;
 *   <li>RFC 1123/2822 ({@code Wed, 16 Sep 2026 12:34:56 +0000}, weekday optional), Common Log
 *       Format ({@code 16/Sep/2026:12:34:56 +0000}), C {@code asctime} ({@code Wed Sep 16 12:34:56
 *       2026}, a zone name may stand before the year as {@code date(1)} prints it);
 *   <li>integer digit strings as epochs, unit by magnitude ({@link EpochMagnitude}); decimal
 *       numbers ({@code 1726490096.123456}, {@code 1.726490096123456E9}) as epoch seconds, exact
 *       ({@link #fromEpochNumber}).
 * </ul>
 *
 * Text without zone is read in the parser's default zone ({@link LocalTimeResolver} for the rule in
 * DST gaps and overlaps). A second of 60 (leap second) is read as 59.999999999 of the same minute.
 * Everything else, including invalid dates, fields out of range, offsets beyond ±18:00, years
 * outside 0001-9999 and trailing text, is rejected. A weekday name must be one, but is not
 * checked against the date (see {@link #finish}).
 * Syslog's year-less {@code Sep 16 12:34:56} is rejected too: its year depends on when it is read,
 * and a deterministic function cannot know that.
 *
 * <p>One hand-written pass over the characters, only {@code charAt}/{@code length}; linear in the
 * input; no exception and no allocation per call (zone-less text in a region zone outside
 * 1900-2200 excepted, see {@link LocalTimeResolver}). Results go into a caller-owned {@link
 * ParsedTime}; methods return false when the input is not a timestamp.
 *
 * <p>Thread-safety: a parser is immutable (it holds only its default zone) and may be shared by
 * any number of threads; each thread needs its own {@link ParsedTime}. The epoch methods are
 * static.
 */
public final class TimestampParser {

    /** A parser whose default zone is UTC. */
    public static final TimestampParser UTC = new TimestampParser(LocalTimeResolver.UTC);

    private static final int FAIL = -1;
    /** Nanoseconds that one unit of the 1st..9th fraction digit is worth. */
    private static final int[] NANO_PLACES = {100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private static final int MAX_OFFSET_SECONDS = 18 * 3600;
    private static final BigDecimal MIN_SECONDS = BigDecimal.valueOf(CivilCalendar.MIN_EPOCH_SECOND);
    private static final BigDecimal END_SECONDS = BigDecimal.valueOf(CivilCalendar.MAX_EPOCH_SECOND + 1);

    private final LocalTimeResolver resolver;

    private TimestampParser(LocalTimeResolver resolver) {
        this.resolver = resolver;
    }

    /** A parser reading zone-less text in {@code defaultZone}. */
    public static TimestampParser forZone(ZoneId defaultZone) {
        Objects.requireNonNull(defaultZone, "defaultZone");
        LocalTimeResolver r = LocalTimeResolver.of(defaultZone);
        return r == LocalTimeResolver.UTC ? UTC : new TimestampParser(r);
    }

    /**
     * A parser for a zone given as text: a region id ({@code Asia/Tokyo}, case-insensitive), an
     * offset ({@code +09:00}, {@code +0900}, {@code +09}, {@code UTC+9}, {@code GMT-03:30}) or a
     * name of {@link ZoneNames} ({@code UTC}, {@code Z}, {@code EST}). Null for null, empty or
     * unknown text. Not for the per-record path: callers cache the result (the SQL function keeps
     * the last one).
     */
    public static TimestampParser forZone(CharSequence zoneText) {
        if (zoneText == null) {
            return null;
        }
        int start = 0;
        int end = zoneText.length();
        while (start < end && isSpace(zoneText.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(zoneText.charAt(end - 1))) {
            end--;
        }
        if (start == end) {
            return null;
        }
        ParsedTime scratch = new ParsedTime();
        if (zone(zoneText, start, end, scratch) == end) {
            return forZone(ZoneOffset.ofTotalSeconds(scratch.offsetSeconds));
        }
        String id = RegionIds.canonical(zoneText.subSequence(start, end).toString());
        return id == null ? null : forZone(ZoneId.of(id));
    }

    /** The zone that zone-less text is read in. */
    public ZoneId defaultZone() {
        return resolver.zone();
    }

    /** Parses all of {@code text}; false (and {@code out} undefined) if it is not a timestamp. */
    public boolean parse(CharSequence text, ParsedTime out) {
        return text != null && parse(text, 0, text.length(), out);
    }

    /** Parses {@code text[start, end)}; false if it is not a timestamp or the range is invalid. */
    public boolean parse(CharSequence text, int start, int end, ParsedTime out) {
        if (text == null || start < 0 || end > text.length() || start > end) {
            return false;
        }
        out.clearScratch();
        while (start < end && isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        // Common Log Format puts the time in brackets; accept them around any form.
        if (end - start >= 2 && text.charAt(start) == '[' && text.charAt(end - 1) == ']') {
            start++;
            end--;
            while (start < end && isSpace(text.charAt(start))) {
                start++;
            }
            while (end > start && isSpace(text.charAt(end - 1))) {
                end--;
            }
        }
        if (start == end) {
            return false;
        }
        return byFirstCharacter(text, start, end, out);
    }

    /** The first character tells the families apart: sign or digit, letter (a weekday name). */
    private boolean byFirstCharacter(CharSequence text, int start, int end, ParsedTime out) {
        char c = text.charAt(start);
        if (c == '-') {
            return fromEpochNumber(text, start, end, out);
        }
        if (Ascii.isDigit(c)) {
            return digitLed(text, start, end, out);
        }
        if (Ascii.isLetter(c)) {
            return nameLed(text, start, end, out);
        }
        return false;
    }

    // ------------------------------------------------------------------ epochs

    /**
     * An integer epoch whose unit follows from its magnitude (see {@link EpochMagnitude}: below
     * 1e11 seconds, below 1e14 milliseconds, below 1e17 microseconds, else nanoseconds; the sign is
     * ignored for the choice). Exact, nanoseconds included.
     */
    public static boolean fromEpoch(long value, ParsedTime out) {
        int unit = EpochMagnitude.unitOf(value);
        long perSecond = EpochMagnitude.PER_SECOND[unit];
        long seconds = Math.floorDiv(value, perSecond);
        long nanos = Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond);
        return set(seconds, (int) nanos, out);
    }

    /**
     * Epoch seconds plus a nanosecond adjustment of any sign and size (normalised as {@code
     * Instant.ofEpochSecond(long, long)} does).
     */
    public static boolean fromEpochSeconds(long seconds, long nanoAdjustment, ParsedTime out) {
        long carry = Math.floorDiv(nanoAdjustment, 1_000_000_000L);
        int nanos = (int) Math.floorMod(nanoAdjustment, 1_000_000_000L);
        // |carry| < 1e10, so only seconds far outside the accepted range could overflow the sum.
        if (seconds < CivilCalendar.MIN_EPOCH_SECOND - 10_000_000_000L
                || seconds > CivilCalendar.MAX_EPOCH_SECOND + 10_000_000_000L) {
            return false;
        }
        return set(seconds + carry, nanos, out);
    }

    /**
     * Epoch seconds with an exact fraction. Digits past nanoseconds are cut toward the past
     * (floor), so the result never lies after the input. Allocates (BigDecimal arithmetic).
     */
    public static boolean fromEpochSeconds(BigDecimal seconds, ParsedTime out) {
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

    /**
     * Epoch seconds given as a double. The double's shortest decimal form ({@link
     * Double#toString}) is read exactly, so {@code 1726490096.123} means .123 and not the binary
     * neighbour .12299990654. NaN and infinities are rejected. Allocates.
     */
    public static boolean fromEpochSeconds(double seconds, ParsedTime out) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return false;
        }
        return fromEpochSeconds(BigDecimal.valueOf(seconds), out);
    }

    /**
     * An epoch written as a number literal (JSON or SQL number syntax), in {@code text[start, end)}:
     * a plain integer {@code -?digits} is an epoch whose unit follows from its magnitude, like
     * {@link #fromEpoch(long, ParsedTime)}; a number with a fraction or an exponent ({@code
     * 1726490096.123456}, {@code 1.726490096123456E9}) is epoch seconds, read exactly from its
     * digits and floored past nanoseconds. No whitespace, no {@code +} sign. Allocation-free, so
     * a JSON format can hand it a number token's characters directly.
     */
    public static boolean fromEpochNumber(CharSequence text, int start, int end, ParsedTime out) {
        if (text == null || start < 0 || end > text.length() || start >= end) {
            return false;
        }
        int p = start;
        boolean negative = text.charAt(p) == '-';
        if (negative) {
            p++;
        }
        int intStart = p;
        p = digitsFrom(text, p, end);
        int intDigits = p - intStart;
        if (intDigits == 0) {
            return false;
        }
        int fracStart = p;
        int fracDigits = 0;
        if (p < end && text.charAt(p) == '.') {
            fracStart = p + 1;
            p = digitsFrom(text, fracStart, end);
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

    // ------------------------------------------------------------------ text forms

    private boolean digitLed(CharSequence s, int p, int end, ParsedTime t) {
        // The digit run tells the form apart; its value (first four digits) is the ISO year, so
        // it is kept rather than read again.
        int q = p;
        int lead = 0;
        while (q < end) {
            char ch = s.charAt(q);
            if (!Ascii.isDigit(ch)) {
                break;
            }
            if (q - p < 4) {
                lead = lead * 10 + (ch - '0');
            }
            q++;
        }
        char next = q == end ? 0 : s.charAt(q);
        if (q == end || next == '.' || next == 'e' || next == 'E') {
            return fromEpochNumber(s, p, end, t);
        }
        int n = q - p;
        char sep = next;
        if (n == 4 && (sep == '-' || sep == '/')) {
            return isoExtended(s, p, end, t, lead, sep);
        }
        if (n == 8 && (sep == 'T' || sep == 't')) {
            return isoBasic(s, p, end, t);
        }
        if (n <= 2 && sep == '/') {
            return commonLog(s, p, end, t);
        }
        if (n <= 2 && sep == ' ') {
            return rfc2822(s, p, end, t);
        }
        return false;
    }

    /** {@code yyyy-mm-dd[(T|t|spaces)time[zone]]}, also with {@code /} between the date fields. */
    private boolean isoExtended(CharSequence s, int p, int end, ParsedTime t, int year, char sep) {
        t.year = year;
        t.month = fixedDigits(s, p + 5, end, 2);
        if (t.month < 0 || p + 7 >= end || s.charAt(p + 7) != sep) {
            return false;
        }
        t.day = fixedDigits(s, p + 8, end, 2);
        if (t.day < 0) {
            return false;
        }
        int pos = p + 10;
        if (pos == end) {
            return finish(t);
        }
        char c = s.charAt(pos);
        if (c == 'T' || c == 't') {
            pos++;
        } else if (c == ' ') {
            pos = skipSpaces(s, pos, end);
        } else {
            return false;
        }
        pos = time(s, pos, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t) && finish(t);
    }

    /** {@code yyyymmddThhmm[ss[.f]][zone]}; the time may also be written with colons. */
    private boolean isoBasic(CharSequence s, int p, int end, ParsedTime t) {
        t.year = fixedDigits(s, p, end, 4);
        t.month = fixedDigits(s, p + 4, end, 2);
        t.day = fixedDigits(s, p + 6, end, 2);
        int pos = time(s, p + 9, end, t, true);
        return pos != FAIL && zoneTail(s, pos, end, t) && finish(t);
    }

    /** {@code d/Mon/yyyy:hh:mm:ss[ zone]} (brackets were removed by the caller). */
    private boolean commonLog(CharSequence s, int p, int end, ParsedTime t) {
        int pos = dayOfMonth(s, p, end, t);
        if (pos == FAIL || pos >= end || s.charAt(pos) != '/') {
            return false;
        }
        pos = monthName(s, pos + 1, end, t);
        if (pos == FAIL || pos >= end || s.charAt(pos) != '/') {
            return false;
        }
        t.year = fixedDigits(s, pos + 1, end, 4);
        pos += 5;
        if (t.year < 0 || pos >= end || s.charAt(pos) != ':') {
            return false;
        }
        pos = time(s, pos + 1, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t) && finish(t);
    }

    /** {@code d Mon yyyy hh:mm[:ss][ zone]}, after an optional weekday the caller skipped. */
    private boolean rfc2822(CharSequence s, int p, int end, ParsedTime t) {
        int pos = dayOfMonth(s, p, end, t);
        pos = requiredSpaces(s, pos, end);
        pos = monthName(s, pos, end, t);
        pos = requiredSpaces(s, pos, end);
        if (pos == FAIL) {
            return false;
        }
        t.year = fixedDigits(s, pos, end, 4);
        if (t.year < 0) {
            return false;
        }
        pos = requiredSpaces(s, pos + 4, end);
        pos = time(s, pos, end, t, false);
        return pos != FAIL && zoneTail(s, pos, end, t) && finish(t);
    }

    /** {@code Mon d hh:mm:ss [zone ]yyyy}, after the weekday the caller skipped. */
    private boolean asctime(CharSequence s, int p, int end, ParsedTime t) {
        int pos = monthName(s, p, end, t);
        pos = requiredSpaces(s, pos, end);
        pos = dayOfMonth(s, pos, end, t);
        pos = requiredSpaces(s, pos, end);
        pos = time(s, pos, end, t, false);
        pos = requiredSpaces(s, pos, end);
        if (pos == FAIL) {
            return false;
        }
        if (!Ascii.isDigit(s.charAt(pos))) {
            pos = requiredSpaces(s, zone(s, pos, end, t), end);
            if (pos == FAIL) {
                return false;
            }
        }
        t.year = fixedDigits(s, pos, end, 4);
        return t.year >= 0 && pos + 4 == end && finish(t);
    }

    /** Text that starts with a letter: a weekday, then RFC 2822 or asctime. */
    private boolean nameLed(CharSequence s, int p, int end, ParsedTime t) {
        int q = letters(s, p, end);
        if (CalendarNames.weekday(s, p, q) == 0 || q == end) {
            return false; // a month first would be syslog without a year: see the class comment
        }
        int pos = q;
        if (s.charAt(pos) == ',') {
            pos++;
        }
        pos = skipSpaces(s, pos, end);
        if (pos == end || pos == q) {
            return false;
        }
        char c = s.charAt(pos);
        if (Ascii.isDigit(c)) {
            return rfc2822(s, pos, end, t);
        }
        return Ascii.isLetter(c) && asctime(s, pos, end, t);
    }

    // ------------------------------------------------------------------ fields

    /**
     * {@code hh:mm[:ss[(.|,)fraction]]}, or when {@code basicAllowed} also {@code hhmm[ss[...]]}.
     * Returns the position after it or FAIL.
     */
    private static int time(CharSequence s, int pos, int end, ParsedTime t, boolean basicAllowed) {
        if (pos == FAIL) {
            return FAIL;
        }
        t.hour = fixedDigits(s, pos, end, 2);
        if (t.hour < 0) {
            return FAIL;
        }
        pos += 2;
        boolean extended = pos < end && s.charAt(pos) == ':';
        if (!extended && !basicAllowed) {
            return FAIL;
        }
        if (extended) {
            pos++;
        }
        t.minute = fixedDigits(s, pos, end, 2);
        if (t.minute < 0) {
            return FAIL;
        }
        pos += 2;
        if (extended) {
            if (pos >= end || s.charAt(pos) != ':') {
                return pos;
            }
            pos++;
        } else if (pos >= end || !Ascii.isDigit(s.charAt(pos))) {
            return pos;
        }
        t.second = fixedDigits(s, pos, end, 2);
        if (t.second < 0) {
            return FAIL;
        }
        pos += 2;
        if (pos < end) {
            char c = s.charAt(pos);
            if (c == '.' || c == ',') {
                pos = fraction(s, pos + 1, end, t);
            }
        }
        return pos;
    }

    /** Fraction digits: the first nine make the nanoseconds, the rest are cut (never rounded). */
    private static int fraction(CharSequence s, int pos, int end, ParsedTime t) {
        int start = pos;
        int nanos = 0;
        while (pos < end) {
            int d = s.charAt(pos) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            if (pos - start < 9) {
                nanos = nanos * 10 + d;
            }
            pos++;
        }
        int digits = pos - start;
        if (digits == 0) {
            return FAIL;
        }
        for (int i = digits; i < 9; i++) {
            nanos *= 10;
        }
        t.nano = nanos;
        return pos;
    }

    /**
     * What may follow the time: nothing, or optional spaces and a zone; after a numeric offset
     * also Go's zone abbreviation and monotonic clock reading, which carry no more information.
     */
    private static boolean zoneTail(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return false;
        }
        pos = skipSpaces(s, pos, end);
        if (pos == end) {
            return true;
        }
        char c = s.charAt(pos);
        if ((c == 'Z' || c == 'z') && pos + 1 == end) {
            // RFC 3339's UTC ending, by far the most common one: no name lookup needed
            t.hasZone = true;
            t.offsetSeconds = 0;
            return true;
        }
        boolean numeric = c == '+' || c == '-';
        pos = zone(s, pos, end, t);
        if (pos == FAIL) {
            return false;
        }
        int next = skipSpaces(s, pos, end);
        if (next == end) {
            return true;
        }
        if (!numeric || next == pos) {
            return false;
        }
        pos = next;
        // Go: "+0900 JST", or for zones without an abbreviation "-0330 -0330". tz database
        // abbreviations start with a capital (JST, CEST, ChST); a lower-case word is other text.
        char first = s.charAt(pos);
        if (first >= 'A' && first <= 'Z') {
            pos = letters(s, pos, end);
        } else if (first == '+' || first == '-') {
            int q = digitsFrom(s, pos + 1, end);
            if (q == pos + 1) {
                return false;
            }
            pos = q;
        }
        next = skipSpaces(s, pos, end);
        if (next == end) {
            return true;
        }
        if (next == pos) {
            return false;
        }
        return monotonicReading(s, next, end);
    }

    /** Go's {@code m=+0.000123456}: must be the whole rest of the text. */
    private static boolean monotonicReading(CharSequence s, int pos, int end) {
        if (end - pos < 5 || s.charAt(pos) != 'm' || s.charAt(pos + 1) != '=') {
            return false;
        }
        char sign = s.charAt(pos + 2);
        if (sign != '+' && sign != '-') {
            return false;
        }
        int q = digitsFrom(s, pos + 3, end);
        if (q == pos + 3 || q >= end || s.charAt(q) != '.') {
            return false;
        }
        int r = digitsFrom(s, q + 1, end);
        return r > q + 1 && r == end;
    }

    /**
     * A zone at {@code pos}: {@code Z}, {@code ±hh[[:]mm]}, or a name of {@link ZoneNames}
     * (universal names optionally followed by {@code ±h[h][[:]mm]}). Sets the offset; returns the
     * position after it or FAIL.
     */
    private static int zone(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL || pos >= end) {
            return FAIL;
        }
        char c = s.charAt(pos);
        if (c == '+' || c == '-') {
            return offset(s, pos, end, t, 2);
        }
        int q = letters(s, pos, end);
        if (q == pos) {
            return FAIL;
        }
        int named = ZoneNames.offsetSeconds(s, pos, q);
        if (named == ZoneNames.UNKNOWN) {
            return FAIL;
        }
        t.hasZone = true;
        t.offsetSeconds = named;
        if (q < end && (s.charAt(q) == '+' || s.charAt(q) == '-') && ZoneNames.takesOffsetSuffix(s, pos, q)) {
            return offset(s, q, end, t, 1);
        }
        return q;
    }

    /** {@code ±hh}, {@code ±hhmm}, {@code ±hh:mm} (one hour digit allowed after UTC/GMT). */
    private static int offset(CharSequence s, int pos, int end, ParsedTime t, int minHourDigits) {
        int sign = s.charAt(pos) == '-' ? -1 : 1;
        pos++;
        int q = digitsFrom(s, pos, end);
        int hours;
        int minutes = 0;
        int n = q - pos;
        if (n == 1 && minHourDigits == 1 || n == 2) {
            hours = fixedDigits(s, pos, end, n);
            pos = q;
            if (pos < end && s.charAt(pos) == ':') {
                minutes = fixedDigits(s, pos + 1, end, 2);
                if (minutes < 0 || (pos + 3 < end && Ascii.isDigit(s.charAt(pos + 3)))) {
                    return FAIL;
                }
                pos += 3;
            }
        } else if (n == 4 || (n == 3 && minHourDigits == 1)) {
            hours = fixedDigits(s, pos, end, n - 2);
            minutes = fixedDigits(s, pos + n - 2, end, 2);
            pos = q;
        } else {
            return FAIL;
        }
        int total = hours * 3600 + minutes * 60;
        if (minutes > 59 || total > MAX_OFFSET_SECONDS) {
            return FAIL;
        }
        t.hasZone = true;
        t.offsetSeconds = sign * total;
        return pos;
    }

    /** One or two digits of a day of month. */
    private static int dayOfMonth(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return FAIL;
        }
        int q = digitsFrom(s, pos, end);
        int n = q - pos;
        if (n < 1 || n > 2) {
            return FAIL;
        }
        t.day = fixedDigits(s, pos, end, n);
        return q;
    }

    private static int monthName(CharSequence s, int pos, int end, ParsedTime t) {
        if (pos == FAIL) {
            return FAIL;
        }
        int q = letters(s, pos, end);
        t.month = CalendarNames.month(s, pos, q);
        return t.month == 0 ? FAIL : q;
    }

    /**
     * Checks the fields and turns them into the instant.
     *
     * <p>A weekday name in the text is only checked to be one: it is redundant with the date, and
     * when the two disagree (hand-written or mis-generated text) the digits are what the writer
     * measured, so they win rather than the record being dropped.
     */
    private boolean finish(ParsedTime t) {
        if (!CivilCalendar.isValidDate(t.year, t.month, t.day) || t.hour > 23 || t.minute > 59 || t.second > 60) {
            return false;
        }
        long days = CivilCalendar.daysFromCivil(t.year, t.month, t.day);
        int second = t.second;
        int nanos = t.nano;
        if (second == 60) {
            // A leap second: keep it inside its minute, after every other instant of that minute.
            second = 59;
            nanos = 999_999_999;
        }
        long local = days * CivilCalendar.SECONDS_PER_DAY + t.hour * 3600L + t.minute * 60L + second;
        long epochSecond = t.hasZone ? local - t.offsetSeconds : resolver.toEpochSecond(local);
        t.set(epochSecond, nanos, !t.hasZone);
        return true;
    }

    // ------------------------------------------------------------------ characters

    /** Exactly {@code count} ASCII digits at {@code pos} as a number, or FAIL. */
    private static int fixedDigits(CharSequence s, int pos, int end, int count) {
        if (pos < 0 || pos + count > end) {
            return FAIL;
        }
        int v = 0;
        for (int i = pos; i < pos + count; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return FAIL;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static int digitsFrom(CharSequence s, int pos, int end) {
        while (pos < end && Ascii.isDigit(s.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    private static int letters(CharSequence s, int pos, int end) {
        while (pos < end && Ascii.isLetter(s.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    private static int skipSpaces(CharSequence s, int pos, int end) {
        while (pos < end && s.charAt(pos) == ' ') {
            pos++;
        }
        return pos;
    }

    /** At least one space, then any more; FAIL if there is none. */
    private static int requiredSpaces(CharSequence s, int pos, int end) {
        if (pos == FAIL || pos >= end || s.charAt(pos) != ' ') {
            return FAIL;
        }
        return skipSpaces(s, pos, end);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    /** Region ids of the tz database, looked up case-insensitively; built on first use. */
    private static final class RegionIds {
        private static final Map<String, String> BY_LOWER_CASE = build();

        private static Map<String, String> build() {
            Map<String, String> m = new HashMap<>();
            for (String id : ZoneId.getAvailableZoneIds()) {
                m.put(id.toLowerCase(Locale.ROOT), id);
            }
            return m;
        }

        static String canonical(String text) {
            return BY_LOWER_CASE.get(text.toLowerCase(Locale.ROOT));
        }
    }
}
