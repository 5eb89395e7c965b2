package dev.flinklog.format;

import dev.flinklog.core.level.LevelFieldParser;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimeObject;
import dev.flinklog.core.time.TimestampParser;

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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converters from JSON values to Flink's internal data, a tree per column built once per schema
 * (the one list of column types the format fills is {@link #forType}).
 *
 * <p>Each reads the value at the parser's current token in place, as flink-json's converters do:
 * objects and arrays are read from the same parser to their closing token, nested values by the
 * converters of their element types. Text comes from the record's own UTF-8 bytes where it can
 * ({@link Input}).
 */
final class ValueConverters {

    /** Returned when a value is present but does not fit the column type. */
    static final Object FAILED = new Object();

    private ValueConverters() {}

    /** Converts one JSON value; null means JSON null (absent: the next alias path may fill it). */
    abstract static class Converter {
        /**
         * Reads the value at the parser's current token {@code t}: a scalar, or an object or array
         * that {@link #acceptsStructure} accepts, which it reads to its closing token whatever the
         * result. Returns null for JSON null, {@link #FAILED} for a value that does not fit.
         */
        abstract Object read(JsonParser p, JsonToken t) throws IOException;

        /** Whether an object or array (given by its start token) can fill this column. */
        boolean acceptsStructure(JsonToken start) {
            return false;
        }

        /**
         * Converts a value given as text (a text line's field, a logfmt value), as a JSON string of
         * that text would convert; structured types take no text.
         */
        Object text(String s) {
            return FAILED;
        }
    }

    /** A column type the format cannot fill, found when the plan is built (at CREATE TABLE time). */
    static final class UnsupportedTypeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnsupportedTypeException(LogicalType type) {
            super(type.getTypeRoot() + " is not read from JSON");
        }
    }

    /**
     * The converter for a column type: the one list of types the format fills. {@code message}
     * columns take only JSON strings; times are read with {@code times} (zone-less text in its
     * default zone).
     *
     * @throws UnsupportedTypeException for a type, or an element type, the format cannot fill
     */
    static Converter forType(LogicalType type, boolean message, Input in, TimestampParser times) {
        switch (type.getTypeRoot()) {
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return new Time(times, ((TimestampType) type).getPrecision(), false, false);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return new Time(times, ((LocalZonedTimestampType) type).getPrecision(), false, false);
            case DATE:
                return new Time(times, 0, true, false);
            case CHAR:
            case VARCHAR:
                return message ? new MessageText(in) : new Text(in);
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
                return new MapOf(forType(((MapType) type).getValueType(), false, in, times));
            case ARRAY:
                return new ArrayOf(forType(((ArrayType) type).getElementType(), false, in, times));
            case ROW:
                return new RowOf((RowType) type, in, times);
            case VARIANT:
                // Flink 2.1+ only; on older versions the planner has no such type
                return new VariantValue();
            default:
                throw new UnsupportedTypeException(type);
        }
    }

    /** A VARIANT column: the JSON value at its path in Flink's variant encoding (see VariantWriter). */
    static final class VariantValue extends Converter {
        private final VariantWriter writer = new VariantWriter();

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                return null;
            }
            writer.start();
            writer.token(t, p);
            // to the structure's end even when the writer gave up (over the size limit)
            int open = t.isStructStart() ? 1 : 0;
            while (open > 0) {
                JsonToken u = p.nextToken();
                if (u == null) {
                    break;
                }
                writer.token(u, p);
                if (u.isStructStart()) {
                    open++;
                } else if (u.isStructEnd()) {
                    open--;
                }
            }
            Object v = writer.result();
            return v == null ? FAILED : v;
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return true;
        }

        @Override
        Object text(String s) {
            return writer.ofString(s);
        }
    }

    /** The event-time column's converter: as {@link #forType}, but OTLP's 0 ("unknown") is absent. */
    static Converter eventTime(LogicalType type, TimestampParser times) {
        int precision = type instanceof TimestampType
                ? ((TimestampType) type).getPrecision()
                : ((LocalZonedTimestampType) type).getPrecision();
        return new Time(times, precision, false, true);
    }

    /** Reads to the end of the object or array the parser is inside, after a value it has read. */
    static void skipRest(JsonParser p) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != null && !t.isStructEnd()) {
            if (t.isStructStart()) {
                p.skipChildren();
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Scalars
    // ---------------------------------------------------------------------------------------

    /** Any scalar as its JSON text; objects and arrays as their exact JSON text. */
    static class Text extends Converter {
        final Input in;

        Text(Input in) {
            this.in = in;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_STRING:
                    return in.string(p);
                case START_OBJECT:
                case START_ARRAY:
                    return in.structure(p);
                default:
                    return StringData.fromString(p.getText());
            }
        }

        @Override
        Object text(String s) {
            return StringData.fromString(s);
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return true;
        }
    }

    /** A message is human text: only JSON strings count (ECS puts an object under "log"). */
    static final class MessageText extends Text {
        MessageText(Input in) {
            super(in);
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            return t == JsonToken.VALUE_STRING ? in.string(p) : null;
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return false;
        }
    }

    static final class Bool extends Converter {
        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_TRUE:
                    return Boolean.TRUE;
                case VALUE_FALSE:
                    return Boolean.FALSE;
                case VALUE_NULL:
                    return null;
                case VALUE_STRING:
                    return text(p.getText());
                default:
                    return FAILED;
            }
        }

        @Override
        Object text(String text) {
            String s = text.trim();
            if (s.equalsIgnoreCase("true")) {
                return Boolean.TRUE;
            }
            if (s.equalsIgnoreCase("false")) {
                return Boolean.FALSE;
            }
            return FAILED;
        }
    }

    /** Narrows a long to the column's Java type. */
    interface Narrowing {
        Object of(long v);
    }

    /** Integers from JSON numbers or numeric strings; out of range or fractional fails. */
    static final class Integral extends Converter {
        /** Digits before the point beyond which no long value can lie. */
        private static final int MAX_INTEGER_DIGITS = 19;

        private final long min;
        private final long max;
        private final Narrowing narrowing;

        Integral(long min, long max, Narrowing narrowing) {
            this.min = min;
            this.max = max;
            this.narrowing = narrowing;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
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
                    return text(p.getText());
                default:
                    return FAILED;
            }
        }

        @Override
        Object text(String s) {
            return fromDecimalText(s.trim());
        }

        /** A decimal that is a whole number in range ({@code 5e2}, {@code "503.0"}); tested, never caught. */
        private Object fromDecimalText(String s) {
            BigDecimal d = Numbers.parseDecimal(s);
            if (d == null || d.signum() != 0 && d.precision() - d.scale() > MAX_INTEGER_DIGITS) {
                return FAILED;
            }
            BigDecimal whole = d.stripTrailingZeros();
            if (whole.scale() > 0) {
                return FAILED; // a fraction
            }
            BigInteger exact = whole.toBigInteger();
            if (exact.bitLength() > 63) {
                return FAILED;
            }
            return inRange(exact.longValue());
        }

        private Object inRange(long v) {
            return v < min || v > max ? FAILED : narrowing.of(v);
        }
    }

    static final class Floating extends Converter {
        private final boolean single;

        Floating(boolean single) {
            this.single = single;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            double v;
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    v = p.getDoubleValue();
                    break;
                case VALUE_STRING:
                    return text(p.getText());
                default:
                    return FAILED;
            }
            return single ? (Object) (float) v : (Object) v;
        }

        @Override
        Object text(String text) {
            String s = text.trim();
            BigDecimal d = Numbers.parseDecimal(s);
            double v;
            if (d != null) {
                v = d.doubleValue();
            } else if (s.equals("NaN")) {
                v = Double.NaN;
            } else if (s.equals("Infinity") || s.equals("+Infinity")) {
                v = Double.POSITIVE_INFINITY;
            } else if (s.equals("-Infinity")) {
                v = Double.NEGATIVE_INFINITY;
            } else {
                return FAILED;
            }
            return single ? (Object) (float) v : (Object) v;
        }
    }

    static final class Decimal extends Converter {
        private final int precision;
        private final int scale;

        Decimal(DecimalType type) {
            this.precision = type.getPrecision();
            this.scale = type.getScale();
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                case VALUE_STRING:
                    return text(p.getText());
                default:
                    return FAILED;
            }
        }

        @Override
        Object text(String s) {
            BigDecimal d = Numbers.parseDecimal(s.trim());
            if (d == null) {
                return FAILED;
            }
            DecimalData data = DecimalData.fromBigDecimal(d, precision, scale);
            return data == null ? FAILED : data;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Log semantics: times and levels
    // ---------------------------------------------------------------------------------------

    /**
     * A point in time: text read leniently as {@code LOG_TIMESTAMP} does (zone-less text in the
     * default zone), JSON numbers as epochs by magnitude (integers) or exact epoch seconds
     * (decimals), and the time objects of {@link TimeObject}. TIMESTAMP columns get the UTC
     * wall-clock time, DATE columns the UTC date.
     */
    static final class Time extends Converter {
        private final TimestampParser parser;
        private final ParsedTime parsed = new ParsedTime();
        private final TimeObject object = new TimeObject();
        private final int precision;
        private final boolean date;
        /** For the event-time column: OTLP writes 0 for "unknown", so 0 means absent there. */
        private final boolean zeroIsAbsent;

        Time(TimestampParser parser, int precision, boolean date, boolean zeroIsAbsent) {
            this.parser = parser;
            this.precision = precision;
            this.date = date;
            this.zeroIsAbsent = zeroIsAbsent;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            boolean ok;
            switch (t) {
                case VALUE_NULL:
                    return null;
                case VALUE_STRING:
                    return text(p.getText());
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    String n = p.getText();
                    ok = TimestampParser.fromEpochNumber(n, 0, n.length(), parsed);
                    break;
                case START_OBJECT:
                    object.reset();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        JsonToken v = p.nextToken();
                        if (v == JsonToken.VALUE_NUMBER_INT || v == JsonToken.VALUE_STRING) {
                            object.member(name, p.getText());
                        } else {
                            p.skipChildren();
                        }
                    }
                    ok = object.resolve(parsed);
                    break;
                default:
                    return FAILED;
            }
            return ok ? value() : FAILED;
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        Object text(String s) {
            return parser.parse(s, parsed) ? value() : FAILED;
        }

        /** The value {@link #parsed} holds, in this column's type. */
        Object value() {
            return value(parsed);
        }

        Object value(ParsedTime time) {
            long second = time.epochSecond();
            if (zeroIsAbsent && second == 0 && time.nanoOfSecond() == 0) {
                return null;
            }
            if (date) {
                return (int) Math.floorDiv(second, 86_400L);
            }
            return timestamp(time);
        }

        /** The instant as a timestamp of this column's precision (cut toward the past). */
        TimestampData timestamp(ParsedTime time) {
            int nano = time.nanoOfSecond(precision);
            // The parser's range (years 0001-9999) keeps this far from overflow.
            return TimestampData.fromEpochMillis(time.epochSecond() * 1000L + nano / 1_000_000, nano % 1_000_000);
        }
    }

    /**
     * A level field normalised to the six levels as {@code LOG_LEVEL} does, on the numeric scale
     * its path implies ({@code severityNumber}: OpenTelemetry, {@code PRIORITY}: syslog, …), bound
     * per path when the plan is built. A value that is not a level is absent, so the next alias or
     * the message text decides.
     */
    static final class Level extends Converter {
        private static final StringData[] NAMES = new StringData[LogLevel.values().length];

        static {
            for (LogLevel l : LogLevel.values()) {
                // from bytes, so that no thread of a job materialises these shared strings
                NAMES[l.ordinal()] = StringData.fromBytes(l.sqlName().getBytes(StandardCharsets.UTF_8));
            }
        }

        private final LevelScale scale;

        Level(LevelScale scale) {
            this.scale = scale;
        }

        static StringData name(LogLevel level) {
            return level == null ? null : NAMES[level.ordinal()];
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            LogLevel level;
            switch (t) {
                case VALUE_STRING:
                    return text(p.getText());
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
        Object text(String s) {
            LogLevel level = LevelFieldParser.parse(s, scale);
            return level == null ? null : NAMES[level.ordinal()];
        }
    }

    // ---------------------------------------------------------------------------------------
    // Structured
    // ---------------------------------------------------------------------------------------

    /**
     * Reads the value at {@code t} with {@code c}: a structure that {@code c} does not accept is
     * skipped and fails.
     */
    static Object element(JsonParser p, JsonToken t, Converter c) throws IOException {
        if (t.isStructStart() && !c.acceptsStructure(t)) {
            p.skipChildren();
            return FAILED;
        }
        return c.read(p, t);
    }

    /** A JSON object as a map; values that do not fit the value type make the whole map fail. */
    static final class MapOf extends Converter {
        private final Converter values;

        MapOf(Converter values) {
            this.values = values;
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                return t == JsonToken.VALUE_NULL ? null : FAILED;
            }
            Map<Object, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                StringData key = StringData.fromString(p.currentName());
                Object v = element(p, p.nextToken(), values);
                if (v == FAILED) {
                    skipRest(p);
                    return FAILED;
                }
                m.putIfAbsent(key, v); // first of duplicate keys wins, as for columns
            }
            return new GenericMapData(m);
        }
    }

    static final class ArrayOf extends Converter {
        private final Converter elements;

        ArrayOf(Converter elements) {
            this.elements = elements;
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return start == JsonToken.START_ARRAY;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_ARRAY) {
                return t == JsonToken.VALUE_NULL ? null : FAILED;
            }
            List<Object> out = new ArrayList<>();
            JsonToken e;
            while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                Object v = element(p, e, elements);
                if (v == FAILED) {
                    skipRest(p);
                    return FAILED;
                }
                out.add(v);
            }
            return new GenericArrayData(out.toArray());
        }
    }

    /** A nested ROW: fields filled by exact key; a field that does not fit stays NULL. */
    static final class RowOf extends Converter {
        private final Map<String, Integer> index = new HashMap<>();
        private final Converter[] fields;

        RowOf(RowType type, Input in, TimestampParser times) {
            fields = new Converter[type.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                index.put(type.getFieldNames().get(i), i);
                fields[i] = forType(type.getTypeAt(i), false, in, times);
            }
        }

        @Override
        boolean acceptsStructure(JsonToken start) {
            return start == JsonToken.START_OBJECT;
        }

        @Override
        Object read(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                return t == JsonToken.VALUE_NULL ? null : FAILED;
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
                Object value = element(p, v, fields[i]);
                if (value != FAILED && value != null) {
                    row.setField(i, value);
                    seen[i] = true;
                }
            }
            return row;
        }
    }
}
