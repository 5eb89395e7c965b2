package dev.flinklog.functions;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code LOAD MODULE logs} through SQL: the module is discovered, lists its functions, rejects options. */
class LogsModuleITCase extends SqlFunctionTestBase {

    @Test
    void moduleIsLoadedAfterCore() {
        List<String> modules =
                query("SHOW MODULES").stream().map(r -> (String) r.getField(0)).collect(Collectors.toList());
        assertThat(modules).containsExactly("core", "logs");
    }

    @Test
    void everyFunctionIsListed() {
        List<String> functions = query("SHOW FUNCTIONS").stream()
                .map(r -> ((String) r.getField(0)).toLowerCase())
                .collect(Collectors.toList());
        assertThat(functions).containsAll(LogsModule.FUNCTIONS.keySet());
    }

    @Test
    void unknownModuleOptionIsRejected() {
        assertThatThrownBy(() -> tEnv.executeSql("LOAD MODULE logs WITH ('bogus' = '1')"))
                .hasStackTraceContaining("bogus");
    }

    /**
     * Each function also works alone, registered by class name as docs/functions.md shows, in a
     * session without the module, with the same results as through the module.
     */
    @Test
    void everyFunctionCanBeCreatedByClassName() {
        TableEnvironment plain = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        plain.getConfig().set("table.local-time-zone", "UTC");
        for (Map.Entry<String, Supplier<UserDefinedFunction>> e : LogsModule.FUNCTIONS.entrySet()) {
            plain.executeSql("CREATE TEMPORARY SYSTEM FUNCTION " + e.getKey().toUpperCase() + " AS '"
                    + e.getValue().get().getClass().getName() + "'");
        }
        String query =
                "SELECT LOG_TIMESTAMP(t), LOG_TIMESTAMP(t, 'Asia/Tokyo'), LOG_LEVEL(m), LOG_LEVEL('30', m, 'python'),"
                        + " LOG_TEMPLATE(m), LOG_FINGERPRINT(m), LOG_ERROR_CLASS(m),"
                        + " LOG_LABELS(j)['app'], LOG_LABEL(j, 'service_name')"
                        + " FROM (VALUES ('2026-09-16 12:34:56', 'E0916 12:00:00.000001 1 x.go:1] dial tcp 10.0.0.1:80: connection refused',"
                        + " '{\"kubernetes\":{\"labels\":{\"app\":\"cart\"}},\"service\":{\"name\":\"cart-api\"}}'))"
                        + " AS v(t, m, j)";
        Row alone;
        try (CloseableIterator<Row> it = plain.executeSql(query).collect()) {
            alone = it.next();
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
        Row viaModule = query(query).get(0);
        assertThat(alone).isEqualTo(viaModule);
        assertThat(alone.getField(0)).isEqualTo(Instant.parse("2026-09-16T12:34:56Z"));
        assertThat(alone.getField(1)).isEqualTo(Instant.parse("2026-09-16T03:34:56Z"));
        assertThat(alone.getField(2)).isEqualTo("error");
        assertThat(alone.getField(3)).isEqualTo("warn");
        assertThat(alone.getField(6)).isEqualTo("connection_refused");
        assertThat(alone.getField(7)).isEqualTo("cart");
        assertThat(alone.getField(8)).isEqualTo("cart-api");
    }

    @Test
    void namesResolveInAnyCase() {
        Row row = query("SELECT log_level('WARNING'), Log_Level('WARNING'), LOG_LEVEL('WARNING')")
                .get(0);
        assertThat(row).isEqualTo(Row.of("warn", "warn", "warn"));
    }
}
