package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.ZoneOffset;
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
 *       before, {@code ±hh:mm:ss}; Go's {@code time.String()} abbreviation and {@code m=±...}
 *       monotonic reading after a numeric offset are skipped, and so are RFC 9557's bracketed
 *       suffixes after {@code Z} or an offset ({@code [Asia/Tokyo]}, as Java's {@code
 *       ZonedDateTime.toString()} writes it): the offset decides;
 *   <li>RFC 1123/2822 ({@code Wed, 16 Sep 2026 12:34:56 +0000}, weekday optional), Common Log
 *       Format ({@code 16/Sep/2026:12:34:56 +0000}), C {@code asctime} ({@code Wed Sep 16 12:34:56
 *       2026}, a zone name may stand before the year as {@code date(1)} prints it), JavaScript's
 *       {@code Date.toString()} ({@code Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time)});
 *   <li>US dates, month first, 12- or 24-hour, as .NET's and JavaScript's default culture forms
 *       print them ({@code 9/16/2026, 9:34:56 PM +09:00}, {@code 09/16/2026 21:34:56});
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
 * <p>This class is the entry point: it trims the text, tells the families apart by their first
 * characters and turns the fields read into the instant ({@link #finish}). The forms live in
 * {@link IsoForms} and {@link TextualForms}, built from {@link TimeFields} and {@link
 * ZoneDesignators}; epoch numbers in {@link EpochNumbers}.
 *
 * <p>Thread-safety: a parser is immutable (it holds only its default zone) and may be shared by
 * any number of threads; each thread needs its own {@link ParsedTime}. The epoch methods are
 * static.
 */
public final class TimestampParser {

    /** A parser whose default zone is UTC. */
    public static final TimestampParser UTC = new TimestampParser(LocalTimeResolver.UTC);

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
        while (start < end && Ascii.isSpace(zoneText.charAt(start))) {
            start++;
        }
        while (end > start && Ascii.isSpace(zoneText.charAt(end - 1))) {
            end--;
        }
        if (start == end) {
            return null;
        }
        ParsedTime scratch = new ParsedTime();
        if (ZoneDesignators.zone(zoneText, start, end, scratch) == end) {
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
        while (start < end && Ascii.isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && Ascii.isSpace(text.charAt(end - 1))) {
            end--;
        }
        // Common Log Format puts the time in brackets; accept them around any form.
        if (end - start >= 2 && text.charAt(start) == '[' && text.charAt(end - 1) == ']') {
            start++;
            end--;
            while (start < end && Ascii.isSpace(text.charAt(start))) {
                start++;
            }
            while (end > start && Ascii.isSpace(text.charAt(end - 1))) {
                end--;
            }
        }
        if (start == end) {
            return false;
        }
        return byFirstCharacter(text, start, end, out);
    }

    /**
     * A zone-less local date-time given as numbers, read in the default zone: the same result as
     * {@link #parse} of its extended ISO text ({@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnn}), without
     * writing that text. For readers that took a layout's fields apart themselves. False for a
     * year outside 1-9999, a field out of range or an invalid date.
     */
    public boolean local(int year, int month, int day, int hour, int minute, int second, int nanos, ParsedTime out) {
        if (year < 1 || year > 9999 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
            return false;
        }
        if (nanos < 0 || nanos > 999_999_999) {
            return false;
        }
        out.clearScratch();
        out.year = year;
        out.month = month;
        out.day = day;
        out.hour = hour;
        out.minute = minute;
        out.second = second;
        out.nano = nanos;
        return finish(out);
    }

    /**
     * A local date-time given as numbers, at a fixed offset from UTC ({@code offsetSeconds}, as
     * {@link #zoneNameOffset} gives it): the same result as {@link #parse} of its text with that
     * offset. For readers of layouts that write a zone name apart from the time. False as {@link
     * #local} is, or for an offset beyond ±18:00.
     */
    public static boolean atOffset(
            int year,
            int month,
            int day,
            int hour,
            int minute,
            int second,
            int nanos,
            int offsetSeconds,
            ParsedTime out) {
        if (offsetSeconds < -ZoneDesignators.MAX_OFFSET_SECONDS || offsetSeconds > ZoneDesignators.MAX_OFFSET_SECONDS) {
            return false;
        }
        if (!UTC.local(year, month, day, hour, minute, second, nanos, out)) {
            return false;
        }
        out.set(out.epochSecond() - offsetSeconds, out.nanoOfSecond(), false);
        return true;
    }

    /** What {@link #zoneNameOffset} gives for a word that names no zone of one offset. */
    public static final int NO_ZONE = Integer.MIN_VALUE;

    /**
     * The offset in seconds of the zone named by {@code s[start, end)} (ASCII letters, any case) as
     * a timestamp's text may name it ({@code UTC}, {@code EST}, {@code CEST}: the names of {@link
     * ZoneNames}), else {@link #NO_ZONE}.
     */
    public static int zoneNameOffset(CharSequence s, int start, int end) {
        if (!letters(s, start, end)) {
            return NO_ZONE;
        }
        int offset = ZoneNames.offsetSeconds(s, start, end);
        return offset == ZoneNames.UNKNOWN ? NO_ZONE : offset;
    }

    /**
     * Whether {@code s[start, end)} (ASCII letters, any case) is a zone abbreviation that a timestamp
     * is never read in: of several offsets ({@code IST}, {@code BST}), of one that changed ({@code
     * MSK}), or gone from the tz database ({@code SGT}).
     */
    public static boolean zoneNameWithoutOffset(CharSequence s, int start, int end) {
        return letters(s, start, end) && ZoneNames.withoutOffset(s, start, end);
    }

    private static boolean letters(CharSequence s, int start, int end) {
        if (s == null || start < 0 || end > s.length() || start >= end) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (!Ascii.isLetter(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The first character tells the families apart: sign or digit, letter (a weekday name). */
    private boolean byFirstCharacter(CharSequence text, int start, int end, ParsedTime out) {
        char c = text.charAt(start);
        if (c == '-') {
            return EpochNumbers.fromEpochNumber(text, start, end, out);
        }
        if (Ascii.isDigit(c)) {
            return digitLed(text, start, end, out);
        }
        if (Ascii.isLetter(c)) {
            return TextualForms.weekdayLed(text, start, end, out) && finish(out);
        }
        return false;
    }

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
            return EpochNumbers.fromEpochNumber(s, p, end, t);
        }
        int n = q - p;
        char sep = next;
        boolean read;
        if (n == 4 && (sep == '-' || sep == '/')) {
            read = IsoForms.extended(s, p, end, t, lead, sep);
        } else if (n == 8 && (sep == 'T' || sep == 't')) {
            read = IsoForms.basic(s, p, end, t);
        } else if (n <= 2 && sep == '/') {
            boolean monthName = q + 1 < end && Ascii.isLetter(s.charAt(q + 1));
            read = monthName ? TextualForms.commonLog(s, p, end, t, '/') : TextualForms.monthFirst(s, p, end, t);
        } else if (n <= 2 && sep == '-' && q + 1 < end && Ascii.isLetter(s.charAt(q + 1))) {
            read = TextualForms.commonLog(s, p, end, t, '-');
        } else if (n <= 2 && sep == ' ') {
            read = TextualForms.rfc2822(s, p, end, t);
        } else {
            return false;
        }
        return read && finish(t);
    }

    /**
     * Checks the fields a form read and turns them into the instant.
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

    // ------------------------------------------------------------------ epochs

    /**
     * An integer epoch whose unit follows from its magnitude (see {@link EpochMagnitude}: below
     * 1e11 seconds, below 1e14 milliseconds, below 1e17 microseconds, else nanoseconds; the sign is
     * ignored for the choice). Exact, nanoseconds included.
     */
    public static boolean fromEpoch(long value, ParsedTime out) {
        return EpochNumbers.fromEpoch(value, out);
    }

    /**
     * Epoch seconds plus a nanosecond adjustment of any sign and size (normalised as {@code
     * Instant.ofEpochSecond(long, long)} does).
     */
    public static boolean fromEpochSeconds(long seconds, long nanoAdjustment, ParsedTime out) {
        return EpochNumbers.fromEpochSeconds(seconds, nanoAdjustment, out);
    }

    /**
     * Epoch seconds with an exact fraction. Digits past nanoseconds are cut toward the past
     * (floor), so the result never lies after the input. Allocates (BigDecimal arithmetic).
     */
    public static boolean fromEpochSeconds(BigDecimal seconds, ParsedTime out) {
        return EpochNumbers.fromEpochSeconds(seconds, out);
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
        return EpochNumbers.fromEpochNumber(text, start, end, out);
    }
}
