package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import org.apache.flink.table.data.StringData;

import java.io.IOException;

/**
 * The bytes the reader's parser reads, so that text values become {@link StringData} over those
 * UTF-8 bytes as they are, instead of Java Strings that Flink would encode to UTF-8 again. One per
 * reader, shared by its converters; the reader points it at each parser it opens.
 *
 * <p>A value read through another parser (an OTLP attribute whose value came before its key is read
 * from a copy) is decoded as usual.
 */
final class Input {

    private static final JsonFactory COPIES = new JsonFactory();

    /** The parser whose bytes these are. */
    JsonParser parser;
    /** The bytes, and where the parser's byte 0 is in them. */
    byte[] bytes;

    int base;

    void set(JsonParser parser, byte[] bytes, int base) {
        this.parser = parser;
        this.bytes = bytes;
        this.base = base;
    }

    /**
     * Where the parser's current token (not a field name) starts, in {@link #bytes}. Read from the
     * parser's counter rather than its location object, which would be allocated per call; the
     * counter stands one past the token's first byte, as the location computes it.
     */
    int tokenStart(JsonParser p) {
        long offset = p instanceof ParserBase
                ? ((ParserBase) p).getTokenCharacterOffset() - 1
                : p.currentTokenLocation().getByteOffset();
        return base + (int) offset;
    }

    /**
     * The string value the parser is on. Without escapes its bytes between the quotes are the
     * value's UTF-8 as it is (a multi-byte sequence never holds a quote or backslash byte); those are
     * checked to be valid UTF-8, so a bad byte still reaches the parser's own check.
     */
    StringData string(JsonParser p) throws IOException {
        if (p == parser) {
            byte[] b = bytes;
            int from = tokenStart(p) + 1;
            int high = 0;
            for (int i = from; i < b.length; i++) {
                byte c = b[i];
                if (c == '"') {
                    if (high >= 0 || Utf8.isValid(b, from, i)) {
                        return StringData.fromBytes(b, from, i - from);
                    }
                    break;
                }
                if (c == '\\') {
                    break;
                }
                high |= c;
            }
        }
        return StringData.fromString(p.getText());
    }

    /**
     * The exact JSON text of the object or array the parser is on, which it reads to the closing
     * token. From another parser the text is written anew (same content, compact).
     */
    StringData structure(JsonParser p) throws IOException {
        if (p == parser) {
            int start = tokenStart(p);
            p.skipChildren();
            int end = tokenStart(p) + 1;
            return StringData.fromBytes(bytes, start, end - start);
        }
        return StringData.fromBytes(copy(p));
    }

    /** The JSON text of the value the parser is on, written anew; reads a structure to its end. */
    static byte[] copy(JsonParser p) throws IOException {
        ByteArrayBuilder out = new ByteArrayBuilder();
        try (JsonGenerator g = COPIES.createGenerator(out)) {
            g.copyCurrentStructure(p);
        }
        return out.toByteArray();
    }
}
