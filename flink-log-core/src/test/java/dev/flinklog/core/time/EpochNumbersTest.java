package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link EpochNumbers} directly; TimestampParserTest covers the same through the public methods. */
class EpochNumbersTest {

    private final ParsedTime t = new ParsedTime();

    private String number(String s) {
        return EpochNumbers.fromEpochNumber(s, 0, s.length(), t) ? t.toInstant().toString() : null;
    }

    @Test
    void integersByMagnitude() {
        assertThat(number("1726490096")).isEqualTo("2024-09-16T12:34:56Z");
        assertThat(number("1726490096123")).isEqualTo("2024-09-16T12:34:56.123Z");
        assertThat(number("1726490096123456")).isEqualTo("2024-09-16T12:34:56.123456Z");
        assertThat(number("1726490096123456789")).isEqualTo("2024-09-16T12:34:56.123456789Z");
        assertThat(number("-1")).isEqualTo("1969-12-31T23:59:59Z");
        assertThat(number("99999999999999999999")).isNull(); // more than a long
    }

    @Test
    void decimalsAreExactSecondsFlooredPastNanos() {
        assertThat(number("1726490096.123456")).isEqualTo("2024-09-16T12:34:56.123456Z");
        assertThat(number("1.726490096123456E9")).isEqualTo("2024-09-16T12:34:56.123456Z");
        assertThat(number("-0.0000000001")).isEqualTo("1969-12-31T23:59:59.999999999Z");
        assertThat(number("1.5e3")).isEqualTo("1970-01-01T00:25:00Z");
        assertThat(number("1.")).isNull();
        assertThat(number("1e")).isNull();
        assertThat(number("+1")).isNull();
        assertThat(number("1e100")).isNull(); // beyond year 9999
    }

    @Test
    void secondsWithAdjustmentAndBigDecimal() {
        assertThat(EpochNumbers.fromEpochSeconds(10, -1, t)).isTrue();
        assertThat(t.epochSecond()).isEqualTo(9);
        assertThat(t.nanoOfSecond()).isEqualTo(999_999_999);
        assertThat(EpochNumbers.fromEpochSeconds(new BigDecimal("-1.5"), t)).isTrue();
        assertThat(t.epochSecond()).isEqualTo(-2);
        assertThat(t.nanoOfSecond()).isEqualTo(500_000_000);
        assertThat(EpochNumbers.fromEpochSeconds(new BigDecimal("1e12"), t)).isFalse();
        assertThat(EpochNumbers.fromEpoch(Long.MIN_VALUE, t)).isTrue(); // nanoseconds, year 1677
        assertThat(t.toInstant().toString()).startsWith("1677-");
    }
}
