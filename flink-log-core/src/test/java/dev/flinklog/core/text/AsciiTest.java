package dev.flinklog.core.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AsciiTest {

    @Test
    void isSpaceIsTheSixAsciiWhiteSpaceCharsOnly() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            boolean expected = c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
            assertThat(Ascii.isSpace((char) c)).as("U+%04X", c).isEqualTo(expected);
        }
    }

    @Test
    void isSpaceOrControlIsWhatTrimRemoves() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            String one = String.valueOf((char) c);
            assertThat(Ascii.isSpaceOrControl((char) c))
                    .as("U+%04X", c)
                    .isEqualTo(one.trim().isEmpty());
        }
    }

    @Test
    void otherScriptsAndUnicodeSpacesAreNotAsciiClasses() {
        // U+00A0 (no-break space) and U+2028 (line separator) are white space to Unicode, not here.
        assertThat(Ascii.isSpace('\u00a0')).isFalse();
        assertThat(Ascii.isSpace('\u2028')).isFalse();
        assertThat(Ascii.isLetter('é')).isFalse();
        assertThat(Ascii.isDigit('\u0663')).isFalse(); // Arabic-Indic three
    }
}
