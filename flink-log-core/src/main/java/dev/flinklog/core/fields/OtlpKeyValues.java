package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

import java.io.IOException;

/**
 * The one reader of OTLP/JSON {@code KeyValue} arrays, as resource, scope and log-record {@code
 * attributes} carry them: {@code [{"key": "service.name", "value": {"stringValue": "api"}}, …]}. It
 * hands each attribute to a {@link Visitor} with the parser on the attribute's value, in place, so
 * that labels take its text and columns convert it as any other JSON value.
 *
 * <p>Exporters write {@code key} before {@code value} (the protobuf field order). A hand-written
 * attribute with {@code value} first is still read: its value is copied as JSON text until the key
 * is known, then handed over from a parser of that copy. Elements that are not objects, and
 * attributes without a string key or an object value, are skipped.
 */
public final class OtlpKeyValues {

    /** The kinds of an OTLP {@code AnyValue}, by the member that holds the value. */
    public enum Kind {
        STRING("stringValue"),
        INT("intValue"),
        BOOL("boolValue"),
        DOUBLE("doubleValue"),
        BYTES("bytesValue"),
        ARRAY("arrayValue"),
        KVLIST("kvlistValue");

        private final String member;

        Kind(String member) {
            this.member = member;
        }

        /** Whether the value is a single JSON scalar (not an array or key/value list). */
        public boolean isScalar() {
            return this != ARRAY && this != KVLIST;
        }

        static Kind of(String member) {
            // The member names differ in their first letters: a switch on the string is cheapest.
            switch (member) {
                case "stringValue":
                    return STRING;
                case "intValue":
                    return INT;
                case "boolValue":
                    return BOOL;
                case "doubleValue":
                    return DOUBLE;
                case "bytesValue":
                    return BYTES;
                case "arrayValue":
                    return ARRAY;
                case "kvlistValue":
                    return KVLIST;
                default:
                    return null;
            }
        }

        /** The JSON member name of this kind, e.g. {@code stringValue}. */
        public String member() {
            return member;
        }
    }

    /** Receives the attributes of one array. */
    public interface Visitor {
        /**
         * One attribute. The parser is on {@code token}, the first token of the value's member
         * (a scalar, or the START token of an array or key/value list). The visitor may read the
         * value; if it starts a structure, the visitor leaves the parser on its END token (or does
         * not move it at all: the reader then skips the structure).
         */
        void attribute(String key, Kind kind, JsonParser p, JsonToken token) throws IOException;
    }

    /** For the rare value-before-key order: copies of the value, parsed again once the key is read. */
    private static final JsonFactory COPIES = new JsonFactory();

    private OtlpKeyValues() {}

    /**
     * Reads the KeyValue array the parser is on (its START_ARRAY token) to its END_ARRAY token,
     * calling the visitor once per attribute in document order.
     */
    public static void read(JsonParser p, Visitor visitor) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            String key = null;
            byte[] early = null; // a value met before its key, as JSON text
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("key".equals(field) && v == JsonToken.VALUE_STRING) {
                    key = p.getText();
                    if (early != null) {
                        try (JsonParser copy = COPIES.createParser(early)) {
                            copy.nextToken();
                            anyValue(copy, key, visitor);
                        }
                        early = null;
                    }
                } else if ("value".equals(field) && v == JsonToken.START_OBJECT) {
                    if (key != null) {
                        anyValue(p, key, visitor);
                    } else {
                        early = copy(p);
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
    }

    /**
     * Reads one AnyValue object (the parser on its START_OBJECT) to its END_OBJECT, handing the
     * first member of a known kind to the visitor; other members are skipped.
     */
    private static void anyValue(JsonParser p, String key, Visitor visitor) throws IOException {
        boolean handed = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            Kind kind = handed ? null : Kind.of(p.currentName());
            JsonToken v = p.nextToken();
            if (kind != null && v != JsonToken.VALUE_NULL) {
                handed = true;
                visitor.attribute(key, kind, p, v);
                if (p.currentToken() == v && v.isStructStart()) {
                    p.skipChildren(); // the visitor did not read the structure
                }
            } else {
                p.skipChildren();
            }
        }
    }

    private static byte[] copy(JsonParser p) throws IOException {
        ByteArrayBuilder out = new ByteArrayBuilder();
        try (JsonGenerator g = COPIES.createGenerator(out)) {
            g.copyCurrentStructure(p);
        }
        return out.toByteArray();
    }
}
