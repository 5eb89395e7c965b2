package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Field values: every alias of the word table, letters, numbered names, numeric strings. */
class LevelFieldParserTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "trace, TRACE",
        "trc, TRACE",
        "verbose, TRACE",
        "finest, TRACE",
        "debug, DEBUG",
        "dbg, DEBUG",
        "dbug, DEBUG",
        "finer, DEBUG",
        "fine, DEBUG",
        "config, DEBUG",
        "info, INFO",
        "inf, INFO",
        "information, INFO",
        "informational, INFO",
        "notice, INFO",
        "warn, WARN",
        "warning, WARN",
        "wrn, WARN",
        "error, ERROR",
        "err, ERROR",
        "eror, ERROR",
        "severe, ERROR",
        "fatal, FATAL",
        "ftl, FATAL",
        "critical, FATAL",
        "crit, FATAL",
        "alert, FATAL",
        "emerg, FATAL",
        "emergency, FATAL",
        "panic, FATAL",
        "dpanic, FATAL",
    })
    void everyWordInAnyCase(String word, LogLevel level) {
        assertThat(LevelFieldParser.parse(word)).isEqualTo(level);
        assertThat(LevelFieldParser.parse(word.toUpperCase())).isEqualTo(level);
        String capitalised = Character.toUpperCase(word.charAt(0)) + word.substring(1);
        assertThat(LevelFieldParser.parse(capitalised)).isEqualTo(level);
        assertThat(LevelFieldParser.parse("  " + word + "\t")).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "T, TRACE", "V, TRACE", "D, DEBUG", "I, INFO", "W, WARN", "E, ERROR", "F, FATAL",
        "t, TRACE", "v, TRACE", "d, DEBUG", "i, INFO", "w, WARN", "e, ERROR", "f, FATAL",
    })
    void singleLettersAsWholeValue(String letter, LogLevel level) {
        assertThat(LevelFieldParser.parse(letter)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "TRACE2, TRACE", "trace4, TRACE", "DEBUG3, DEBUG", "info3, INFO", "INFO2, INFO",
        "WARN4, WARN", "warning2, WARN", "ERROR2, ERROR", "err3, ERROR", "FATAL4, FATAL",
    })
    void otelNumberedNames(String name, LogLevel level) {
        assertThat(LevelFieldParser.parse(name)).isEqualTo(level);
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "",
                " ",
                "foo",
                "information2",
                "error5",
                "error1",
                "info22",
                "x",
                "A",
                "Z",
                "errors",
                "warned",
                "inform",
                "-3",
                "-",
                "3a",
                "1e3",
                "30.5",
                "99999999999999999999",
                "wärn",
                "info!",
                "in fo",
            })
    void unrecognisedValuesAreNull(String value) {
        assertThat(LevelFieldParser.parse(value)).isNull();
    }

    @Test
    void nullIsNull() {
        assertThat(LevelFieldParser.parse((CharSequence) null)).isNull();
        assertThat(LevelFieldParser.parse(null, LevelScale.SYSLOG)).isNull();
    }

    @ParameterizedTest(name = "{0} on auto -> {1}")
    @CsvSource({
        "30, INFO",
        "' 30 ', INFO",
        "30.0, INFO",
        "30.000, INFO",
        "50, ERROR",
        "3, ERROR",
        "0, FATAL",
        "7, DEBUG",
        "400, INFO",
        "20000, INFO",
        "00006, INFO",
    })
    void numericStringsOnAuto(String value, LogLevel level) {
        assertThat(LevelFieldParser.parse(value)).isEqualTo(level);
    }

    @Test
    void numericStringsOnExplicitScales() {
        assertThat(LevelFieldParser.parse("30", LevelScale.PYTHON)).isEqualTo(LogLevel.WARN);
        assertThat(LevelFieldParser.parse("30", LevelScale.PINO)).isEqualTo(LogLevel.INFO);
        assertThat(LevelFieldParser.parse("5", LevelScale.OTLP)).isEqualTo(LogLevel.DEBUG);
        assertThat(LevelFieldParser.parse("5", LevelScale.SYSLOG)).isEqualTo(LogLevel.INFO);
        assertThat(LevelFieldParser.parse("30", LevelScale.SYSLOG)).isNull();
        // words are words whatever the scale
        assertThat(LevelFieldParser.parse("warn", LevelScale.OTLP)).isEqualTo(LogLevel.WARN);
        // null scale is auto
        assertThat(LevelFieldParser.parse("30", null)).isEqualTo(LogLevel.INFO);
        assertThat(LevelFieldParser.parse(30, null)).isEqualTo(LogLevel.INFO);
    }

    @Test
    void doublesMustBeWholeNumbers() {
        assertThat(LevelFieldParser.parse(30.0, LevelScale.AUTO)).isEqualTo(LogLevel.INFO);
        assertThat(LevelFieldParser.parse(17.0, LevelScale.OTLP)).isEqualTo(LogLevel.ERROR);
        assertThat(LevelFieldParser.parse(30.5, LevelScale.AUTO)).isNull();
        assertThat(LevelFieldParser.parse(Double.NaN, LevelScale.AUTO)).isNull();
        assertThat(LevelFieldParser.parse(Double.POSITIVE_INFINITY, LevelScale.AUTO))
                .isNull();
        assertThat(LevelFieldParser.parse(1e300, LevelScale.AUTO)).isNull();
        assertThat(LevelFieldParser.parse(-3.0, LevelScale.AUTO)).isNull();
    }

    @Test
    void rangeOfALargerSequence() {
        String line = "xx warning yy 17 zz";
        assertThat(LevelFieldParser.parse(line, 3, 10, LevelScale.AUTO)).isEqualTo(LogLevel.WARN);
        assertThat(LevelFieldParser.parse(line, 14, 16, LevelScale.OTLP)).isEqualTo(LogLevel.ERROR);
        assertThat(LevelFieldParser.parse(line, 2, 11, LevelScale.AUTO)).isEqualTo(LogLevel.WARN);
    }
}
