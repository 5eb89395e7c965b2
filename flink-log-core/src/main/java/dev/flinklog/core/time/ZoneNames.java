package dev.flinklog.core.time;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The zone names a timestamp may carry instead of a numeric offset. This is the one place they are
 * listed; docs/functions.md shows the same table and a test keeps the two equal.
 *
 * <p>Only names with one meaning are here: the universal ones and the North American names that
 * RFC 822/2822 define. Other abbreviations ({@code IST}, {@code BST}, {@code CST} in China...) mean
 * different offsets in different places, so text that carries only such a name is rejected rather
 * than guessed. Go's {@code time.String()} writes a numeric offset before its abbreviation; there
 * the abbreviation is skipped and the offset decides.
 */
final class ZoneNames {

    /** Returned by {@link #offsetSeconds} for a name not in the table. */
    static final int UNKNOWN = Integer.MIN_VALUE;

    private static final String[] NAMES = {
        "Z", "UT", "UTC", "GMT", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT"
    };

    private static final int[] OFFSET_HOURS = {0, 0, 0, 0, -5, -4, -6, -5, -7, -6, -8, -7};

    private ZoneNames() {}

    /**
     * The offset in seconds of the zone named by the ASCII letters in {@code [start, end)}, matched
     * case-insensitively, or {@link #UNKNOWN}.
     */
    static int offsetSeconds(CharSequence s, int start, int end) {
        int len = end - start;
        for (int i = 0; i < NAMES.length; i++) {
            String name = NAMES[i];
            if (name.length() == len && upperMatch(name, s, start, len)) {
                return OFFSET_HOURS[i] * 3600;
            }
        }
        return UNKNOWN;
    }

    /**
     * Whether the name is a universal-time name that may be followed by an offset from it, as in
     * {@code UTC+2} or {@code GMT+09:00}.
     */
    static boolean takesOffsetSuffix(CharSequence s, int start, int end) {
        return end - start >= 2 && offsetSeconds(s, start, end) == 0;
    }

    /** The table, in documented order: name to offset as {@code ±hh:mm}. */
    static Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < NAMES.length; i++) {
            int h = OFFSET_HOURS[i];
            m.put(NAMES[i], (h < 0 ? "-" : "+") + (Math.abs(h) < 10 ? "0" : "") + Math.abs(h) + ":00");
        }
        return Collections.unmodifiableMap(m);
    }

    private static boolean upperMatch(String upperName, CharSequence s, int start, int len) {
        for (int i = 0; i < len; i++) {
            // callers pass ASCII letter runs only, so clearing bit 5 upper-cases exactly
            if ((s.charAt(start + i) & ~0x20) != upperName.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
