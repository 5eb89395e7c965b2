package dev.flinklog.format;

import dev.flinklog.core.level.LevelFieldParser;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

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

    /**
     * Builds the converter for a column type; {@code stringsOnly} for message columns; times are
     * read with {@code times} (zone-less text in its default zone). Null for types the format
     * cannot fill.
     */
    static ValueConverter forType(LogicalType type, JsonFactory factory, boolean stringsOnly, TimestampParser times) {
        switch (type.getTypeRoot()) {
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return new Time(times, factory, ((TimestampType) type).getPrecision(), false, false);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return new Time(times, factory, ((LocalZonedTimestampType) type).getPrecision(), false, false);
            case DATE:
                return new Time(times, factory, 0, true, false);
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
                return new MapOf((MapType) type, factory, times);
            case ARRAY:
                return new ArrayOf((ArrayType) type, factory, times);
            case ROW:
                return new RowOf((RowType) type, factory, times);
            default:
                return null;
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
    // Log semantics: times and levels
    // ---------------------------------------------------------------------------------------

    /**
     * A point in time: text read leniently as {@code LOG_TIMESTAMP} does (zone-less text in the
     * default zone), JSON numbers as epochs by magnitude (integers) or exact epoch seconds
     * (decimals), and {@code {epochSecond, nanoOfSecond}} (log4j2 {@code instant}) or {@code
     * {seconds, nanos}} (Google Cloud) objects. TIMESTAMP columns get the UTC wall-clock time,
     * DATE columns the UTC date.
     */
    static final class Time implements ValueConverter {
        private final TimestampParser parser;
        private final ParsedTime parsed = new ParsedTime();
        private final JsonFactory factory;
        private final int precision;
        private final boolean date;
        /** For the event-time column: OTLP writes 0 for "unknown", so 0 means absent there. */
        private final boolean zeroIsAbsent;

        Time(TimestampParser parser, JsonFactory factory, int precision, boolean date, boolean zeroIsAbsent) {
            this.parser = parser;
            this.factory = factory;
            this.precision = precision;
            this.date = date;
            this.zeroIsAbsent = zeroIsAbsent;
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            boolean ok;
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_STRING:
                    ok = parser.parse(p.getText(), parsed);
                    break;
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    String n = p.getText();
                    ok = TimestampParser.fromEpochNumber(n, 0, n.length(), parsed);
                    break;
                default:
                    return FAILED;
            }
            return ok ? value() : FAILED;
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        public Object structured(byte[] json, int off, int len) throws IOException {
            long seconds = 0;
            long nanos = 0;
            boolean haveSeconds = false;
            try (JsonParser p = factory.createParser(json, off, len)) {
                p.nextToken();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    boolean number =
                            v == JsonToken.VALUE_NUMBER_INT || (v == JsonToken.VALUE_STRING && isInteger(p.getText()));
                    if (!number) {
                        p.skipChildren();
                    } else if (name.equals("epochSecond") || name.equals("seconds")) {
                        seconds = Long.parseLong(p.getText().trim());
                        haveSeconds = true;
                    } else if (name.equals("nanoOfSecond") || name.equals("nanos")) {
                        nanos = Long.parseLong(p.getText().trim());
                    }
                }
            }
            if (!haveSeconds || !TimestampParser.fromEpochSeconds(seconds, nanos, parsed)) {
                return FAILED;
            }
            return value();
        }

        private static boolean isInteger(String s) {
            String t = s.trim();
            if (t.isEmpty() || t.length() > 18) {
                return false;
            }
            for (int i = t.charAt(0) == '-' ? 1 : 0; i < t.length(); i++) {
                if (t.charAt(i) < '0' || t.charAt(i) > '9') {
                    return false;
                }
            }
            return t.length() > (t.charAt(0) == '-' ? 1 : 0);
        }

        private Object value() {
            long second = parsed.epochSecond();
            int nano = parsed.nanoOfSecond();
            if (zeroIsAbsent && second == 0 && nano == 0) {
                return null;
            }
            if (date) {
                return (int) Math.floorDiv(second, 86_400L);
            }
            int keep = nano - nano % POW10[9 - precision];
            return TimestampData.fromEpochMillis(
                    Math.addExact(Math.multiplyExact(second, 1000L), keep / 1_000_000), keep % 1_000_000);
        }

        int precision() {
            return precision;
        }

        static final int[] POW10 = {
            1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
        };
    }

    /** Offered with the rank of the path the value came from: the path decides the scale. */
    interface RankAware {
        Object scalar(JsonParser p, JsonToken t, int rank) throws IOException;
    }

    /**
     * A level field normalised to the six levels as {@code LOG_LEVEL} does; the numeric scale
     * follows from the path ({@code severityNumber}: OpenTelemetry, {@code PRIORITY}: syslog, …).
     * A value that is not a level is absent, so the next alias or the message text decides.
     */
    static final class Level implements ValueConverter, RankAware {
        private static final StringData[] NAMES = new StringData[LogLevel.values().length];

        static {
            for (LogLevel l : LogLevel.values()) {
                NAMES[l.ordinal()] = StringData.fromString(l.sqlName());
            }
        }

        private final LevelScale[] scaleByRank;

        Level(LevelScale[] scaleByRank) {
            this.scaleByRank = scaleByRank;
        }

        static StringData name(LogLevel level) {
            return NAMES[level.ordinal()];
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t) throws IOException {
            return scalar(p, t, -1);
        }

        @Override
        public Object scalar(JsonParser p, JsonToken t, int rank) throws IOException {
            LevelScale scale = rank >= 0 && rank < scaleByRank.length ? scaleByRank[rank] : LevelScale.AUTO;
            LogLevel level;
            switch (t) {
                case VALUE_STRING:
                    level = LevelFieldParser.parse(p.getText(), scale);
                    break;
                case VALUE_NUMBER_INT:
                    level = p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                            ? null
                            : LevelFieldParser.parse(p.getLongValue(), scale);
                    break;
                case VALUE_NUMBER_FLOAT:
                    level = LevelFieldParser.parse(p.getDoubleValue(), scale);
                    break;
                default:
                    level = null;
            }
            return level == null ? null : NAMES[level.ordinal()];
        }

        @Override
        public boolean acceptsStructured(JsonToken start) {
            return false;
        }

        @Override
        public Object structured(byte[] json, int off, int len) {
            return null;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Structured
    // ---------------------------------------------------------------------------------------

    /** A nested type the format cannot fill is a schema error, reported when the job opens. */
    static ValueConverter orFail(ValueConverter c, LogicalType container) {
        if (c == null) {
            throw new UnsupportedOperationException("log-json cannot fill values inside " + container);
        }
        return c;
    }

    /** Base for converters that read a slice of JSON text with a parser of their own. */
    abstract static class Structured implements ValueConverter {
        final JsonFactory factory;

        Structured(JsonFactory factory) {
            this.factory = factory;
        }

        /** A scalar never fills a structured column; JSON null is absent. */
        @Override
        public Object scalar(JsonParser p, JsonToken t) {
            return t == JsonToken.VALUE_NULL ? null : FAILED;
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
        static Object element(JsonParser p, byte[] json, JsonToken t, ValueConverter c) throws IOException {
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

        MapOf(MapType type, JsonFactory factory, TimestampParser times) {
            super(factory);
            this.values = orFail(forType(type.getValueType(), factory, false, times), type);
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

        ArrayOf(ArrayType type, JsonFactory factory, TimestampParser times) {
            super(factory);
            this.elements = orFail(forType(type.getElementType(), factory, false, times), type);
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

        RowOf(RowType type, JsonFactory factory, TimestampParser times) {
            super(factory);
            fields = new ValueConverter[type.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                index.put(type.getFieldNames().get(i), i);
                fields[i] = orFail(forType(type.getTypeAt(i), factory, false, times), type);
            }
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
