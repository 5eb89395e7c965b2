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
 * @param service the service the generator attributed the record to; the format finds it only
 *     where the shape names it, see {@link #expectedService()}
 * @param expectedLevel the {@code log_level} the format must give, one of the six words; NULL
 *     for malformed records, whose level is inferred from arbitrary text and not predicted here
 * @param expectedEventTime the instant the format must extract (exact; at most microsecond
 *     precision, so TIMESTAMP_LTZ(6) holds it); NULL when the record carries none. All rows of an
 *     OTLP batch share it, as they share the level.
 * @param templateId names the message template (e.g. {@code error.timeout.1},
 *     {@code incident.burst.0}, {@code access.503} for an access line, whose text replaces the
 *     message); NULL for malformed records
 * @param malformed true for a broken record (truncated, invalid UTF-8, an array, ...)
 * @param rows the rows the format emits for the record (more than 1 for OTLP batches)
 * @param expectedShape the {@code shape} metadata the format must give (also its {@code
 *     log_shape} column): {@code json}, {@code otlp}, a text line's shape ({@code syslog5424},
 *     {@code syslog3164}, {@code combined}, {@code klog}, {@code logfmt}, {@code java}, {@code
 *     python}) or {@code plain}. A JSON record whose message is a line of a known shape (Fluent
 *     Bit's and Docker's {@code log}) has the line's shape: the format reads the message as a line
 *     when the row leaves a column open that the line could fill (its level, for these records
 *     that have no level field), declares {@code log_shape} or labels. Malformed records are
 *     {@code plain}: none starts as a line of a known shape does ({@code {}, {@code [{}, {@code "},
 *     an escape character, German prose).
 * @param expectedHttpStatus the {@code http_status} the format must give (access lines and
 *     Heroku's router, also inside a container's {@code log}); NULL when the record has none
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
        int rows,
        String expectedShape,
        Integer expectedHttpStatus) {

    /**
     * Whether the format must set {@code parse-error}: malformed records and text of no known shape
     * ({@code plain}). A text line of a known shape is a row without one.
     */
    public boolean expectParseError() {
        return malformed || Shapes.PLAIN.equals(expectedShape);
    }

    /**
     * The {@code service_name} the format must give: {@link #service} where the record names it in
     * a field it reads (JSON fields, Kubernetes labels, the syslog APP-NAME or TAG), else NULL
     * (malformed records, text lines, access lines, klog and Heroku's router).
     */
    public String expectedService() {
        return !malformed && Producer.of(producer).namesService() ? service : null;
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
