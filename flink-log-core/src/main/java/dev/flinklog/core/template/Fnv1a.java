package dev.flinklog.core.template;

/**
 * FNV-1a 64 over UTF-8, fed piece by piece: the one home of the fingerprint's hash. A leaf: it
 * knows nothing of templates, so the scanner can use it and nothing here depends on the scanner.
 *
 * <p>The steps take and return the running hash, so that the scanner can keep it in a local
 * variable across a message (literal runs, placeholders, spaces) and still end with exactly the
 * hash of the whole template. An unpaired surrogate is hashed as {@code ?} (0x3F), the way {@code
 * String.getBytes(UTF_8)} encodes it.
 */
final class Fnv1a {

    static final long OFFSET = 0xcbf29ce484222325L;
    static final long PRIME = 0x100000001b3L;

    private Fnv1a() {}

    static long hashByte(long h, int b) {
        return (h ^ (b & 0xFF)) * PRIME;
    }

    /** The hash after the three bytes of {@code <*>}. */
    static long hashPlaceholder(long h) {
        h = (h ^ '<') * PRIME;
        h = (h ^ '*') * PRIME;
        return (h ^ '>') * PRIME;
    }

    /** The hash after the UTF-8 bytes of a non-ASCII char that is not part of a surrogate pair. */
    static long hashNonAscii(long h, char c) {
        if (c < 0x800) {
            h = (h ^ (0xC0 | (c >> 6))) * PRIME;
            return (h ^ (0x80 | (c & 0x3F))) * PRIME;
        }
        if (Character.isSurrogate(c)) {
            return (h ^ '?') * PRIME;
        }
        h = (h ^ (0xE0 | (c >> 12))) * PRIME;
        h = (h ^ (0x80 | ((c >> 6) & 0x3F))) * PRIME;
        return (h ^ (0x80 | (c & 0x3F))) * PRIME;
    }

    /** The hash after the four UTF-8 bytes of the code point of a surrogate pair. */
    static long hashPair(long h, char high, char low) {
        int cp = Character.toCodePoint(high, low);
        h = (h ^ (0xF0 | (cp >> 18))) * PRIME;
        h = (h ^ (0x80 | ((cp >> 12) & 0x3F))) * PRIME;
        h = (h ^ (0x80 | ((cp >> 6) & 0x3F))) * PRIME;
        return (h ^ (0x80 | (cp & 0x3F))) * PRIME;
    }

    /**
     * Feeds the UTF-8 encoding of {@code s[from, to)}. Surrogate pairs are looked at as pairs
     * inside the range; the scanner only cuts ranges next to ASCII characters, so a pair is never
     * split between two calls. Only an array version: the scanner reads its copy of the message,
     * and {@code Fingerprint.ofTemplate}, which is not on the scanner's path, copies its text.
     */
    static long hashChars(long h, char[] s, int from, int to) {
        for (int j = from; j < to; j++) {
            char c = s[j];
            char d;
            if (c < 0x80) {
                h = (h ^ c) * PRIME;
            } else if (Character.isHighSurrogate(c) && j + 1 < to && Character.isLowSurrogate(d = s[j + 1])) {
                h = hashPair(h, c, d);
                j++;
            } else {
                h = hashNonAscii(h, c);
            }
        }
        return h;
    }
}
