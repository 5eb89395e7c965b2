package dev.flinklog.gen;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Records a pipeline meets that are not JSON objects; each must become one row with
 * {@code parse-error} set and the shape {@code plain}: none starts as a text line of a known shape
 * does ({@code {}, {@code [{}, {@code "}, an escape character, German prose). The id is in every one
 * of them (as the first field where there is JSON, so a truncation never cuts it off). None carries
 * a timestamp at its start, so the event time the format finds is NULL; the level it infers from
 * the text is not predicted.
 */
final class MalformedShapes {

    private MalformedShapes() {}

    enum Kind {
        /** A JSON record cut off mid-way (a full buffer, a killed shipper); may split a UTF-8 sequence. */
        TRUNCATED("malformed-truncated"),
        /** A text line in ISO-8859-1 from a legacy application: invalid UTF-8 and not JSON. */
        LATIN1("malformed-latin1"),
        /** A valid object followed by more text (two records glued together). */
        TRAILING("malformed-trailing"),
        /** A JSON array of records instead of one record. */
        ARRAY("malformed-array"),
        /** A bare JSON string. */
        BARE_VALUE("malformed-bare-value"),
        /** Terminal colour codes and other control characters around a text message. */
        CONTROL("malformed-control");

        final String producer;

        Kind(String producer) {
            this.producer = producer;
        }
    }

    private static final Kind[] KINDS = Kind.values();

    static GeneratedLog render(Event e) {
        SplittableRandom r = e.random;
        Kind kind = KINDS[r.nextInt(KINDS.length)];
        byte[] payload = switch (kind) {
            case TRUNCATED -> truncated(e, r);
            case LATIN1 ->
                ("Fehler beim Lesen der Datei Größe-" + r.nextInt(1, 1000) + ".csv: Zugriff verweigert log_id=" + e.id)
                        .getBytes(StandardCharsets.ISO_8859_1);
            case TRAILING -> utf8(record(e) + "{\"log_id\":\"" + e.id + "-dup\"");
            case ARRAY -> utf8("[" + record(e) + "]");
            case BARE_VALUE ->
                utf8("\"" + e.id + " " + e.message.replace("\"", "'").replace("\\", "/") + "\"");
            case CONTROL ->
                utf8("\u001b[31m" + e.level.name() + "\u001b[0m\u0007 " + e.message + " log_id=" + e.id + "\u001b[K");
        };
        return e.out(kind.producer, payload, null, null, 1, true, null, Shapes.PLAIN, null);
    }

    private static String record(Event e) {
        return Json.object()
                .str("log_id", e.id)
                .str("level", e.level.word())
                .str("msg", e.message)
                .num("time", Math.floorDiv(e.micros, 1000))
                .str("service_name", e.service)
                .close();
    }

    private static byte[] truncated(Event e, SplittableRandom r) {
        byte[] whole = utf8(record(e));
        int idEnd = 13 + e.id.length(); // {"log_id":"<id>" is complete from here on
        int cut = idEnd + 1 + r.nextInt(Math.max(1, whole.length - idEnd - 2));
        return Arrays.copyOf(whole, Math.min(cut, whole.length - 1));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
