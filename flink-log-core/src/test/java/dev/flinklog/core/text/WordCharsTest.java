package dev.flinklog.core.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WordCharsTest {

    @Test
    void lettersDigitsOfAnyScriptAndUnderscoreJoinWords() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            boolean expected = Character.isLetterOrDigit((char) c) || c == '_';
            assertThat(WordChars.isWordChar((char) c)).as("U+%04X", c).isEqualTo(expected);
        }
    }

    @Test
    void examples() {
        assertThat(WordChars.isWordChar('a')).isTrue();
        assertThat(WordChars.isWordChar('_')).isTrue();
        assertThat(WordChars.isWordChar('é')).isTrue();
        assertThat(WordChars.isWordChar('-')).isFalse();
        assertThat(WordChars.isWordChar('.')).isFalse();
        assertThat(WordChars.isWordChar(' ')).isFalse();
    }
}
