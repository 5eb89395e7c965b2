package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static dev.flinklog.core.fields.LabelCollector.Visit.DESCEND;
import static dev.flinklog.core.fields.LabelCollector.Visit.NONE;
import static dev.flinklog.core.fields.LabelCollector.Visit.SCALAR;
import static dev.flinklog.core.fields.LabelCollector.Visit.SOURCE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** The label rules one value at a time; whole records are LabelExtractorTest's. */
class LabelCollectorTest {

    private static final JsonFactory JSON = new JsonFactory();

    @Test
    void whereLabelsAre() {
        assertThat(LabelCollector.visit(new String[] {"attributes"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"attributes"}, 1, JsonToken.START_ARRAY))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"attributes"}, 1, JsonToken.VALUE_STRING))
                .isEqualTo(NONE);
        assertThat(LabelCollector.visit(new String[] {"labels"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"labels"}, 1, JsonToken.START_ARRAY))
                .isEqualTo(NONE);
        assertThat(LabelCollector.visit(new String[] {"logging.googleapis.com/labels"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"kubernetes"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(DESCEND);
        assertThat(LabelCollector.visit(new String[] {"resource"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(DESCEND);
        assertThat(LabelCollector.visit(new String[] {"com.docker.compose.service"}, 1, JsonToken.VALUE_STRING))
                .isEqualTo(SCALAR);
        assertThat(LabelCollector.visit(new String[] {"a.b"}, 1, JsonToken.START_OBJECT))
                .isEqualTo(NONE);
        assertThat(LabelCollector.visit(new String[] {"kubernetes", "labels"}, 2, JsonToken.START_OBJECT))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"kubernetes", "annotations"}, 2, JsonToken.START_OBJECT))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"kubernetes", "labels"}, 2, JsonToken.START_ARRAY))
                .isEqualTo(NONE);
        assertThat(LabelCollector.visit(new String[] {"resource", "attributes"}, 2, JsonToken.START_ARRAY))
                .isEqualTo(SOURCE);
        assertThat(LabelCollector.visit(new String[] {"service", "labels"}, 2, JsonToken.START_OBJECT))
                .isEqualTo(NONE);
        assertThat(LabelCollector.visit(new String[] {"kubernetes", "a.b"}, 2, JsonToken.VALUE_STRING))
                .isEqualTo(NONE);
    }

    /** Takes the value of {@code json}'s only field as the source {@code path} names. */
    private static void take(LabelCollector c, String json, String... path) throws IOException {
        try (JsonParser p = JSON.createParser(json)) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            c.take(path, path.length, p);
            JsonToken end = p.currentToken();
            assertThat(end.isScalarValue() || end.isStructEnd()).isTrue();
        }
    }

    @Test
    void objectsFlattenWithCanonicalKeys() throws IOException {
        LabelCollector c = new LabelCollector();
        take(
                c,
                "{\"x\":{\"app.kubernetes.io/name\":\"api\",\"Team\":{\"Name\":\"core\"},\"n\":5,\"b\":true,\"no\":null,\"arr\":[1]}}",
                "labels");
        assertThat(c.labels())
                .containsExactly(
                        entry("app_kubernetes_io_name", "api"),
                        entry("team_name", "core"),
                        entry("n", "5"),
                        entry("b", "true"));
    }

    @Test
    void sourcesSettleCollisionsByPrecedenceNotOrder() throws IOException {
        LabelCollector c = new LabelCollector();
        take(c, "{\"x\":{\"app\":\"from annotations\"}}", "kubernetes", "annotations");
        take(c, "{\"x\":{\"app\":\"from k8s labels\"}}", "kubernetes", "labels");
        take(c, "{\"x\":[{\"key\":\"app\",\"value\":{\"stringValue\":\"from attributes\"}}]}", "attributes");
        take(c, "{\"x\":{\"app\":\"later labels\"}}", "labels");
        assertThat(c.labels()).containsExactly(entry("app", "from attributes"));
    }

    @Test
    void otlpAttributesAreLabelsWhenScalar() throws IOException {
        LabelCollector c = new LabelCollector();
        take(
                c,
                "{\"x\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"api\"}},{\"key\":\"n\",\"value\":{\"intValue\":\"7\"}},"
                        + "{\"key\":\"b\",\"value\":{\"bytesValue\":\"AA==\"}},{\"key\":\"kv\",\"value\":{\"kvlistValue\":{}}}]}",
                "resource",
                "attributes");
        assertThat(c.labels()).containsExactly(entry("service_name", "api"), entry("n", "7"));
    }

    @Test
    void addAllKeepsPrecedence() throws IOException {
        LabelCollector record = new LabelCollector();
        take(record, "{\"x\":{\"env\":\"record\"}}", "labels");
        LabelCollector resource = new LabelCollector();
        take(
                resource,
                "{\"x\":[{\"key\":\"env\",\"value\":{\"stringValue\":\"resource\"}},"
                        + "{\"key\":\"zone\",\"value\":{\"stringValue\":\"z1\"}}]}",
                "resource",
                "attributes");
        record.addAll(resource);
        assertThat(record.labels()).containsExactly(entry("env", "record"), entry("zone", "z1"));
        LabelCollector annotations = new LabelCollector();
        take(annotations, "{\"x\":{\"zone\":\"z2\",\"env\":\"ann\"}}", "kubernetes", "annotations");
        resource.addAll(annotations);
        assertThat(resource.labels()).containsExactly(entry("env", "resource"), entry("zone", "z1"));
    }

    @Test
    void atMostMaxLabelsPerRecord() throws IOException {
        StringBuilder json = new StringBuilder("{\"x\":{");
        for (int i = 0; i < LabelCollector.MAX_LABELS + 10; i++) {
            json.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
        }
        LabelCollector c = new LabelCollector();
        take(c, json.append("}}").toString(), "labels");
        assertThat(c.labels()).hasSize(LabelCollector.MAX_LABELS);
        c.reset();
        assertThat(c.labels()).isEmpty();
    }
}
