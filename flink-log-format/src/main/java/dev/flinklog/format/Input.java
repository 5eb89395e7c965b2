package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;

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

    /**
     * The last array strings were cut from, wrapped once: {@link StringData#fromBytes} wraps its
     * array in a new memory segment per string, about six times per record here.
     */
    private byte[] wrapped;

    private MemorySegment[] segments;

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
        p = TeeParser.unwrap(p);
        if (p instanceof RecordParser) {
            return ((RecordParser) p).tokenStart(); // its offsets are the record's
        }
        long offset = p instanceof ParserBase
                ? ((ParserBase) p).getTokenCharacterOffset() - 1
                : p.currentTokenLocation().getByteOffset();
        return base + (int) offset;
    }

    /**
     * The string value the parser is on, as UTF-8 bytes. Without escapes its bytes between the
     * quotes are the value's UTF-8 as it is (a multi-byte sequence never holds a quote or backslash
     * byte); with escapes (new lines of stack traces, quotes of access-log requests) they are
     * decoded into a new array ({@link #unescape}). Either way the bytes are checked to be valid
     * UTF-8, so a bad byte still reaches the parser's own check, and so does an escape that is left
     * to the parser.
     */
    StringData string(JsonParser p) throws IOException {
        if (p == parser) {
            byte[] b = bytes;
            JsonParser q = TeeParser.unwrap(p);
            if (q instanceof RecordParser) {
                // The tokenizer has scanned and checked the string already.
                RecordParser r = (RecordParser) q;
                if (r.bytes() == b && r.currentToken() == JsonToken.VALUE_STRING) {
                    if (r.firstEscape < 0) {
                        return view(b, r.from, r.to - r.from);
                    }
                    StringData decoded = decode(b, r.from, r.firstEscape, r.to);
                    if (decoded != null) {
                        return decoded;
                    }
                }
            }
            int from = tokenStart(p) + 1;
            int high = 0;
            for (int i = from; i < b.length; i++) {
                byte c = b[i];
                if (c == '"') {
                    if (high >= 0 || Utf8.isValid(b, from, i)) {
                        return view(b, from, i - from);
                    }
                    break;
                }
                if (c == '\\') {
                    StringData decoded = unescape(b, from, i, high);
                    if (decoded != null) {
                        return decoded;
                    }
                    break;
                }
                high |= c;
            }
        }
        return StringData.fromString(p.getText());
    }

    /**
     * A string over {@code length} bytes of {@code b} from {@code offset}, as they are; strings of
     * the same array share its one segment.
     */
    StringData view(byte[] b, int offset, int length) {
        if (b != wrapped) {
            segments = new MemorySegment[] {MemorySegmentFactory.wrap(b)};
            wrapped = b;
        }
        return BinaryStringData.fromAddress(segments, offset, length);
    }

    /**
     * The value of a string whose first backslash is at {@code esc}, its escapes decoded as the
     * reader's parser decodes them: the two-character escapes of JSON (quote, backslash, slash,
     * b, f, n, r, t), a "u" with four hex digits, and a backslash before any other ASCII character
     * standing for that character (the parser allows it). Null for what is left to the parser: a
     * "u" escape of a surrogate (a pair needs the parser's joining), a backslash before a
     * non-ASCII byte, bad hex, a missing closing quote, or bytes that are not valid UTF-8.
     */
    static StringData unescape(byte[] b, int from, int esc) {
        int high = 0;
        for (int i = from; i < esc; i++) {
            high |= b[i];
        }
        return unescape(b, from, esc, high);
    }

    /**
     * As {@link #unescape(byte[], int, int)}; {@code high} is the OR of the bytes before the
     * backslash (negative if one of them is not ASCII), which the caller's scan has found.
     */
    private static StringData unescape(byte[] b, int from, int esc, int high) {
        // First the closing quote, so the output is sized by this value, not by the record. The
        // byte after each backslash is not looked at: if it is not ASCII, the decoding below
        // gives up on it.
        int end = esc;
        while (end < b.length) {
            byte c = b[end];
            if (c == '"') {
                break;
            }
            high |= c;
            end += c == '\\' ? 2 : 1;
        }
        if (end >= b.length) {
            return null;
        }
        if (high < 0 && !Utf8.isValid(b, from, end)) {
            return null;
        }
        return decode(b, from, esc, end);
    }

    /**
     * The escapes of {@code b[from, end)} decoded, the first backslash at {@code esc}; the bytes are
     * known to be well-formed UTF-8. Null for what is left to the parser (see {@link #unescape}).
     */
    private static StringData decode(byte[] b, int from, int esc, int end) {
        byte[] out = new byte[end - from];
        int n = esc - from;
        System.arraycopy(b, from, out, 0, n);
        int i = esc;
        escapes:
        while (true) {
            byte e = b[i + 1]; // b[i] is a backslash
            i += 2;
            switch (e) {
                case 'b' -> out[n++] = '\b';
                case 'f' -> out[n++] = '\f';
                case 'n' -> out[n++] = '\n';
                case 'r' -> out[n++] = '\r';
                case 't' -> out[n++] = '\t';
                case 'u' -> {
                    int cp = i + 4 <= end ? hex4(b, i) : -1;
                    if (cp < 0 || (cp >= 0xD800 && cp <= 0xDFFF)) {
                        return null;
                    }
                    i += 4;
                    if (cp < 0x80) {
                        out[n++] = (byte) cp;
                    } else if (cp < 0x800) {
                        out[n++] = (byte) (0xC0 | (cp >> 6));
                        out[n++] = (byte) (0x80 | (cp & 0x3F));
                    } else {
                        out[n++] = (byte) (0xE0 | (cp >> 12));
                        out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                        out[n++] = (byte) (0x80 | (cp & 0x3F));
                    }
                }
                default -> {
                    if (e < 0) {
                        return null;
                    }
                    out[n++] = e;
                }
            }
            // The run to the next backslash, eight bytes at a time. Decoding only shortens (n stays
            // at most i - from), so out has room for all eight even when the run ends among them.
            while (i + 8 <= end) {
                long v = EightBytes.get(b, i);
                EightBytes.set(out, n, v);
                long flags = EightBytes.hasByte(v, EightBytes.BACKSLASHES);
                if (flags != 0) {
                    int at = EightBytes.first(i, flags);
                    n += at - i;
                    i = at;
                    continue escapes;
                }
                i += 8;
                n += 8;
            }
            while (i < end && b[i] != '\\') {
                out[n++] = b[i++];
            }
            if (i >= end) {
                return StringData.fromBytes(out, 0, n);
            }
        }
    }

    /** Four hex digits at {@code at} as a number, or -1. */
    private static int hex4(byte[] b, int at) {
        if (at + 4 > b.length) {
            return -1;
        }
        int v = 0;
        for (int k = at; k < at + 4; k++) {
            int d = Character.digit(b[k], 16);
            if (d < 0) {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v;
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
            return view(bytes, start, end - start);
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
