package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * The head of a line, by which {@link LineParser} picks the readers that may take it: the first
 * character, the length of the first run (of ASCII digits when the line starts with one, of ASCII
 * letters when it starts with one, else the first character alone) and the character after that
 * run. An ISO date ({@code 2026-12-02…}) is a run of 4 digits followed by {@code -}, an IPv4
 * address a run of 1 to 3 followed by {@code .}, klog's {@code I1202} a run of one letter followed
 * by a digit: one short read of the line rules out most readers before any of them runs, where each
 * would otherwise read the head again to give up (and the mix of lines defeats the branch
 * predictor on every give-up).
 *
 * <p>The character after the run is told apart only as far as some reader's {@link
 * LineParser.ShapeReader#mayStartWith(char, int, char)} asks: every digit reads as {@code '0'},
 * every ASCII letter as {@code 'a'}, every character beyond ASCII as {@code 'é'}, the end of the line
 * as {@link #END}, and ASCII punctuation that no reader asks about as {@code '~'} (a test checks
 * that no reader tells apart two characters of one class).
 */
final class LineHead {

    private LineHead() {}

    /** Runs this long or longer are one length to the readers. */
    static final int LONG = 8;

    /** What the readers see as the character after a run that ends the line. */
    static final char END = '\uFFFF';

    /** The punctuation the readers ask about; each is a class of its own. */
    private static final String ASKED = " \t-/.:,=[]_$<>@'\"";

    /** The class of each ASCII character. */
    private static final byte[] CLASS = new byte[128];

    /** The representative of each class (what the readers are asked with). */
    private static final char[] REPRESENTATIVE;

    static final int DIGIT = 0;
    static final int LETTER = 1;
    static final int NON_ASCII = 2;
    static final int END_CLASS = 3;
    static final int OTHER = 4;

    static {
        REPRESENTATIVE = new char[5 + ASKED.length()];
        REPRESENTATIVE[DIGIT] = '0';
        REPRESENTATIVE[LETTER] = 'a';
        REPRESENTATIVE[NON_ASCII] = 'é';
        REPRESENTATIVE[END_CLASS] = END;
        REPRESENTATIVE[OTHER] = '~';
        for (int c = 0; c < 128; c++) {
            char ch = (char) c;
            int k = ASKED.indexOf(ch);
            CLASS[c] = (byte) (Ascii.isDigit(ch) ? DIGIT : Ascii.isLetter(ch) ? LETTER : k >= 0 ? 5 + k : OTHER);
        }
        for (int k = 0; k < ASKED.length(); k++) {
            REPRESENTATIVE[5 + k] = ASKED.charAt(k);
        }
    }

    /**
     * After an ISO date and its time, at the start of the line or right after a {@code [}, or after
     * a date with slashes and a space ({@code 2026/12/02 }: Go's, nginx's): what the readers that
     * take such lines tell apart. The time is the first word from the eleventh character of the
     * date, ended by a space or a tab (and in brackets also by {@code ]}); after it comes a tab, or a
     * space (in brackets: {@code "] "}) and a character of one of these classes, or in brackets
     * {@code "]["}. {@link #UNKNOWN_AFTER} where that is not told (an empty
     * or overlong word: MariaDB pads the hour with a space; in brackets, a word ended otherwise
     * than by {@code ]}), and every reader that may take the date is tried, as without this class.
     */
    private static final String AFTER = "?\uFFFF\t0Aaz[+- ~\"]";

    static final char UNKNOWN_AFTER = '?';

    private static final int UNKNOWN = 0;
    private static final int AFTER_END = 1;
    private static final int AFTER_TAB = 2;
    private static final int AFTER_OTHER = AFTER.indexOf('~');
    private static final int AFTER_CLOSE_OPEN = AFTER.indexOf(']');

    /** The longest time word told apart: a time with nine fraction digits and an offset is 24. */
    private static final int MAX_TIME = 40;

    /** The first class of an ISO date whose tenth character is T or t: one class per {@link #AFTER}. */
    private static final int DATE_T = REPRESENTATIVE.length;

    /** The first class of an ISO date whose tenth character is a space. */
    private static final int DATE_SPACE = DATE_T + AFTER.length();

    /** The first class of {@code [} and an ISO date whose tenth character is T or t. */
    private static final int BRACKET_T = DATE_SPACE + AFTER.length();

    /** The first class of {@code [} and an ISO date whose tenth character is a space. */
    private static final int BRACKET_SPACE = BRACKET_T + AFTER.length();

    /** The first class of a date with slashes whose tenth character is a space. */
    private static final int SLASH_SPACE = BRACKET_SPACE + AFTER.length();

    private static final int SLASH = 5 + ASKED.indexOf('/');

    private static final int DASH = 5 + ASKED.indexOf('-');

    /** How many classes the character after the run falls in. */
    static int classes() {
        return SLASH_SPACE + AFTER.length();
    }

    /**
     * What the readers are told the tenth character of the date is for {@code cls} (of the
     * bracketed date after a {@code [}): T, a space, or {@code '~'} for a head no date is told
     * apart in.
     */
    static char tenth(int cls) {
        if (cls < DATE_T) {
            return '~';
        }
        return cls < SLASH_SPACE && ((cls - DATE_T) / AFTER.length()) % 2 == 0 ? 'T' : ' ';
    }

    /**
     * What the readers are told follows the time for {@code cls}: {@link #END}, {@code '\t'}, or
     * after the space {@code '0'} (a digit), {@code 'A'} (an upper-case letter), {@code 'a'} (a to f,
     * as in a hex number), {@code 'z'} (g to z), {@code '['}, {@code '+'} (a sign and a digit, as in
     * an offset), {@code '-'} (a dash and no digit), {@code ' '}, {@code '"'} or {@code '~'} (anything
     * else); {@code ']'} for {@code "]["}; {@link #UNKNOWN_AFTER} when the head is no date or what
     * follows its time is not told.
     */
    static char after(int cls) {
        return cls < DATE_T ? UNKNOWN_AFTER : AFTER.charAt((cls - DATE_T) % AFTER.length());
    }

    /**
     * The class of what follows the first run of {@code s[from, to)}, which ends at {@code runEnd}: of
     * the character there, {@link #END_CLASS} at the end; after four digits and a dash, and after a
     * {@code [} and a digit where an ISO date follows it, by the date's tenth character (T or a
     * space, where it gives way to the time) and by what follows the time ({@link #after(int)});
     * after four digits and a slash, when the tenth character is a space, by what follows the time.
     */
    static int classOf(CharSequence s, int from, int runEnd, int to) {
        if (runEnd >= to) {
            return END_CLASS;
        }
        int cls = classOf(s.charAt(runEnd));
        if (cls == DASH && runEnd - from == 4 && from + 10 < to) {
            char t = s.charAt(from + 10);
            if (t == 'T' || t == 't') {
                return DATE_T + afterTime(s, from + 11, to, false);
            }
            if (t == ' ') {
                return DATE_SPACE + afterTime(s, from + 11, to, false);
            }
        } else if (cls == SLASH && runEnd - from == 4 && from + 10 < to && s.charAt(from + 10) == ' ') {
            return SLASH_SPACE + afterTime(s, from + 11, to, false);
        } else if (cls == DIGIT
                && s.charAt(from) == '['
                && from + 11 < to
                && s.charAt(from + 5) == '-'
                && Ascii.isDigit(s.charAt(from + 2))
                && Ascii.isDigit(s.charAt(from + 3))
                && Ascii.isDigit(s.charAt(from + 4))) {
            char t = s.charAt(from + 11);
            if (t == 'T' || t == 't') {
                return BRACKET_T + afterTime(s, from + 12, to, true);
            }
            if (t == ' ') {
                return BRACKET_SPACE + afterTime(s, from + 12, to, true);
            }
        }
        return cls;
    }

    /** The index in {@link #AFTER} of what follows the word at {@code i} ({@code bracketed}: in brackets). */
    private static int afterTime(CharSequence s, int i, int to, boolean bracketed) {
        int end = Math.min(to, i + MAX_TIME);
        int e = i;
        while (e < end && s.charAt(e) != ' ' && s.charAt(e) != '\t' && !(bracketed && s.charAt(e) == ']')) {
            e++;
        }
        if (e == i || e == i + MAX_TIME) {
            return UNKNOWN;
        }
        if (bracketed) {
            if (e == to || s.charAt(e) != ']') {
                return UNKNOWN;
            }
            e++;
            if (e == to) {
                return AFTER_END;
            }
            if (s.charAt(e) != ' ') {
                return s.charAt(e) == '[' ? AFTER_CLOSE_OPEN : AFTER_OTHER;
            }
        } else if (e == to) {
            return AFTER_END;
        } else if (s.charAt(e) == '\t') {
            return AFTER_TAB;
        }
        // s[e] is the space
        if (e + 1 == to) {
            return AFTER_END;
        }
        char c = s.charAt(e + 1);
        if (c == '+' || c == '-') {
            return e + 2 < to && Ascii.isDigit(s.charAt(e + 2))
                    ? AFTER.indexOf('+')
                    : AFTER.indexOf(c == '-' ? '-' : '~');
        }
        char k = Ascii.isDigit(c)
                ? '0'
                : c >= 'A' && c <= 'Z' ? 'A' : c >= 'a' && c <= 'f' ? 'a' : c >= 'g' && c <= 'z' ? 'z' : c;
        int a = AFTER.indexOf(k);
        return a <= AFTER_TAB || k == ']' ? AFTER_OTHER : a;
    }

    /** The class of the character {@code c} after a run. */
    static int classOf(char c) {
        return c < 128 ? CLASS[c] : NON_ASCII;
    }

    /** The character the readers are asked with for {@code cls}. */
    static char representative(int cls) {
        return cls >= SLASH_SPACE ? '/' : cls >= BRACKET_T ? '0' : cls >= DATE_T ? '-' : REPRESENTATIVE[cls];
    }

    /** Where the first run of {@code s[from, to)} ends ({@code from < to}). */
    static int runEnd(CharSequence s, int from, int to) {
        char c = s.charAt(from);
        int i = from + 1;
        if (Ascii.isDigit(c)) {
            while (i < to && Ascii.isDigit(s.charAt(i))) {
                i++;
            }
        } else if (Ascii.isLetter(c)) {
            while (i < to && Ascii.isLetter(s.charAt(i))) {
                i++;
            }
        }
        return i;
    }
}
