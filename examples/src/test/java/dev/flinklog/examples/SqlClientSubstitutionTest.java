package dev.flinklog.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static dev.flinklog.examples.ScriptRun.sqlFile;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * sql-client.sh's variable substitution and option checks through {@code --dry-run}, which prints
 * the scripts as the client would get them without starting it (so these run in milliseconds).
 */
class SqlClientSubstitutionTest {

    @TempDir
    Path dir;

    private static ScriptRun dryRun(Map<String, String> env, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "--dry-run";
        System.arraycopy(args, 0, all, 1, args.length);
        return ScriptRun.run("sql-client.sh", env, all);
    }

    @Test
    void defaultsApplyWhenUnsetOrEmptyAndValuesWinOtherwise() {
        Path sql = sqlFile(
                dir,
                "defaults.sql",
                "SET 'a' = '${FLINK_LOG_T_UNSET:-3min}';",
                "SET 'b' = '${FLINK_LOG_T_EMPTY:-fallback}';",
                "SET 'c' = '${FLINK_LOG_T_SET:-ignored}';",
                "SET 'd' = '${FLINK_LOG_T_UNSET:-}';",
                "SET 'e' = '${FLINK_LOG_T_UNSET:-s3://bucket/a b:c-d}';",
                "SET 'f' = '${FLINK_LOG_T_SET}${FLINK_LOG_T_SET}';");
        Map<String, String> env = new HashMap<>();
        env.put("FLINK_LOG_T_EMPTY", "");
        env.put("FLINK_LOG_T_SET", "v1");

        ScriptRun r = dryRun(env, "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.output)
                .contains(
                        "SET 'a' = '3min';",
                        "SET 'b' = 'fallback';",
                        "SET 'c' = 'v1';",
                        "SET 'd' = '';",
                        "SET 'e' = 's3://bucket/a b:c-d';",
                        "SET 'f' = 'v1v1';");
    }

    @Test
    void aValueIsInsertedLiterallyAndNotExpandedAgain() {
        Path sql = sqlFile(dir, "literal.sql", "SELECT '${FLINK_LOG_T_SET}' AS v, '$FLINK_LOG_T_SET' AS w;");

        ScriptRun r = dryRun(Map.of("FLINK_LOG_T_SET", "${HOME} & \\1 $(id)"), "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.output).contains("SELECT '${HOME} & \\1 $(id)' AS v, '$FLINK_LOG_T_SET' AS w;");
    }

    @Test
    void unsetVariablesWithoutDefaultAreNamedAndExitTwo() {
        Path sql = sqlFile(
                dir,
                "unset.sql",
                "SELECT '${FLINK_LOG_T_UNSET_A}', '${FLINK_LOG_T_UNSET_B:-has default}', '${FLINK_LOG_T_UNSET_C}';");
        Path init = sqlFile(dir, "init.sql", "SET 'x' = '${FLINK_LOG_T_UNSET_D}';");

        ScriptRun r = dryRun(Map.of(), "-i", init.toString(), "-f", sql.toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.output)
                .contains("FLINK_LOG_T_UNSET_A,FLINK_LOG_T_UNSET_C,FLINK_LOG_T_UNSET_D")
                .doesNotContain("FLINK_LOG_T_UNSET_B");
    }

    @Test
    void dryRunPrintsTheInitFileFirst() {
        Path sql = sqlFile(dir, "job.sql", "SELECT 2;");
        Path init = sqlFile(dir, "init.sql", "SET 'execution.savepoint.path' = '${FLINK_LOG_T_SET}';");

        ScriptRun r = dryRun(Map.of("FLINK_LOG_T_SET", "file:/tmp/sp-1"), "-i", init.toString(), "-f", sql.toString());

        assertThat(r.exitCode).isZero();
        assertThat(r.output.indexOf("SET 'execution.savepoint.path' = 'file:/tmp/sp-1';"))
                .isNotNegative()
                .isLessThan(r.output.indexOf("SELECT 2;"));
    }

    /** docs/examples.md's table of archive.sql's variables: every variable, with its default, and no other. */
    @Test
    void theDocsListEveryVariableOfTheArchiveJobWithItsDefault() throws java.io.IOException {
        String sql = ExampleSql.read(ScriptRun.EXAMPLES.resolve("kafka-iceberg-rest/archive.sql"));
        String docs = java.nio.file.Files.readString(ScriptRun.EXAMPLES.resolveSibling("docs/examples.md"));
        String table = docs.substring(docs.indexOf("| variable | example | default |"));
        table = table.substring(0, table.indexOf("\n\n"));
        Map<String, String> documented = new java.util.TreeMap<>();
        for (String row : table.split("\n")) {
            String[] cells = row.split("\\|");
            if (cells.length < 4 || !cells[1].contains("`")) {
                continue; // the header and its rule
            }
            String def = cells[3].strip().replace("`", "");
            for (String name : cells[1].split(",")) {
                documented.put(name.strip().replace("`", ""), def);
            }
        }
        assertThat(documented).isEqualTo(ExampleSql.defaults(sql));
    }

    @Test
    void theShippedArchiveJobNeedsExactlyItsDocumentedVariables() {
        Path archive = ScriptRun.EXAMPLES.resolve("kafka-iceberg-rest/archive.sql");

        ScriptRun none = dryRun(Map.of(), "-f", archive.toString());
        assertThat(none.exitCode).isEqualTo(2);
        // Sorted names; CHECKPOINT_INTERVAL and S3_REGION have defaults.
        assertThat(none.output)
                .contains(
                        "unset environment variable(s) used in the SQL: ICEBERG_REST_URI,"
                                + "ICEBERG_WAREHOUSE,KAFKA_BOOTSTRAP_SERVERS,S3_ACCESS_KEY_ID,S3_ENDPOINT,S3_SECRET_ACCESS_KEY\n");

        Map<String, String> env = new HashMap<>();
        env.put("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092");
        env.put("ICEBERG_REST_URI", "http://nessie:19120/iceberg/");
        env.put("ICEBERG_WAREHOUSE", "warehouse");
        env.put("S3_ENDPOINT", "http://rustfs:9000");
        env.put("S3_ACCESS_KEY_ID", "key-id");
        env.put("S3_SECRET_ACCESS_KEY", "secret");
        ScriptRun all = dryRun(env, "-f", archive.toString());
        assertThat(all.exitCode).isZero();
        assertThat(all.output)
                .contains("SET 'execution.checkpointing.interval' = '3min';")
                .contains("'client.region' = 'us-east-1'")
                .contains("'s3.secret-access-key' = 'secret'")
                .doesNotContain("${");
    }

    @Test
    void jobManagerMustBeHostAndPort() {
        Path sql = sqlFile(dir, "job.sql", "SELECT 1;");

        ScriptRun bad = dryRun(Map.of("FLINK_JOBMANAGER", "http://jm:8081"), "-f", sql.toString());
        assertThat(bad.exitCode).isEqualTo(2);
        assertThat(bad.output).contains("--jobmanager/FLINK_JOBMANAGER must be HOST:PORT");

        ScriptRun missing = dryRun(Map.of(), "-f", sql.toString(), "--jobmanager");
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.output).contains("--jobmanager needs HOST:PORT");

        ScriptRun good = dryRun(Map.of(), "--jobmanager", "jm:8081", "-f", sql.toString());
        assertThat(good.exitCode).isZero();
    }
}
