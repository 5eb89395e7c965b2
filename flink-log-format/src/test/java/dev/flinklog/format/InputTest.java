package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InputTest {

    private static final JsonFactory JSON = new JsonFactory();

    /** The parser on the value of the record's first field, with the input pointed at it. */
    private static JsonParser at(Input in, byte[] record, int offset) throws IOException {
        JsonParser p = JSON.createParser(record, offset, record.length - offset);
        in.set(p, record, offset);
        p.nextToken();
        p.nextToken();
        p.nextToken();
        return p;
    }

    private static boolean pointsInto(StringData s, byte[] record) {
        return ((BinaryStringData) s).getSegments()[0].getArray() == record;
    }

    @Test
    void stringsWithoutEscapesAreTheRecordsBytes() throws IOException {
        byte[] record = "xyz{\"m\":\"héllo ✓ 日本\",\"n\":1}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        JsonParser p = at(in, record, 3);
        StringData s = in.string(p);
        assertThat(s.toString()).isEqualTo("héllo ✓ 日本");
        assertThat(pointsInto(s, record)).isTrue();
        assertThat(p.nextToken()).isEqualTo(JsonToken.FIELD_NAME); // the parser skips the string on its own
        assertThat(p.currentName()).isEqualTo("n");
    }

    @Test
    void stringsOfOneRecordShareOneSegmentAndNextRecordGetsItsOwn() throws IOException {
        byte[] record = "{\"a\":\"one\",\"b\":\"two\"}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        JsonParser p = at(in, record, 0);
        BinaryStringData a = (BinaryStringData) in.string(p);
        p.nextToken();
        p.nextToken();
        BinaryStringData b = (BinaryStringData) in.string(p);
        assertThat(a.toString()).isEqualTo("one");
        assertThat(b.toString()).isEqualTo("two");
        assertThat(a.getSegments()).isSameAs(b.getSegments());
        assertThat(a.copy().toString()).isEqualTo("one"); // what Flink's serializer does at the first copy

        byte[] next = "{\"a\":\"three\"}".getBytes(StandardCharsets.UTF_8);
        BinaryStringData c = (BinaryStringData) in.string(at(in, next, 0));
        assertThat(c.toString()).isEqualTo("three");
        assertThat(c.getSegments()[0].getArray()).isSameAs(next);
        assertThat(a.toString()).isEqualTo("one"); // the earlier record's strings are untouched
    }

    @Test
    void escapedStringsAreDecoded() throws IOException {
        byte[] record = "{\"m\":\"say \\\"hi\\\"\\n\\u00e9\"}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        StringData s = in.string(at(in, record, 0));
        assertThat(s.toString()).isEqualTo("say \"hi\"\né");
        assertThat(pointsInto(s, record)).isFalse();
    }

    /**
     * Escaped strings are decoded from the bytes into binary strings (no Java String for Flink to
     * encode again at its first copy), equal to what the parser's own decoding gives, on random
     * strings written by Jackson with and without non-ASCII escaping, read by Jackson and by the
     * tokenizer; half of them mostly letters, so that long runs lie between the escapes.
     */
    @Test
    void escapedStringsAreBinaryAndEqualTheParsersText() throws IOException {
        int[] alphabet = "aZ09 \"\\/'\b\f\n\r\t\u0000\u001f\u007f\u0080é✓日\ud83d\ude00"
                .codePoints()
                .toArray();
        java.util.Random random = new java.util.Random(13);
        JsonFactory escapingNonAscii = JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII)
                .build();
        int decodedHere = 0;
        int byTokenizer = 0;
        RecordParser tokenizer = new RecordParser(JSON.streamReadConstraints());
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            boolean sparse = random.nextBoolean();
            int len = random.nextInt(sparse ? 120 : 40);
            for (int k = 0; k < len; k++) {
                text.appendCodePoint(
                        sparse && random.nextInt(12) != 0
                                ? 'a' + random.nextInt(26)
                                : alphabet[random.nextInt(alphabet.length)]);
            }
            java.io.StringWriter json = new java.io.StringWriter();
            boolean escaping = random.nextBoolean();
            try (com.fasterxml.jackson.core.JsonGenerator g =
                    (escaping ? escapingNonAscii : JSON).createGenerator(json)) {
                g.writeStartObject();
                g.writeStringField("m", text.toString());
                g.writeNumberField("n", 1);
                g.writeEndObject();
            }
            byte[] record = json.toString().getBytes(StandardCharsets.UTF_8);
            Input in = new Input();
            JsonParser p = at(in, record, 0);
            StringData got = in.string(p);
            assertThat(got.toString()).as(json.toString()).isEqualTo(text.toString());
            assertThat(got.toBytes())
                    .as(json.toString())
                    .isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8));
            boolean surrogateEscape = escaping && text.codePoints().anyMatch(Character::isSupplementaryCodePoint);
            if (json.toString().indexOf('\\') >= 0 && !surrogateEscape) {
                // decoded here: a binary string of its own, not a Java String
                assertThat(((BinaryStringData) got).getSegments()[0].getArray()).isNotSameAs(record);
                decodedHere++;
            }
            assertThat(p.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
            assertThat(p.currentName()).isEqualTo("n");

            // The same through the tokenizer, which hands over the string's bounds and first escape.
            if (!surrogateEscape) {
                tokenizer.reset(record);
                in.set(tokenizer, record, 0);
                tokenizer.nextToken();
                tokenizer.nextToken();
                tokenizer.nextToken();
                StringData viaTokenizer = in.string(tokenizer);
                assertThat(viaTokenizer.toBytes())
                        .as("tokenizer: " + json)
                        .isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8));
                byTokenizer++;
            }
        }
        assertThat(decodedHere).isGreaterThan(10_000);
        assertThat(byTokenizer).isGreaterThan(15_000);
    }

    @Test
    void escapesLeftToTheParser() {
        assertThat(unescaped("\"a\\x\\'b\"")).isEqualTo("ax'b"); // any ASCII after a backslash, as the reader allows
        assertThat(unescaped("\"\\u00e9\\u0041\\u20ac\"")).isEqualTo("éA€");
        assertThat(unescaped("\"\\ud83d\\ude00\"")).isNull(); // a surrogate pair: the parser joins it
        assertThat(unescaped("\"\\u00g9\"")).isNull();
        assertThat(unescaped("\"\\u00\"")).isNull();
        assertThat(unescaped("\"a\\n")).isNull(); // no closing quote
        assertThat(unescaped("\"a\\\"")).isNull(); // the quote is escaped: no closing quote
        byte[] nonAsciiEscaped = {'"', '\\', (byte) 0xC3, (byte) 0xA9, '"'};
        assertThat(Input.unescape(nonAsciiEscaped, 1, 1)).isNull();
        byte[] badUtf8 = {'"', (byte) 0xC3, '\\', 'n', '"'};
        assertThat(Input.unescape(badUtf8, 1, 2)).isNull();
    }

    /** {@link Input#unescape} of a quoted value written in Java (its first backslash found here). */
    private static String unescaped(String quoted) {
        byte[] b = quoted.getBytes(StandardCharsets.UTF_8);
        int esc = quoted.indexOf('\\');
        StringData s = Input.unescape(b, 1, esc);
        return s == null ? null : s.toString();
    }

    @Test
    void invalidUtf8ReachesTheParsersCheck() throws IOException {
        byte[] record = {'{', '"', 'm', '"', ':', '"', 'a', (byte) 0xC3, '"', '}'};
        Input in = new Input();
        JsonParser p = at(in, record, 0);
        assertThatThrownBy(() -> in.string(p))
                .isInstanceOf(JsonParseException.class)
                .hasMessageContaining("UTF-8");
    }

    @Test
    void structuresAreTheirExactText() throws IOException {
        byte[] record = "{\"o\":{ \"a\" : [1, 2] ,\"b\":{}},\"n\":1}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        JsonParser p = at(in, record, 0);
        StringData s = in.structure(p);
        assertThat(s.toString()).isEqualTo("{ \"a\" : [1, 2] ,\"b\":{}}");
        assertThat(pointsInto(s, record)).isTrue();
        assertThat(p.currentToken()).isEqualTo(JsonToken.END_OBJECT);
        assertThat(p.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
    }

    @Test
    void anotherParsersValuesAreDecodedOrWrittenAnew() throws IOException {
        byte[] record = "{\"m\":\"text\",\"o\":{ \"a\" : 1 }}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        JsonParser p = at(new Input(), record, 0); // the input points at nothing
        StringData s = in.string(p);
        assertThat(s.toString()).isEqualTo("text");
        assertThat(pointsInto(s, record)).isFalse();
        p.nextToken();
        assertThat(p.nextToken()).isEqualTo(JsonToken.START_OBJECT);
        assertThat(in.structure(p).toString()).isEqualTo("{\"a\":1}");
    }

    @Test
    void utf8Checks() {
        assertThat(Utf8.isValid("aé✓😀".getBytes(StandardCharsets.UTF_8), 0, 10))
                .isTrue();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xC0, (byte) 0x80}, 0, 2))
                .as("overlong")
                .isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, 0, 3))
                .as("surrogate")
                .isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xE2, (byte) 0x9C}, 0, 2))
                .as("truncated")
                .isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xE2, (byte) 0x9C, (byte) 0x93}, 0, 2))
                .as("cut by the range")
                .isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, 0, 4))
                .isFalse();
        assertThat(new String(
                        Utf8.repair(new byte[] {'a', (byte) 0xFF, 'b', (byte) 0xE2, (byte) 0x9C}),
                        StandardCharsets.UTF_8))
                .isEqualTo("a\uFFFDb\uFFFD\uFFFD");
    }
}
