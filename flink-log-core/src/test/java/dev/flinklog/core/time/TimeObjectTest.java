package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class TimeObjectTest {

    private static Instant of(String... members) {
        TimeObject o = new TimeObject();
        o.reset();
        for (int i = 0; i < members.length; i += 2) {
            o.member(members[i], members[i + 1]);
        }
        ParsedTime t = new ParsedTime();
        return o.resolve(t) ? t.toInstant() : null;
    }

    @Test
    void log4j2InstantAndGoogleTimestamp() {
        assertThat(of("epochSecond", "1704164645", "nanoOfSecond", "123456789"))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.123456789Z"));
        assertThat(of("seconds", "1704164645", "nanos", "5"))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.000000005Z"));
        assertThat(of("nanos", "5", "seconds", " 1704164645 "))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.000000005Z"));
    }

    @Test
    void secondsAloneAndNegativeNanosCarry() {
        assertThat(of("seconds", "0")).isEqualTo(Instant.EPOCH);
        assertThat(of("seconds", "10", "nanos", "-1")).isEqualTo(Instant.parse("1970-01-01T00:00:09.999999999Z"));
    }

    @Test
    void withoutSecondsOrWithBadValuesThereIsNoTime() {
        assertThat(of("nanos", "5")).isNull();
        assertThat(of("seconds", "1.5")).isNull();
        assertThat(of("seconds", "12345678901234567890")).isNull(); // 20 digits: not read
        assertThat(of("seconds", "-")).isNull();
        assertThat(of("seconds", "")).isNull();
        assertThat(of("seconds", "99999999999999999")).isNull(); // past year 9999
        assertThat(of("other", "1")).isNull();
    }

    @Test
    void resetForgetsThePreviousObject() {
        TimeObject o = new TimeObject();
        o.member("seconds", "100");
        o.reset();
        assertThat(o.resolve(new ParsedTime())).isFalse();
    }

    @Test
    void precisionCutsTowardThePast() {
        ParsedTime t = new ParsedTime();
        assertThat(TimestampParser.fromEpochSeconds(1, 123_456_789, t)).isTrue();
        assertThat(t.nanoOfSecond(9)).isEqualTo(123_456_789);
        assertThat(t.nanoOfSecond(6)).isEqualTo(123_456_000);
        assertThat(t.nanoOfSecond(3)).isEqualTo(123_000_000);
        assertThat(t.nanoOfSecond(0)).isZero();
    }
}
