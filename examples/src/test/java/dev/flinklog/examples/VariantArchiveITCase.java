package dev.flinklog.examples;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.types.variant.Variant;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payload as a VARIANT into an Iceberg format-version 3 table (Iceberg 1.11's Flink 2.1 sink
 * writes variant columns to Parquet), on a local Hadoop catalog, and read back by Flink: the same
 * values the format made, field by field, beside the typed columns.
 */
class VariantArchiveITCase {

    @TempDir
    Path tmp;

    @Test
    void log_jsonVariantIntoAnIcebergV3TableAndBack() throws Exception {
        Path logs = tmp.resolve("logs.jsonl");
        Files.write(
                logs,
                List.of(
                        "{\"ts\":\"2026-12-02T10:00:00+09:00\",\"level\":\"error\",\"msg\":\"payment failed\","
                                + "\"order\":{\"id\":4711,\"amount\":12.50},\"tags\":[\"a\",\"b\"]}",
                        "{\"time\":\"2026-12-02T01:00:01Z\",\"severity\":\"info\",\"message\":\"ok\",\"n\":3000000000}",
                        "plain text that is not JSON"),
                StandardCharsets.UTF_8);
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("table.local-time-zone", "UTC");
        t.getConfig().set("parallelism.default", "1");
        t.executeSql("CREATE TABLE src (event_time TIMESTAMP_LTZ(6), log_level STRING, message STRING,"
                + " raw_json VARIANT) WITH ('connector' = 'filesystem', 'path' = '" + logs.toUri()
                + "', 'format' = 'log-json')");
        t.executeSql(ExampleSql.localCatalog("lake", tmp.resolve("warehouse")));
        t.executeSql("CREATE DATABASE lake.logs");
        t.executeSql("CREATE TABLE lake.logs.events (event_time TIMESTAMP_LTZ(6), log_level STRING,"
                + " message STRING, payload VARIANT) WITH ('format-version' = '3',"
                + " 'write.parquet.compression-codec' = 'zstd')");
        t.executeSql("INSERT INTO lake.logs.events SELECT event_time, log_level, message, raw_json FROM src")
                .await();

        List<Row> back = collect(t, "SELECT log_level, message, payload FROM lake.logs.events ORDER BY message");
        List<Row> made = collect(t, "SELECT log_level, message, raw_json FROM src ORDER BY message");
        assertThat(back).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(back.get(i).getField(0)).isEqualTo(made.get(i).getField(0));
            assertThat(back.get(i).getField(1)).isEqualTo(made.get(i).getField(1));
            Object v = back.get(i).getField(2);
            Object w = made.get(i).getField(2);
            assertThat(v == null ? null : ((Variant) v).toJson()).isEqualTo(w == null ? null : ((Variant) w).toJson());
        }
        Variant error = (Variant) back.get(1).getField(2);
        assertThat(back.get(1).getField(1)).isEqualTo("payment failed");
        assertThat(error.getField("order").getField("id").getShort()).isEqualTo((short) 4711);
        assertThat(error.getField("tags").getElement(1).getString()).isEqualTo("b");
        assertThat(back.get(2).getField(2)).as("not JSON: no variant").isNull();
        // the table is format-version 3 with a variant column in its Iceberg schema
        String metadata = newestMetadata(tmp.resolve("warehouse/logs/events/metadata"));
        assertThat(metadata)
                .contains("\"format-version\":3")
                .contains("\"name\":\"payload\",\"required\":false,\"type\":\"variant\"");
    }

    private static List<Row> collect(TableEnvironment t, String sql) throws Exception {
        List<Row> out = new ArrayList<>();
        try (CloseableIterator<Row> it = t.executeSql(sql).collect()) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    private static String newestMetadata(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            Path newest = files.filter(p -> p.getFileName().toString().endsWith(".metadata.json"))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElseThrow();
            return Files.readString(newest);
        }
    }
}
