package dev.flinklog.gen;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * One generated record and what the log-json format must make of it.
 *
 * @param sequence the record's position; {@code LogGenerator.generate(sequence)} returns it again
 * @param id unique per record ({@code log-} and 12 digits); appears verbatim in {@link #payload}.
 *     In an OTLP batch each log record carries its own id {@code <id>.<k>} (k = 0 .. rows-1) as the
 *     log record attribute {@code log_id}, so an end-to-end test can count rows, not batches.
 * @param payload the bytes a producer would ship, without a line terminator and without raw
 *     newlines (one record per line works); UTF-8 except in malformed records
 * @param producer a {@link Producer#id()}, or {@code malformed-<kind>}
 * @param service the service the generator attributed the record to (text lines and malformed
 *     records carry it only in their text, where the format does not read it)
 * @param expectedLevel the {@code log_level} the format must give, one of the six words; NULL
 *     for malformed records, whose level is inferred from arbitrary text and not predicted here
 * @param expectedEventTime the instant the format must extract (exact; at most microsecond
 *     precision, so TIMESTAMP_LTZ(6) holds it); NULL when the record carries none. All rows of an
 *     OTLP batch share it, as they share the level.
 * @param templateId names the message template (e.g. {@code error.timeout.1},
 *     {@code incident.burst.0}); NULL for malformed records
 * @param malformed true for a broken record (truncated, invalid UTF-8, an array, ...); the format
 *     sets {@code parse-error} for these and for plain text lines, see {@link #expectParseError()}
 * @param rows the rows the format emits for the record (more than 1 for OTLP batches)
 */
public record GeneratedLog(
        long sequence,
        String id,
        byte[] payload,
        String producer,
        String service,
        String expectedLevel,
        Instant expectedEventTime,
        String templateId,
        boolean malformed,
        int rows) {

    /** Whether the format must set {@code parse-error}: malformed records and plain text lines (not JSON). */
    public boolean expectParseError() {
        return malformed || producer.equals(Producer.TEXT.id());
    }

    /** The payload as text (malformed UTF-8 decoded with replacement characters). */
    public String payloadText() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** The ids of the rows: {@link #id} alone, or {@code <id>.0} .. for an OTLP batch. */
    public String rowId(int k) {
        if (k < 0 || k >= rows) {
            throw new IndexOutOfBoundsException("row " + k + " of " + rows);
        }
        return producer.equals(Producer.OTLP.id()) ? id + "." + k : id;
    }
}
