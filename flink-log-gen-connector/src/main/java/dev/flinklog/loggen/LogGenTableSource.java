package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code 'connector' = 'log-gen'}: the generated payloads through the table's format (or as one
 * STRING column), with the format's metadata (e.g. log-json's {@code parse-error}) and the
 * generator's ground truth ({@link LogGenMetadata}) as metadata columns.
 */
final class LogGenTableSource implements ScanTableSource, SupportsReadingMetadata {

    private final GeneratorConfig config;
    private final long numberOfRows; // -1: unbounded
    private final double rowsPerSecond; // 0: unlimited
    private final long startSequence;
    private final Integer parallelism;
    /** NULL: no 'format'. */
    private final DecodingFormat<DeserializationSchema<RowData>> format;

    private final DataType physicalType;

    private List<String> formatMetadata = List.of();
    private List<LogGenMetadata> sourceMetadata = List.of();
    private DataType producedType;

    LogGenTableSource(
            GeneratorConfig config,
            long numberOfRows,
            double rowsPerSecond,
            long startSequence,
            Integer parallelism,
            DecodingFormat<DeserializationSchema<RowData>> format,
            DataType physicalType) {
        this.config = config;
        this.numberOfRows = numberOfRows;
        this.rowsPerSecond = rowsPerSecond;
        this.startSequence = startSequence;
        this.parallelism = parallelism;
        this.format = format;
        this.physicalType = physicalType;
        this.producedType = physicalType;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        DeserializationSchema<RowData> decoder = null;
        if (format != null) {
            // always (also with none): the format instance is shared by this source's copies, and
            // formats without metadata reject the call
            if (!format.listReadableMetadata().isEmpty()) {
                format.applyReadableMetadata(formatMetadata);
            }
            decoder = format.createRuntimeDecoder(context, physicalType);
        }
        boolean bytes = format == null
                && physicalType.getChildren().get(0).getLogicalType().getTypeRoot() != LogicalTypeRoot.VARCHAR
                && physicalType.getChildren().get(0).getLogicalType().getTypeRoot() != LogicalTypeRoot.CHAR;
        LogGenRowDeserializer rows =
                new LogGenRowDeserializer(decoder, bytes, sourceMetadata, context.createTypeInformation(producedType));
        LogGenSource.Builder<RowData> source =
                LogGenSource.builder(config, rows).startSequence(startSequence);
        if (numberOfRows >= 0) {
            source.numberOfRows(numberOfRows);
        }
        if (rowsPerSecond > 0) {
            source.rowsPerSecond(rowsPerSecond);
        }
        return SourceProvider.of(source.build(), parallelism);
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        // the format's first: its columns come right after the physical ones in the rows it makes
        Map<String, DataType> keys = new LinkedHashMap<>();
        if (format != null) {
            keys.putAll(format.listReadableMetadata());
        }
        for (LogGenMetadata m : LogGenMetadata.values()) {
            keys.put(m.key(), m.type());
        }
        return keys;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
        Map<String, DataType> ofFormat = format == null ? Map.of() : format.listReadableMetadata();
        List<String> fromFormat = new ArrayList<>();
        List<LogGenMetadata> fromSource = new ArrayList<>();
        for (String key : metadataKeys) {
            if (ofFormat.containsKey(key)) {
                fromFormat.add(key);
            } else {
                fromSource.add(LogGenMetadata.of(key));
            }
        }
        this.formatMetadata = fromFormat;
        this.sourceMetadata = fromSource;
        this.producedType = producedDataType;
    }

    @Override
    public DynamicTableSource copy() {
        LogGenTableSource copy = new LogGenTableSource(
                config, numberOfRows, rowsPerSecond, startSequence, parallelism, format, physicalType);
        copy.formatMetadata = formatMetadata;
        copy.sourceMetadata = sourceMetadata;
        copy.producedType = producedType;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "log-gen";
    }
}
