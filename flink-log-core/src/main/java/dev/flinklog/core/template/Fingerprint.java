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
 *
 * <p>This class is the public entry; the hash itself is {@code Fnv1a} (a leaf the scanner feeds),
 * and {@link #of} runs the scanner of {@link MessageTemplate}.
 */
public final class Fingerprint {

    /** Version of the template rules and the hash. Bumped on any change to either. */
    public static final int VERSION = 2;

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
        // A copy, so that the hash has one implementation, the array one the scanner uses on its
        // copy of the message; this entry is not on the scanner's path.
        char[] chars = template.toString().toCharArray();
        return Fnv1a.hashChars(Fnv1a.OFFSET, chars, 0, chars.length);
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
}
