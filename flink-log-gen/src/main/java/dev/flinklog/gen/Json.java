package dev.flinklog.gen;

/**
 * A minimal JSON object writer over a StringBuilder: the generator only writes flat and nested
 * objects of strings and numbers, and a dependency for that would cost more than these lines.
 */
final class Json {

    private final StringBuilder b;
    private boolean first = true;

    Json(StringBuilder b) {
        this.b = b;
        b.append('{');
    }

    static Json object() {
        return new Json(new StringBuilder(256));
    }

    Json str(String key, String value) {
        key(key);
        quote(b, value);
        return this;
    }

    Json num(String key, long value) {
        key(key);
        b.append(value);
        return this;
    }

    /** A value written as is: a number with a fraction, {@code true}, or a nested object's text. */
    Json raw(String key, CharSequence value) {
        key(key);
        b.append(value);
        return this;
    }

    /** Starts a nested object; close it with {@link #end()} on the returned writer. */
    Json obj(String key) {
        key(key);
        return new Json(b);
    }

    /** Closes this object. */
    Json end() {
        b.append('}');
        return this;
    }

    String close() {
        b.append('}');
        return b.toString();
    }

    private void key(String key) {
        if (!first) {
            b.append(',');
        }
        first = false;
        quote(b, key);
        b.append(':');
    }

    static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00");
                        b.append(Character.forDigit(c >> 4, 16));
                        b.append(Character.forDigit(c & 15, 16));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
