package dev.flinklog.core.time;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The zone names a timestamp may carry instead of a numeric offset. This is the one place they are
 * listed; docs/functions.md shows the same table and a test keeps the two equal.
 *
 * <p>Only names with one meaning are here: the universal ones, the North American names that
 * RFC 822/2822 define, and the tz database's abbreviations that one region alone uses (Europe's
 * {@code CET}/{@code CEST}, {@code EET}/{@code EEST}, {@code WET}/{@code WEST}; Japan's, Korea's,
 * Hong Kong's, Australia's, New Zealand's, Hawaii's, Alaska's, South Africa's), which servers such as
 * PostgreSQL print for their {@code log_timezone}. {@code CST} is RFC 822's North American
 * Central time, never China's. Other abbreviations ({@code IST}, {@code BST}, {@code MSK} whose
 * offset changed in 2011 and 2014...) mean different offsets in different places or years, so text
 * that carries only such a name is rejected rather than guessed. Go's {@code time.String()} writes a numeric offset before its abbreviation; there the
 * abbreviation is skipped and the offset decides.
 */
final class ZoneNames {

    /** Returned by {@link #offsetSeconds} for a name not in the table. */
    static final int UNKNOWN = Integer.MIN_VALUE;

    private static final String[] NAMES = {
        "Z", "UT", "UTC", "GMT", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST", "WET",
        "WEST", "CET", "CEST", "MET", "MEST", "EET", "EEST", "SAST", "HKT", "JST", "KST", "AWST", "ACST", "ACDT",
        "AEST", "AEDT", "NZST", "NZDT"
    };

    private static final int[] OFFSET_MINUTES = {
        0, 0, 0, 0, -300, -240, -360, -300, -420, -360, -480, -420, -540, -480, -600, 0, 60, 60, 120, 60, 120, 120, 180,
        120, 480, 540, 540, 480, 570, 630, 600, 660, 720, 780
    };

    /**
     * Abbreviations that are zone names but not in the table: of several offsets ({@code IST},
     * {@code BST}), of an offset that changed ({@code MSK}), or no longer in the tz database ({@code
     * SGT}, {@code BRT}, {@code ART}). Never read as a zone; a layout that writes its zone apart from
     * the time (Cisco IOS's {@code 08:23:43 IST:}) leaves such a time unread rather than read it in
     * the default zone.
     */
    private static final String[] WITHOUT_OFFSET = {"IST", "BST", "MSK", "SGT", "BRT", "ART"};

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
                return OFFSET_MINUTES[i] * 60;
            }
        }
        return UNKNOWN;
    }

    /** Whether {@code [start, end)} (ASCII letters, any case) is a zone name of {@link #WITHOUT_OFFSET}. */
    static boolean withoutOffset(CharSequence s, int start, int end) {
        int len = end - start;
        for (String name : WITHOUT_OFFSET) {
            if (name.length() == len && upperMatch(name, s, start, len)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the name is a universal-time name that may be followed by an offset from it, as in
     * {@code UTC+2} or {@code GMT+09:00}.
     */
    static boolean takesOffsetSuffix(CharSequence s, int start, int end) {
        int len = end - start;
        // UT, UTC, GMT: the first names of the table, not WET (zero too, but a region's)
        for (int i = 1; i < UNIVERSAL; i++) {
            if (NAMES[i].length() == len && upperMatch(NAMES[i], s, start, len)) {
                return true;
            }
        }
        return false;
    }

    /** How many of the first names are universal time ({@code Z}, {@code UT}, {@code UTC}, {@code GMT}). */
    private static final int UNIVERSAL = 4;

    /** The table, in documented order: name to offset as {@code ±hh:mm}. */
    static Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < NAMES.length; i++) {
            int minutes = Math.abs(OFFSET_MINUTES[i]);
            m.put(
                    NAMES[i],
                    String.format("%s%02d:%02d", OFFSET_MINUTES[i] < 0 ? "-" : "+", minutes / 60, minutes % 60));
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
