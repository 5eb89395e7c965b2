package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Field first, then text, then info. */
class LevelResolverTest {

    private final LevelResolver resolver = new LevelResolver();

    @Test
    void recognisableFieldWinsOverText() {
        assertThat(resolver.resolve("warn", "fatal error")).isEqualTo(LogLevel.WARN);
        assertThat(resolver.resolve(" Information ", "ERROR boom")).isEqualTo(LogLevel.INFO);
        assertThat(resolver.resolve("E", "all good")).isEqualTo(LogLevel.ERROR);
        assertThat(resolver.resolve("30", "ERROR x")).isEqualTo(LogLevel.INFO);
        assertThat(resolver.resolve(17, "INFO x", LevelScale.OTLP)).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void unrecognisedFieldFallsBackToText() {
        assertThat(resolver.resolve("foo", "ERROR boom")).isEqualTo(LogLevel.ERROR);
        assertThat(resolver.resolve("-3", "WARN x")).isEqualTo(LogLevel.WARN);
        assertThat(resolver.resolve(-3, "WARN x", LevelScale.AUTO)).isEqualTo(LogLevel.WARN);
        assertThat(resolver.resolve(99, "[debug] x", LevelScale.AUTO)).isEqualTo(LogLevel.DEBUG);
        assertThat(resolver.resolve("", "request failed")).isEqualTo(LogLevel.ERROR);
        assertThat(resolver.resolve(null, "request failed")).isEqualTo(LogLevel.ERROR);
        assertThat(resolver.resolve("30", "ERROR x", LevelScale.SYSLOG)).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void textWithoutACueIsInfoNoTextAtAllIsNull() {
        assertThat(resolver.resolve(null, "user logged in")).isEqualTo(LogLevel.INFO);
        assertThat(resolver.resolve("foo", "queue drained")).isEqualTo(LogLevel.INFO);
        assertThat(resolver.resolve(null, null)).isNull();
        assertThat(resolver.resolve("foo", "")).isNull();
        assertThat(resolver.resolve(99, " \t", LevelScale.AUTO)).isNull();
        assertThat(resolver.infer(null)).isNull();
        // A level field needs no text.
        assertThat(resolver.resolve("warn", null)).isEqualTo(LogLevel.WARN);
        assertThat(resolver.resolve(50, "", LevelScale.AUTO)).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void aRecordsLevelIsItsFieldThenItsProducersThenItsText() {
        assertThat(resolver.resolve(LogLevel.WARN, LogLevel.INFO, "fatal: boom"))
                .isEqualTo(LogLevel.WARN);
        assertThat(resolver.inferred()).isFalse();
        assertThat(resolver.resolve(null, LogLevel.INFO, "fatal: boom")).isEqualTo(LogLevel.INFO);
        assertThat(resolver.inferred()).isFalse();
        assertThat(resolver.resolve(null, null, "fatal: boom")).isEqualTo(LogLevel.FATAL);
        assertThat(resolver.inferred()).isTrue();
        assertThat(resolver.resolve(null, null, "")).isNull();
        assertThat(resolver.inferred()).isTrue();
        assertThat(resolver.resolve(null, LogLevel.INFO, null)).isEqualTo(LogLevel.INFO);
    }

    @Test
    void sqlNames() {
        assertThat(LogLevel.TRACE.sqlName()).isEqualTo("trace");
        assertThat(LogLevel.FATAL.sqlName()).isEqualTo("fatal");
        assertThat(LogLevel.ERROR.isAtLeast(LogLevel.WARN)).isTrue();
        assertThat(LogLevel.INFO.isAtLeast(LogLevel.WARN)).isFalse();
    }
}
