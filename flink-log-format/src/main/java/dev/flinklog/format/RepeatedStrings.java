package dev.flinklog.format;

import org.apache.flink.table.data.StringData;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Java Strings that a reader turns into rows again and again: label keys and values (the core's
 * label rules give them as Strings) and services named by a producer's shape. Each short one is
 * encoded to UTF-8 once and shared by the rows that hold it. Without this, every row's string data
 * would hold a Java String, which Flink encodes at the sink (Iceberg's writer asks every string for
 * its bytes) or at the first copy, once per row.
 *
 * <p>Sharing is safe: Flink's string data is never changed, and one built from bytes has nothing
 * left to compute lazily but its Java String, which is immutable. One per reader, used by the
 * reader's thread.
 */
final class RepeatedStrings {

    /** The longest String kept, and how many are kept before starting afresh. */
    static final int MAX_LENGTH = 64;

    private static final int MAX_KEPT = 1024;

    private final Map<String, StringData> kept = new HashMap<>();

    /** {@code s} as string data: the one kept for it if it is short, else a new one. */
    StringData of(String s) {
        if (s.length() > MAX_LENGTH) {
            return StringData.fromString(s);
        }
        StringData d = kept.get(s);
        if (d == null) {
            if (kept.size() >= MAX_KEPT) {
                kept.clear(); // values that stopped repeating (pods come and go)
            }
            d = StringData.fromBytes(s.getBytes(StandardCharsets.UTF_8));
            kept.put(s, d);
        }
        return d;
    }
}
