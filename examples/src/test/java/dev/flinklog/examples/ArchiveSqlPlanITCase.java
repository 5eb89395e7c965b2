package dev.flinklog.examples;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The production archive jobs cannot run here (AWS Glue; the REST example needs servers), but
 * their SQL must still be valid Flink SQL: every statement of the shipped file goes through
 * Flink's parser and planner in-process, with only the CREATE CATALOG swapped for an Iceberg
 * Hadoop catalog on a temporary folder. DDL is executed (so the INSERTs plan against the tables
 * the file itself creates), INSERTs and statement sets are explained down to the execution plan
 * (which builds the Kafka sources and Iceberg sinks), SET statements go into the configuration.
 */
class ArchiveSqlPlanITCase {

    @TempDir
    Path tmp;

    @Test
    void glueArchivePlansBothTopicsInOneStatementSet() {
        Path file = ScriptRun.EXAMPLES.resolve("kafka-iceberg-glue-s3/archive.sql");
        String sql = ExampleSql.read(file);

        assertThat(ExampleSql.variables(sql))
                .containsExactlyInAnyOrder("CHECKPOINT_INTERVAL", "S3_WAREHOUSE", "KAFKA_BOOTSTRAP_SERVERS");
        // The Glue catalog as written, before the swap; no credentials in the SQL (comments may name them).
        assertThat(ExampleSql.stripComments(sql))
                .contains("'catalog-impl' = 'org.apache.iceberg.aws.glue.GlueCatalog'")
                .contains("'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO'")
                .contains("'warehouse' = 's3://${S3_WAREHOUSE}'")
                // credentials only from the AWS default chain
                .doesNotContainIgnoringCase("access-key")
                .doesNotContainIgnoringCase("secret");

        Planned planned = plan(sql, Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1", "S3_WAREHOUSE", "bucket/wh"));

        // 16 SETs (the job's settings and the maintenance options), then the rest in this order.
        List<String> expected = new ArrayList<>(Collections.nCopies(16, "SET"));
        expected.addAll(List.of(
                "LOAD MODULE",
                "CREATE CATALOG",
                "CREATE DATABASE",
                "CREATE TABLE",
                "CREATE TABLE",
                "CREATE TEMPORARY TABLE",
                "CREATE TEMPORARY TABLE",
                "CREATE TEMPORARY VIEW",
                "CREATE TEMPORARY VIEW",
                "EXECUTE STATEMENT SET"));
        assertThat(planned.kinds).containsExactlyElementsOf(expected);
        assertThat(planned.settings)
                .containsEntry("table.local-time-zone", "UTC")
                .containsEntry("execution.checkpointing.interval", "3min")
                .containsEntry("table.exec.iceberg.use-v2-sink", "true")
                .containsEntry("pipeline.object-reuse", "true")
                .containsEntry("flink-maintenance.expire-snapshots.retain-last", "100");
        assertThat(planned.explains).hasSize(1);
        String plan = planned.explains.get(0);
        // One job with both sources and both sinks.
        assertThat(plan)
                .contains("syslog_in")
                .contains("authlog_in")
                .contains("glue.logs.syslog")
                .contains("glue.logs.authlog")
                .contains("LOG_FINGERPRINT")
                // Iceberg's v2 sink, each table with its maintenance after its commits.
                .contains("glue.logs.syslog: Writer", "glue.logs.syslog: Committer")
                .contains("glue.logs.syslog: Trigger manager", "glue.logs.authlog: Trigger manager")
                .contains("glue.logs.authlog: Rewrite commit[0]", "glue.logs.authlog: Expire Snapshot[1]")
                .contains("glue.logs.authlog: Orphan Files Aggregator[2]");
    }

    @Test
    void restArchivePlans() {
        String sql = ExampleSql.read(ScriptRun.EXAMPLES.resolve("kafka-iceberg-rest/archive.sql"));
        Map<String, String> env = new HashMap<>();
        // The others have defaults: what the file is planned with.
        for (String name : ExampleSql.requiredVariables(sql)) {
            env.put(name, name.startsWith("KAFKA") ? "127.0.0.1:1" : "http://127.0.0.1:1");
        }
        env.put("ICEBERG_WAREHOUSE", "s3://warehouse/");

        Planned planned = plan(sql, env);

        assertThat(planned.kinds).contains("CREATE CATALOG", "CREATE TABLE", "CREATE TEMPORARY TABLE", "INSERT");
        assertThat(planned.settings)
                .containsEntry("table.local-time-zone", "UTC")
                .containsEntry("execution.checkpointing.interval", "3min")
                .containsEntry("table.exec.iceberg.use-v2-sink", "true")
                .containsEntry("pipeline.object-reuse", "true");
        assertThat(planned.explains).hasSize(1);
        assertThat(planned.explains.get(0))
                .contains("kafka_logs")
                .contains("lake.logs.events")
                // Iceberg's v2 sink with compaction [0], expiry [1] and orphan removal [2] after its commits.
                .contains("lake.logs.events: Writer", "lake.logs.events: Committer")
                .contains("lake.logs.events: Trigger manager", "lake.logs.events: Lock remover")
                .contains("lake.logs.events: Rewrite commit[0]", "lake.logs.events: Expire Snapshot[1]")
                .contains("lake.logs.events: Orphan Files Aggregator[2]");
    }

    @Test
    void aStatementThatDoesNotPlanFailsTheCheck() {
        // The check itself must bite: a column the sink does not have.
        String broken = ExampleSql.read(ScriptRun.EXAMPLES.resolve("kafka-iceberg-glue-s3/archive.sql"))
                .replace(
                        "LOG_FINGERPRINT(message) AS fingerprint,",
                        "LOG_FINGERPRINT(message) AS fingerprint, 1 AS extra,");
        assertThatThrownBy(() -> plan(broken, Map.of("KAFKA_BOOTSTRAP_SERVERS", "x:1", "S3_WAREHOUSE", "b")))
                .hasMessageContaining("EXECUTE STATEMENT SET");
    }

    @Test
    void aLogJsonTableWithTheIcebergTablesTypesIsWrittenWithoutAProjection() {
        // format.md, "Declare the table's own types": Iceberg keeps microseconds, so an event time
        // declared TIMESTAMP_LTZ(3) needs a cast, and the cast a projection that copies the row.
        assertThat(archivePlan(6)).doesNotContain("Calc(").contains("TableSourceScan(");
        assertThat(archivePlan(3))
                .contains("Calc(select=[CAST(event_time AS TIMESTAMP_WITH_LOCAL_TIME_ZONE(6)) AS event_time");
    }

    private String archivePlan(int precision) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(ExampleSql.localCatalog("lake", tmp.resolve("warehouse-" + precision)));
        tEnv.executeSql("CREATE DATABASE IF NOT EXISTS lake.logs");
        tEnv.executeSql("CREATE TABLE lake.logs.events (event_time TIMESTAMP_LTZ(6), log_level STRING,"
                + " message STRING, raw_json STRING, dt STRING, hr INT) PARTITIONED BY (dt, hr)");
        tEnv.executeSql("CREATE TEMPORARY TABLE logs (event_time TIMESTAMP_LTZ(" + precision + "), log_level STRING,"
                + " message STRING, raw_json STRING, dt STRING, hr INT) WITH ('connector' = 'filesystem',"
                + " 'path' = '" + tmp.resolve("in").toUri() + "', 'format' = 'log-json')");
        return tEnv.explainSql("INSERT INTO lake.logs.events SELECT * FROM logs");
    }

    /** What planning the file produced. */
    static final class Planned {
        final List<String> kinds = new ArrayList<>();
        final Map<String, String> settings = new LinkedHashMap<>();
        final List<String> explains = new ArrayList<>();
    }

    private Planned plan(String sql, Map<String, String> env) {
        List<String> statements = ExampleSql.swapCatalog(
                ExampleSql.statements(ExampleSql.substitute(sql, env)),
                name -> ExampleSql.localCatalog(name, tmp.resolve("warehouse")));
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        Planned planned = new Planned();
        for (String statement : statements) {
            String kind = ExampleSql.kind(statement);
            planned.kinds.add(kind);
            try {
                String[] setting = ExampleSql.setting(statement);
                if (setting != null) {
                    tEnv.getConfig().getConfiguration().setString(setting[0], setting[1]);
                    planned.settings.put(setting[0], setting[1]);
                } else if (kind.startsWith("INSERT")
                        || kind.startsWith("SELECT")
                        || ExampleSql.isStatementSet(statement)) {
                    // EXPLAIN takes "STATEMENT SET BEGIN ... END"; the JSON execution plan is only
                    // produced after the sinks and sources have been translated into operators.
                    String explainable = statement.replaceFirst("(?i)^EXECUTE\\s+", "");
                    planned.explains.add(tEnv.executeSql("EXPLAIN JSON_EXECUTION_PLAN " + explainable)
                            .collect()
                            .next()
                            .getField(0)
                            .toString());
                } else {
                    tEnv.executeSql(statement);
                }
            } catch (RuntimeException e) {
                throw new AssertionError(kind + " did not plan: " + e.getMessage() + "\n" + statement, e);
            }
        }
        return planned;
    }
}
