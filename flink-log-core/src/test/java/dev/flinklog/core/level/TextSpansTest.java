package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextSpansTest {

    @Test
    void oneOfMatchesWholeSpansInAnyCase() {
        String[] words = {"no", "none"};
        assertThat(TextSpans.oneOf("x NONE y", 2, 6, words)).isTrue();
        assertThat(TextSpans.oneOf("x No y", 2, 4, words)).isTrue();
        assertThat(TextSpans.oneOf("x non y", 2, 5, words)).isFalse();
        assertThat(TextSpans.oneOf("x", 1, 1, words)).isFalse();
    }

    @Test
    void skipGapSkipsAtMostThreeSpaces() {
        assertThat(TextSpans.skipGap("a   b", 5, 1)).isEqualTo(4);
        assertThat(TextSpans.skipGap("a     b", 7, 1)).isEqualTo(1 + TextSpans.MAX_GAP);
        assertThat(TextSpans.skipGap("a\tb", 3, 1)).isEqualTo(1); // spaces only
        assertThat(TextSpans.skipGap("a  ", 3, 1)).isEqualTo(3);
    }

    @Test
    void startsWithIsCaseSensitiveAndBounded() {
        assertThat(TextSpans.startsWith("x panic:", 8, 2, "panic:")).isTrue();
        assertThat(TextSpans.startsWith("x Panic:", 8, 2, "panic:")).isFalse();
        assertThat(TextSpans.startsWith("x pan", 5, 2, "panic:")).isFalse();
    }
}
