package dev.flinklog.core.time;

/**
 * A time written as a JSON object of integers, as two producers do: log4j2's {@code instant} with
 * {@code epochSecond} and {@code nanoOfSecond}, and Google Cloud's {@code timestamp} with {@code
 * seconds} and {@code nanos}. A reader hands each member it meets to {@link #member}, then asks
 * {@link #resolve} for the instant. Reusable ({@link #reset}); not thread-safe.
 */
public final class TimeObject {

    /** More digits than a long holds safely are not an epoch second or a nanosecond count. */
    private static final int MAX_DIGITS = 18;

    private long seconds;
    private long nanos;
    private boolean haveSeconds;

    /** Forgets the members of the previous object. */
    public void reset() {
        seconds = 0;
        nanos = 0;
        haveSeconds = false;
    }

    /**
     * One member, its value given as the text of a JSON integer or of a string holding one ({@code
     * "1726490096"}, as proto3's JSON mapping writes int64). Other members and values that are not
     * integers of up to 18 digits (surrounding
     * whitespace allowed) are ignored.
     */
    public void member(String name, CharSequence integer) {
        boolean second = name.equals("epochSecond") || name.equals("seconds");
        if (!second && !name.equals("nanoOfSecond") && !name.equals("nanos")) {
            return;
        }
        int start = 0;
        int end = integer.length();
        while (start < end && integer.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && integer.charAt(end - 1) <= ' ') {
            end--;
        }
        boolean negative = start < end && integer.charAt(start) == '-';
        int digits = negative ? start + 1 : start;
        if (digits == end || end - digits > MAX_DIGITS) {
            return;
        }
        long v = 0;
        for (int i = digits; i < end; i++) {
            char c = integer.charAt(i);
            if (c < '0' || c > '9') {
                return;
            }
            v = v * 10 + (c - '0');
        }
        if (negative) {
            v = -v;
        }
        if (second) {
            seconds = v;
            haveSeconds = true;
        } else {
            nanos = v;
        }
    }

    /** The instant of the members read, into {@code out}; false without a seconds member or out of range. */
    public boolean resolve(ParsedTime out) {
        return haveSeconds && TimestampParser.fromEpochSeconds(seconds, nanos, out);
    }
}
