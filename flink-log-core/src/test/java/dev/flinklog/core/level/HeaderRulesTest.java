package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HeaderRulesTest {

    private static LogLevel firstToken(String s) {
        int end = s.indexOf(' ') < 0 ? s.length() : s.indexOf(' ');
        return HeaderRules.firstToken(s, s.length(), 0, end);
    }

    /** The word rule on the run {@code word} inside {@code s}, its token starting at {@code tokenStart}. */
    private static LogLevel word(
            String s, int tokenStart, String word, int tokenIndex, boolean headerish, boolean strong) {
        int a = s.indexOf(word, tokenStart);
        int b = a + word.length();
        char left = a == tokenStart ? ' ' : s.charAt(a - 1);
        char right = b == s.length() || s.charAt(b) == ' ' ? ' ' : s.charAt(b);
        return HeaderRules.word(s, tokenStart, a, b, left, right, tokenIndex, headerish, strong);
    }

    @Test
    void firstTokenKinds() {
        assertThat(firstToken("E0901 14:00:00.123456 x")).isEqualTo(LogLevel.ERROR);
        assertThat(firstToken("W0901 14:00:00.123456 x")).isEqualTo(LogLevel.WARN);
        assertThat(firstToken("E0901 x")).isNull(); // no time after it
        assertThat(firstToken("X0901 14:00:00 x")).isNull();
        assertThat(firstToken("<11>Mar 14 x")).isEqualTo(LogLevel.ERROR); // 8 + 3
        assertThat(firstToken("<3>[ 1.23] x")).isEqualTo(LogLevel.ERROR);
        assertThat(firstToken("<192>x")).isNull(); // beyond the last facility
        assertThat(firstToken("<>x")).isNull();
        assertThat(firstToken("D/dalvikvm( 1234): x")).isEqualTo(LogLevel.DEBUG);
        assertThat(firstToken("W/ActivityManager: x")).isEqualTo(LogLevel.WARN);
        assertThat(firstToken("I/O error")).isNull();
    }

    @Test
    void delimitedWordsCountAnywhereInTheWindow() {
        assertThat(word("x [WARN] y", 2, "WARN", 1, false, false)).isEqualTo(LogLevel.WARN);
        assertThat(word("x <error> y", 2, "error", 5, false, false)).isEqualTo(LogLevel.ERROR);
        assertThat(word("x |info| y", 2, "info", 5, false, false)).isEqualTo(LogLevel.INFO);
        assertThat(word("ERROR: y", 0, "ERROR", 0, true, true)).isEqualTo(LogLevel.ERROR);
        assertThat(word("x [WARN) y", 2, "WARN", 1, false, false)).isNull(); // brackets do not pair
        assertThat(word("x [banana] y", 2, "banana", 1, true, true)).isNull();
    }

    @Test
    void bareWordsNeedAHeaderPosition() {
        // upper case, first or after a strong token
        assertThat(word("INFO x", 0, "INFO", 0, true, true)).isEqualTo(LogLevel.INFO);
        assertThat(word("a INFO x", 2, "INFO", 1, false, true)).isEqualTo(LogLevel.INFO);
        assertThat(word("a INFO x", 2, "INFO", 1, false, false)).isNull();
        // any case, but only when every token before looked like a header
        assertThat(word("12:00 info x", 6, "info", 1, true, true)).isEqualTo(LogLevel.INFO);
        assertThat(word("Debug mode on", 0, "Debug", 0, true, true)).isNull();
        // java.util.logging words count in text only in upper case
        assertThat(word("FINE x", 0, "FINE", 0, true, true)).isEqualTo(LogLevel.DEBUG);
        assertThat(word("fine x", 0, "fine", 0, true, true)).isNull();
    }

    @Test
    void threadtimeLetterAfterTwoHeaderTokens() {
        String s = "03-17 16:13:38.811  1702  2395 D Tag: x";
        int a = s.indexOf(" D ") + 1;
        assertThat(HeaderRules.threadtimeLetter(s, a, a, a + 1, ' ', 4, true)).isEqualTo(LogLevel.DEBUG);
        assertThat(HeaderRules.threadtimeLetter(s, a, a, a + 1, ' ', 1, true)).isNull();
        assertThat(HeaderRules.threadtimeLetter(s, a, a, a + 1, ' ', 4, false)).isNull();
        assertThat(HeaderRules.threadtimeLetter(s, a, a, a + 1, ':', 4, true)).isNull();
        String q = "1 2 3 Q x";
        int qa = q.indexOf('Q');
        assertThat(HeaderRules.threadtimeLetter(q, qa, qa, qa + 1, ' ', 3, true))
                .isNull(); // not a level letter
    }
}
