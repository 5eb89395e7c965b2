package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StackTraceRuleTest {

    /** The rule on the first token of {@code line} (the token ends at white space). */
    private static LogLevel lineStart(String line) {
        int end = 0;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
            end++;
        }
        return StackTraceRule.lineStart(line, line.length(), 0, end);
    }

    @Test
    void traceShapes() {
        assertThat(lineStart("Traceback (most recent call last):")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("Exception in thread \"main\" java.lang.Error")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("Caused by: java.io.IOException")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("panic: runtime error")).isEqualTo(LogLevel.FATAL);
        assertThat(lineStart("goroutine 1 [running]:")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("java.lang.IllegalStateException: boom")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("ValueError: bad")).isEqualTo(LogLevel.ERROR);
        assertThat(lineStart("ValueError\nnext")).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void lookAlikesAreNot() {
        assertThat(lineStart("Traceback follows")).isNull();
        assertThat(lineStart("panic:x")).isNull();
        assertThat(lineStart("panicked: x")).isNull();
        assertThat(lineStart("goroutine x [running]:")).isNull();
        assertThat(lineStart("goroutine 1 running")).isNull();
        assertThat(lineStart("Error: x")).isNull(); // only the suffix, no class name
        assertThat(lineStart("valueError: x")).isNull(); // lower-case class name
        assertThat(lineStart("ValueError x")).isNull(); // neither colon nor line end
        assertThat(lineStart("my-lib.ValueError:")).isNull();
    }
}
