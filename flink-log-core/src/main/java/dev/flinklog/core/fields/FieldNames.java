package dev.flinklog.core.fields;

import java.util.List;

/**
 * The canonical form of a field name, so that {@code service.name}, {@code service_name},
 * {@code serviceName}, {@code Service-Name} and the nested path {@code service} → {@code name} are
 * one and the same key.
 *
 * <p>Rules, applied to each segment of a path:
 *
 * <ul>
 *   <li>letters and digits are kept, letters lower-cased;
 *   <li>every other character ({@code . / - _ :} space {@code @} ...) separates words; a run of them
 *       is one {@code _}, and none is kept at the start or end;
 *   <li>camelCase separates words too: before an upper-case letter that follows a lower-case
 *       letter or a digit ({@code serviceName}), and before the last upper-case letter of an
 *       acronym that is followed by a lower-case one ({@code HTTPStatus} → {@code http_status});
 *   <li>the segments of a path are joined with {@code _}; segments that are empty after these rules
 *       are dropped.
 * </ul>
 *
 * <p>The comparisons ({@link #matchSegment}, {@link #equalsCanonical}) walk the raw name and never
 * allocate, so a streaming reader can compare every JSON key it meets with precomputed canonical
 * column names at no cost per record.
 */
public final class FieldNames {

    private FieldNames() {}

    /** The canonical form of one name, e.g. {@code app.kubernetes.io/name} → {@code app_kubernetes_io_name}. */
    public static String canonical(CharSequence name) {
        StringBuilder sb = new StringBuilder(name.length() + 4);
        append(sb, name);
        return sb.toString();
    }

    /** The canonical form of a path of keys, e.g. {@code ["service", "name"]} → {@code service_name}. */
    public static String canonicalPath(List<? extends CharSequence> path) {
        StringBuilder sb = new StringBuilder();
        for (CharSequence segment : path) {
            append(sb, segment);
        }
        return sb.toString();
    }

    /** The canonical form of a path of keys given as varargs. */
    public static String canonicalPath(CharSequence... path) {
        return canonicalPath(List.of(path));
    }

    /** True when {@code name} is already in canonical form. */
    public static boolean isCanonical(CharSequence name) {
        return equalsCanonical(name, name);
    }

    /** True when the raw name {@code raw} has the canonical form {@code canonical}. Allocates nothing. */
    public static boolean equalsCanonical(CharSequence raw, CharSequence canonical) {
        return matchSegment(canonical, 0, raw) == canonical.length();
    }

    /**
     * Matches the next segment of a path against a canonical key, for walking nested JSON without
     * building the joined path. Returns the position in {@code canonical} after the segment (after
     * its joining {@code _} when {@code from > 0}), or -1 when the segment does not continue the key
     * there. A segment that is empty after canonicalisation returns {@code from}. The whole path
     * matches when the last call returns {@code canonical.length()}. Allocates only a cursor.
     *
     * <pre>
     * int p = matchSegment("service_name", 0, "service");   // 7
     * p = matchSegment("service_name", p, "name");          // 12 == length: match
     * </pre>
     */
    public static int matchSegment(CharSequence canonical, int from, CharSequence segment) {
        Chars chars = new Chars(segment);
        int c = chars.next();
        if (c < 0) {
            return from;
        }
        int pos = from;
        if (from > 0) {
            if (pos >= canonical.length() || canonical.charAt(pos) != '_') {
                return -1;
            }
            pos++;
        }
        for (; c >= 0; c = chars.next()) {
            if (pos >= canonical.length() || canonical.charAt(pos) != c) {
                return -1;
            }
            pos++;
        }
        return pos;
    }

    /** Appends the canonical form of one segment, with a joining {@code _} if sb is not empty. */
    static void append(StringBuilder sb, CharSequence segment) {
        Chars chars = new Chars(segment);
        int c = chars.next();
        if (c < 0) {
            return;
        }
        if (sb.length() > 0) {
            sb.append('_');
        }
        for (; c >= 0; c = chars.next()) {
            sb.append((char) c);
        }
    }

    /**
     * The canonical form of one segment, one character at a time: the rule above, in the one place
     * it is written, for every comparison (a format's key trie walks these characters too). A
     * segment's characters never start or end with {@code _}. Reusable with {@link #reset}.
     */
    public static final class Chars {
        private CharSequence s;
        private int i;
        private boolean wroteAny;
        private boolean pendingSeparator;
        /** A letter or digit held back while the {@code _} before it is handed out; 0 for none. */
        private char held;

        public Chars(CharSequence segment) {
            reset(segment);
        }

        /** Starts over on another segment. */
        public Chars reset(CharSequence segment) {
            s = segment;
            i = 0;
            wroteAny = false;
            pendingSeparator = false;
            held = 0;
            return this;
        }

        /** The next canonical character, or -1 at the end of the segment. */
        public int next() {
            if (held != 0) {
                char c = held;
                held = 0;
                return c;
            }
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (!Character.isLetterOrDigit(c)) {
                    pendingSeparator = wroteAny;
                    i++;
                    continue;
                }
                if (wroteAny && !pendingSeparator && camelBoundary(s, i, c)) {
                    pendingSeparator = true;
                }
                i++;
                char lower = Character.toLowerCase(c);
                wroteAny = true;
                if (pendingSeparator) {
                    pendingSeparator = false;
                    held = lower;
                    return '_';
                }
                return lower;
            }
            return -1;
        }
    }

    /** Whether camelCase starts a new word at {@code i} (whose previous char is a letter or digit). */
    private static boolean camelBoundary(CharSequence s, int i, char c) {
        if (!Character.isUpperCase(c)) {
            return false;
        }
        char prev = s.charAt(i - 1);
        if (Character.isLowerCase(prev) || Character.isDigit(prev)) {
            return true;
        }
        return Character.isUpperCase(prev) && i + 1 < s.length() && Character.isLowerCase(s.charAt(i + 1));
    }
}
