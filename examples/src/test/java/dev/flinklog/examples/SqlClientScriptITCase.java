package dev.flinklog.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.flinklog.examples.ScriptRun.sqlFile;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/sql-client.sh end to end: the real script, the real Flink SQL client in its own JVM, the
 * class path in target/sql-client-lib. Each test is one client run (~10 s), so each packs several
 * checks into one SQL file.
 */
class SqlClientScriptITCase {

    @TempDir
    Path dir;

    @Test
    void batchScriptPrintsTablesAndSucceeds() throws IOException {
        // Spaces in the paths: the client itself takes -f/-i as URIs and would reject them.
        Path scripts = Files.createDirectories(dir.resolve("my scripts"));
        Path init = sqlFile(
                scripts,
                "init file.sql",
                "SET 'execution.runtime-mode' = 'batch';",
                "CREATE TEMPORARY VIEW greeting AS SELECT '${IT_GREETING}' AS g;");
        Path sql = sqlFile(
                scripts,
                "batch job.sql",
                "LOAD MODULE logs;",
                "SHOW MODULES;",
                "SHOW FUNCTIONS LIKE 'log_%';",
                "SELECT id, UPPER(name) AS up, CHAR_LENGTH(name) AS len, JSON_VALUE(js, '$.a') AS a",
                "FROM (VALUES (1, 'alpha', '{\"a\":\"x\"}'), (2, 'beta', '{\"a\":7}'),",
                "             (3, 'says [ERROR] inside a value', '{}')) AS t(id, name, js);",
                "SELECT g, CONCAT(g, '!') AS shout FROM greeting;",
                // LOG_PARSE reaches the module from the format's half of the shaded jar.
                "SELECT LOG_PARSE('{\"time\":\"2026-09-16T12:34:56+09:00\",\"msg\":\"hi\",\"service.name\":\"api\"}')"
                        + ".service_name AS parsed_service;");

        ScriptRun r = ScriptRun.run(
                "sql-client.sh", Map.of("IT_GREETING", "hello from env"), "-i", init.toString(), "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.table("module name")).containsExactly(List.of("core"), List.of("logs"));
        assertThat(r.table("function name"))
                .extracting(row -> row.get(0))
                .contains(
                        "log_timestamp",
                        "log_level",
                        "log_template",
                        "log_fingerprint",
                        "log_error_class",
                        "log_labels",
                        "log_label",
                        "log_parse");
        assertThat(r.table("id", "up", "len", "a"))
                .containsExactly(
                        List.of("1", "ALPHA", "5", "x"),
                        List.of("2", "BETA", "4", "7"),
                        // "[ERROR]" inside a result value is data, not a failed statement: exit 0 above.
                        List.of("3", "SAYS [ERROR] INSIDE A VALUE", "27", "<NULL>"));
        assertThat(r.table("parsed_service")).containsExactly(List.of("api"));
        // ${IT_GREETING} in the -i file came from the environment.
        assertThat(r.hasRow("hello from env", "hello from env!")).isTrue();
        assertThat(r.output).contains("sql-client.sh: done in");
    }

    @Test
    void failingStatementStopsTheScriptWithNonZeroExit() {
        Path sql = sqlFile(
                dir,
                "failing.sql",
                "SET 'execution.runtime-mode' = 'batch';",
                "SELECT 41 + 1 AS answer;",
                "SELECT * FROM no_such_table;",
                "SELECT 'after the failure' AS marker;");

        ScriptRun r = ScriptRun.run("sql-client.sh", Map.of(), "-f", sql.toString());

        assertThat(r.exitCode).isEqualTo(1);
        assertThat(r.hasRow("42")).as("statements before the failure ran").isTrue();
        assertThat(r.output)
                .contains("[ERROR] Could not execute SQL statement")
                .contains("Object 'no_such_table' not found")
                .contains("sql-client.sh: a statement failed")
                .contains("Flink's log")
                .contains("run folder:");
        assertThat(r.hasRow("after the failure"))
                .as("the client stops at the first error")
                .isFalse();
    }

    @Test
    void streamingInsertWithDmlSyncFinishesAndIsReadBackInBatch() throws IOException {
        Files.writeString(dir.resolve("in.csv"), "alpha,1\nbeta,2\ngamma,3\ndelta,4\nepsilon,5\n");
        Path sql = sqlFile(
                dir,
                "streaming.sql",
                "SET 'execution.runtime-mode' = 'streaming';",
                "SET 'table.dml-sync' = 'true';",
                "CREATE TEMPORARY TABLE src (name STRING, n INT)",
                "  WITH ('connector' = 'filesystem', 'path' = '${IT_DIR}/in.csv', 'format' = 'csv');",
                "CREATE TEMPORARY TABLE sink (name STRING, n INT, up STRING)",
                "  WITH ('connector' = 'filesystem', 'path' = '${IT_DIR}/out', 'format' = 'json');",
                "INSERT INTO sink SELECT name, n * 10, UPPER(name) FROM src WHERE n > 1;",
                "SET 'execution.runtime-mode' = 'batch';",
                "SELECT COUNT(*) AS cnt, SUM(n) AS total, MIN(up) AS first_up FROM sink;");

        ScriptRun r = ScriptRun.run("sql-client.sh", Map.of("IT_DIR", dir.toString()), "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.table("cnt", "total", "first_up")).containsExactly(List.of("4", "140", "BETA"));
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("committed part files (no in-progress ones)")
                    .isNotEmpty()
                    .allMatch(name -> name.startsWith("part-"));
        }
    }

    @Test
    void icebergHadoopCatalogOnALocalFolderAndKafkaTablesWork() {
        Path sql = sqlFile(
                dir,
                "connectors.sql",
                "SET 'execution.runtime-mode' = 'batch';",
                "CREATE CATALOG lake WITH ('type' = 'iceberg', 'catalog-type' = 'hadoop',",
                "  'warehouse' = 'file://${IT_DIR}/warehouse');",
                "CREATE DATABASE IF NOT EXISTS lake.db;",
                "CREATE TABLE lake.db.events (id BIGINT, service STRING);",
                "INSERT INTO lake.db.events VALUES (1, 'api'), (2, 'api'), (3, 'orders');",
                "SELECT service, COUNT(*) AS n FROM lake.db.events GROUP BY service;",
                // No broker: planning alone needs the Kafka connector's factory and source classes.
                "SET 'execution.runtime-mode' = 'streaming';",
                "CREATE TEMPORARY TABLE kafka_logs (line STRING) WITH ('connector' = 'kafka',",
                "  'topic' = 'logs', 'properties.bootstrap.servers' = '127.0.0.1:9',",
                "  'scan.startup.mode' = 'earliest-offset', 'format' = 'raw');",
                "EXPLAIN PLAN FOR SELECT line FROM kafka_logs;");

        ScriptRun r = ScriptRun.run("sql-client.sh", Map.of("IT_DIR", dir.toString()), "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.table("service", "n")).containsExactlyInAnyOrder(List.of("api", "2"), List.of("orders", "1"));
        assertThat(dir.resolve("warehouse/db/events/metadata")).isDirectory();
        assertThat(r.output).contains("TableSourceScan(table=[[default_catalog, default_database, kafka_logs]]");
    }

    @Test
    void unsetVariableIsAnErrorNamingIt() {
        Path sql = sqlFile(
                dir,
                "unset.sql",
                "SELECT '${FLINK_LOG_IT_SURELY_UNSET_A}' AS a, '${FLINK_LOG_IT_SURELY_UNSET_B}' AS b;",
                "SELECT '${HOME}' AS set_one;");

        ScriptRun r = ScriptRun.run("sql-client.sh", Map.of(), "-f", sql.toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.output)
                .contains("FLINK_LOG_IT_SURELY_UNSET_A")
                .contains("FLINK_LOG_IT_SURELY_UNSET_B")
                .doesNotContain("Flink SQL>");
    }

    @Test
    void unboundedQueryIsKilledAtTheTimeout() {
        Path sql = sqlFile(
                dir,
                "forever.sql",
                "CREATE TEMPORARY TABLE ticks (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1');",
                "SELECT id FROM ticks;");

        // An unbounded query never ends by itself: only the script's timeout can end this run (and
        // ScriptRun gives up after its own limit, failing the test, if the script hung instead).
        ScriptRun r = ScriptRun.run("sql-client.sh", Map.of("SQL_CLIENT_TIMEOUT", "12"), "-f", sql.toString());

        assertThat(r.exitCode).isEqualTo(124);
        assertThat(r.output).contains("timed out after 12 s");
    }

    @Test
    void classPathHoldsTheShadedJarAndTheShimButNoThinModuleJars() throws IOException {
        try (Stream<Path> jars = Files.list(ScriptRun.EXAMPLES.resolve("target/sql-client-lib"))) {
            List<String> names =
                    jars.map(p -> p.getFileName().toString()).sorted().toList();
            assertThat(names)
                    .anyMatch(n -> n.startsWith("flink-sql-log-"))
                    .anyMatch(n -> n.startsWith("flink-log-examples-"))
                    .anyMatch(n -> n.startsWith("flink-sql-client-2.1.0"))
                    .anyMatch(n -> n.startsWith("flink-sql-gateway-api-2.0.0"))
                    .anyMatch(n -> n.startsWith("iceberg-flink-runtime-2.1-"))
                    .anyMatch(n -> n.startsWith("flink-connector-kafka-"))
                    .noneMatch(n -> n.startsWith("flink-log-sql-functions") || n.startsWith("flink-log-format"))
                    .noneMatch(n -> n.startsWith("junit") || n.startsWith("assertj"));
        }
    }

    @Test
    void helpAndMissingFileAreUsageErrors() {
        ScriptRun help = ScriptRun.run("sql-client.sh", Map.of(), "--help");
        assertThat(help.exitCode).isZero();
        assertThat(help.output)
                .contains("Usage: examples/sql-client.sh -f FILE.sql")
                .contains("SQL_CLIENT_TIMEOUT");

        ScriptRun none = ScriptRun.run("sql-client.sh", Map.of());
        assertThat(none.exitCode).isEqualTo(2);
        assertThat(none.output).contains("missing -f FILE.sql");

        ScriptRun missing = ScriptRun.run(
                "sql-client.sh", Map.of(), "-f", dir.resolve("nope.sql").toString());
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.output).contains("no such file");
    }
}
