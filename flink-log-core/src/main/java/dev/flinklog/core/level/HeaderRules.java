package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

/**
 * Where loggers print the level in a line's header, the first tokens of a message's first line:
 * a klog/glog prefix ({@code E0901 14:00:00.123456}), a syslog PRI ({@code <11>}), an Android
 * logcat tag ({@code W/ActivityManager:}), a delimited word ({@code [WARN]}, {@code <error>},
 * {@code (warn)}, {@code |INFO|}, {@code ERROR:}) or a bare word after a timestamp/pid/thread
 * header ({@code 2025-03-14 06:00:00.262  INFO 1 --- [main]}).
 *
 * <p>{@link LevelInference} keeps the window's state (which token, what the tokens before looked
 * like) and asks these rules about each token or word in it.
 */
final class HeaderRules {

    private HeaderRules() {}

    /**
     * The level the first token of the text, {@code s[start, end)}, declares on its own: a klog
     * letter, a syslog PRI or a logcat level letter; null when it is none of these.
     */
    static LogLevel firstToken(CharSequence s, int n, int start, int end) {
        LogLevel level = klogHeader(s, n, start, end);
        if (level == null) {
            level = syslogPriority(s, start, end);
        }
        if (level == null) {
            level = logcatTag(s, start, end);
        }
        return level;
    }

    /** klog/glog: {@code Lmmdd hh:mm:ss.uuuuuu ...} with L one of I, W, E, F. */
    private static LogLevel klogHeader(CharSequence s, int n, int start, int end) {
        if (end - start != 5 || end + 3 >= n) {
            return null;
        }
        char l = s.charAt(start);
        if (l != 'I' && l != 'W' && l != 'E' && l != 'F') {
            return null;
        }
        for (int j = start + 1; j < end; j++) {
            if (!Ascii.isDigit(s.charAt(j))) {
                return null;
            }
        }
        if (s.charAt(end) == ' '
                && Ascii.isDigit(s.charAt(end + 1))
                && Ascii.isDigit(s.charAt(end + 2))
                && s.charAt(end + 3) == ':') {
            return LevelWords.lookup(s, start, start + 1, true);
        }
        return null;
    }

    /**
     * A syslog PRI at the very start, {@code <11>Mar 14 ...} (RFC 3164/5424; also printk {@code
     * <3>[ 1.23] ...}): 8 × facility + severity, so the severity is the value modulo 8.
     */
    private static LogLevel syslogPriority(CharSequence s, int start, int end) {
        if (s.charAt(start) != '<') {
            return null;
        }
        int value = 0;
        int j = start + 1;
        while (j < end && j - start <= 3 && Ascii.isDigit(s.charAt(j))) {
            value = value * 10 + (s.charAt(j) - '0');
            j++;
        }
        if (j > start + 1 && j < end && s.charAt(j) == '>' && value <= 191) {
            return LevelScale.SYSLOG.level(value % 8);
        }
        return null;
    }

    /**
     * Android logcat's {@code brief} and {@code tag} formats: {@code D/dalvikvm( 1234): ...},
     * {@code W/ActivityManager: ...}. The first token is a level letter, a slash and a tag that
     * ends in {@code (} or {@code :}, which keeps {@code I/O error} from counting.
     */
    private static LogLevel logcatTag(CharSequence s, int start, int end) {
        if (end - start < 4 || s.charAt(start + 1) != '/') {
            return null;
        }
        char last = s.charAt(end - 1);
        if (!Ascii.isUpper(s.charAt(start)) || !Ascii.isLetter(s.charAt(start + 2)) || (last != ':' && last != '(')) {
            return null;
        }
        return LevelWords.lookup(s, start, start + 1, true);
    }

    /**
     * The level word that the letter run {@code s[a, b)} of the token starting at {@code start} is,
     * when it stands where a logger prints its level: delimited ({@code [WARN]}, {@code ERROR:}) or
     * a bare token that is upper case and first or after a strong token, or that follows only
     * header-like tokens. {@code left}/{@code right} are the chars around the run ({@code ' '} at a
     * token edge). Null otherwise; negation is the caller's to check.
     *
     * @param tokenIndex the token's index in the window, 0 for the first
     * @param allHeaderish whether every token before was header-like: no letter, a bracket, or at
     *     least as many digits as letters
     * @param prevTokenStrong whether the token before was header-like or had no lower-case letter
     */
    static LogLevel word(
            CharSequence s,
            int start,
            int a,
            int b,
            char left,
            char right,
            int tokenIndex,
            boolean allHeaderish,
            boolean prevTokenStrong) {
        boolean opener = left == '[' || left == '(' || left == '<' || left == '|';
        boolean delimited = (opener && right == closerOf(left)) || (right == ':' && (a == start || opener));
        boolean bare = a == start && right == ' ';
        if (!delimited && !bare) {
            return null;
        }
        boolean upper = isUpperWord(s, a, b);
        LogLevel level = LevelWords.lookupInText(s, a, b, upper);
        if (level == null || delimited) {
            return level;
        }
        boolean afterHeader = allHeaderish && tokenIndex >= 1;
        return (upper && (tokenIndex == 0 || prevTokenStrong)) || afterHeader ? level : null;
    }

    /**
     * Android logcat {@code threadtime} ({@code date time pid tid L tag: message}): a bare single
     * upper-case level letter after at least two header-like tokens. Null otherwise. Not subject to
     * negation: the letter is a column, not a word of the message. Never overlaps {@link #word}: a
     * single letter is no level word in text (letters count only as whole field values).
     */
    static LogLevel threadtimeLetter(
            CharSequence s, int start, int a, int b, char right, int tokenIndex, boolean allHeaderish) {
        boolean bare = a == start && right == ' ';
        if (bare && b - a == 1 && Ascii.isUpper(s.charAt(a)) && allHeaderish && tokenIndex >= 2) {
            return LevelWords.lookup(s, a, b, true);
        }
        return null;
    }

    private static char closerOf(char opener) {
        switch (opener) {
            case '[':
                return ']';
            case '(':
                return ')';
            case '<':
                return '>';
            default:
                return opener;
        }
    }

    private static boolean isUpperWord(CharSequence s, int a, int b) {
        for (int j = a; j < b; j++) {
            char c = s.charAt(j);
            if (Ascii.isLetter(c) && !Ascii.isUpper(c)) {
                return false;
            }
        }
        return true;
    }
}
