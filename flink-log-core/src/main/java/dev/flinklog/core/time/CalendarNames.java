package dev.flinklog.core.time;

/**
 * English month and weekday names as log formats write them (RFC 2822, Common Log Format, C
 * {@code asctime}): matched case-insensitively on the first three letters or more of the full
 * name ({@code Sep}, {@code Sept}, {@code SEPTEMBER}), with no allocation.
 */
final class CalendarNames {

    /** Month names, January first; index + 1 is the month number. */
    static final String[] MONTHS = {
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december"
    };

    /** Weekday names, Monday first; index + 1 is the ISO day of week. */
    static final String[] WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};

    private CalendarNames() {}

    /** Month 1..12 named by the ASCII letters in {@code [start, end)}, or 0. */
    static int month(CharSequence s, int start, int end) {
        return find(MONTHS, s, start, end);
    }

    /** ISO day of week 1..7 named by the ASCII letters in {@code [start, end)}, or 0. */
    static int weekday(CharSequence s, int start, int end) {
        return find(WEEKDAYS, s, start, end);
    }

    // The first three letters already tell every month (and every weekday) apart, so a prefix of
    // three or more letters of exactly one name identifies it.
    private static int find(String[] names, CharSequence s, int start, int end) {
        int len = end - start;
        if (len < 3) {
            return 0;
        }
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            if (len <= name.length() && lettersMatch(name, s, start, len)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** Compares ASCII letters case-insensitively; callers pass letter runs only. */
    private static boolean lettersMatch(String lowerName, CharSequence s, int start, int len) {
        for (int i = 0; i < len; i++) {
            if ((s.charAt(start + i) | 0x20) != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
