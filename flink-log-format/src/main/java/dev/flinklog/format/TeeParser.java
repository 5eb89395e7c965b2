package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;

import java.io.IOException;

/**
 * A parser that hands every token it reads to a {@link Listener} as well, so that a second
 * consumer (the VARIANT of the raw column) sees the whole record in the one pass that fills the
 * columns. {@link #skipChildren} reads the skipped tokens one by one for the same reason. Used only
 * when a schema needs it; other schemas read from the plain parser.
 */
final class TeeParser extends JsonParserDelegate {

    /** Receives each token, the parser positioned on it. */
    interface Listener {
        void token(JsonToken t, JsonParser p) throws IOException;
    }

    private final Listener listener;

    TeeParser(JsonParser d, Listener listener) {
        super(d);
        this.listener = listener;
    }

    /** The parser {@code p} reads from: itself, or the one a tee hands on. */
    static JsonParser unwrap(JsonParser p) {
        return p instanceof TeeParser ? ((TeeParser) p).delegate : p;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken t = delegate.nextToken();
        if (t != null) {
            listener.token(t, delegate);
        }
        return t;
    }

    @Override
    public JsonToken nextValue() throws IOException {
        JsonToken t = nextToken();
        return t == JsonToken.FIELD_NAME ? nextToken() : t;
    }

    @Override
    public JsonParser skipChildren() throws IOException {
        JsonToken t = delegate.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return this;
        }
        int open = 1;
        while (open > 0) {
            t = nextToken();
            if (t == null) {
                break;
            }
            if (t.isStructStart()) {
                open++;
            } else if (t.isStructEnd()) {
                open--;
            }
        }
        return this;
    }
}
