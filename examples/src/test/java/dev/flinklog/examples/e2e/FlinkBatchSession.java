package dev.flinklog.examples.e2e;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Flink SQL in batch mode in the test JVM (a local MiniCluster per query) on the archive table, with
 * the catalog options of the job (examples/kafka-iceberg-rest/archive.sql) and {@code LOAD MODULE
 * logs}: the Flink side of the comparisons with Trino and DuckDB, with typed results (a SQL client's
 * printed tables cannot be parsed back when a message holds a '|').
 */
final class FlinkBatchSession {

    /** A query's column names and rows. */
    record Result(List<String> columns, List<List<Object>> rows) {}

    private final Map<String, String> env;
    private TableEnvironment tEnv;

    /** {@code env}: the endpoints and keys as archive.sql takes them (ArchivePipeline.archiveEnv). */
    FlinkBatchSession(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /**
     * Created at the first query, in the thread that queries: Flink's planner keeps Calcite's
     * metadata providers per thread, so an environment made in another thread fails to plan.
     */
    private TableEnvironment tEnv() {
        if (tEnv != null) {
            return tEnv;
        }
        tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        // One slot: the test JVM shares 2 cores with the servers and has 768 MB.
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.executeSql("CREATE CATALOG lake WITH ("
                + "'type' = 'iceberg', 'catalog-type' = 'rest', "
                + "'uri' = '" + env.get("ICEBERG_REST_URI") + "', "
                + "'warehouse' = '" + env.get("ICEBERG_WAREHOUSE") + "', "
                + "'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO', "
                + "'s3.endpoint' = '" + env.get("S3_ENDPOINT") + "', "
                + "'s3.path-style-access' = 'true', "
                + "'s3.access-key-id' = '" + env.get("S3_ACCESS_KEY_ID") + "', "
                + "'s3.secret-access-key' = '" + env.get("S3_SECRET_ACCESS_KEY") + "', "
                + "'client.region' = 'us-east-1')");
        tEnv.executeSql("USE CATALOG lake");
        tEnv.executeSql("USE logs");
        tEnv.executeSql("LOAD MODULE logs");
        return tEnv;
    }

    /** Runs one query (a trailing ';' is dropped) and collects its rows. */
    Result query(String sql) {
        String statement = sql.strip();
        if (statement.endsWith(";")) {
            statement = statement.substring(0, statement.length() - 1);
        }
        TableResult r = tEnv().executeSql(statement);
        List<String> columns = r.getResolvedSchema().getColumnNames();
        List<List<Object>> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = r.collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                List<Object> values = new ArrayList<>();
                for (int i = 0; i < row.getArity(); i++) {
                    values.add(row.getField(i));
                }
                rows.add(values);
            }
        } catch (Exception e) {
            throw new AssertionError("Flink: " + statement, e);
        }
        return new Result(columns, rows);
    }
}
