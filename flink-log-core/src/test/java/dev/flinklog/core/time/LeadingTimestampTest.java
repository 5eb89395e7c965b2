package dev.flinklog.core.time;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class LeadingTimestampTest {

    private static Instant find(String line) {
        ParsedTime t = new ParsedTime();
        return LeadingTimestamp.parse(line, TimestampParser.UTC, t) ? t.toInstant() : null;
    }

    @Test
    void findsTheLongestLeadingTimestamp() {
        assertThat(find("2026-09-16T12:34:56.789+09:00 INFO started"))
                .isEqualTo(Instant.parse("2026-09-16T03:34:56.789Z"));
        assertThat(find("2026-09-16 12:34:56,789 - app.worker - ERROR - boom"))
                .isEqualTo(Instant.parse("2026-09-16T12:34:56.789Z"));
        assertThat(find("[2026-09-16 12:34:56] production.ERROR: x")).isEqualTo(Instant.parse("2026-09-16T12:34:56Z"));
        assertThat(find("Wed, 16 Sep 2026 12:34:56 +0000 something happened"))
                .isEqualTo(Instant.parse("2026-09-16T12:34:56Z"));
        assertThat(find("2026-09-16")).isEqualTo(Instant.parse("2026-09-16T00:00:00Z"));
    }

    @Test
    void noTimestampNoResult() {
        assertThat(find("E0901 14:00:00.123456 1 main.go:42] failed")).isNull();
        assertThat(find("connection refused")).isNull();
        assertThat(find("")).isNull();
        assertThat(find(null)).isNull();
        assertThat(find("   ")).isNull();
    }

    @Test
    void workIsBoundedWhateverTheLine() {
        CountingCharSequence small = new CountingCharSequence("1 ".repeat(10));
        LeadingTimestamp.parse(small, TimestampParser.UTC, new ParsedTime());
        CountingCharSequence huge = new CountingCharSequence("1 ".repeat(500_000));
        LeadingTimestamp.parse(huge, TimestampParser.UTC, new ParsedTime());
        assertThat(huge.reads()).isLessThanOrEqualTo(2 * 48 + 48 * 7);
    }
}
