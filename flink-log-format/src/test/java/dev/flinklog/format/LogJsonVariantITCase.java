package dev.flinklog.format;

import dev.flinklog.functions.SqlFunctionTestBase;
import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;
import dev.flinklog.gen.Producer;

import org.apache.flink.types.Row;
import org.apache.flink.types.variant.Variant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code raw_json VARIANT} through SQL as users write it (Flink 2.1 and newer): the payload parsed
 * in the format's one pass, equal to {@code PARSE_JSON} of the same text, NULL for a record that is
 * not JSON.
 */
class LogJsonVariantITCase extends SqlFunctionTestBase {

    @TempDir
    static Path dir;

    private static final List<String> LINES = List.of(
            "{\"ts\":\"2026-12-02T10:00:00+09:00\",\"level\":\"error\",\"msg\":\"payment failed\","
                    + "\"order\":{\"id\":4711,\"amount\":12.50,\"items\":[\"a\",\"b\"]},\"retry\":true}",
            "{\"time\":\"t1\",\"log\":\"started\",\"service\":{\"name\":\"api\"},\"pid\":\"12\"}",
            "this line is not json",
            "<34>Oct 11 22:14:15 mymachine su: 'su root' failed for lonvick on /dev/pts/8",
            "{\"resourceLogs\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
                    + "{\"stringValue\":\"cart\"}}]},\"scopeLogs\":[{\"scope\":{\"name\":\"otel\"},\"logRecords\":["
                    + "{\"severityText\":\"WARN\",\"body\":{\"stringValue\":\"low stock\"}},"
                    + "{\"severityText\":\"INFO\",\"body\":{\"stringValue\":\"restocked\"}}]}]}]}");

    @BeforeAll
    void setUp() throws IOException {
        Files.write(dir.resolve("logs.jsonl"), LINES, StandardCharsets.UTF_8);
        String path = dir.resolve("logs.jsonl").toUri().toString();
        tEnv.executeSql("CREATE TABLE logs_v ("
                + " log_level STRING, message STRING, service_name STRING, raw_json VARIANT"
                + ") WITH ('connector' = 'filesystem', 'path' = '" + path + "', 'format' = 'log-json')");
        tEnv.executeSql("CREATE TABLE logs_s ("
                + " log_level STRING, message STRING, service_name STRING, raw_json STRING"
                + ") WITH ('connector' = 'filesystem', 'path' = '" + path + "', 'format' = 'log-json')");
    }

    @Test
    void theVariantIsParseJsonOfThePayload() {
        List<Row> variants = query("SELECT raw_json FROM logs_v");
        List<Row> parsed = query(
                "SELECT CASE WHEN raw_json LIKE '{%' AND log_level IS NOT NULL THEN TRY_PARSE_JSON(raw_json, TRUE) END "
                        + "FROM logs_s");
        assertThat(variants).hasSize(6);
        // the JSON records, and the text lines (no variant)
        assertThat(variants.get(0).getField(0)).isEqualTo(parsed.get(0).getField(0));
        assertThat(variants.get(1).getField(0)).isEqualTo(parsed.get(1).getField(0));
        assertThat(variants.get(2).getField(0)).isNull();
        assertThat(variants.get(3).getField(0)).isNull();
        Variant first = (Variant) variants.get(0).getField(0);
        assertThat(first.getField("order").getField("items").getElement(1).getString())
                .isEqualTo("b");
        assertThat(first.getField("order").getField("amount").getDecimal()).isEqualByComparingTo("12.50");
        // an OTLP batch: one row per log record, each with its resource and scope
        Variant otlp = (Variant) variants.get(5).getField(0);
        assertThat(otlp.getField("logRecord").getField("severityText").getString())
                .isEqualTo("INFO");
        assertThat(otlp.getField("scope").getField("name").getString()).isEqualTo("otel");
        assertThat(otlp.getField("resource").toJson()).contains("\"cart\"");
    }

    @Test
    void theTypedColumnsAreTheSameWithAVariantRawColumn() {
        assertThat(query("SELECT log_level, message, service_name FROM logs_v"))
                .isEqualTo(query("SELECT log_level, message, service_name FROM logs_s"));
    }

    @Test
    void theVariantGoesThroughSqlAsAValue() {
        // Flink 2.1's SQL has no field access on VARIANT (ITEM takes arrays only): the value is
        // selected, filtered on and written as it is; readers (Trino, Spark) look inside
        List<Row> rows =
                query("SELECT message, raw_json FROM logs_v WHERE raw_json IS NOT NULL AND log_level = 'error'");
        assertThat(rows).hasSize(1);
        Variant v = (Variant) rows.get(0).getField(1);
        assertThat(v.getField("order").getField("id").getShort()).isEqualTo((short) 4711);
        assertThat(v.getField("msg").getString()).isEqualTo(rows.get(0).getField(0));
        assertThat(query("SELECT COUNT(*) FROM logs_v WHERE raw_json IS NULL")).containsExactly(Row.of(2L));
    }

    /**
     * Every producer shape of log-gen, through SQL: each JSON record's variant (shape {@code json})
     * equals {@code TRY_PARSE_JSON(raw_json, TRUE)} of its text in the same job; text lines have
     * none. Runs on every Flink with VARIANT (the compat module runs it on 2.2 and 2.3 too).
     */
    @Test
    void everyProducerShapeThroughSqlIsParseJsonOfItsText() throws IOException {
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(3_000)
                .malformedRate(0.02)
                .build());
        List<String> lines = new ArrayList<>();
        Set<String> producers = new TreeSet<>();
        for (long i = 0; i < 3_000; i++) {
            GeneratedLog g = gen.generate(i);
            String text = new String(g.payload(), StandardCharsets.UTF_8);
            // one row per line of the file: multi-line text and OTLP batches (one row per log
            // record, each variant its own record: tested above) stay out, and broken records
            // (some are invalid UTF-8, which a text file cannot hold as they are)
            if (!g.malformed()
                    && g.rows() == 1
                    && text.indexOf('\n') < 0
                    && text.indexOf('\r') < 0
                    && !text.contains("resourceLogs")) {
                lines.add(text);
                producers.add(g.producer());
            }
        }
        for (Producer p : Producer.values()) {
            if (p != Producer.OTLP) {
                assertThat(producers).as("records of %s", p).contains(p.id());
            }
        }
        Path file = dir.resolve("generated.jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        String with = ") WITH ('connector' = 'filesystem', 'path' = '" + file.toUri() + "', 'format' = 'log-json')";
        tEnv.executeSql("CREATE TABLE gen_v (message STRING, raw_json VARIANT" + with);
        tEnv.executeSql("CREATE TABLE gen_s (message STRING, raw_json STRING" + with);
        List<Row> v = query("SELECT raw_json FROM gen_v");
        List<Row> s = query("SELECT raw_json, TRY_PARSE_JSON(raw_json, TRUE) FROM gen_s");
        assertThat(v).hasSize(lines.size());
        assertThat(s).hasSize(lines.size());
        int json = 0;
        int lenient = 0;
        int text = 0;
        for (int i = 0; i < v.size(); i++) {
            String raw = (String) s.get(i).getField(0);
            assertThat(raw).isEqualTo(lines.get(i));
            Object variant = v.get(i).getField(0);
            Object parsed = s.get(i).getField(1);
            if (raw.strip().startsWith("{")) {
                if (parsed == null) {
                    // text Flink's strict parser rejects and the format reads (control characters)
                    assertThat(variant).as("row %s", i).isNotNull();
                    lenient++;
                } else {
                    assertThat(variant).as("row %s: %s", i, raw).isEqualTo(parsed);
                    json++;
                }
            } else {
                assertThat(variant).as("row %s: %s", i, raw).isNull();
                text++;
            }
        }
        assertThat(json).isGreaterThan(1_500);
        assertThat(text).isGreaterThan(50);
        assertThat(lenient).isLessThan(json / 100);
    }

    @Test
    void aRawColumnOfAnotherTypeFailsAtDdlNamingTheOption() {
        tEnv.executeSql("CREATE TABLE logs_bad (raw_json BIGINT) WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("logs.jsonl").toUri() + "', 'format' = 'log-json')");
        assertThatThrownBy(() -> query("SELECT * FROM logs_bad"))
                .hasStackTraceContaining("'log-json.raw-column'")
                .hasStackTraceContaining("STRING or VARIANT");
    }
}
