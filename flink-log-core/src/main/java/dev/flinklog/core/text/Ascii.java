package dev.flinklog.core.text;

/**
 * ASCII character classes shared by the scanners. Log syntax (numbers, keys, level words, time
 * fields) is ASCII, so these deliberately say no to other scripts; rules that accept letters of
 * any script say so where they are.
 */
public final class Ascii {

    private Ascii() {}

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
