package dev.flinklog.core.template;

/**
 * The character classes of the scanner: one table lookup tells the word loop what a char is
 * (space, digit, letter, bracket, quote, ...), as bits that the loop ORs over a word, so that one
 * test on the result tells which rules can apply to it. Also the predicates on single chars that
 * give a word its structure (separators, openers, closers, brackets) and the small runs built on
 * them. Nothing here knows a rule: the rules are in {@code TokenRules}, {@code WordRules} and
 * {@code Asides}.
 */
final class CharClasses {

    private CharClasses() {}

    static final int C_SPACE = 1;
    static final int C_DIGIT = 2;
    /** {@code a-f A-F}. */
    static final int C_HEX_LETTER = 4;
    /** The other ASCII letters. */
    static final int C_LETTER = 8;
    /** Characters that need the general path: brackets, quotes, {@code = < > * @ /}. */
    static final int C_EQUALS = 16;

    static final int C_BRACKET = 128;
    static final int C_QUOTE = 256;
    private static final int C_MARK = 512;
    static final int C_SPECIAL = C_EQUALS | C_BRACKET | C_QUOTE | C_MARK;
    private static final int C_CLOSER_SHIFT = 5;
    /** Closing punctuation that is not special: {@code , ; : . ! ?}. */
    static final int C_CLOSER = 1 << C_CLOSER_SHIFT;
    /** Everything else, including all non-ASCII characters. */
    static final int C_OTHER = 64;

    /** Not in CLASSES: a non-ASCII char that is not a space, in KINDS only. */
    static final int C_NON_ASCII = 1024;

    static final int[] CLASSES = classes();

    /**
     * CLASSES for every char: the ASCII ones as there, non-ASCII spaces C_SPACE, any other
     * non-ASCII char C_NON_ASCII. One lookup then tells the word loop all it needs to know about
     * a char without a separate test for ASCII. 128 KiB, of which the loop touches the first 256
     * bytes for ASCII text.
     */
    static final char[] KINDS = kinds();

    private static char[] kinds() {
        char[] t = new char[0x10000];
        for (int c = 0; c < t.length; c++) {
            t[c] = (char) (c < 0x80 ? CLASSES[c] : isSpace((char) c) ? C_SPACE : C_NON_ASCII);
        }
        return t;
    }

    /** {@link #isOpener} and {@link #isCloser} as one table lookup each. */
    private static final int EDGE_OPENER = 1;

    private static final int EDGE_CLOSER = 2;
    private static final byte[] EDGES = edges();

    private static byte[] edges() {
        byte[] t = new byte[0x80];
        for (char c = 0; c < 0x80; c++) {
            t[c] = (byte) ((isOpener(c) ? EDGE_OPENER : 0) | (isCloser(c) ? EDGE_CLOSER : 0));
        }
        return t;
    }

    static boolean isAsciiOpener(char c) {
        return c < 0x80 && (EDGES[c] & EDGE_OPENER) != 0;
    }

    static boolean isAsciiCloser(char c) {
        return c < 0x80 && (EDGES[c] & EDGE_CLOSER) != 0;
    }

    static boolean hasBracket(char[] s, int p, int q) {
        for (int j = p; j < q; j++) {
            if ((KINDS[s[j]] & C_BRACKET) != 0) {
                return true;
            }
        }
        return false;
    }

    static boolean isPlainCloser(char c) {
        return c < 0x80 && CLASSES[c] == C_CLOSER;
    }

    private static int[] classes() {
        int[] t = new int[0x80];
        for (int c = 0; c < 0x80; c++) {
            if (isSpace((char) c)) {
                t[c] = C_SPACE;
            } else if (c >= '0' && c <= '9') {
                t[c] = C_DIGIT;
            } else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
                t[c] = C_HEX_LETTER;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                t[c] = C_LETTER;
            } else if (c == '=') {
                t[c] = C_EQUALS;
            } else if ("()[]{}".indexOf(c) >= 0) {
                t[c] = C_BRACKET;
            } else if (c == '"' || c == '\'') {
                t[c] = C_QUOTE;
            } else if ("<>*@/".indexOf(c) >= 0) {
                t[c] = C_MARK;
            } else if (",;:.!?".indexOf(c) >= 0) {
                t[c] = C_CLOSER;
            } else {
                t[c] = C_OTHER;
            }
        }
        return t;
    }

    /**
     * Characters that wrap a token and are kept around it: {@code (id)} keeps its parentheses and
     * masks {@code id}. {@code <} is not one, so that {@code <*>} stays a single token.
     */
    static boolean isOpener(char c) {
        return c == '(' || c == '[' || c == '{' || c == '"' || c == '\'';
    }

    /** Characters that close a token or end a clause, kept after it: {@code 42,} and {@code 42.}. */
    static boolean isCloser(char c) {
        return c == ')' || c == ']' || c == '}' || c == '"' || c == '\'' || c == ',' || c == ';' || c == ':' || c == '.'
                || c == '!' || c == '?';
    }

    /** Brackets inside a token split it into pieces: {@code Thread.run(Thread.java:10)}. */
    static boolean isBracket(char c) {
        return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}';
    }

    /** The classes of the characters of {@code s[p, q)}, OR-ed. */
    static int classesOf(char[] s, int p, int q) {
        int classes = 0;
        for (int j = p; j < q; j++) {
            char c = s[j];
            classes |= c < 0x80 ? CLASSES[c] : C_OTHER;
        }
        return classes;
    }

    /** Whether the word goes on from {@code j} with closing punctuation only, up to its end. */
    static boolean onlyClosersFollow(char[] s, int j, int n) {
        for (; j < n; j++) {
            char c = s[j];
            if (isSpace(c)) {
                return true;
            }
            if (!isCloser(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Word separators: ASCII controls and space, DEL, and the Unicode spaces. Runs of them become
     * one space and they never appear in a template (so control characters are dropped).
     */
    static boolean isSpace(char c) {
        if (c <= ' ') {
            return true;
        }
        if (c < 0x7F) {
            return false;
        }
        return c == 0x7F
                || c == 0x85
                || c == 0xA0
                || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A)
                || c == 0x2028
                || c == 0x2029
                || c == 0x202F
                || c == 0x205F
                || c == 0x3000
                || c == 0xFEFF;
    }
}
