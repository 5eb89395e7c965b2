package dev.flinklog.core.time;

import java.time.ZoneId;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Region ids of the tz database ({@code Asia/Tokyo}), looked up case-insensitively for {@link
 * TimestampParser#forZone(CharSequence)}; the table is built on first use, so a parser that never
 * reads a zone name never pays for it.
 */
final class RegionIds {

    private static final Map<String, String> BY_LOWER_CASE = build();

    private RegionIds() {}

    private static Map<String, String> build() {
        Map<String, String> m = new HashMap<>();
        for (String id : ZoneId.getAvailableZoneIds()) {
            m.put(id.toLowerCase(Locale.ROOT), id);
        }
        return m;
    }

    /** The id as the tz database spells it, or null when there is no such region. */
    static String canonical(String text) {
        return BY_LOWER_CASE.get(text.toLowerCase(Locale.ROOT));
    }
}
