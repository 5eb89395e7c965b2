package dev.flinklog.format;

import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converters from JSON values to Flink's internal data, one per column, built once per schema.
 *
 * <p>Scalars convert straight from the parser's current token. Objects and arrays arrive as the
 * exact bytes of their JSON text (the streaming pass records where they start and end), so a
 * STRING column gets the original text and MAP/ARRAY/ROW columns parse just that slice.
 */
final class ValueConverters {

    /** Returned when a value is present but does not fit the column type. */
    static final Object FAILED = new Object();

    private ValueConverters() {}

    /** Converts one JSON value; null means JSON null (absent: the next alias path may fill it). */
    interface ValueConverter {
        Object scalar(JsonParser p, JsonToken t) throws IOException;

        /** Whether an object or array (given by its start token) can fill this column. */
        boolean acceptsStructured(JsonToken start);

        /** Converts the JSON text of an object or array; {@link #FAILED} if it does not fit. */
        Object structured(byte[] json, int off, int len) throws IOException;
    }

    /** Builds the converter for a column type; {@code stringsOnly} for message columns. */
    static ValueConverter forType(LogicalType type, JsonFactory factory, boolean stringsOnly) {
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return stringsOnly ? new MessageText() : new Text();
            case BOOLEAN:
                return new Bool();
            case TINYINT:
                return new Integral(Byte.MIN_VALUE, Byte.MAX_VALUE, v -> (byte) v);
            case SMALLINT:
                return new Integral(Short.MIN_VALUE, Short.MAX_VALUE, v -> (short) v);
            case INTEGER:
                return new Integral(Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v);
            case BIGINT:
                return new Integral(Long.MIN_VALUE, Long.MAX_VALUE, v -> v);
            case FLOAT:
                return new Floating(true);
            case DOUBLE:
                return new Floating(false);
            case DECIMAL:
                return new Decimal((DecimalType) type);
            case MAP:
            case MULTISET:
                return new MapOf((MapType) type, factory);
            case ARRAY:
                return new ArrayOf((ArrayType) type, factory);
            case ROW:
                return new RowOf((RowType) type, factory);
            default:
                return null; // the caller decides (times and dates need the log semantics)
        }
    }

    // ---------------------------------------------------------------------------------------
    // Scalars
    // ---------------------------------------------------------------------------------------

    /** Any scalar as its JSON text; objects and arrays as their exact JSON text. */
    static class Text implements ValueConverter {
        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                return null;
            }
            return StringData.fromString(p.getText());
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return true;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return StringData.fromBytes(json, off, len);
        }
    }

    /** A message is human text: only JSON strings count (ECS puts an object under "log"). */
    static final class MessageText extends Text {
        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            return t == JsonToken.VALUE_STRING ? StringData.fromString(p.getText()) : null;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }
    }

    static final class Bool implements ValueConverter {
        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_TRUE:
                    return Boolean.TRUE;
                case VALUE_FALSE:
                    return Boolean.FALSE;
                case VALUE_NULL:
                    return null;
                case VALUE_STRING:
                    String s = p.getText().trim();
                    if (s.equalsIgnoreCase("true")) {
                        return Boolean.TRUE;
                    }
                    if (s.equalsIgnoreCase("false")) {
                        return Boolean.FALSE;
                    }
                    return FAILED;
                default:
                    return FAILED;
            }
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return FAILED;
        }
    }

    /** Narrows a long to the column's Java type. */
    interface Narrowing {
        Object of(long v);
    }

    /** Integers from JSON numbers or numeric strings; out of range or fractional fails. */
    static final class Integral implements ValueConverter {
        private final long min;
        private final long max;
        private final Narrowing narrowing;

        Integral(long min, long max, Narrowing narrowing) {
            this.min = min;
            this.max = max;
            this.narrowing = narrowing;
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_NUMBER_INT:
                    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        return FAILED;
                    }
                    return inRange(p.getLongValue());
                case VALUE_NUMBER_FLOAT:
                    return fromDecimalText(p.getText());
                case VALUE_STRING:
                    return fromDecimalText(p.getText().trim());
                default:
                    return FAILED;
            }
        }

        private Object fromDecimalText(String s) {
            BigDecimal d = Numbers.parseDecimal(s);
            if (d == null) {
                return FAILED;
            }
            try {
                BigInteger exact = d.toBigIntegerExact();
                if (exact.bitLength() > 63) {
                    return FAILED;
                }
                return inRange(exact.longValue());
            } catch (ArithmeticException notIntegral) {
                return FAILED;
            }
        }

        private Object inRange(long v) {
            return v < min || v > max ? FAILED : narrowing.of(v);
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return FAILED;
        }
    }

    static final class Floating implements ValueConverter {
        private final boolean single;

        Floating(boolean single) {
            this.single = single;
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            double v;
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    v = p.getDoubleValue();
                    break;
                case VALUE_STRING:
                    BigDecimal d = Numbers.parseDecimal(p.getText().trim());
                    if (d == null) {
                        String s = p.getText().trim();
                        if (s.equals("NaN")) {
                            v = Double.NaN;
                        } else if (s.equals("Infinity") || s.equals("+Infinity")) {
                            v = Double.POSITIVE_INFINITY;
                        } else if (s.equals("-Infinity")) {
                            v = Double.NEGATIVE_INFINITY;
                        } else {
                            return FAILED;
                        }
                    } else {
                        v = d.doubleValue();
                    }
                    break;
                default:
                    return FAILED;
            }
            return single ? (Object) (float) v : (Object) v;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return FAILED;
        }
    }

    static final class Decimal implements ValueConverter {
        private final int precision;
        private final int scale;

        Decimal(DecimalType type) {
            this.precision = type.getPrecision();
            this.scale = type.getScale();
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            BigDecimal d;
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                case VALUE_STRING:
                    d = Numbers.parseDecimal(p.getText().trim());
                    break;
                default:
                    return FAILED;
            }
            if (d == null) {
                return FAILED;
            }
            DecimalData data = DecimalData.fromBigDecimal(d, precision, scale);
            return data == null ? FAILED : data;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return FAILED;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Structured
    // ---------------------------------------------------------------------------------------

    /** Base for converters that read a slice of JSON text with a parser of their own. */
    abstract static class Structured implements ValueConverter {
        final JsonFactory factory;

        Structured(JsonFactory factory) {
            this.factory = factory;
        }

        @Override
        public Object structured(byte[] json, int off, int len) throws IOException {
            // A copy, so that offsets inside the slice start at 0 for nested slices.
            byte[] slice = off == 0 && len == json.length ? json : Arrays.copyOfRange(json, off, off + len);
            try (JsonParser p = factory.createParser(slice)) {
                return read(p, slice, p.nextToken());
            }
        }

        /** Reads the value starting at the current token {@code t}. */
        abstract Object read(JsonParser p, byte[] json, JsonToken t) throws IOException;

        /** Converts the value at the current token with {@code c}, slicing objects and arrays. */
        static Object element(JsonParser p, byte[] json, JsonToken t, ValueConverter c)
                throws IOException {
            if (!t.isStructStart()) {
                return c.scalar(p, t);
            }
            int start = (int) p.currentTokenLocation().getByteOffset();
            p.skipChildren();
            int end = (int) p.currentTokenLocation().getByteOffset() + 1;
            return c.acceptsStructured(t) ? c.structured(json, start, end - start) : FAILED;
        }
    }

    /** A JSON object as a map; values that do not fit the value type make the whole map fail. */
    static final class MapOf extends Structured {
        private final ValueConverter values;

        MapOf(MapType type, JsonFactory factory) {
            super(factory);
            ValueConverter v = forType(type.getValueType(), factory, false);
            this.values = v == null ? new Text() : v;
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) {
            return t == JsonToken.VALUE_NULL ? null : FAILED;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        Object read(JsonParser p, byte[] json, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                return FAILED;
            }
            Map<Object, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                StringData key = StringData.fromString(p.currentName());
                Object v = element(p, json, p.nextToken(), values);
                if (v == FAILED) {
                    return FAILED;
                }
                m.putIfAbsent(key, v); // first of duplicate keys wins, as for columns
            }
            return new GenericMapData(m);
        }
    }

    static final class ArrayOf extends Structured {
        private final ValueConverter elements;

        ArrayOf(ArrayType type, JsonFactory factory) {
            super(factory);
            ValueConverter e = forType(type.getElementType(), factory, false);
            this.elements = e == null ? new Text() : e;
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) {
            return t == JsonToken.VALUE_NULL ? null : FAILED;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return start == JsonToken.START_ARRAY;
        }

        @Override
        Object read(JsonParser p, byte[] json, JsonToken t) throws IOException {
            if (t != JsonToken.START_ARRAY) {
                return FAILED;
            }
            List<Object> out = new ArrayList<>();
            JsonToken e;
            while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                Object v = element(p, json, e, elements);
                if (v == FAILED) {
                    return FAILED;
                }
                out.add(v);
            }
            return new GenericArrayData(out.toArray());
        }
    }

    /** A nested ROW: fields filled by exact key; a field that does not fit stays NULL. */
    static final class RowOf extends Structured {
        private final Map<String, Integer> index = new HashMap<>();
        private final ValueConverter[] fields;

        RowOf(RowType type, JsonFactory factory) {
            super(factory);
            fields = new ValueConverter[type.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                index.put(type.getFieldNames().get(i), i);
                ValueConverter c = forType(type.getTypeAt(i), factory, false);
                fields[i] = c == null ? new Text() : c;
            }
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) {
            return t == JsonToken.VALUE_NULL ? null : FAILED;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        Object read(JsonParser p, byte[] json, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                return FAILED;
            }
            GenericRowData row = new GenericRowData(fields.length);
            boolean[] seen = new boolean[fields.length];
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                Integer i = index.get(p.currentName());
                JsonToken v = p.nextToken();
                if (i == null || seen[i]) {
                    p.skipChildren();
                    continue;
                }
                Object value = element(p, json, v, fields[i]);
                if (value != FAILED && value != null) {
                    row.setField(i, value);
                    seen[i] = true;
                }
            }
            return row;
        }
    }
}
