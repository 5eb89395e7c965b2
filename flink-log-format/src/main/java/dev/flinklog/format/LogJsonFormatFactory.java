package dev.flinklog.format;

import com.google.auto.service.AutoService;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

import static dev.flinklog.format.LogJsonFormatOptions.DEFAULT_ZONE;
import static dev.flinklog.format.LogJsonFormatOptions.ENCODE_IGNORE_NULL_FIELDS;
import static dev.flinklog.format.LogJsonFormatOptions.FIELDS;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_NESTING_DEPTH;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_RECORD_BYTES;
import static dev.flinklog.format.LogJsonFormatOptions.MAX_STRING_LENGTH;
import static dev.flinklog.format.LogJsonFormatOptions.ON_ERROR;
import static dev.flinklog.format.LogJsonFormatOptions.RAW_COLUMN;

/** {@code 'format' = 'log-json'}: validates the options and wires the decoding format. */
@AutoService(Factory.class)
public final class LogJsonFormatFactory implements DeserializationFormatFactory, SerializationFormatFactory {

    public static final String IDENTIFIER = "log-json";

    @Override
    public DecodingFormat<DeserializationSchema<RowData>> createDecodingFormat(
            DynamicTableFactory.Context context, ReadableConfig formatOptions) {
        RowType physical = (RowType) context.getPhysicalRowDataType().getLogicalType();
        // Ours first: its messages name the option and the accepted values.
        DecoderOptions options = DecoderOptions.from(formatOptions, physical);
        FactoryUtil.validateFactoryOptions(this, formatOptions);
        return new LogJsonDecodingFormat(options);
    }

    @Override
    public EncodingFormat<SerializationSchema<RowData>> createEncodingFormat(
            DynamicTableFactory.Context context, ReadableConfig formatOptions) {
        FactoryUtil.validateFactoryOptions(this, formatOptions);
        boolean ignoreNulls = formatOptions.get(ENCODE_IGNORE_NULL_FIELDS);
        return new EncodingFormat<SerializationSchema<RowData>>() {
            @Override
            public SerializationSchema<RowData> createRuntimeEncoder(
                    DynamicTableSink.Context context, DataType consumedDataType) {
                return new LogJsonSerializationSchema((RowType) consumedDataType.getLogicalType(), ignoreNulls);
            }

            @Override
            public ChangelogMode getChangelogMode() {
                return ChangelogMode.insertOnly();
            }
        };
    }

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Collections.emptySet();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> s = new LinkedHashSet<>();
        s.add(ON_ERROR);
        s.add(RAW_COLUMN);
        s.add(FIELDS);
        s.add(MAX_NESTING_DEPTH);
        s.add(MAX_STRING_LENGTH);
        s.add(MAX_RECORD_BYTES);
        s.add(DEFAULT_ZONE);
        s.add(LogJsonFormatOptions.LINES);
        s.add(ENCODE_IGNORE_NULL_FIELDS);
        return s;
    }
}
