package dev.flinklog.format;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.Projection;
import org.apache.flink.table.connector.format.ProjectableDecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.DataTypeUtils;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Decoding side of {@code log-json}: projectable (the filesystem connector pushes the selected
 * columns down, so only those are extracted) and with readable metadata.
 */
final class LogJsonDecodingFormat implements ProjectableDecodingFormat<DeserializationSchema<RowData>> {

    private final DecoderOptions options;

    // ------------------------------------------------------------------------------------------
    // Mutable attributes
    // ------------------------------------------------------------------------------------------

    private List<String> metadataKeys = Collections.emptyList();

    LogJsonDecodingFormat(DecoderOptions options) {
        this.options = options;
    }

    @Override
    public DeserializationSchema<RowData> createRuntimeDecoder(
            DynamicTableSource.Context context, DataType physicalDataType, int[][] projections) {
        DataType projected = Projection.of(projections).project(physicalDataType);
        List<DataTypes.Field> metadataFields =
                metadataKeys.stream().map(k -> metadataField(k)).collect(Collectors.toList());
        DataType produced = DataTypeUtils.appendRowFields(projected, metadataFields);
        TypeInformation<RowData> typeInfo = context.createTypeInformation(produced);
        RowType physicalRow = (RowType) projected.getLogicalType();
        return new LogJsonDeserializationSchema(physicalRow, metadataKeys, typeInfo, options.projectedTo(physicalRow));
    }

    private static DataTypes.Field metadataField(String key) {
        for (ReadableMetadata m : ReadableMetadata.values()) {
            if (m.key.equals(key)) {
                return DataTypes.FIELD(key, m.type);
            }
        }
        throw new IllegalArgumentException("unknown metadata key " + key);
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        Map<String, DataType> m = new LinkedHashMap<>();
        for (ReadableMetadata md : ReadableMetadata.values()) {
            m.put(md.key, md.type);
        }
        return m;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys) {
        this.metadataKeys = new ArrayList<>(metadataKeys);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }
}
