package dev.flinklog.functions;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** {@code LOG_LABELS} and {@code LOG_LABEL} through SQL, as a user writes them. */
class LogLabelsFunctionITCase extends SqlFunctionTestBase {

    private static final String RECORDS = "(VALUES "
            + "(1, '{\"log\":\"hi\",\"kubernetes\":{\"pod_name\":\"web-1\",\"labels\":{\"app\":\"web\","
            + "\"app.kubernetes.io/name\":\"web-frontend\"},\"annotations\":{\"prometheus.io/scrape\":\"true\"}}}'),"
            + "(2, '{\"log\":\"hi\",\"com.docker.compose.project\":\"shop\",\"service.name\":\"cart\"}'),"
            + "(3, '{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"pay\"}},"
            + "{\"key\":\"app\",\"value\":{\"stringValue\":\"otel\"}}]}}'),"
            + "(4, '{\"service\":{\"name\":\"nested\"},\"labels\":{\"team\":\"core\"}}'),"
            + "(5, '{}'),"
            + "(6, 'not json'),"
            + "(7, '[1,2]'),"
            + "(8, CAST(NULL AS STRING))"
            + ") AS t(id, j)";

    @Test
    void labelsMapAndIndexing() {
        List<Row> rows = query("SELECT id, LOG_LABELS(j), LOG_LABELS(j)['app'] FROM " + RECORDS + " ORDER BY id");
        assertThat(rows).hasSize(8);
        @SuppressWarnings("unchecked")
        Map<String, String> first = (Map<String, String>) rows.get(0).getField(1);
        assertThat(first)
                .containsOnly(
                        entry("app", "web"),
                        entry("app_kubernetes_io_name", "web-frontend"),
                        entry("prometheus_io_scrape", "true"));
        assertThat(rows.get(1).getField(1))
                .isEqualTo(Map.of("com_docker_compose_project", "shop", "service_name", "cart"));
        assertThat(rows.get(4).getField(1)).isEqualTo(Map.of());
        assertThat(rows.stream().map(r -> r.getField(2)))
                .containsExactlyElementsOf(Arrays.asList("web", null, "otel", null, null, null, null, null));
        assertThat(rows.subList(5, 8).stream().map(r -> r.getField(1))).containsOnlyNulls();
    }

    @Test
    void oneLabelInAnySpelling() {
        List<Row> rows = query("SELECT id, LOG_LABEL(j, 'service.name'), LOG_LABEL(j, 'service_name'), "
                + "LOG_LABEL(j, 'app'), LOG_LABEL(j, 'kubernetes.pod_name'), LOG_LABEL(j, 'team'), "
                + "LOG_LABEL(j, CAST(NULL AS STRING)) FROM " + RECORDS + " ORDER BY id");
        assertThat(rows.stream().map(r -> r.getField(1)))
                .containsExactlyElementsOf(Arrays.asList(null, "cart", "pay", "nested", null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(2)))
                .containsExactlyElementsOf(Arrays.asList(null, "cart", "pay", "nested", null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(3)))
                .containsExactlyElementsOf(Arrays.asList("web", null, "otel", null, null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(4)))
                .containsExactlyElementsOf(Arrays.asList("web-1", null, null, null, null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(5)))
                .containsExactlyElementsOf(Arrays.asList(null, null, null, "core", null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(6))).containsOnlyNulls();
    }

    /**
     * A VARIANT record (log-json's raw column, PARSE_JSON) reads as its JSON text: the same labels
     * as the string; NULL where TRY_PARSE_JSON gives NULL (text that is not JSON).
     */
    @Test
    void aVariantRecordGivesTheSameLabelsAsItsText() {
        assumeVariantType();
        List<Row> rows = query("SELECT id, LOG_LABELS(TRY_PARSE_JSON(j)) = LOG_LABELS(j),"
                + " LOG_LABELS(TRY_PARSE_JSON(j)), LOG_LABEL(TRY_PARSE_JSON(j), 'service.name'),"
                + " LOG_LABEL(TRY_PARSE_JSON(j), 'kubernetes.pod_name'), LOG_LABELS(PARSE_JSON(j))['app']"
                + " FROM " + RECORDS + " WHERE id <> 6 ORDER BY id");
        assertThat(rows.stream().map(r -> r.getField(1)))
                .containsExactlyElementsOf(Arrays.asList(true, true, true, true, true, null, null));
        assertThat(rows.stream().map(r -> r.getField(3)))
                .containsExactlyElementsOf(Arrays.asList(null, "cart", "pay", "nested", null, null, null));
        assertThat(rows.stream().map(r -> r.getField(4)))
                .containsExactlyElementsOf(Arrays.asList("web-1", null, null, null, null, null, null));
        assertThat(rows.stream().map(r -> r.getField(5)))
                .containsExactlyElementsOf(Arrays.asList("web", null, "otel", null, null, null, null));
        // '[1,2]' is JSON, but not an object: no labels, as for the text
        assertThat(rows.get(5).getField(2)).isNull();
    }

    @Test
    void anArgumentThatIsNeitherTextNorVariantFailsValidationNamingTheFunction() {
        assertThatThrownBy(() -> tEnv.executeSql("SELECT LOG_LABELS(42)").collect())
                .hasStackTraceContaining("LOG_LABELS takes the JSON record as STRING or VARIANT (Flink 2.1+), not INT");
        assertThatThrownBy(
                        () -> tEnv.executeSql("SELECT LOG_LABEL(TRUE, 'app')").collect())
                .hasStackTraceContaining(
                        "LOG_LABEL takes the JSON record as STRING or VARIANT (Flink 2.1+), not BOOLEAN");
    }
}
