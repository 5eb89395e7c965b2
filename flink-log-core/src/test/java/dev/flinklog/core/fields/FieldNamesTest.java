package dev.flinklog.core.fields;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FieldNamesTest {

    @ParameterizedTest
    @CsvSource({
        "service.name, service_name",
        "service_name, service_name",
        "serviceName, service_name",
        "ServiceName, service_name",
        "Service-Name, service_name",
        "SERVICE_NAME, service_name",
        "service__name, service_name",
        "HTTPStatus, http_status",
        "httpStatusCode, http_status_code",
        "ipv4Address, ipv4_address",
        "k8s, k8s",
        "app.kubernetes.io/name, app_kubernetes_io_name",
        "com.docker.compose.project, com_docker_compose_project",
        "@timestamp, timestamp",
        "__name__, name",
        "'  a  b ', a_b",
        "café.Größe, café_größe",
        "'', ''",
        "'...', ''",
    })
    void canonicalForm(String raw, String canonical) {
        assertThat(FieldNames.canonical(raw)).isEqualTo(canonical);
        assertThat(FieldNames.equalsCanonical(raw, canonical)).isTrue();
        assertThat(FieldNames.isCanonical(canonical)).isTrue();
    }

    @Test
    void pathsJoinWithUnderscore() {
        assertThat(FieldNames.canonicalPath("service", "name")).isEqualTo("service_name");
        assertThat(FieldNames.canonicalPath(List.of("kubernetes", "labels", "app.kubernetes.io/name")))
                .isEqualTo("kubernetes_labels_app_kubernetes_io_name");
        assertThat(FieldNames.canonicalPath("", "a", "@", "b")).isEqualTo("a_b");
        assertThat(FieldNames.canonicalPath()).isEmpty();
    }

    @Test
    void matchSegmentWalksNestedPaths() {
        String key = "service_name";
        int p = FieldNames.matchSegment(key, 0, "service");
        assertThat(p).isEqualTo(7);
        assertThat(FieldNames.matchSegment(key, p, "name")).isEqualTo(key.length());
        assertThat(FieldNames.matchSegment(key, p, "Name")).isEqualTo(key.length());
        assertThat(FieldNames.matchSegment(key, 0, "service.name")).isEqualTo(key.length());
        assertThat(FieldNames.matchSegment(key, 0, "serviceName")).isEqualTo(key.length());
        // Words must line up: "serv" + "ice_name" is not "service" + "name".
        int partial = FieldNames.matchSegment(key, 0, "serv");
        assertThat(partial).isEqualTo(4);
        assertThat(FieldNames.matchSegment(key, partial, "ice_name")).isEqualTo(-1);
        assertThat(FieldNames.matchSegment(key, 0, "host")).isEqualTo(-1);
        assertThat(FieldNames.matchSegment(key, p, "")).isEqualTo(p);
        assertThat(FieldNames.matchSegment(key, key.length(), "more")).isEqualTo(-1);
    }

    @Test
    void notCanonical() {
        assertThat(FieldNames.isCanonical("Service")).isFalse();
        assertThat(FieldNames.isCanonical("service.name")).isFalse();
        assertThat(FieldNames.isCanonical("_x")).isFalse();
        assertThat(FieldNames.equalsCanonical("service.host", "service_name")).isFalse();
        assertThat(FieldNames.equalsCanonical("service", "service_name")).isFalse();
    }

    @Test
    void comparisonIsLinear() {
        String raw = "aB".repeat(50_000);
        String canonical = FieldNames.canonical(raw);
        CountingCharSequence c = new CountingCharSequence(raw);
        assertThat(FieldNames.equalsCanonical(c, canonical)).isTrue();
        assertThat(c.reads()).isLessThanOrEqualTo(3L * raw.length());
    }
}
