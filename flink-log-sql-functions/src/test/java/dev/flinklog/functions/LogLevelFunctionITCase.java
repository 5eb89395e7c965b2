package dev.flinklog.functions;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code LOG_LEVEL} through SQL after {@code LOAD MODULE logs}: every overload, NULLs, scales. */
class LogLevelFunctionITCase extends SqlFunctionTestBase {

    @Test
    void messageOnly() {
        List<Object> levels = column("SELECT LOG_LEVEL(msg) FROM (VALUES "
                + "(1, 'ERROR something broke'),"
                + "(2, '2025-03-14 06:00:00.262  WARN 1 --- [main] c.e.Foo : slow'),"
                + "(3, '2025/03/14 06:00:00 [error] 12#12: open() failed'),"
                + "(4, 'E0901 14:00:00.123456 1234 server.go:42] refused'),"
                + "(5, 'time=1 level=debug msg=x'),"
                + "(6, '{\"level\":\"warn\",\"msg\":\"x\"}'),"
                + "(7, 'panic: runtime error'),"
                + "(8, 'completed with no error'),"
                + "(9, 'request failed'),"
                + "(10, 'INFO retrying after error'),"
                + "(11, ''),"
                + "(12, CAST(NULL AS STRING))"
                + ") AS t(id, msg) ORDER BY id");
        assertThat(levels)
                .containsExactly(
                        "error", "warn", "error", "error", "debug", "warn", "fatal", "info", "error", "info", null,
                        null);
    }

    @Test
    void stringLevelFieldWinsOverText() {
        List<Object> levels = column("SELECT LOG_LEVEL(lvl, msg) FROM (VALUES "
                + "(1, 'WARNING', 'fatal error'),"
                + "(2, ' Err ', 'all fine'),"
                + "(3, 'critical', 'x'),"
                + "(4, 'notice', 'ERROR x'),"
                + "(5, 'E', 'x'),"
                + "(6, 'ERROR2', 'x'),"
                + "(7, 'fine', 'x'),"
                + "(8, '30', 'ERROR x'),"
                + "(9, 'foo', 'ERROR x'),"
                + "(10, '-3', '[warn] x'),"
                + "(11, CAST(NULL AS STRING), 'request failed'),"
                + "(12, CAST(NULL AS STRING), CAST(NULL AS STRING)),"
                + "(13, 'verbose', CAST(NULL AS STRING))"
                + ") AS t(id, lvl, msg) ORDER BY id");
        assertThat(levels)
                .containsExactly(
                        "warn", "error", "fatal", "info", "error", "error", "debug", "info", "error", "warn", "error",
                        null, "trace");
    }

    @Test
    void numericLevelFieldsOnTheAutoScale() {
        List<Object> ints = column("SELECT LOG_LEVEL(lvl, msg) FROM (VALUES "
                + "(1, 30, 'ERROR x'),"
                + "(2, 50, 'x'),"
                + "(3, 3, 'x'),"
                + "(4, 7, 'x'),"
                + "(5, 200, 'x'),"
                + "(6, 20000, 'x'),"
                + "(7, -3, '[warn] x'),"
                + "(8, 99, 'x'),"
                + "(9, CAST(NULL AS INT), 'request failed')"
                + ") AS t(id, lvl, msg) ORDER BY id");
        assertThat(ints).containsExactly("info", "error", "error", "debug", "error", "info", "warn", "info", "error");
        List<Object> bigints = column("SELECT LOG_LEVEL(lvl, msg) FROM (VALUES "
                + "(1, CAST(60 AS BIGINT), 'x'),"
                + "(2, CAST(40000 AS BIGINT), 'x'),"
                + "(3, CAST(9223372036854775807 AS BIGINT), 'WARN x'),"
                + "(4, CAST(NULL AS BIGINT), CAST(NULL AS STRING))"
                + ") AS t(id, lvl, msg) ORDER BY id");
        assertThat(bigints).containsExactly("fatal", "error", "warn", null);
    }

    @Test
    void autoReadsOtlpNumbersWherePinoHasNoPoint() {
        // An OpenTelemetry severityNumber under a generic key reaches LOG_LEVEL on the auto scale:
        // the values only OTLP defines are OTLP's, pino's six points stay pino's.
        List<Object> levels = column("SELECT LOG_LEVEL(severity, msg) FROM (VALUES "
                + "(1, 17, 'x'), (2, 21, 'x'), (3, 13, 'x'), (4, 9, 'x'), (5, 8, 'x'), (6, 24, 'x'),"
                + "(7, 10, 'x'), (8, 20, 'x'), (9, 30, 'x'), (10, 5, 'x'), (11, 25, 'x')"
                + ") AS t(id, severity, msg) ORDER BY id");
        assertThat(levels)
                .containsExactly(
                        "error", "fatal", "warn", "info", "debug", "fatal", "trace", "debug", "info", "info", "debug");
    }

    @Test
    void otherNumericTypesAndUntypedNulls() {
        List<Object> doubles = column("SELECT LOG_LEVEL(lvl, msg) FROM (VALUES "
                + "(1, CAST(30.0 AS DOUBLE), 'x'),"
                + "(2, CAST(30.5 AS DOUBLE), 'WARN x'),"
                + "(3, CAST(50 AS DOUBLE), 'x'),"
                + "(4, CAST(NULL AS DOUBLE), 'request failed')"
                + ") AS t(id, lvl, msg) ORDER BY id");
        assertThat(doubles).containsExactly("info", "warn", "error", "error");
        assertThat(query("SELECT LOG_LEVEL(CAST(3 AS SMALLINT), 'x'),"
                                + " LOG_LEVEL(CAST(60 AS TINYINT), 'x'),"
                                + " LOG_LEVEL(CAST(17 AS DECIMAL(4, 1)), 'x', 'otlp'),"
                                + " LOG_LEVEL(NULL, 'ERROR x'),"
                                + " LOG_LEVEL(NULL),"
                                + " LOG_LEVEL(NULL, NULL, NULL)")
                        .get(0)
                        .toString())
                .isEqualTo("+I[error, fatal, error, error, null, null]");
    }

    @Test
    void explicitScales() {
        List<Object> levels = column("SELECT LOG_LEVEL(lvl, msg, scale) FROM (VALUES "
                + "(1, 30, 'x', 'python'),"
                + "(2, 30, 'x', 'PINO'),"
                + "(3, 30, 'x', 'bunyan'),"
                + "(4, 5, 'x', 'otlp'),"
                + "(5, 5, 'x', 'syslog'),"
                + "(6, 17, 'x', 'OTLP'),"
                + "(7, 350, 'x', 'log4j2'),"
                + "(8, 30000, 'x', 'logback'),"
                + "(9, 30, 'x', 'auto'),"
                + "(10, 30, 'ERROR x', 'syslog'),"
                + "(11, 30, 'x', CAST(NULL AS STRING)),"
                + "(12, 30, 'x', 'nope')"
                + ") AS t(id, lvl, msg, scale) ORDER BY id");
        assertThat(levels)
                .containsExactly(
                        "warn", "info", "info", "debug", "info", "error", "info", "warn", "info", "error", "info",
                        null);
    }

    @Test
    void explicitScalesForStringAndBigintFields() {
        List<Object> strings = column("SELECT LOG_LEVEL(lvl, msg, scale) FROM (VALUES "
                + "(1, '30', 'x', 'python'),"
                + "(2, '6', 'x', 'syslog'),"
                + "(3, '21', 'x', 'otlp'),"
                + "(4, 'warn', 'x', 'otlp'),"
                + "(5, 'foo', 'FATAL x', 'pino'),"
                + "(6, CAST(NULL AS STRING), 'x', 'python'),"
                + "(7, '30', 'x', 'unknown-scale')"
                + ") AS t(id, lvl, msg, scale) ORDER BY id");
        assertThat(strings).containsExactly("warn", "info", "fatal", "warn", "fatal", "info", null);
        List<Object> bigints = column("SELECT LOG_LEVEL(lvl, msg, scale) FROM (VALUES "
                + "(1, CAST(13 AS BIGINT), 'x', 'otlp'),"
                + "(2, CAST(600 AS BIGINT), 'x', 'log4j2'),"
                + "(3, CAST(13 AS BIGINT), 'x', 'bogus')"
                + ") AS t(id, lvl, msg, scale) ORDER BY id");
        assertThat(bigints).containsExactly("warn", "trace", null);
    }
}
