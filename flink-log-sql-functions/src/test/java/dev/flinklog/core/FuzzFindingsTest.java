package dev.flinklog.core;

import dev.flinklog.functions.LogTimestampFunction;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One test per crash the fuzz tests found in the functions (docs/reliability.md lists them); each
 * reproducer is also kept in the fuzz corpus, so the replay in {@code mvn verify} runs it too.
 */
class FuzzFindingsTest {

    /**
     * LOG_TIMESTAMP(DECIMAL) with a BigDecimal of huge scale (a tiny value, 2.53e-999999989) threw
     * ArithmeticException from BigDecimal.setScale. SQL's DECIMAL (scale at most 38) cannot carry
     * it, the Java API can.
     */
    @Test
    void tinyEpochSecondsWithAHugeScaleAreTheEpoch() {
        ParsedTime out = new ParsedTime();
        assertThat(TimestampParser.fromEpochSeconds(new BigDecimal("253083200400.05e-999999999"), out)).isTrue();
        assertThat(out.epochSecond()).isZero();
        assertThat(out.nanoOfSecond()).isZero();
        assertThat(TimestampParser.fromEpochSeconds(new BigDecimal("-1e-999999999"), out)).isTrue();
        assertThat(out.epochSecond()).isEqualTo(-1);
        assertThat(out.nanoOfSecond()).isEqualTo(999_999_999);
        // the boundary: 1e-10 is cut to the epoch, 1e-9 is one nanosecond, as before
        assertThat(TimestampParser.fromEpochSeconds(new BigDecimal("1e-10"), out)).isTrue();
        assertThat(out.nanoOfSecond()).isZero();
        assertThat(TimestampParser.fromEpochSeconds(new BigDecimal("1e-9"), out)).isTrue();
        assertThat(out.nanoOfSecond()).isEqualTo(1);
        assertThat(TimestampParser.fromEpochSeconds(new BigDecimal("-1e-9"), out)).isTrue();
        assertThat(out.epochSecond()).isEqualTo(-1);
        assertThat(out.nanoOfSecond()).isEqualTo(999_999_999);
        assertThat(new LogTimestampFunction().eval(new BigDecimal("5e-999999999"))).isEqualTo(Instant.EPOCH);
    }
}
