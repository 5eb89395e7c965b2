package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One test per finding of LogJsonFuzzTest (docs/reliability.md lists them); the reproducers are
 * also kept in the fuzz corpus, so the replay in {@code mvn verify} runs them too.
 */
class FormatFuzzFindingsTest {

    /**
     * An OTLP export with no log records gave no row and no error: the format dropped the record
     * without counting it, and LOG_PARSE threw IndexOutOfBoundsException (failing the job).
     */
    @Test
    void otlpBatchWithoutLogRecordsIsOneRow() throws IOException {
        Decoders decoders = Decoders.of(
                        DataTypes.FIELD("log_level", DataTypes.STRING()),
                        DataTypes.FIELD("service_name", DataTypes.STRING()),
                        DataTypes.FIELD("raw_json", DataTypes.STRING()))
                .withParseError();
        LogJsonDeserializationSchema d = decoders.open();
        for (String batch : new String[] {
            "{\"resourceLogs\":[]}",
            "{\"resourceLogs\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"a\"}}]},\"scopeLogs\":[{\"logRecords\":[]}]}]}",
        }) {
            List<RowData> rows = Decoders.read(d, batch);
            assertThat(rows).as(batch).hasSize(1);
            assertThat(rows.get(0).getString(2).toString()).isEqualTo(batch);
            assertThat(rows.get(0).isNullAt(3)).as("parse-error").isTrue();
            // No level field and no message to infer one from: no level (docs/functions.md).
            assertThat(rows.get(0).isNullAt(0)).as("level").isTrue();
        }
        assertThat(decoders.counters().get("rows").getCount()).isEqualTo(2);

        Row parsed = new LogParseFunction().eval("{\"resourceLogs\":[{\"scopeLogs\":[]}]}");
        assertThat(parsed).isNotNull();
        assertThat(parsed.getField(1)).as("level").isNull();
        assertThat(parsed.getField(LogParseFunction.fieldNames().indexOf("parse_error")))
                .isNull();
        // a batch with records is unchanged: one row per record
        assertThat(Decoders.read(d, LogJsonDeserializationSchemaTest.OTLP_BATCH.getBytes(StandardCharsets.UTF_8)))
                .hasSizeGreaterThan(1);
    }
}
