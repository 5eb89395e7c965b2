package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Every scale's points, values between points, values off the scale, and the collisions. */
class LevelScaleTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        // syslog severity: smaller is more severe
        "SYSLOG, 0, FATAL",
        "SYSLOG, 1, FATAL",
        "SYSLOG, 2, FATAL",
        "SYSLOG, 3, ERROR",
        "SYSLOG, 4, WARN",
        "SYSLOG, 5, INFO",
        "SYSLOG, 6, INFO",
        "SYSLOG, 7, DEBUG",
        // pino / bunyan, with values between points
        "PINO, 10, TRACE",
        "PINO, 20, DEBUG",
        "PINO, 30, INFO",
        "PINO, 35, INFO",
        "PINO, 40, WARN",
        "PINO, 50, ERROR",
        "PINO, 60, FATAL",
        "PINO, 69, FATAL",
        "PINO, 19, TRACE",
        // OTLP SeverityNumber ranges
        "OTLP, 1, TRACE",
        "OTLP, 4, TRACE",
        "OTLP, 5, DEBUG",
        "OTLP, 8, DEBUG",
        "OTLP, 9, INFO",
        "OTLP, 12, INFO",
        "OTLP, 13, WARN",
        "OTLP, 16, WARN",
        "OTLP, 17, ERROR",
        "OTLP, 20, ERROR",
        "OTLP, 21, FATAL",
        "OTLP, 24, FATAL",
        // log4j2 intLevel: smaller is more severe; between points take the threshold reached
        "LOG4J2, 100, FATAL",
        "LOG4J2, 200, ERROR",
        "LOG4J2, 300, WARN",
        "LOG4J2, 350, INFO",
        "LOG4J2, 400, INFO",
        "LOG4J2, 500, DEBUG",
        "LOG4J2, 600, TRACE",
        "LOG4J2, 150, ERROR",
        // logback level_value
        "LOGBACK, 5000, TRACE",
        "LOGBACK, 10000, DEBUG",
        "LOGBACK, 20000, INFO",
        "LOGBACK, 30000, WARN",
        "LOGBACK, 40000, ERROR",
        "LOGBACK, 25000, INFO",
        // Python logging
        "PYTHON, 5, TRACE",
        "PYTHON, 10, DEBUG",
        "PYTHON, 20, INFO",
        "PYTHON, 30, WARN",
        "PYTHON, 35, WARN",
        "PYTHON, 40, ERROR",
        "PYTHON, 50, FATAL",
    })
    void points(LevelScale scale, long value, LogLevel level) {
        assertThat(scale.level(value)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} {1} is off the scale")
    @CsvSource({
        "SYSLOG, -1",
        "SYSLOG, 8",
        "PINO, 9",
        "PINO, 70",
        "PINO, 0",
        "OTLP, 0",
        "OTLP, 25",
        "LOG4J2, 0",
        "LOG4J2, 601",
        "LOGBACK, 4999",
        "LOGBACK, 50000",
        "PYTHON, 0",
        "PYTHON, 60",
        "AUTO, 70",
        "AUTO, 99",
        "AUTO, 601",
        "AUTO, 4999",
        "AUTO, 50000",
        "AUTO, -3",
        "AUTO, 9223372036854775807",
        "AUTO, -9223372036854775808",
    })
    void offTheScale(LevelScale scale, long value) {
        assertThat(scale.level(value)).isNull();
    }

    @Test
    void collisionsResolveByScale() {
        // 30: pino info, Python warning; auto reads it as pino
        assertThat(LevelScale.PINO.level(30)).isEqualTo(LogLevel.INFO);
        assertThat(LevelScale.PYTHON.level(30)).isEqualTo(LogLevel.WARN);
        assertThat(LevelScale.AUTO.level(30)).isEqualTo(LogLevel.INFO);
        // 5: OTLP debug, syslog notice; auto reads it as syslog
        assertThat(LevelScale.OTLP.level(5)).isEqualTo(LogLevel.DEBUG);
        assertThat(LevelScale.SYSLOG.level(5)).isEqualTo(LogLevel.INFO);
        assertThat(LevelScale.AUTO.level(5)).isEqualTo(LogLevel.INFO);
        // 4: OTLP trace, syslog warning
        assertThat(LevelScale.OTLP.level(4)).isEqualTo(LogLevel.TRACE);
        assertThat(LevelScale.AUTO.level(4)).isEqualTo(LogLevel.WARN);
        // Values only OTLP defines are OTLP's on auto: 17 ERROR, 21 FATAL, 13 WARN, 9 INFO, 8 DEBUG4
        assertThat(LevelScale.AUTO.level(17)).isEqualTo(LogLevel.ERROR);
        assertThat(LevelScale.AUTO.level(21)).isEqualTo(LogLevel.FATAL);
        assertThat(LevelScale.AUTO.level(24)).isEqualTo(LogLevel.FATAL);
        assertThat(LevelScale.AUTO.level(13)).isEqualTo(LogLevel.WARN);
        assertThat(LevelScale.AUTO.level(11)).isEqualTo(LogLevel.INFO);
        assertThat(LevelScale.AUTO.level(9)).isEqualTo(LogLevel.INFO);
        assertThat(LevelScale.AUTO.level(8)).isEqualTo(LogLevel.DEBUG);
        // pino's points stay pino's: 10 trace (OTLP INFO2), 20 debug (OTLP ERROR4); 25-69 pino
        assertThat(LevelScale.AUTO.level(10)).isEqualTo(LogLevel.TRACE);
        assertThat(LevelScale.AUTO.level(20)).isEqualTo(LogLevel.DEBUG);
        assertThat(LevelScale.AUTO.level(25)).isEqualTo(LogLevel.DEBUG);
        assertThat(LevelScale.AUTO.level(35)).isEqualTo(LogLevel.INFO);
        assertThat(LevelScale.AUTO.level(60)).isEqualTo(LogLevel.FATAL);
        // log4j2 and logback on auto
        assertThat(LevelScale.AUTO.level(200)).isEqualTo(LogLevel.ERROR);
        assertThat(LevelScale.AUTO.level(40000)).isEqualTo(LogLevel.ERROR);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "auto, AUTO", "AUTO, AUTO", "syslog, SYSLOG", "Syslog, SYSLOG", "pino, PINO",
        "bunyan, PINO", "BUNYAN, PINO", "otlp, OTLP", "OTLP, OTLP", "log4j2, LOG4J2",
        "LOG4J2, LOG4J2", "logback, LOGBACK", "python, PYTHON", "' python ', PYTHON",
    })
    void names(String name, LevelScale scale) {
        assertThat(LevelScale.byName(name)).isEqualTo(scale);
    }

    @Test
    void unknownNames() {
        assertThat(LevelScale.byName("otel")).isNull();
        assertThat(LevelScale.byName("")).isNull();
        assertThat(LevelScale.byName("log4j")).isNull();
        assertThat(LevelScale.byName(null)).isNull();
    }

    @Test
    void sqlNamesAreLowerCase() {
        for (LevelScale s : LevelScale.values()) {
            assertThat(s.sqlName()).isEqualTo(s.name().toLowerCase());
            assertThat(LevelScale.byName(s.sqlName())).isSameAs(s);
        }
    }
}
