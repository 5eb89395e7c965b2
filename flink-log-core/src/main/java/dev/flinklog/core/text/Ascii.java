package dev.flinklog.core.text;

/**
 * ASCII character classes shared by the scanners. Log syntax (numbers, keys, level words, time
 * fields) is ASCII, so these deliberately say no to other scripts; rules that accept letters of
 * any script say so where they are.
 */
public final class Ascii {

    /** The six ASCII white-space chars, one bit each (all are below 64). */
    private static final long SPACE_BITS =
            (1L << ' ') | (1L << '\t') | (1L << '\n') | (1L << 0x0B) | (1L << '\f') | (1L << '\r');

    private Ascii() {}

    /**
     * Space, tab, line feed, vertical tab, form feed or carriage return: C's {@code isspace}. One
     * compare and one bit test, so scanners call it per char.
     */
    public static boolean isSpace(char c) {
        return c <= ' ' && ((SPACE_BITS >>> c) & 1L) != 0;
    }

    /**
     * White space or another ASCII control char ({@code c <= ' '}): what {@link String#trim()}
     * removes, and what field values are trimmed of (a stray NUL or BEL around a level is noise).
     */
    public static boolean isSpaceOrControl(char c) {
        return c <= ' ';
    }

    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    public static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    public static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    public static boolean isLetterOrDigit(char c) {
        return isLetter(c) || isDigit(c);
    }
}
