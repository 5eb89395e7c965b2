package dev.flinklog.core.text;

/**
 * What joins a word for the scanners' whole-word rules: letters and digits of any script, and the
 * underscore. Everything else (punctuation, spaces, symbols) separates words. Unlike {@link Ascii},
 * this accepts other scripts on purpose: {@code errorü} or {@code 503é} is one word, not a cue
 * followed by a separator.
 */
public final class WordChars {

    /** ASCII answers, precomputed: most log text is ASCII and is answered by one array read. */
    private static final boolean[] ASCII_WORD = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            ASCII_WORD[c] = Ascii.isLetterOrDigit(c) || c == '_';
        }
    }

    private WordChars() {}

    /** Whether {@code c} is a letter or digit of any script, or {@code _}. */
    public static boolean isWordChar(char c) {
        return c < 128 ? ASCII_WORD[c] : Character.isLetterOrDigit(c);
    }
}
