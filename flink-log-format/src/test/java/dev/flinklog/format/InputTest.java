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
    void escapedStringsAreDecoded() throws IOException {
        byte[] record = "{\"m\":\"say \\\"hi\\\"\\n\\u00e9\"}".getBytes(StandardCharsets.UTF_8);
        Input in = new Input();
        StringData s = in.string(at(in, record, 0));
        assertThat(s.toString()).isEqualTo("say \"hi\"\né");
        assertThat(pointsInto(s, record)).isFalse();
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
