package dev.flinklog.core.level;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties that hold for every input: inference and field parsing never throw, always answer one
 * of the six levels (inference) and read each char a bounded number of times (linear time, counted
 * with {@link CountingCharSequence}, never timed).
 */
class LevelInferencePropertyTest {

    private static final int MIB = 1 << 20;

    private final LevelInference inference = new LevelInference();

    /** Alphabet biased towards what the scanner reacts to. */
    private static final String[] PIECES = {
        "error",
        "ERROR",
        "warn",
        "fatal",
        "no",
        "0",
        "errors",
        ":",
        "=",
        "\"",
        "'",
        "[",
        "]",
        "(",
        ")",
        "<",
        ">",
        "|",
        " ",
        "  ",
        "\t",
        "\n",
        "\r",
        "level",
        "lvl",
        "severity",
        "{",
        "}",
        ".",
        "-",
        "_",
        "/",
        "E0901",
        " 14:00:00",
        "Traceback (most recent call last)",
        "panic:",
        "goroutine 1 [",
        "java.lang.X",
        "Exception",
        "Error",
        "I",
        "W",
        "30",
        "none",
        "\u0000",
        "\uD800",
        "\uDC00",
        "\u00e9",
        "\uFFFF",
        "2025-03-14",
        "06:00:00.123",
        "INFO",
        "crit",
        "x",
        "HTTP/1.1\" ",
        "503",
        "<",
        "<11>",
        "D/",
        "/",
        "(",
        "):",
    };

    @Test
    void randomInputsNeverThrowAndAnswerALevel() {
        Random random = new Random(42);
        Set<LogLevel> seen = EnumSet.noneOf(LogLevel.class);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder b = new StringBuilder();
            int pieces = random.nextInt(30);
            for (int p = 0; p < pieces; p++) {
                if (random.nextInt(4) == 0) {
                    b.append((char) random.nextInt(0x10000));
                } else {
                    b.append(PIECES[random.nextInt(PIECES.length)]);
                }
            }
            String text = b.toString();
            LogLevel level = inference.infer(text);
            if (text.chars().allMatch(c -> c <= ' ')) {
                continue; // no text, no level (noTextIsNoLevel)
            }
            assertThat(level).as(text).isNotNull();
            seen.add(level);
            // field parsing of the same garbage never throws either
            LevelFieldParser.parse(text);
            for (LevelScale scale : LevelScale.values()) {
                LevelFieldParser.parse(text, scale);
            }
        }
        // the generator reaches most outcomes, so the loop exercised the interesting paths
        assertThat(seen).contains(LogLevel.INFO, LogLevel.WARN, LogLevel.ERROR, LogLevel.FATAL);
    }

    @ParameterizedTest(name = "1 MiB of \"{0}\"")
    @ValueSource(
            strings = {
                "error ",
                "0 errors ",
                "no error ",
                "[",
                "]",
                "9",
                " ",
                "\n",
                "e",
                "level=",
                "\"level\":",
                "errors: ",
                "E0901 ",
                "ERROR:",
                "Traceback (most recent call last)\n",
                "goroutine ",
                "a.",
                "\uD800",
                "|INFO",
                "x=0=",
                "java.lang.",
                "error=0 ",
                "HTTP/1.1\" 503 ",
                "HTTP/",
                "<1",
                "D/x(",
                "W/",
                "\"errors\": 0, ",
            })
    void adversarialInputsAreLinear(String unit) {
        long small = reads(repeat(unit, MIB / 2));
        long large = reads(repeat(unit, MIB));
        // every char is read a bounded number of times ...
        assertThat(large).as("reads for 1 MiB").isLessThanOrEqualTo(8L * MIB);
        // ... so doubling the input at most about doubles the reads
        assertThat(large).as("reads for 1 MiB vs 0.5 MiB").isLessThanOrEqualTo(2 * small + 64);
    }

    @Test
    void inputWithoutSpacesIsLinear() {
        String digits = repeat("0123456789", MIB);
        assertThat(reads(digits)).isLessThanOrEqualTo(8L * MIB);
        String longWord = repeat("errorerror", MIB);
        assertThat(reads(longWord)).isLessThanOrEqualTo(8L * MIB);
        String longKey = repeat("a.", MIB) + "level=debug"; // too long a key to be "level"
        assertThat(inference.infer(longKey)).isEqualTo(LogLevel.INFO);
        assertThat(reads(longKey)).isLessThanOrEqualTo(8L * longKey.length());
    }

    @Test
    void repeatedKeywordsStillResolve() {
        assertThat(inference.infer(repeat("error ", MIB))).isEqualTo(LogLevel.ERROR);
        assertThat(inference.infer(repeat("0 errors ", MIB))).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer(repeat("[", MIB))).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer(repeat("9", MIB))).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer(repeat(" ", MIB) + "ERROR x")).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void fieldParsingReadsAFieldAtMostTwice() {
        String spaces = repeat(" ", MIB);
        CountingCharSequence c = new CountingCharSequence(spaces + "warn" + spaces);
        assertThat(LevelFieldParser.parse(c)).isEqualTo(LogLevel.WARN);
        assertThat(c.reads()).isLessThanOrEqualTo(2L * c.length());
        CountingCharSequence digits = new CountingCharSequence(repeat("7", MIB));
        assertThat(LevelFieldParser.parse(digits)).isNull();
        assertThat(digits.reads()).isLessThanOrEqualTo(64);
    }

    private long reads(String text) {
        CountingCharSequence c = new CountingCharSequence(text);
        inference.infer(c);
        return c.reads();
    }

    private static String repeat(String unit, int length) {
        StringBuilder b = new StringBuilder(length + unit.length());
        while (b.length() < length) {
            b.append(unit);
        }
        b.setLength(length);
        return b.toString();
    }
}
