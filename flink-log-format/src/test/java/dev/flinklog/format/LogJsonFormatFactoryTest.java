package dev.flinklog.format;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.TestDynamicTableFactory;
import org.apache.flink.table.factories.utils.FactoryMocks;
import org.apache.flink.table.runtime.connector.source.ScanRuntimeProviderContext;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Option handling at {@code CREATE TABLE} time, the way a connector sees the format. */
class LogJsonFormatFactoryTest {

    private static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("log", DataTypes.STRING()),
            Column.physical("service_name", DataTypes.STRING()),
            Column.physical("raw_json", DataTypes.STRING()));

    private static Map<String, String> options() {
        Map<String, String> o = new HashMap<>();
        o.put("connector", TestDynamicTableFactory.IDENTIFIER);
        o.put("target", "MyTarget");
        o.put("buffer-size", "1000");
        o.put("value.format", LogJsonFormatFactory.IDENTIFIER);
        return o;
    }

    private static DeserializationSchema<RowData> decoder(Map<String, String> options) {
        TestDynamicTableFactory.DynamicTableSourceMock source =
                (TestDynamicTableFactory.DynamicTableSourceMock) FactoryMocks.createTableSource(SCHEMA, options);
        return source.valueFormat.createRuntimeDecoder(
                ScanRuntimeProviderContext.INSTANCE, SCHEMA.toPhysicalRowDataType());
    }

    @Test
    void defaultsMakeAKeepingDecoder() {
        DeserializationSchema<RowData> d = decoder(options());
        assertThat(d).isInstanceOf(LogJsonDeserializationSchema.class);
        LogJsonDeserializationSchema expected = new LogJsonDeserializationSchema(
                (RowType) SCHEMA.toPhysicalRowDataType().getLogicalType(),
                List.of(),
                d.getProducedType(),
                DecoderOptions.defaults());
        assertThat(d).isEqualTo(expected);
    }

    @Test
    void thePublicConstructorIsATableWithoutOptions() {
        DeserializationSchema<RowData> fromTable = decoder(options());
        LogJsonDeserializationSchema direct = new LogJsonDeserializationSchema(
                (RowType) SCHEMA.toPhysicalRowDataType().getLogicalType(), fromTable.getProducedType());
        assertThat(direct).isEqualTo(fromTable);
    }

    @Test
    void valuePrefixedOptionsAreRead() {
        Map<String, String> o = options();
        o.put("value.log-json.on-error", "SKIP");
        o.put("value.log-json.fields.service_name.path", "$.svc.name, $['service.id']");
        LogJsonDeserializationSchema d = (LogJsonDeserializationSchema) decoder(o);
        assertThat(d)
                .isNotEqualTo(decoder(options()))
                .extracting("options.onError")
                .isEqualTo(LogJsonFormatOptions.OnError.SKIP);
        assertThat(d)
                .extracting("options.fieldPaths")
                .isEqualTo(Map.of("service_name", List.of("$.svc.name", "$['service.id']")));
    }

    @Test
    void invalidOnErrorNamesTheOptionAndTheValues() {
        Map<String, String> o = options();
        o.put("value.log-json.on-error", "ignore");
        assertThatThrownBy(() -> decoder(o))
                .hasStackTraceContaining("'log-json.on-error'")
                .hasStackTraceContaining("keep, skip, fail");
    }

    @Test
    void unknownOptionIsRejected() {
        Map<String, String> o = options();
        o.put("value.log-json.ignore-parse-errors", "true");
        assertThatThrownBy(() -> decoder(o)).hasStackTraceContaining("ignore-parse-errors");
    }

    @Test
    void fieldPathForAnUndeclaredColumnIsRejected() {
        Map<String, String> o = options();
        o.put("value.log-json.fields.nope.path", "$.a");
        assertThatThrownBy(() -> decoder(o)).hasStackTraceContaining("'nope'").hasStackTraceContaining("service_name");
    }

    @Test
    void malformedFieldOptionIsRejected() {
        Map<String, String> o = options();
        o.put("value.log-json.fields.service_name", "$.a");
        assertThatThrownBy(() -> decoder(o)).hasStackTraceContaining("fields.<column>.path");
    }

    @Test
    void invalidJsonPathIsRejected() {
        Map<String, String> o = options();
        o.put("value.log-json.fields.service_name.path", "$.a[?(@.b ==");
        assertThatThrownBy(() -> decoder(o))
                .hasStackTraceContaining("Invalid JSONPath")
                .hasStackTraceContaining("fields.service_name.path");
    }

    @Test
    void limitsMustBePositive() {
        Map<String, String> o = options();
        o.put("value.log-json.max-nesting-depth", "0");
        assertThatThrownBy(() -> decoder(o))
                .hasStackTraceContaining("'log-json.max-nesting-depth'")
                .hasStackTraceContaining("positive");
    }

    @Test
    void rawColumnMustBeAString() {
        Map<String, String> o = options();
        o.put("value.log-json.raw-column", "n");
        ResolvedSchema schema =
                ResolvedSchema.of(Column.physical("log", DataTypes.STRING()), Column.physical("n", DataTypes.INT()));
        assertThatThrownBy(() -> FactoryMocks.createTableSource(schema, o))
                .hasStackTraceContaining("'n'")
                .hasStackTraceContaining("must be STRING");
    }

    @Test
    void parseErrorAndShapeAreReadableMetadata() {
        TestDynamicTableFactory.DynamicTableSourceMock source =
                (TestDynamicTableFactory.DynamicTableSourceMock) FactoryMocks.createTableSource(SCHEMA, options());
        assertThat(source.valueFormat.listReadableMetadata())
                .containsOnlyKeys("parse-error", "shape")
                .containsEntry("parse-error", DataTypes.STRING().nullable())
                .containsEntry("shape", DataTypes.STRING().nullable());
    }
}
