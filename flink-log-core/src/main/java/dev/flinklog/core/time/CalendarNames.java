package dev.flinklog.core.time;

/**
 * English month and weekday names as log formats write them (RFC 2822, Common Log Format, C
 * {@code asctime}): matched case-insensitively on the first three letters or more of the full
 * name ({@code Sep}, {@code Sept}, {@code SEPTEMBER}), with no allocation.
 */
public final class CalendarNames {

    /** Month names, January first; index + 1 is the month number. */
    static final String[] MONTHS = {
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december"
    };

    /** Weekday names, Monday first; index + 1 is the ISO day of week. */
    static final String[] WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};

    private CalendarNames() {}

    /** Month 1..12 named by the ASCII letters in {@code [start, end)}, or 0. */
    public static int month(CharSequence s, int start, int end) {
        return find(MONTHS, MONTH_BY_LETTERS, s, start, end);
    }

    /** ISO day of week 1..7 named by the ASCII letters in {@code [start, end)}, or 0. */
    public static int weekday(CharSequence s, int start, int end) {
        return find(WEEKDAYS, WEEKDAY_BY_LETTERS, s, start, end);
    }

    // The first three letters already tell every month (and every weekday) apart, so a prefix of
    // three or more letters of exactly one name identifies it: the three letters index a table
    // (built once) that names the one candidate, and the rest of the run is compared with it.
    private static final byte[] MONTH_BY_LETTERS = byFirstLetters(MONTHS);
    private static final byte[] WEEKDAY_BY_LETTERS = byFirstLetters(WEEKDAYS);

    private static byte[] byFirstLetters(String[] names) {
        byte[] table = new byte[26 * 26 * 26];
        for (int i = 0; i < names.length; i++) {
            String n = names[i];
            table[letters(n.charAt(0), n.charAt(1), n.charAt(2))] = (byte) (i + 1);
        }
        return table;
    }

    /** The table index of three ASCII letters in either case, or -1. */
    private static int letters(char a, char b, char c) {
        int x = (a | 0x20) - 'a';
        int y = (b | 0x20) - 'a';
        int z = (c | 0x20) - 'a';
        if ((x | y | z) < 0 || x > 25 || y > 25 || z > 25) {
            return -1;
        }
        return (x * 26 + y) * 26 + z;
    }

    private static int find(String[] names, byte[] byLetters, CharSequence s, int start, int end) {
        int len = end - start;
        if (len < 3) {
            return 0;
        }
        int k = letters(s.charAt(start), s.charAt(start + 1), s.charAt(start + 2));
        if (k < 0) {
            return 0;
        }
        int n = byLetters[k];
        return n > 0 && len <= names[n - 1].length() && lettersMatch(names[n - 1], s, start, len) ? n : 0;
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
