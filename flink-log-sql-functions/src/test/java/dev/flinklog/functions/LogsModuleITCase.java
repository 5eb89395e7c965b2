package dev.flinklog.functions;

import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code LOAD MODULE logs} through SQL: the module is discovered, lists its functions, rejects options. */
class LogsModuleITCase extends SqlFunctionTestBase {

    @Test
    void moduleIsLoadedAfterCore() {
        List<String> modules =
                query("SHOW MODULES").stream()
                        .map(r -> (String) r.getField(0))
                        .collect(Collectors.toList());
        assertThat(modules).containsExactly("core", "logs");
    }

    @Test
    void everyFunctionIsListed() {
        List<String> functions =
                query("SHOW FUNCTIONS").stream()
                        .map(r -> ((String) r.getField(0)).toLowerCase())
                        .collect(Collectors.toList());
        assertThat(functions).containsAll(LogsModule.FUNCTIONS.keySet());
    }

    @Test
    void unknownModuleOptionIsRejected() {
        assertThatThrownBy(() -> tEnv.executeSql("LOAD MODULE logs WITH ('bogus' = '1')"))
                .hasStackTraceContaining("bogus");
    }

    @Test
    void namesResolveInAnyCase() {
        Row row = query("SELECT log_level('WARNING'), Log_Level('WARNING'), LOG_LEVEL('WARNING')").get(0);
        assertThat(row.getField(0)).isEqualTo(row.getField(1)).isEqualTo(row.getField(2));
    }
}
