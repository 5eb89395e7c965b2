package dev.flinklog.loggen;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Bad tables fail when the query is planned, naming the option and what it accepts. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LogGenTableSourceFactoryTest {

    private TableEnvironment tEnv;
    private int tables;

    @BeforeAll
    void environment() {
        tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    }

    /** Plans {@code SELECT * FROM} a new table with these columns and options; returns the error text. */
    private String planError(String columns, String options) {
        String name = "t" + (tables++);
        tEnv.executeSql("CREATE TABLE " + name + " (" + columns + ") WITH ('connector' = 'log-gen'"
                + (options.isEmpty() ? "" : ", " + options) + ")");
        Throwable t = catchThrowable(() -> tEnv.explainSql("SELECT * FROM " + name));
        assertThat(t).as("planning %s with %s", columns, options).isNotNull();
        StringBuilder messages = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            messages.append(c.getMessage()).append('\n');
        }
        return messages.toString();
    }

    private void plans(String columns, String options) {
        String name = "t" + (tables++);
        tEnv.executeSql("CREATE TABLE " + name + " (" + columns + ") WITH ('connector' = 'log-gen'"
                + (options.isEmpty() ? "" : ", " + options) + ")");
        assertThat(tEnv.explainSql("SELECT * FROM " + name))
                .contains("TableSourceScan(table=[[default_catalog, default_database, " + name);
    }

    @Test
    void defaultsAndEveryOptionPlan() {
        plans("payload STRING", "");
        plans(
                "payload STRING, p STRING METADATA FROM 'producer' VIRTUAL, t TIMESTAMP_LTZ(6) METADATA FROM 'expected-event-time' VIRTUAL",
                "'number-of-rows' = '10', 'rows-per-second' = '2.5', 'start-sequence' = '100', 'seed' = '1', "
                        + "'start' = '2025-01-01T00:00:00Z', 'days' = '3', 'records-per-span' = '1000', "
                        + "'shapes' = 'otlp=2,ecs=1,text=1', 'services' = 'a,b,c,d,e', 'hosts-per-service' = '2', "
                        + "'error-rate' = '0.1', 'malformed-rate' = '0', 'record-bytes' = '1024', 'incidents' = 'false', 'scan.parallelism' = '3'");
        plans(
                "event_time TIMESTAMP_LTZ(6), log_level STRING, parse_error STRING METADATA FROM 'parse-error' VIRTUAL",
                "'format' = 'log-json', 'log-json.on-error' = 'skip'");
    }

    @Test
    void unknownShapeNamesTheAcceptedOnes() {
        String e = planError("payload STRING", "'shapes' = 'otlp=2,log4j=1'");
        assertThat(e)
                .contains("'shapes'")
                .contains("log4j")
                .contains("log4j2")
                .contains("k8s-fluentbit")
                .contains("otlp");
    }

    @Test
    void outOfRangeNumbersNameTheOptionAndTheRange() {
        assertThat(planError("payload STRING", "'rows-per-second' = '0'"))
                .contains("'rows-per-second' = '0.0' is invalid; accepted: a positive number");
        assertThat(planError("payload STRING", "'number-of-rows' = '-5'"))
                .contains("'number-of-rows' = '-5' is invalid");
        assertThat(planError("payload STRING", "'error-rate' = '0.7'"))
                .contains("'error-rate' = '0.7' is invalid; accepted: a share from 0 to 0.5");
        assertThat(planError("payload STRING", "'malformed-rate' = '2'")).contains("'malformed-rate'");
        assertThat(planError("payload STRING", "'hosts-per-service' = '0'"))
                .contains("'hosts-per-service'")
                .contains("1 to 1000");
        assertThat(planError("payload STRING", "'days' = '0'")).contains("'days'");
        assertThat(planError("payload STRING", "'start-sequence' = '-1'")).contains("'start-sequence'");
        assertThat(planError("payload STRING", "'records-per-span' = '0'")).contains("'records-per-span'");
        assertThat(planError("payload STRING", "'record-bytes' = '-1'"))
                .contains("'record-bytes' = '-1' is invalid; accepted: a size in bytes from 0 to 16777216");
    }

    @Test
    void badTextValuesNameTheOption() {
        assertThat(planError("payload STRING", "'start' = 'yesterday'"))
                .contains("'start' = 'yesterday'")
                .contains("ISO instant")
                .contains("'now'");
        assertThat(planError("payload STRING", "'services' = 'Gateway,db'"))
                .contains("'services'")
                .contains("lower-case");
        assertThat(planError("payload STRING", "'services' = '3'"))
                .contains("'services'")
                .contains("at least 4");
        // Flink's own parse errors name the key too
        assertThat(planError("payload STRING", "'rows-per-second' = 'fast'")).contains("rows-per-second");
    }

    @Test
    void unknownOptionsAreRejected() {
        assertThat(planError("payload STRING", "'rows-per-sec' = '10'")).contains("rows-per-sec");
    }

    @Test
    void withoutFormatTheTableIsOnePayloadColumn() {
        assertThat(planError("a STRING, b STRING", ""))
                .contains("exactly one physical column")
                .contains("'format'");
        assertThat(planError("a INT", "")).contains("STRING (or BYTES)");
        plans("payload BYTES", "");
    }

    @Test
    void unknownMetadataKeyIsRejected() {
        assertThatThrownBy(() -> {
                    tEnv.executeSql(
                            "CREATE TABLE m (payload STRING, x STRING METADATA FROM 'expected-message' VIRTUAL) "
                                    + "WITH ('connector' = 'log-gen')");
                    tEnv.explainSql("SELECT * FROM m");
                })
                .hasMessageContaining("expected-message")
                .hasMessageContaining("expected-level");
    }
}
