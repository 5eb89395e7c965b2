package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class RedisLogReaderTest {

    private static final RedisLogReader READER = new RedisLogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void withTheYear() {
        ParsedLine p = read("1:M 19 Apr 2025 19:18:19.279 * Ready to accept connections tcp");
        assertThat(time(p)).isEqualTo("2025-04-19T19:18:19.279Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.text(Field.PID)).isEqualTo("1");
        assertThat(p.value("role")).isEqualTo("M");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Ready to accept connections tcp");

        assertThat(time(read("20075:M 1 Jan 2022 16:53:57.688 # Hash key name not provided")))
                .isEqualTo("2022-01-01T16:53:57.688Z");
    }

    @Test
    void withoutTheYear() {
        // before the reference (2026-12-02): this year; a December line read in January would be last year's
        ParsedLine p = read("10493:M 06 Jun 17:57:35.569 # Server started, Redis version 3.0.7");
        assertThat(time(p)).isEqualTo("2026-06-06T17:57:35.569Z");
        assertThat(p.yearInferred()).isTrue();
        assertThat(time(read("1:S 24 Dec 10:00:00.000 * x"))).isEqualTo("2025-12-24T10:00:00Z");

        ParsedLine old = read("[4018] 14 Nov 07:01:22.119 * Background saving terminated with success");
        assertThat(old.text(Field.PID)).isEqualTo("4018");
        assertThat(old.value("role")).isNull();
        assertThat(time(old)).isEqualTo("2026-11-14T07:01:22.119Z");

        ParsedLine noMillis = read("[32343] 22 Mar 15:21:39 # Something is terribly wrong");
        assertThat(time(noMillis)).isEqualTo("2026-03-22T15:21:39Z");
        // 2.x has no year: four digits there are not read as one
        assertThat(read("[4018] 14 Nov 2024 07:01:22.119 * x")).isNull();
    }

    @ParameterizedTest
    @CsvSource({"'.', debug", "'-', debug", "'*', info", "'#', warn"})
    void levelCharacters(String c, String level) {
        ParsedLine p = read("18:X 30 Sep 2025 15:06:46.900 " + c + " +odown master x");
        assertThat(p.level().sqlName()).isEqualTo(level);
        assertThat(p.value("role")).isEqualTo("X");
    }

    @Test
    void verboseBeforeAMessageThatStartsWithADash() {
        ParsedLine p = read("691689:X 19 Jan 2024 10:50:10.480 - -role-change slave 10.98.241.48:6379");
        assertThat(p.level()).isEqualTo(LogLevel.DEBUG);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("-role-change slave 10.98.241.48:6379");
    }

    @Test
    void signalHandler() {
        ParsedLine p = read("1:signal-handler (1581954802) Received SIGTERM scheduling shutdown...");
        assertThat(time(p)).isEqualTo("2020-02-17T15:53:22Z");
        assertThat(p.level()).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Received SIGTERM scheduling shutdown...");

        ParsedLine old = read("[1752 | signal handler] (1365998382) Received SIGTERM, scheduling shutdown...");
        assertThat(old.text(Field.PID)).isEqualTo("1752");
        assertThat(time(old)).isEqualTo("2013-04-15T03:59:42Z");
    }

    @Test
    void moduleTag() {
        ParsedLine p = read("45718:M 01 Nov 2023 07:02:40.593 * <redisgears_2> Hello log");
        assertThat(p.value("module")).isEqualTo("redisgears_2");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Hello log");
        ParsedLine notATag = read("45718:M 01 Nov 2023 07:02:40.593 * <not a tag> x");
        assertThat(notATag.value("module")).isNull();
        assertThat(notATag.text(Field.MESSAGE)).isEqualTo("<not a tag> x");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1470637867.953466 [0 195.168.1.1:52500] \"info\"",
                "1:Q 19 Apr 2025 19:18:19.277 * x",
                "1:M 19 Apr 2025 19:18:19.277 ! x",
                "1:M 19 Apr 2025 19:18:19.277 *x",
                "1:M 19 Foo 2025 19:18:19.277 * x",
                "1:M 31 Feb 2025 19:18:19.277 * x",
                "1:M 19 Apr 2025 19:18 * x",
                "1:signal-handler 1581954802 x",
                "[1752] (1365998382) x",
                "[3-1] LOG:  x",
                "18:20:30.123 [main] INFO a.B - x"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsOnlyWhereItsHeadersDo() {
        assertThat(READER.mayStartWith('1')).isTrue();
        assertThat(READER.mayStartWith('[')).isTrue();
        assertThat(READER.mayStartWith('r')).isFalse();
        assertThat(READER.mayStartWith(' ')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "1:M 19 Apr 2025 19:18:19.277 * <" + repeat("a", n));
        assertLinear(READER, n -> "1:M 19 Apr 2025 19:18:19.277 * " + repeat("x", n));
        assertLinear(READER, n -> "[1 | signal handler] (" + repeat("1", n) + ") x");
    }
}
