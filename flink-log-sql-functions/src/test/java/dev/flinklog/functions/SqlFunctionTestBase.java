package dev.flinklog.functions;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs SQL the way a user does: a batch {@link TableEnvironment} on a local MiniCluster, after
 * {@code LOAD MODULE logs}. One environment per test class; each query is one Flink job, so put
 * many cases into one {@code VALUES} table rather than one query per case.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SqlFunctionTestBase {

    protected TableEnvironment tEnv;

    @BeforeAll
    void createEnvironment() {
        tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        tEnv.executeSql("LOAD MODULE logs");
    }

    /** Runs a query and returns all its rows, in order. */
    protected List<Row> query(String sql) {
        TableResult result = tEnv.executeSql(sql);
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new AssertionError("query failed: " + sql, e);
        }
        return rows;
    }

    /** Runs a query that returns one column and returns that column's values, in order. */
    protected List<Object> column(String sql) {
        List<Object> values = new ArrayList<>();
        for (Row r : query(sql)) {
            values.add(r.getField(0));
        }
        return values;
    }

    /**
     * Skips the calling test on Flink versions without the VARIANT type (before 2.1): the compat
     * module runs these tests under Flink 1.20 too.
     */
    protected static void assumeVariantType() {
        boolean present;
        try {
            Class.forName("org.apache.flink.types.variant.Variant");
            present = true;
        } catch (ClassNotFoundException e) {
            present = false;
        }
        Assumptions.assumeTrue(present, "this Flink has no VARIANT type (2.1+)");
    }
}
