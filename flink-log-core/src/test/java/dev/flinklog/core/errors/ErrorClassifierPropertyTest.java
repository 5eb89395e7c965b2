package dev.flinklog.core.errors;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Any input: no exception, same answer twice, and work proportional to the length. */
class ErrorClassifierPropertyTest {

    private static final int MIB = 1 << 20;

    @Test
    void randomStringsNeverThrowAndAreDeterministic() {
        Random r = new Random(42);
        String alphabet = "abcdeEnorstTuxy /:=\"'\t\n0123456789._-HP";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = r.nextInt(80);
            for (int k = 0; k < len; k++) {
                sb.append(
                        r.nextInt(10) == 0
                                ? (char) r.nextInt(Character.MAX_VALUE + 1)
                                : alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String s = sb.toString();
            assertThat(ErrorClassifier.classify(s)).isEqualTo(ErrorClassifier.classify(s));
        }
    }

    @Test
    void adversarialInputsNeverThrow() {
        assertThat(ErrorClassifier.classify("a".repeat(MIB))).isNull();
        assertThat(ErrorClassifier.classify("7".repeat(MIB))).isNull();
        assertThat(ErrorClassifier.classify(" ./:=-_".repeat(MIB / 7))).isNull();
        assertThat(ErrorClassifier.classify("\u0000\u0001\u001f\u007f".repeat(1000)))
                .isNull();
        assertThat(ErrorClassifier.classify("\ud800x\udc00\udbff".repeat(1000))).isNull();
        assertThat(ErrorClassifier.classify("\ud83d\ude00 connection refused"))
                .isEqualTo(ErrorClass.CONNECTION_REFUSED);
        assertThat(ErrorClassifier.classify("status".repeat(MIB / 6))).isNull();
        assertThat(ErrorClassifier.classify("HTTP/1.1 ".repeat(MIB / 9))).isNull();
        assertThat(ErrorClassifier.classify("timeout ".repeat(MIB / 8))).isNull();
        assertThat(ErrorClassifier.classify("xError ".repeat(MIB / 7))).isEqualTo(ErrorClass.EXCEPTION);
        assertThat(ErrorClassifier.classify("status=404 ".repeat(MIB / 11))).isEqualTo(ErrorClass.NOT_FOUND);
        assertThat(ErrorClassifier.classify("connection refused ".repeat(MIB / 19)))
                .isEqualTo(ErrorClass.CONNECTION_REFUSED);
        // Cue prefixes that never complete make the automaton fall back again and again.
        assertThat(ErrorClassifier.classify("connection reconnection re".repeat(MIB / 26)))
                .isNull();
        // The end of the input right after a cue or a status keyword.
        assertThat(ErrorClassifier.classify("status=")).isNull();
        assertThat(ErrorClassifier.classify("HTTP/")).isNull();
        assertThat(ErrorClassifier.classify("status 50")).isNull();
        assertThat(ErrorClassifier.classify("Error")).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "connection ",
                "status=200 ",
                "HTTP/1.1 \"",
                "HTTP/1.1\" 301 ",
                "xError ",
                "http://x/ ",
                "ECONNREFUSE ",
                "Exception ",
                "connection reconnection re",
                "\u00e9\u00e9 ",
            })
    void readsAreLinearInTheLength(String unit) {
        int n = 20_000;
        long small = reads(unit.repeat(n));
        long large = reads(unit.repeat(2 * n));
        long length = (long) unit.length() * n;
        assertThat(large).isLessThanOrEqualTo(2 * small + 64);
        assertThat(small).isLessThanOrEqualTo(4 * length);
    }

    private static long reads(String s) {
        CountingCharSequence c = new CountingCharSequence(s);
        ErrorClassifier.classify(c);
        return c.reads();
    }
}
