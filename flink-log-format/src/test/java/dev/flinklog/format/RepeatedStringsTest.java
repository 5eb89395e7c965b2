package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RepeatedStringsTest {

    private static byte[] bytes(StringData s) {
        return ((BinaryStringData) s).toBytes();
    }

    @Test
    void shortStringsAreKeptEncodedOnce() {
        RepeatedStrings values = new RepeatedStrings();
        StringData app = values.of("app.kubernetes.io/name");
        assertThat(values.of(new String("app.kubernetes.io/name"))).isSameAs(app);
        // built from its UTF-8 bytes: no Java String for a writer thread to encode lazily
        assertThat(((BinaryStringData) app).getJavaObject()).isNull();
        assertThat(bytes(app)).isEqualTo("app.kubernetes.io/name".getBytes(StandardCharsets.UTF_8));
        StringData accented = values.of("café ✓");
        assertThat(bytes(accented)).isEqualTo("café ✓".getBytes(StandardCharsets.UTF_8));
        String longer = "x".repeat(RepeatedStrings.MAX_LENGTH + 1);
        assertThat(values.of(longer).toString()).isEqualTo(longer);
        assertThat(values.of(longer)).isNotSameAs(values.of(longer));
        for (int i = 0; i < 5_000; i++) { // many values that do not repeat: the table starts afresh
            assertThat(values.of("pod-" + i).toString()).isEqualTo("pod-" + i);
        }
        StringData again = values.of("app.kubernetes.io/name");
        assertThat(again.toString()).isEqualTo("app.kubernetes.io/name");
        assertThat(again).as("forgotten when the table started afresh").isNotSameAs(app);
        assertThat(values.of("app.kubernetes.io/name")).isSameAs(again);
    }

    @Test
    void theReaderSharesLabelKeysAndValuesAcrossRows() {
        RowType columns = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("log", DataTypes.STRING()),
                        DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
                .getLogicalType();
        RecordReader reader =
                RecordReader.create(DecoderOptions.defaults(), columns, List.of(), new FormatMetrics(null));
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String json = "{\"log\":\"hi " + i + "\",\"kubernetes\":{\"labels\":{\"app\":\"web\"}}}";
            RecordReader.Result result = reader.read(json.getBytes(StandardCharsets.UTF_8), new RecordReader.Result());
            assertThat(result.error).isNull();
            rows.add(result.rows.get(0));
        }
        for (GenericRowData row : rows) {
            assertThat(row.getMap(1).size()).isEqualTo(1);
            assertThat(row.getMap(1).keyArray().getString(0))
                    .isSameAs(rows.get(0).getMap(1).keyArray().getString(0));
            assertThat(row.getMap(1).valueArray().getString(0).toString()).isEqualTo("web");
            assertThat(row.getMap(1).valueArray().getString(0))
                    .isSameAs(rows.get(0).getMap(1).valueArray().getString(0));
        }
    }

    /** bunyan's {@code name} is the service when no service field is there: one string for all rows. */
    @Test
    void aServiceNamedByTheProducersShapeIsSharedAcrossRows() {
        RowType columns = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("service_name", DataTypes.STRING()), DataTypes.FIELD("log", DataTypes.STRING()))
                .getLogicalType();
        RecordReader reader =
                RecordReader.create(DecoderOptions.defaults(), columns, List.of(), new FormatMetrics(null));
        List<StringData> services = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String json = "{\"name\":\"checkout\",\"hostname\":\"web-1\",\"pid\":7,\"level\":30,\"msg\":\"ok " + i
                    + "\",\"time\":\"2026-12-05T10:00:00.000Z\",\"v\":0}";
            RecordReader.Result result = reader.read(json.getBytes(StandardCharsets.UTF_8), new RecordReader.Result());
            assertThat(result.error).isNull();
            services.add(result.rows.get(0).getString(0));
        }
        assertThat(services.get(0).toString()).isEqualTo("checkout");
        assertThat(services.get(1)).isSameAs(services.get(0));
        assertThat(services.get(2)).isSameAs(services.get(0));
    }
}
