package dev.flinklog.core.template;

/**
 * The words the rules look up: the word lists that docs/functions.md (section LOG_TEMPLATE) shows
 * and {@code TemplateDocsTest} compares with, and the few fixed words ({@code true}, {@code
 * false}, {@code user}, {@code for}, {@code from}) the rules compare with. Changing a list changes
 * templates, so fingerprints: it needs a new {@code Fingerprint.VERSION}.
 */
final class WordLists {

    private WordLists() {}

    /** Generic top-level domains; country codes (two letters) count after two dots. */
    static final WordSet GENERIC_TLDS = new WordSet(
            "com",
            "net",
            "org",
            "edu",
            "gov",
            "mil",
            "int",
            "info",
            "biz",
            "io",
            "dev",
            "app",
            "local",
            "internal",
            "lan",
            "home",
            "corp",
            "arpa");

    /** Words that cannot be a name after {@code user}: the name was empty. */
    static final WordSet PREPOSITIONS = new WordSet("from", "by", "on", "at", "to", "in", "for", "of", "with");

    /** Month and weekday names, lower case; a word matches with its first letter in upper case. */
    static final WordSet DATE_NAMES = new WordSet(
            "jan",
            "feb",
            "mar",
            "apr",
            "may",
            "jun",
            "jul",
            "aug",
            "sep",
            "sept",
            "oct",
            "nov",
            "dec",
            "january",
            "february",
            "march",
            "april",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
            "mon",
            "tue",
            "tues",
            "wed",
            "thu",
            "thur",
            "thurs",
            "fri",
            "sat",
            "sun",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday");

    /**
     * Units written as a separate word after a number, compared ignoring case; the one-character
     * units are in {@link #UNIT_SYMBOLS} and compared exactly (so that "b" or "S" are not units).
     */
    static final WordSet UNITS = new WordSet(
            "byte", "bytes", "kb", "kib", "mb", "mib", "gb", "gib", "tb", "tib", "ns", "us", "ms", "sec", "secs",
            "second", "seconds", "min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours", "day", "days");

    /** One-character units, compared exactly. */
    static final char[] UNIT_SYMBOLS = {'B', 's', '%'};

    /**
     * Whether a word of {@code length} letters starting with {@code first} can be a unit after a
     * value, a boolean, a cue word or a date name (capital first letter): the first letter and
     * the length rule out most words before their key is computed.
     */
    static boolean mayBeListed(char first, int length, boolean afterValue) {
        return (afterValue && UNITS.mayContain(first, length))
                || (length >= 3 && length <= 5 && (FIRST_OF_BOOLEAN_OR_CUE & (1 << (first & 31))) != 0)
                || (first <= 'Z' && DATE_NAMES.mayContain(first, length));
    }

    /** First letters of true, false, user and for (bits of {@code c & 31}). */
    private static final int FIRST_OF_BOOLEAN_OR_CUE = 1 << ('t' & 31) | 1 << ('f' & 31) | 1 << ('u' & 31);

    static boolean isUnit(char[] s, int p, int q) {
        return q - p == 1 ? isUnitSymbol(s[p]) : UNITS.contains(s, p, q);
    }

    static boolean isUnitSymbol(char c) {
        for (char u : UNIT_SYMBOLS) {
            if (c == u) {
                return true;
            }
        }
        return false;
    }

    // The few fixed words that the rules compare with, as arrays: comparing with a String constant
    // goes through String.charAt (coder and bounds checks) for every letter.
    static final char[] TRUE = "true".toCharArray();
    static final char[] FALSE = "false".toCharArray();
    static final char[] USER = "user".toCharArray();
    static final char[] FOR = "for".toCharArray();
    static final char[] FROM = "from".toCharArray();
    // The same words as keys for the word pass (see WordSet#keyOf): a word of letters is one of
    // them exactly when its key is equal, whatever its case.
    static final long KEY_TRUE = WordSet.keyOf(TRUE, 0, 4);
    static final long KEY_FALSE = WordSet.keyOf(FALSE, 0, 5);
    static final long KEY_USER = WordSet.keyOf(USER, 0, 4);
    static final long KEY_FOR = WordSet.keyOf(FOR, 0, 3);

    /**
     * Whether {@code s} at {@code p} holds {@code lowerWord} (lower-case ASCII letters) in any
     * case. {@code c | 0x20} equals a lower-case letter exactly for that letter and its upper case,
     * so it is the same test as lowering A-Z and comparing.
     */
    static boolean equalsIgnoreCase(char[] s, int p, char[] lowerWord) {
        for (int k = 0; k < lowerWord.length; k++) {
            if ((s[p + k] | 0x20) != lowerWord[k]) {
                return false;
            }
        }
        return true;
    }
}
