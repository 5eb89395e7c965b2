package dev.flinklog.format;

import dev.flinklog.functions.SqlFunctionTestBase;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code LOG_PARSE} through SQL after {@code LOAD MODULE logs}, on lines read as raw text. */
class LogParseFunctionITCase extends SqlFunctionTestBase {

    @Test
    void parsesOnceIntoTheWellKnownColumns() {
        // Calcite turns a VALUES with an expression (the CAST) into a UNION of one-row inputs, which
        // Flink emits in no fixed order: each row carries its number, and the query sorts by it.
        List<Row> rows =
                query("SELECT p.event_time, p.log_level, p.message, p.service_name, p.host_name, p.labels['app'],"
                        + " p.parse_error"
                        + " FROM (SELECT LOG_PARSE(line) AS p, n FROM (VALUES"
                        + " (0, '{\"@timestamp\":\"2026-09-16T12:34:56.789+09:00\",\"log\":{\"level\":\"warn\"},"
                        + "\"message\":\"disk almost full\",\"service\":{\"name\":\"kafka\"},\"host\":{\"name\":\"b-1\"}}'),"
                        + " (1, '{\"level\":50,\"time\":1789529696123,\"msg\":\"charge failed\",\"hostname\":\"pod-7\","
                        + "\"kubernetes\":{\"labels\":{\"app\":\"checkout\"}}}'),"
                        + " (2, '2026-09-16 12:00:00,001 ERROR a layout''s text line'),"
                        + " (3, CAST(NULL AS STRING)),"
                        + " (4, '2026-09-16T12:00:00.002Z free text, no layout: failed')"
                        + ") AS t(n, line)) ORDER BY n");
        assertThat(rows).hasSize(5);
        assertThat(rows.get(0))
                .isEqualTo(Row.of(
                        Instant.parse("2026-09-16T03:34:56.789Z"),
                        "warn",
                        "disk almost full",
                        "kafka",
                        "b-1",
                        null,
                        null));
        assertThat(rows.get(1))
                .isEqualTo(Row.of(
                        Instant.parse("2026-09-16T03:34:56.123Z"),
                        "error",
                        "charge failed",
                        "checkout",
                        "pod-7",
                        "checkout",
                        null));
        assertThat(rows.get(2).getField(0)).isEqualTo(Instant.parse("2026-09-16T12:00:00.001Z"));
        assertThat(rows.get(2).getField(1)).isEqualTo("error");
        assertThat(rows.get(2).getField(2))
                .as("a known layout: the text after its header")
                .isEqualTo("a layout's text line");
        assertThat(rows.get(2).getField(6))
                .as("a known shape is no parse error")
                .isNull();
        assertThat(rows.get(3)).isEqualTo(Row.of(null, null, null, null, null, null, null));
        assertThat(rows.get(4).getField(0)).isEqualTo(Instant.parse("2026-09-16T12:00:00.002Z"));
        assertThat(rows.get(4).getField(1)).isEqualTo("error");
        assertThat(rows.get(4).getField(2)).isEqualTo("2026-09-16T12:00:00.002Z free text, no layout: failed");
        assertThat((String) rows.get(4).getField(6)).startsWith("not JSON");
    }

    @Test
    void theWholeRowIsAvailable() {
        Row p = query("SELECT LOG_PARSE('{\"msg\":\"x\",\"trace_id\":\"t1\",\"labels\":{\"team\":\"a\"}}')")
                .get(0);
        Row r = (Row) p.getField(0);
        assertThat(r.getArity()).isEqualTo(LogParseFunction.fieldNames().size());
        assertThat(r.getField(LogParseFunction.fieldNames().indexOf("trace_id")))
                .isEqualTo("t1");
        assertThat(r.getField(LogParseFunction.fieldNames().indexOf("labels"))).isEqualTo(Map.of("team", "a"));
        assertThat(r.getField(LogParseFunction.fieldNames().indexOf("log_level")))
                .isEqualTo("info");
    }

    /**
     * A VARIANT record (log-json's raw column read back, PARSE_JSON of a string column) gives the
     * row its JSON text gives; a NULL variant (a line that is not JSON) gives NULL.
     */
    @Test
    void aVariantRecordParsesAsItsJsonText() {
        assumeVariantType();
        List<Row> rows = query("SELECT LOG_PARSE(TRY_PARSE_JSON(line)), LOG_PARSE(line),"
                + " LOG_PARSE(TRY_PARSE_JSON(line)).service_name"
                + " FROM (VALUES"
                + " ('{\"@timestamp\":\"2026-09-16T12:34:56.789+09:00\",\"log\":{\"level\":\"warn\"},"
                + "\"message\":\"disk almost full\",\"service\":{\"name\":\"kafka\"},\"host\":{\"name\":\"b-1\"}}'),"
                + " ('{\"level\":50,\"time\":1789529696123,\"msg\":\"charge failed\",\"hostname\":\"pod-7\","
                + "\"kubernetes\":{\"labels\":{\"app\":\"checkout\"}}}'),"
                + " ('2026-09-16 12:00:00,001 ERROR a layout''s text line')"
                + ") AS t(line)");
        for (int i = 0; i < 2; i++) {
            assertThat(rows.get(i).getField(0))
                    .as("record %s", i)
                    .isEqualTo(rows.get(i).getField(1));
        }
        assertThat(((Row) rows.get(1).getField(0)).getField(0)).isEqualTo(Instant.parse("2026-09-16T03:34:56.123Z"));
        assertThat(rows.stream().map(r -> r.getField(2))).containsExactly("kafka", "checkout", null);
        assertThat(rows.get(2).getField(0)).isNull();
    }

    @Test
    void anArgumentThatIsNeitherTextNorVariantFailsValidation() {
        assertThatThrownBy(() -> tEnv.executeSql("SELECT LOG_PARSE(1.5)").collect())
                .hasStackTraceContaining(
                        "LOG_PARSE takes the JSON record as STRING or VARIANT (Flink 2.1+), not DECIMAL(2, 1)");
    }
}
