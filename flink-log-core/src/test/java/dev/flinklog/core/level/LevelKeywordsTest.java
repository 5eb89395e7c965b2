package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LevelKeywordsTest {

    /** The rules on the letter run {@code word} in {@code s}, in the order the inference applies them. */
    private static LogLevel wholeWord(String s, String word) {
        int a = s.indexOf(word);
        int b = a + word.length();
        char left = a == 0 || s.charAt(a - 1) == ' ' ? ' ' : s.charAt(a - 1);
        char right = b == s.length() || s.charAt(b) == ' ' ? ' ' : s.charAt(b);
        if (!LevelKeywords.hasKeywordLength(b - a)
                || !LevelKeywords.isLeftBoundary(left)
                || !LevelKeywords.isRightBoundary(s, s.length(), b, right)) {
            return null;
        }
        return LevelKeywords.lookup(s, a, b);
    }

    @Test
    void keywordsAsWholeWords() {
        assertThat(wholeWord("an error occurred", "error")).isEqualTo(LogLevel.ERROR);
        assertThat(wholeWord("Connection FAILED.", "FAILED")).isEqualTo(LogLevel.ERROR);
        assertThat(wholeWord("[warning]", "warning")).isEqualTo(LogLevel.WARN);
        assertThat(wholeWord("x=panic!", "panic")).isEqualTo(LogLevel.FATAL);
        assertThat(wholeWord("`errors`", "errors")).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void partsOfOtherWordsAreNot() {
        assertThat(wholeWord("error.log", "error")).isNull();
        assertThat(wholeWord("misc:error", "error")).isNull();
        assertThat(wholeWord("/api/error-handler", "error")).isNull();
        assertThat(wholeWord("error_count", "error")).isNull();
        assertThat(wholeWord("error.é", "error")).isNull(); // a letter of any script after the dot
        assertThat(wholeWord("critical section", "critical")).isNull(); // not a keyword
        assertThat(wholeWord("err=nil", "err")).isNull();
    }

    @Test
    void lengthsOutsideTheTableAreRejectedFirst() {
        assertThat(LevelKeywords.hasKeywordLength(3)).isFalse(); // "err", "fat"
        assertThat(LevelKeywords.hasKeywordLength(4)).isTrue(); // "warn"
        assertThat(LevelKeywords.hasKeywordLength(10)).isTrue(); // "exceptions"
        assertThat(LevelKeywords.hasKeywordLength(11)).isFalse();
        assertThat(LevelKeywords.lookup("Failures", 0, 8)).isEqualTo(LogLevel.ERROR);
        assertThat(LevelKeywords.lookup("failurex", 0, 8)).isNull();
    }

    @Test
    void tableIsTheDocumentedOne() {
        assertThat(LevelInference.KEYWORDS).isSameAs(LevelKeywords.ALL);
        assertThat(LevelKeywords.ALL).extracting(k -> k.word).doesNotHaveDuplicates();
    }
}
