package dev.flinklog.examples;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive tables' {@code 'write.parquet.dict-size-bytes' = '65536'} (docs/examples.md) reaches
 * Iceberg's Parquet writer: a column with more distinct values than fit in 64 KiB is written
 * without a dictionary, one with few values keeps its dictionary, and under Iceberg's default (2
 * MiB) the same many-valued column is dictionary-encoded. The encodings are read back from the
 * data files' footers by DuckDB.
 */
class ArchiveDictionarySizeITCase {

    @TempDir
    Path tmp;

    @Test
    void aManyValuedColumnLeavesItsDictionaryAndAFewValuedOneKeepsIt() throws Exception {
        // 20,000 records; host_name cycles through 4,000 values of 24 bytes (about 110 KiB of
        // dictionary), log_level is always the same.
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            lines.add(String.format(
                    "{\"time\":\"2026-12-02T10:%02d:%02dZ\",\"level\":\"info\",\"msg\":\"ok\",\"host_name\":\"host-%05d-of-the-fleet\"}",
                    (i / 60) % 60, i % 60, i % 4_000));
        }
        Path logs = tmp.resolve("logs.jsonl");
        Files.write(logs, lines, StandardCharsets.UTF_8);

        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", "1");
        t.executeSql("CREATE TABLE src (event_time TIMESTAMP_LTZ(6), log_level STRING, host_name STRING)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + logs.toUri() + "', 'format' = 'log-json')");
        t.executeSql(ExampleSql.localCatalog("lake", tmp.resolve("warehouse")));
        t.executeSql("CREATE DATABASE lake.logs");
        String columns = "(event_time TIMESTAMP_LTZ(6), log_level STRING, host_name STRING)";
        t.executeSql("CREATE TABLE lake.logs.iceberg_default " + columns
                + " WITH ('write.parquet.compression-codec' = 'zstd')");
        t.executeSql("CREATE TABLE lake.logs.archive " + columns
                + " WITH ('write.parquet.compression-codec' = 'zstd', 'write.parquet.dict-size-bytes' = '65536')");
        t.executeSql("INSERT INTO lake.logs.iceberg_default SELECT * FROM src").await();
        t.executeSql("INSERT INTO lake.logs.archive SELECT * FROM src").await();

        Map<String, String> byDefault = encodings(tmp.resolve("warehouse/logs/iceberg_default/data"));
        Map<String, String> archive = encodings(tmp.resolve("warehouse/logs/archive/data"));
        assertThat(byDefault.get("host_name")).contains("DICTIONARY");
        assertThat(archive.get("host_name")).doesNotContain("DICTIONARY").contains("PLAIN");
        assertThat(byDefault.get("log_level")).contains("DICTIONARY");
        assertThat(archive.get("log_level")).contains("DICTIONARY");
    }

    /** Each column's encodings over the data files under {@code dir}, as Parquet's footers list them. */
    private static Map<String, String> encodings(Path dir) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT path_in_schema, string_agg(DISTINCT encodings, ',')"
                        + " FROM parquet_metadata('" + dir + "/**/*.parquet') GROUP BY path_in_schema")) {
            while (r.next()) {
                out.put(r.getString(1), r.getString(2));
            }
        }
        assertThat(out).containsKeys("host_name", "log_level");
        return out;
    }
}
