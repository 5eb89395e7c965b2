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

    /**
     * LOG_LABEL(json, k) was NULL for a key k that LOG_LABELS(json) returns, when k starts like
     * the labels object it lives in ({"labels":{"labels":{"b":"2"}}} has the label labels_b): the
     * walk looked inside the object for the key and so never offered it to the label rules whole.
     */
    @Test
    void labelKeysThatStartLikeTheirLabelsObjectAreFound() {
        String json = "{\"labels\":{\"a\":\"1\",\"labels\":{\"b\":\"2\"}}}";
        assertThat(LabelExtractor.labels(json)).containsEntry("labels_b", "2").containsEntry("a", "1");
        assertThat(LabelExtractor.label(json, "labels_b")).isEqualTo("2");
        assertThat(LabelExtractor.label(json, "labels.b")).isEqualTo("2");
        assertThat(LabelExtractor.label(json, "a")).isEqualTo("1");
        // a path spelled out still wins over the labels, and a miss is still NULL
        assertThat(LabelExtractor.label(json, "labels.labels")).isEqualTo("{\"b\":\"2\"}");
        assertThat(LabelExtractor.label(json, "labels_c")).isNull();
        assertThat(LabelExtractor.label("{\"attributes\":{\"labels\":{\"b\":\"2\"}}}", "labels_b")).isEqualTo("2");
    }

    /**
     * OPEN (not fixed here): LOG_TEMPLATE is not idempotent when a size in parentheses has a
     * space after its decimal point. The first pass keeps the parentheses ("sent <*> (<*>. <*>,)
     * ok"), the second collapses them ("sent <*> ok"), so LOG_FINGERPRINT(m) differs from
     * LOG_FINGERPRINT(LOG_TEMPLATE(m)). Either fix changes version-1 outputs that
     * TemplateDifferentialTest pins, so it waits for a fingerprint version 2 (see
     * docs/reliability.md). The fuzzer's input is kept in resources/.../known-findings/, outside
     * the replayed corpus. This test pins today's behaviour, so that a change to it is noticed.
     */
    @Test
    void templateOfASizeInParenthesesTodayCollapsesOnlyOnTheSecondPass() {
        String t = MessageTemplate.template("sent 1025 bytes (1. 0 MB,) ok");
        assertThat(t).isEqualTo("sent <*> (<*>. <*>,) ok");
        assertThat(MessageTemplate.template(t)).isEqualTo("sent <*> ok");
    }
}
