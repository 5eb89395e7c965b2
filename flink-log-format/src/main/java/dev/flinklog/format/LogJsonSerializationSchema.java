package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Base64;
import java.util.Objects;

/**
 * Writes rows as JSON objects: timestamps as ISO-8601 in UTC ({@code 2026-09-16T03:34:56.789Z},
 * as many fraction digits as the type's precision), MAP and ROW as nested objects, ARRAY as
 * arrays, and NULL fields left out unless {@code encode.ignore-null-fields} is false. Writers are
 * built once per schema in {@link #open}.
 */
public final class LogJsonSerializationSchema implements SerializationSchema<RowData> {

    private static final long serialVersionUID = 1L;

    private final RowType rowType;
    private final boolean ignoreNullFields;

    private transient Writer root;
    private transient JsonFactory factory;
    private transient ByteArrayOutputStream buffer;

    public LogJsonSerializationSchema(RowType rowType, boolean ignoreNullFields) {
        this.rowType = rowType;
        this.ignoreNullFields = ignoreNullFields;
    }

    @Override
    public void open(InitializationContext context) {
        factory = new JsonFactory();
        buffer = new ByteArrayOutputStream(512);
        root = writer(rowType);
    }

    @Override
    public byte[] serialize(RowData row) {
        if (root == null) {
            open(null);
        }
        buffer.reset();
        try (JsonGenerator g = factory.createGenerator(buffer, JsonEncoding.UTF8)) {
            root.write(g, row);
        } catch (IOException e) {
            throw new UncheckedIOException("log-json: cannot write a row", e);
        }
        return buffer.toByteArray();
    }

    /** Writes one non-null value of Flink's internal data. */
    @FunctionalInterface
    interface Writer {
        void write(JsonGenerator g, Object value) throws IOException;
    }

    private Writer writer(LogicalType type) {
        if (FieldPlan.isVariant(type.getTypeRoot())) {
            // a VARIANT is JSON already: written as the value, not as a string of it
            return (g, v) -> g.writeRawValue(v.toString());
        }
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return (g, v) -> g.writeString(v.toString());
            case BOOLEAN:
                return (g, v) -> g.writeBoolean((Boolean) v);
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return (g, v) -> g.writeNumber(((Number) v).longValue());
            case FLOAT:
                return (g, v) -> writeDouble(g, (Float) v);
            case DOUBLE:
                return (g, v) -> writeDouble(g, (Double) v);
            case DECIMAL:
                return (g, v) -> g.writeNumber(((DecimalData) v).toBigDecimal().toPlainString());
            case DATE:
                return (g, v) -> g.writeString(LocalDate.ofEpochDay((Integer) v).toString());
            case TIME_WITHOUT_TIME_ZONE:
                return (g, v) -> g.writeString(
                        LocalTime.ofNanoOfDay((Integer) v * 1_000_000L).toString());
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                int p = ((TimestampType) type).getPrecision();
                return (g, v) -> g.writeString(IsoUtc.format((TimestampData) v, p));
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                int pl = ((LocalZonedTimestampType) type).getPrecision();
                return (g, v) -> g.writeString(IsoUtc.format((TimestampData) v, pl));
            case BINARY:
            case VARBINARY:
                return (g, v) -> g.writeString(Base64.getEncoder().encodeToString((byte[]) v));
            case ARRAY:
                return arrayWriter(((ArrayType) type).getElementType());
            case MAP:
                MapType m = (MapType) type;
                return mapWriter(m.getKeyType(), m.getValueType());
            case MULTISET:
                return mapWriter(((MultisetType) type).getElementType(), new IntType());
            case ROW:
                return rowWriter((RowType) type);
            default:
                return (g, v) -> g.writeString(v.toString());
        }
    }

    private static void writeDouble(JsonGenerator g, double d) throws IOException {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            g.writeString(Double.toString(d)); // JSON has no literal for these
        } else {
            g.writeNumber(d);
        }
    }

    private Writer rowWriter(RowType type) {
        int n = type.getFieldCount();
        String[] names = type.getFieldNames().toArray(new String[0]);
        RowData.FieldGetter[] getters = new RowData.FieldGetter[n];
        Writer[] writers = new Writer[n];
        for (int i = 0; i < n; i++) {
            getters[i] = RowData.createFieldGetter(type.getTypeAt(i), i);
            writers[i] = writer(type.getTypeAt(i));
        }
        return (g, v) -> {
            RowData r = (RowData) v;
            g.writeStartObject();
            for (int i = 0; i < n; i++) {
                Object f = getters[i].getFieldOrNull(r);
                if (f == null) {
                    if (!ignoreNullFields) {
                        g.writeNullField(names[i]);
                    }
                    continue;
                }
                g.writeFieldName(names[i]);
                writers[i].write(g, f);
            }
            g.writeEndObject();
        };
    }

    private Writer arrayWriter(LogicalType elementType) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        Writer element = writer(elementType);
        return (g, v) -> {
            ArrayData a = (ArrayData) v;
            g.writeStartArray();
            for (int i = 0; i < a.size(); i++) {
                Object e = getter.getElementOrNull(a, i);
                if (e == null) {
                    g.writeNull();
                } else {
                    element.write(g, e);
                }
            }
            g.writeEndArray();
        };
    }

    private Writer mapWriter(LogicalType keyType, LogicalType valueType) {
        ArrayData.ElementGetter keys = ArrayData.createElementGetter(keyType);
        ArrayData.ElementGetter values = ArrayData.createElementGetter(valueType);
        Writer value = writer(valueType);
        return (g, v) -> {
            MapData m = (MapData) v;
            ArrayData ks = m.keyArray();
            ArrayData vs = m.valueArray();
            g.writeStartObject();
            for (int i = 0; i < m.size(); i++) {
                Object k = keys.getElementOrNull(ks, i);
                Object e = values.getElementOrNull(vs, i);
                if (k == null || (e == null && ignoreNullFields)) {
                    continue; // JSON objects have no null keys
                }
                g.writeFieldName(k instanceof StringData ? k.toString() : String.valueOf(k));
                if (e == null) {
                    g.writeNull();
                } else {
                    value.write(g, e);
                }
            }
            g.writeEndObject();
        };
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LogJsonSerializationSchema)) {
            return false;
        }
        LogJsonSerializationSchema that = (LogJsonSerializationSchema) o;
        return ignoreNullFields == that.ignoreNullFields && rowType.equals(that.rowType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rowType, ignoreNullFields);
    }
}
