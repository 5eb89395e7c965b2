package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;

import com.google.auto.service.AutoService;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Creates {@code 'connector' = 'log-gen'} tables; the options are in {@link LogGenOptions}. */
@AutoService(Factory.class)
public final class LogGenTableSourceFactory implements DynamicTableSourceFactory {

    public static final String IDENTIFIER = "log-gen";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(LogGenOptions.all());
        options.add(FactoryUtil.FORMAT);
        options.add(FactoryUtil.SOURCE_PARALLELISM);
        return options;
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        DecodingFormat<DeserializationSchema<RowData>> format = helper.discoverOptionalDecodingFormat(
                        DeserializationFormatFactory.class, FactoryUtil.FORMAT)
                .orElse(null);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        LogGenOptions.validateSourceOptions(options);
        GeneratorConfig config = LogGenOptions.generatorConfig(options, Instant::now);

        DataType physical = context.getPhysicalRowDataType();
        if (format == null) {
            List<DataType> columns = physical.getChildren();
            if (columns.size() != 1 || !isTextOrBytes(columns.get(0).getLogicalType())) {
                throw new ValidationException("log-gen: without 'format' the table has exactly one physical column, "
                        + "the payload, of type STRING (or BYTES); got "
                        + physical.getLogicalType().asSummaryString()
                        + ". Set 'format' (e.g. 'log-json') to read the payload into columns, and take the ground truth as "
                        + "METADATA columns.");
            }
        }
        Integer parallelism =
                options.getOptional(FactoryUtil.SOURCE_PARALLELISM).orElse(null);
        if (parallelism != null && parallelism < 1) {
            throw LogGenOptions.invalid(FactoryUtil.SOURCE_PARALLELISM, parallelism, "a parallelism >= 1");
        }
        return new LogGenTableSource(
                config,
                options.getOptional(LogGenOptions.NUMBER_OF_ROWS).orElse(-1L),
                options.getOptional(LogGenOptions.ROWS_PER_SECOND).orElse(0d),
                options.get(LogGenOptions.START_SEQUENCE),
                parallelism,
                format,
                physical);
    }

    private static boolean isTextOrBytes(LogicalType type) {
        LogicalTypeRoot root = type.getTypeRoot();
        return root == LogicalTypeRoot.VARCHAR
                || root == LogicalTypeRoot.CHAR
                || root == LogicalTypeRoot.VARBINARY
                || root == LogicalTypeRoot.BINARY;
    }
}
