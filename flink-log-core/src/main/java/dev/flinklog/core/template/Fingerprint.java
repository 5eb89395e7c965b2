package dev.flinklog.core.template;

/**
 * A 64-bit fingerprint of a message's template: FNV-1a 64 over the UTF-8 bytes of {@link
 * MessageTemplate#template}, computed while scanning the message, without building the template.
 *
 * <p>Fingerprints end up in archives and dashboards for years, so the algorithm is frozen per
 * {@link #VERSION}: any change to the template rules or to the hash gets a new version number, and
 * the specification in docs/functions.md (section LOG_TEMPLATE) lets anyone recompute a value in
 * another language: FNV-1a 64 (offset basis {@code 0xcbf29ce484222325}, prime {@code
 * 0x100000001b3}) over the UTF-8 encoding of the template, an unpaired surrogate encoded as {@code
 * ?} (0x3F) the way {@code String.getBytes(UTF_8)} does it.
 *
 * <p>FNV-1a was chosen over faster multi-byte mixers because it is a published, byte-at-a-time
 * definition that needs no block buffering: the scanner can feed it piece by piece (literal runs,
 * placeholders, spaces) and still produce exactly the hash of the whole template.
 */
public final class Fingerprint {

    /** Version of the template rules and the hash. Bumped on any change to either. */
    public static final int VERSION = 2;

    static final long FNV_OFFSET = 0xcbf29ce484222325L;
    static final long FNV_PRIME = 0x100000001b3L;

    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

    private Fingerprint() {}

    /**
     * The fingerprint of {@code message}: equal to {@link #ofTemplate ofTemplate}{@code
     * (MessageTemplate.template(message))}, without building the template. Makes one small scanner
     * per call; hot loops reuse one {@link MessageTemplate} and call its {@code fingerprint}.
     * {@code message} must not be null.
     */
    public static long of(CharSequence message) {
        return MessageTemplate.scan(message, null);
    }

    /** The fingerprint as 16 lower-case hex digits; {@code null} for {@code null}. */
    public static String hexOf(CharSequence message) {
        return message == null ? null : toHex(of(message));
    }

    /**
     * FNV-1a 64 of the UTF-8 bytes of {@code template}, used as given (not templated again). This is
     * the specification of the hash; {@link #of} must agree with it.
     */
    public static long ofTemplate(CharSequence template) {
        return hashChars(FNV_OFFSET, template, 0, template.length());
    }

    /** {@code value} as 16 lower-case hex digits, most significant first. */
    public static String toHex(long value) {
        char[] c = new char[16];
        for (int k = 15; k >= 0; k--) {
            c[k] = HEX_DIGITS[(int) (value & 0xF)];
            value >>>= 4;
        }
        return new String(c);
    }

    // ---------------------------------------------------------------------------------------------
    // Streaming FNV-1a over UTF-8, fed by MessageTemplate.scan

    static long hashByte(long h, int b) {
        return (h ^ (b & 0xFF)) * FNV_PRIME;
    }

    /** The hash after the three bytes of {@code <*>}. */
    static long hashPlaceholder(long h) {
        h = (h ^ '<') * FNV_PRIME;
        h = (h ^ '*') * FNV_PRIME;
        return (h ^ '>') * FNV_PRIME;
    }

    /** The hash after the UTF-8 bytes of a non-ASCII char that is not part of a surrogate pair. */
    static long hashNonAscii(long h, char c) {
        if (c < 0x800) {
            h = (h ^ (0xC0 | (c >> 6))) * FNV_PRIME;
            return (h ^ (0x80 | (c & 0x3F))) * FNV_PRIME;
        }
        if (Character.isSurrogate(c)) {
            return (h ^ '?') * FNV_PRIME;
        }
        h = (h ^ (0xE0 | (c >> 12))) * FNV_PRIME;
        h = (h ^ (0x80 | ((c >> 6) & 0x3F))) * FNV_PRIME;
        return (h ^ (0x80 | (c & 0x3F))) * FNV_PRIME;
    }

    /** The hash after the four UTF-8 bytes of the code point of a surrogate pair. */
    static long hashPair(long h, char high, char low) {
        int cp = Character.toCodePoint(high, low);
        h = (h ^ (0xF0 | (cp >> 18))) * FNV_PRIME;
        h = (h ^ (0x80 | ((cp >> 12) & 0x3F))) * FNV_PRIME;
        h = (h ^ (0x80 | ((cp >> 6) & 0x3F))) * FNV_PRIME;
        return (h ^ (0x80 | (cp & 0x3F))) * FNV_PRIME;
    }

    /**
     * Feeds the UTF-8 encoding of {@code s[from, to)}. Surrogate pairs are looked at as pairs
     * inside the range; the scanner only cuts ranges next to ASCII characters, so a pair is never
     * split between two calls.
     */
    static long hashChars(long h, CharSequence s, int from, int to) {
        for (int j = from; j < to; j++) {
            char c = s.charAt(j);
            char d;
            if (c < 0x80) {
                h = (h ^ c) * FNV_PRIME;
            } else if (Character.isHighSurrogate(c) && j + 1 < to && Character.isLowSurrogate(d = s.charAt(j + 1))) {
                h = hashPair(h, c, d);
                j++;
            } else {
                h = hashNonAscii(h, c);
            }
        }
        return h;
    }

    /** {@link #hashChars(long, CharSequence, int, int)} over an array (the scanner's copy). */
    static long hashChars(long h, char[] s, int from, int to) {
        for (int j = from; j < to; j++) {
            char c = s[j];
            char d;
            if (c < 0x80) {
                h = (h ^ c) * FNV_PRIME;
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
