package dev.flinklog.core.lines;

import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * What every shape reader needs besides the line: the zone of times written without one, the
 * reference instant that year-less and date-less times are placed before (the record's arrival),
 * and the time rules built on them. One per {@link LineParser}, so one per task; not thread-safe.
 */
final class LineContext {

    /** A year-less time may lie this far after the reference (clocks and zones disagree a little). */
    static final long YEARLESS_SLACK_MILLIS = 24L * 3600 * 1000;

    /** A date-less time may lie this far after the reference. */
    static final long DATELESS_SLACK_MILLIS = 5L * 60 * 1000;

    final TimestampParser times;
    private final ZoneId zone;
    private long reference;

    /** The local date of the reference, cached while the reference stays within that day. */
    private long dayStart = Long.MAX_VALUE;

    private long dayEnd = Long.MIN_VALUE;
    private int year;
    private int month;
    private int day;

    /**
     * The last span {@link #time} read in the current line and what it gave: several shapes start
     * with the same token (an ISO time leads CRI, syslog, MySQL, Java layouts …), and each reader
     * that tries the line asks for it again.
     */
    private CharSequence lastLine;

    private int lastFrom;
    private int lastTo;
    private boolean lastOk;
    private final ParsedTime last = new ParsedTime();

    /** The span of the current line where the access-log head (shared by COMBINED and CLF) failed. */
    private CharSequence accessLine;

    private int accessFrom;
    private int accessTo;

    LineContext(TimestampParser times) {
        this.times = times;
        this.zone = times.defaultZone();
    }

    /** Sets the instant the line arrived at (epoch millis): year-less times are placed before it. */
    void reference(long epochMillis) {
        reference = epochMillis;
        lastLine = null;
        accessLine = null;
        if (epochMillis < dayStart || epochMillis >= dayEnd) {
            ZonedDateTime at = Instant.ofEpochMilli(epochMillis).atZone(zone);
            LocalDate date = at.toLocalDate();
            year = date.getYear();
            month = date.getMonthValue();
            day = date.getDayOfMonth();
            dayStart = date.atStartOfDay(zone).toInstant().toEpochMilli();
            dayEnd = date.plusDays(1).atStartOfDay(zone).toInstant().toEpochMilli();
        }
    }

    /** Notes that the access-log head failed on {@code s[from, to)} of the current line. */
    void markAccessHeadFailed(CharSequence s, int from, int to) {
        accessLine = s;
        accessFrom = from;
        accessTo = to;
    }

    /** Whether {@link #markAccessHeadFailed} was called for this span of the current line. */
    boolean accessHeadFailed(CharSequence s, int from, int to) {
        return s == accessLine && from == accessFrom && to == accessTo;
    }

    /** A complete timestamp in {@code s[from, to)}, as {@code LOG_TIMESTAMP} reads it. */
    boolean time(CharSequence s, int from, int to, ParsedLine out) {
        if (s != lastLine || from != lastFrom || to != lastTo) {
            lastOk = times.parse(s, from, to, last);
            lastLine = s;
            lastFrom = from;
            lastTo = to;
        }
        if (lastOk) {
            out.timeTarget().set(last);
            out.timeSet(false);
            return true;
        }
        return false;
    }

    /**
     * A Unix time in seconds and nanoseconds (a Linux audit record's {@code audit(1481076983.819:7798)}):
     * an instant, read in no zone.
     */
    boolean epochSeconds(long seconds, long nanos, ParsedLine out) {
        if (seconds < 0 || !TimestampParser.fromEpochSeconds(seconds, nanos, out.timeTarget())) {
            return false;
        }
        out.timeSet(false);
        return true;
    }

    /**
     * A time without a year ({@code Oct 11 22:14:15}, klog's {@code 1011 22:14:15.000001}) in the
     * default zone, in the year that puts it closest before the reference (a December line read in
     * January is last year's). Feb 29 goes back to the last leap year.
     */
    boolean yearless(int month, int day, int hour, int minute, int second, int nanos, ParsedLine out) {
        return yearless(month, day, hour, minute, second, nanos, TimestampParser.NO_ZONE, out);
    }

    /**
     * As {@link #yearless(int, int, int, int, int, int, ParsedLine)}, at {@code offsetSeconds} from
     * UTC when it is not {@link TimestampParser#NO_ZONE} (a zone the line names: Cisco IOS's {@code
     * Mar  1 18:46:11 UTC:}).
     */
    boolean yearless(
            int month, int day, int hour, int minute, int second, int nanos, int offsetSeconds, ParsedLine out) {
        ParsedTime t = out.timeTarget();
        for (int y = year, tries = 0; tries < 5; y--, tries++) {
            if (at(y, month, day, hour, minute, second, nanos, offsetSeconds, t)
                    && t.epochMilli() <= reference + YEARLESS_SLACK_MILLIS) {
                out.timeSet(true);
                return true;
            }
        }
        return false;
    }

    /**
     * A local date and time written as separate numbers (glog's {@code I20210131 14:48:54.411655}),
     * in the default zone.
     */
    boolean dateTime(int year, int month, int day, int hour, int minute, int second, int nanos, ParsedLine out) {
        if (local(year, month, day, hour, minute, second, nanos, out.timeTarget())) {
            out.timeSet(false);
            return true;
        }
        return false;
    }

    /**
     * A time of day alone ({@code 22:14:15.123}, as log4j's and logback's default layouts write
     * it), on the day that puts it closest before the reference.
     */
    boolean dateless(int hour, int minute, int second, int nanos, ParsedLine out) {
        ParsedTime t = out.timeTarget();
        if (!local(year, month, day, hour, minute, second, nanos, t)) {
            return false;
        }
        if (t.epochMilli() > reference + DATELESS_SLACK_MILLIS) {
            LocalDate before = LocalDate.of(year, month, day).minusDays(1);
            if (!local(
                    before.getYear(), before.getMonthValue(), before.getDayOfMonth(), hour, minute, second, nanos, t)) {
                return false;
            }
        }
        out.timeSet(true);
        return true;
    }

    /**
     * A zone-less time {@code s[from, to)} read in the tz region named by {@code s[zoneFrom,
     * zoneTo)} ({@code Europe/Berlin}: PHP names its {@code date.timezone} so). The last region's
     * parser is kept, so a source that writes one region looks it up once; false for an unknown
     * region or a time the parser does not read.
     */
    boolean timeInRegion(CharSequence s, int from, int to, int zoneFrom, int zoneTo, ParsedLine out) {
        if (region == null || !Scan.regionEquals(s, zoneFrom, zoneTo, region)) {
            String name = s.subSequence(zoneFrom, zoneTo).toString();
            TimestampParser p = TimestampParser.forZone(name);
            if (p == null) {
                return false;
            }
            region = name;
            regionTimes = p;
        }
        if (!regionTimes.parse(s, from, to, out.timeTarget())) {
            return false;
        }
        out.timeSet(false);
        return true;
    }

    /** The region {@link #timeInRegion} read last, and its parser. */
    private String region;

    private TimestampParser regionTimes;

    /**
     * A complete local date-time in the default zone whose fields the reader took apart itself,
     * for layouts the timestamp parser has no form for (Tomcat's {@code 31-Jul-2020 16:40:38.505},
     * MySQL's {@code 190306  9:05:01}, Spark's {@code 17/06/09 20:10:40}).
     */
    boolean civil(int year, int month, int day, int hour, int minute, int second, int nanos, ParsedLine out) {
        return civil(year, month, day, hour, minute, second, nanos, TimestampParser.NO_ZONE, out);
    }

    /** As {@link #civil(int, int, int, int, int, int, int, ParsedLine)}, at {@code offsetSeconds} as for {@link #yearless}. */
    boolean civil(
            int year,
            int month,
            int day,
            int hour,
            int minute,
            int second,
            int nanos,
            int offsetSeconds,
            ParsedLine out) {
        if (at(year, month, day, hour, minute, second, nanos, offsetSeconds, out.timeTarget())) {
            out.timeSet(false);
            return true;
        }
        return false;
    }

    /** {@link #local}, or at a fixed offset from UTC when one is given. */
    private boolean at(int y, int mo, int d, int h, int mi, int s, int nanos, int offsetSeconds, ParsedTime out) {
        return offsetSeconds == TimestampParser.NO_ZONE
                ? local(y, mo, d, h, mi, s, nanos, out)
                : TimestampParser.atOffset(y, mo, d, h, mi, s, nineDigits(nanos), offsetSeconds, out);
    }

    /** More than nine digits of fraction: the text form keeps the first nine. */
    private static int nineDigits(int nanos) {
        while (nanos > 999_999_999) {
            nanos /= 10;
        }
        return nanos;
    }

    /**
     * A local date-time in the default zone, through the one timestamp parser: from the numbers
     * directly, as its text would read, so no text is written and parsed again per line.
     */
    private boolean local(int y, int mo, int d, int h, int mi, int s, int nanos, ParsedTime out) {
        return times.local(y, mo, d, h, mi, s, nineDigits(nanos), out);
    }
}
