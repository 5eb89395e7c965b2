package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NegationRulesTest {

    /** Whether the word before {@code word} in {@code s} negates it. */
    private static boolean negated(String s, String word) {
        int a = s.lastIndexOf(word);
        int prevEnd = a;
        while (prevEnd > 0 && s.charAt(prevEnd - 1) == ' ') {
            prevEnd--;
        }
        int prevStart = prevEnd;
        while (prevStart > 0 && Character.isLetterOrDigit(s.charAt(prevStart - 1))) {
            prevStart--;
        }
        return NegationRules.negated(s, prevStart, prevEnd == prevStart ? -1 : prevEnd, a);
    }

    private static boolean zeroValued(String s, String word) {
        return NegationRules.zeroValued(s, s.length(), s.indexOf(word) + word.length());
    }

    @Test
    void negations() {
        assertThat(negated("no error", "error")).isTrue();
        assertThat(negated("done WITHOUT errors", "errors")).isTrue();
        assertThat(negated("0 warnings", "warnings")).isTrue();
        assertThat(negated("000   errors", "errors")).isTrue();
        assertThat(negated("000    errors", "errors")).isFalse(); // more than a small gap
        assertThat(negated("1 error", "error")).isFalse();
        assertThat(negated("06:00:00 WARN", "WARN")).isFalse(); // part of a time, not a count
        assertThat(negated("1,000 errors", "errors")).isFalse(); // part of a number
        assertThat(negated("error", "error")).isFalse(); // nothing before
        assertThat(negated("notice error", "error")).isFalse();
    }

    @Test
    void zeroValues() {
        assertThat(zeroValued("error=0", "error")).isTrue();
        assertThat(zeroValued("errors: 000", "errors")).isTrue();
        assertThat(zeroValued("\"errors\": 0,", "errors")).isTrue();
        assertThat(zeroValued("error=nil", "error")).isTrue();
        assertThat(zeroValued("Error: none", "Error")).isTrue();
        assertThat(zeroValued("error=\"false\"", "error")).isTrue();
        assertThat(zeroValued("error=01", "error")).isFalse();
        assertThat(zeroValued("error=0x", "error")).isFalse();
        assertThat(zeroValued("error: nothing", "error")).isFalse();
        assertThat(zeroValued("error 0", "error")).isFalse();
        assertThat(zeroValued("error=", "error")).isFalse();
        assertThat(zeroValued("errors=" + "0".repeat(21), "errors")).isFalse(); // too long to read
    }

    @Test
    void theListsAreTheDocumentedOnes() {
        assertThat(LevelInference.NEGATORS).isSameAs(NegationRules.NEGATORS);
        assertThat(LevelInference.ZERO_VALUES).isSameAs(NegationRules.ZERO_VALUES);
    }
}
