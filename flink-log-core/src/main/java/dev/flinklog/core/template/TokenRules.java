package dev.flinklog.core.template;

import dev.flinklog.core.text.Ascii;

import static dev.flinklog.core.template.CharClasses.C_BRACKET;
import static dev.flinklog.core.template.CharClasses.C_CLOSER;
import static dev.flinklog.core.template.CharClasses.C_DIGIT;
import static dev.flinklog.core.template.CharClasses.C_EQUALS;
import static dev.flinklog.core.template.CharClasses.C_HEX_LETTER;
import static dev.flinklog.core.template.CharClasses.C_LETTER;
import static dev.flinklog.core.template.CharClasses.C_QUOTE;
import static dev.flinklog.core.template.CharClasses.isBracket;
import static dev.flinklog.core.template.CharClasses.isCloser;
import static dev.flinklog.core.template.CharClasses.isSpace;
import static dev.flinklog.core.template.CharClasses.onlyClosersFollow;
import static dev.flinklog.core.template.WordLists.DATE_NAMES;
import static dev.flinklog.core.template.WordLists.FALSE;
import static dev.flinklog.core.template.WordLists.FOR;
import static dev.flinklog.core.template.WordLists.FROM;
import static dev.flinklog.core.template.WordLists.GENERIC_TLDS;
import static dev.flinklog.core.template.WordLists.PREPOSITIONS;
import static dev.flinklog.core.template.WordLists.TRUE;
import static dev.flinklog.core.template.WordLists.USER;
import static dev.flinklog.core.template.WordLists.equalsIgnoreCase;

/**
 * The token rules: whether a token (the core of a word, without its openers and closers) is a
 * variable, and of which {@link TokenClass}. {@link #classify} is the complete rule, in the order
 * of the token-class table; the other tests here answer the same question more cheaply where the
 * classes of the token's chars (see {@link CharClasses}) already settle it, and the word loop and
 * {@code WordRules} use them so that most tokens are never classified in full. Also the two rules
 * that look at the neighbouring words: names after {@code user} / {@code for}, and date names.
 */
final class TokenRules {

    private TokenRules() {}

    // ---------------------------------------------------------------------------------------------
    // Token classes

    /**
     * The class of a variable token, or {@code null} for a token kept as it is. One pass collects
     * what the rules need; the rules are then tried in {@link TokenClass} order.
     */
    static TokenClass classify(char[] s, int p, int q) {
        boolean placeholder = false;
        boolean digit = false;
        boolean scheme = false;
        int at = -1;
        int dotsAfterAt = 0;
        int hexLetters = 0;
        boolean onlyHex = true;
        boolean hostChars = true;
        int dots = 0;
        int lastDot = -1;
        int firstDot = -1;
        boolean emptyLabel = false;
        int slashes = 0;
        int lastColon = p - 1;
        for (int j = p; j < q; j++) {
            char c = s[j];
            if (c == ':') {
                lastColon = j;
            }
            if (c >= '0' && c <= '9') {
                digit = true;
                continue;
            }
            if (c == '*' && j > p && j + 1 < q && s[j - 1] == '<' && s[j + 1] == '>') {
                placeholder = true;
            }
            if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
                hexLetters++;
            } else if (c != ':' && c != '-' && c != '.') {
                onlyHex = false;
            }
            if (!(Ascii.isLetter(c) || c == '-' || c == '.')) {
                hostChars = false;
            }
            if (c == '.') {
                if (j == p || j == lastDot + 1) {
                    emptyLabel = true;
                }
                dots++;
                lastDot = j;
                if (firstDot < 0) {
                    firstDot = j;
                }
                if (at >= 0) {
                    dotsAfterAt++;
                }
            } else if (c == '@') {
                at = j;
                dotsAfterAt = 0;
            } else if (c == '/') {
                slashes++;
                if (j >= p + 1 && s[j - 1] == '/' && j >= p + 2 && s[j - 2] == ':') {
                    scheme = true;
                }
            }
        }
        if (placeholder) {
            return TokenClass.PLACEHOLDER;
        }
        if (digit) {
            return TokenClass.DIGITS;
        }
        if (scheme) {
            return TokenClass.URL;
        }
        if (at > p && dotsAfterAt > 0) {
            return TokenClass.EMAIL;
        }
        if (onlyHex && hexLetters >= 8) {
            return TokenClass.HEX;
        }
        if (hostChars
                && dots > 0
                && !emptyLabel
                && lastDot < q - 1
                && (isTopLevelDomain(s, lastDot + 1, q, dots) || dots >= 2 && isGenericTld(s, p, firstDot))) {
            return TokenClass.HOST_NAME;
        }
        if (isPath(s, p, q, slashes)) {
            return TokenClass.PATH;
        }
        if (isBoolean(s, lastColon + 1, q)) {
            return TokenClass.BOOLEAN;
        }
        return null;
    }

    private static boolean isTopLevelDomain(char[] s, int p, int q, int dots) {
        if (q - p == 2 && dots >= 2) {
            return true;
        }
        return isGenericTld(s, p, q);
    }

    private static boolean isGenericTld(char[] s, int p, int q) {
        return GENERIC_TLDS.contains(s, p, q);
    }

    /** {@code true} or {@code false}, alone or as the value of {@code key:value}. */
    private static boolean isBoolean(char[] s, int p, int q) {
        return (q - p == 4 && equalsIgnoreCase(s, p, TRUE)) || (q - p == 5 && equalsIgnoreCase(s, p, FALSE));
    }

    private static boolean isPath(char[] s, int p, int q, int slashes) {
        char c0 = s[p];
        if (c0 == '/') {
            return slashes >= 2 && q - p > 1 && s[p + 1] != '/';
        }
        if ((c0 == '.' || c0 == '~') && q - p > 2 && s[p + 1] == '/') {
            return true;
        }
        return c0 == '.' && q - p > 3 && s[p + 1] == '.' && s[p + 2] == '/';
    }

    /**
     * The index of the {@code =} of a {@code key=value} token, or -1. The key must look like a
     * name (a letter first, then letters, digits, {@code _ - .}), so that {@code ==>} or {@code
     * a+b=c} are not taken for settings.
     */
    static int keyValueSplit(char[] s, int p, int q) {
        if (p >= q || !Ascii.isLetter(s[p])) {
            return -1;
        }
        for (int j = p + 1; j < q; j++) {
            char c = s[j];
            if (c == '=') {
                return j;
            }
            if (!(Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '-' || c == '.')) {
                return -1;
            }
        }
        return -1;
    }

    /** {@code ()}, {@code []}, {@code {}}, {@code ""} or {@code ''}, then only closing punctuation. */
    static boolean isEmptyPair(char[] s, int ws, int we) {
        if (we - ws < 2) {
            return false;
        }
        char a = s[ws];
        char b = s[ws + 1];
        boolean pair = (a == '(' && b == ')')
                || (a == '[' && b == ']')
                || (a == '{' && b == '}')
                || (a == '"' && b == '"')
                || (a == '\'' && b == '\'');
        return pair && onlyClosersFollow(s, ws + 2, we);
    }

    /**
     * A core without {@code key=} and without inner brackets: the only kind of token that can be
     * replaced as a whole (and so take part in collapsing runs of {@code <*>}).
     */
    static boolean isSimple(char[] s, int p, int q, int wordClasses) {
        if ((wordClasses & C_EQUALS) != 0 && keyValueSplit(s, p, q) >= 0) {
            return false;
        }
        if ((wordClasses & C_BRACKET) == 0) {
            return true;
        }
        for (int j = p; j < q; j++) {
            if (isBracket(s[j])) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // The same answer as classify, cheaper, given the classes of the token's chars

    /**
     * {@code classify(s, p, q) != null}, given the classes of {@code s[p, q)}: a digit settles it,
     * and letters (with quotes) can only be hex or a boolean; the rest is classified in full.
     */
    static boolean isVariable(char[] s, int p, int q, int classes) {
        if ((classes & C_DIGIT) != 0) {
            return true;
        }
        if ((classes & ~(C_LETTER | C_HEX_LETTER | C_QUOTE)) == 0) {
            return (classes & C_QUOTE) == 0 && isHexOrBoolean(s, p, q, classes);
        }
        return classify(s, p, q) != null;
    }

    /**
     * {@code classify(s, p, q) != null} for a core of ASCII letters only, which can be nothing but
     * hex or a boolean.
     */
    static boolean isHexOrBoolean(char[] s, int p, int q, int classes) {
        int len = q - p;
        return (len >= 8 && (classes & C_LETTER) == 0) || ((len == 4 || len == 5) && isBoolean(s, p, q));
    }

    /**
     * {@code classify(s, p, q) != null} for a non-empty core of a plain word (no brackets, quotes,
     * {@code = < > * @ /}) without digits. Of the token classes only hex, host name and boolean
     * can match such a core, and the last two need a {@code .} or {@code :} in it: without a
     * closer inside the core, only hex is left, which needs 8 characters and no letter beyond f.
     * Most such words ({@code ---}, {@code node-agent}) are settled here without a full pass.
     */
    static boolean isPlainVariable(char[] s, int p, int q, int classes) {
        final boolean hexPossible = q - p >= 8 && (classes & C_LETTER) == 0;
        if ((classes & C_CLOSER) == 0) {
            return hexPossible && classify(s, p, q) != null;
        }
        // With a closer inside, e.g. the dotted names of classes and loggers: each class is tried
        // only where a cheap necessary condition holds, and then decided by classify itself.
        if (isBooleanAfterColon(s, p, q) || hexPossible && classify(s, p, q) != null) {
            return true;
        }
        // A host name is made of letters, "-" and ".", so its last label runs back from the end to
        // a "."; it needs that label to be two letters or a generic TLD, or its first label to be one.
        int lastLabel = q;
        while (lastLabel > p && (Ascii.isLetter(s[lastLabel - 1]) || s[lastLabel - 1] == '-')) {
            lastLabel--;
        }
        if (lastLabel == p || s[lastLabel - 1] != '.') {
            return false;
        }
        int firstLabelEnd = p;
        while (firstLabelEnd < q && (Ascii.isLetter(s[firstLabelEnd]) || s[firstLabelEnd] == '-')) {
            firstLabelEnd++;
        }
        boolean tldPossible = q - lastLabel == 2
                || GENERIC_TLDS.contains(s, lastLabel, q)
                || GENERIC_TLDS.contains(s, p, firstLabelEnd);
        return tldPossible && classify(s, p, q) != null;
    }

    /**
     * The boolean rule of {@link #classify} ({@code true} or {@code false} after the last {@code :}
     * or as the whole token), read from the end: neither word contains a {@code :}, so the colon,
     * if any, is the character just before it.
     */
    private static boolean isBooleanAfterColon(char[] s, int p, int q) {
        return q - p >= 4 && equalsIgnoreCase(s, q - 4, TRUE) && (q - 4 == p || s[q - 5] == ':')
                || q - p >= 5 && equalsIgnoreCase(s, q - 5, FALSE) && (q - 5 == p || s[q - 6] == ':');
    }

    // ---------------------------------------------------------------------------------------------
    // User names: the word after "user", or between "for" and "from"

    static final int CUE_NONE = 0;
    static final int CUE_USER = 1;
    static final int CUE_FOR = 2;

    static int cueOf(char[] s, int p, int q) {
        if (q - p == 4 && equalsIgnoreCase(s, p, USER)) {
            return CUE_USER;
        }
        if (q - p == 3 && equalsIgnoreCase(s, p, FOR)) {
            return CUE_FOR;
        }
        return CUE_NONE;
    }

    /**
     * A user name: the word after {@code user}, or the word between {@code for} and {@code from}.
     * Plain English cues that many programs use when they print who did something.
     */
    static boolean isNameAfterCue(int prevCue, char[] s, int p, int q, int wordEnd, int n) {
        if (prevCue == CUE_USER) {
            return !PREPOSITIONS.contains(s, p, q);
        }
        if (prevCue != CUE_FOR) {
            return false;
        }
        int a = wordEnd;
        while (a < n && isSpace(s[a])) {
            a++;
        }
        return a + 4 <= n && equalsIgnoreCase(s, a, FROM) && (a + 4 == n || isSpace(s[a + 4]));
    }

    // ---------------------------------------------------------------------------------------------
    // Dates written with names

    /**
     * A month or weekday name that is part of a date: the next word starts with a digit or is
     * itself such a name ({@code Fri Jun 17 20:14:55 2005}). The capital first letter keeps the
     * verb "may" and the like out.
     */
    static boolean isDateName(char[] s, int p, int q, int wordEnd, int n) {
        char c0 = s[p];
        if (!(c0 >= 'A' && c0 <= 'Z') || !DATE_NAMES.contains(s, p, q)) {
            return false;
        }
        int a = wordEnd;
        while (a < n && isSpace(s[a])) {
            a++;
        }
        if (a >= n) {
            return false;
        }
        if (Ascii.isDigit(s[a])) {
            return true;
        }
        int b = a;
        while (b < n && b - a <= 10 && !isSpace(s[b])) {
            b++;
        }
        while (b > a && isCloser(s[b - 1])) {
            b--;
        }
        return b > a && (c0 = s[a]) >= 'A' && c0 <= 'Z' && DATE_NAMES.contains(s, a, b);
    }
}
