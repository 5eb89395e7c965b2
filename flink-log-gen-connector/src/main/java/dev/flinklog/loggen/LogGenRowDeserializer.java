package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratedLog;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.util.Collector;

import java.io.IOException;
import java.util.List;

/**
 * The table source's rows: the payload through the table's format (one record may give several
 * rows, or none), or, without a format, the payload as the one STRING (or BYTES) column; then the
 * requested metadata columns of the record appended to each row.
 */
final class LogGenRowDeserializer implements GeneratedLogDeserializer<RowData> {

    private static final long serialVersionUID = 1L;

    /** NULL: no format, the payload is the column. */
    private final DeserializationSchema<RowData> format;

    private final boolean payloadAsBytes;
    private final LogGenMetadata[] metadata;
    private final TypeInformation<RowData> producedType;

    LogGenRowDeserializer(
            DeserializationSchema<RowData> format,
            boolean payloadAsBytes,
            List<LogGenMetadata> metadata,
            TypeInformation<RowData> producedType) {
        this.format = format;
        this.payloadAsBytes = payloadAsBytes;
        this.metadata = metadata.toArray(new LogGenMetadata[0]);
        this.producedType = producedType;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) throws Exception {
        if (format != null) {
            format.open(context);
        }
    }

    @Override
    public void deserialize(GeneratedLog log, Collector<RowData> out) throws IOException {
        if (format == null) {
            Object payload = payloadAsBytes ? log.payload() : StringData.fromString(log.payloadText());
            emit(GenericRowData.of(payload), log, 0, out);
            return;
        }
        if (metadata.length == 0) {
            format.deserialize(log.payload(), out);
            return;
        }
        format.deserialize(log.payload(), new Collector<>() {
            private int k;

            @Override
            public void collect(RowData row) {
                emit(row, log, k++, out);
            }

            @Override
            public void close() {}
        });
    }

    private void emit(RowData physical, GeneratedLog log, int k, Collector<RowData> out) {
        if (metadata.length == 0) {
            out.collect(physical);
            return;
        }
        GenericRowData meta = new GenericRowData(metadata.length);
        for (int i = 0; i < metadata.length; i++) {
            meta.setField(i, metadata[i].value(log, k));
        }
        JoinedRowData row = new JoinedRowData(physical.getRowKind(), physical, meta);
        out.collect(row);
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }
}
