package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class LabelExtractorTest {

    private static String q(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    @Test
    void dockerDottedTopLevelKeys() {
        String json = q("{'log':'hi','service.name':'checkout','com.docker.compose.project':'shop',"
                + "'com.docker.compose.service':'api','replicas.count':3,'tls.enabled':true,"
                + "'not.scalar':{'a':1},'nothing.here':null,'stream':'stdout'}");
        assertThat(LabelExtractor.labels(json))
                .containsExactly(
                        entry("service_name", "checkout"),
                        entry("com_docker_compose_project", "shop"),
                        entry("com_docker_compose_service", "api"),
                        entry("replicas_count", "3"),
                        entry("tls_enabled", "true"));
    }

    @Test
    void fluentBitKubernetesLabelsAndAnnotations() {
        String json = q("{'log':'x','kubernetes':{'pod_name':'web-1','namespace_name':'shop',"
                + "'labels':{'app':'web','app.kubernetes.io/name':'web-frontend','pod-template-hash':'5d8f'},"
                + "'annotations':{'prometheus.io/scrape':'true','app':'from-annotation'},"
                + "'container_name':'web'}}");
        assertThat(LabelExtractor.labels(json))
                .containsExactly(
                        entry("app", "web"),
                        entry("app_kubernetes_io_name", "web-frontend"),
                        entry("pod_template_hash", "5d8f"),
                        entry("prometheus_io_scrape", "true"));
    }

    @Test
    void otlpResourceAndRecordAttributes() {
        String json = q("{'body':{'stringValue':'hi'},"
                + "'resource':{'attributes':["
                + "{'key':'service.name','value':{'stringValue':'cart'}},"
                + "{'key':'service.instance.id','value':{'intValue':'42'}},"
                + "{'value':{'boolValue':true},'key':'debug'},"
                + "{'key':'ratio','value':{'doubleValue':0.5}},"
                + "{'key':'tags','value':{'arrayValue':{'values':[{'stringValue':'a'}]}}},"
                + "{'key':'noValue'},7]},"
                + "'attributes':[{'key':'http.status_code','value':{'intValue':503}},"
                + "{'key':'service.name','value':{'stringValue':'record-wins'}}]}");
        assertThat(LabelExtractor.labels(json))
                .containsOnly(
                        entry("service_name", "record-wins"),
                        entry("service_instance_id", "42"),
                        entry("debug", "true"),
                        entry("ratio", "0.5"),
                        entry("http_status_code", "503"));
    }

    @Test
    void gcpAndEcsLabelObjects() {
        String gcp = q("{'message':'m','logging.googleapis.com/labels':{'team':'pay','tier':1}}");
        assertThat(LabelExtractor.labels(gcp)).containsExactly(entry("team", "pay"), entry("tier", "1"));
        String ecs = q("{'message':'m','labels':{'env':'prod','nested':{'deep':{'key':'v'}},'list':[1,2],'n':null}}");
        assertThat(LabelExtractor.labels(ecs)).containsExactly(entry("env", "prod"), entry("nested_deep_key", "v"));
        String attributesObject = q("{'attributes':{'user.id':'u1'}}");
        assertThat(LabelExtractor.labels(attributesObject)).containsExactly(entry("user_id", "u1"));
    }

    @Test
    void collisionsFollowSourcePrecedenceThenDocumentOrder() {
        // Precedence: attributes > labels > gcp labels > dotted keys > kubernetes labels
        //             > resource attributes > kubernetes annotations; same source: first wins.
        String json = q("{'kubernetes':{'annotations':{'app':'annotation'},'labels':{'app':'k8s'}},"
                + "'resource':{'attributes':[{'key':'app','value':{'stringValue':'resource'}}]},"
                + "'team.name':'dotted','labels':{'team_name':'ecs','Team-Name':'ecs-second'},"
                + "'x.y':'first','x_y.z':'other','X.Y':'second'}");
        Map<String, String> labels = LabelExtractor.labels(json);
        assertThat(labels)
                .containsEntry("app", "k8s")
                .containsEntry("team_name", "ecs")
                .containsEntry("x_y", "first");
        assertThat(labels).containsEntry("x_y_z", "other").hasSize(4);
    }

    @Test
    void emptyAndNonObjectInputs() {
        assertThat(LabelExtractor.labels("{}")).isEmpty();
        assertThat(LabelExtractor.labels(q("{'log':'no labels','level':'info'}")))
                .isEmpty();
        assertThat(LabelExtractor.labels(null)).isNull();
        assertThat(LabelExtractor.label(null, "app")).isNull();
        assertThat(LabelExtractor.label("{}", null)).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "null",
                "42",
                "\"text\"",
                "[]",
                "[{\"a.b\":1}]",
                "{",
                "{\"a.b\":",
                "{\"a.b\":1",
                "{\"a.b\":1}}",
                "{\"a.b\":1} {}",
                "{\"a.b\":1} x",
                "{'a.b':1}",
                "{a.b:1}",
                "not json at all",
                "{\"a.b\":tru}",
                "{\"labels\":{\"x\":1,}}"
            })
    void malformedOrNonObjectJsonIsNull(String json) {
        assertThat(LabelExtractor.labels(json)).isNull();
        assertThat(LabelExtractor.label(json, "a.b")).isNull();
    }

    @Test
    void labelMatchesEverySpellingOfAKey() {
        String flat = q("{'service.name':'a'}");
        String snake = q("{'service_name':'b'}");
        String camel = q("{'serviceName':'c'}");
        String nested = q("{'service':{'name':'d'}}");
        String mixed = q("{'service':{'name.first':'e'}}");
        for (String key : new String[] {"service.name", "service_name", "serviceName", "Service-Name"}) {
            assertThat(LabelExtractor.label(flat, key)).isEqualTo("a");
            assertThat(LabelExtractor.label(snake, key)).isEqualTo("b");
            assertThat(LabelExtractor.label(camel, key)).isEqualTo("c");
            assertThat(LabelExtractor.label(nested, key)).isEqualTo("d");
        }
        assertThat(LabelExtractor.label(mixed, "service.name.first")).isEqualTo("e");
        assertThat(LabelExtractor.label(mixed, "service.name")).isNull();
    }

    @Test
    void labelPrefersRecordFieldsThenLabels() {
        String json = q("{'kubernetes':{'labels':{'app':'k8s-app','tier':'web'},'pod_name':'p-1'},"
                + "'resource':{'attributes':[{'key':'service.name','value':{'stringValue':'cart'}}]},"
                + "'app':'top-level','count':7,'ok':false,'nothing':null,"
                + "'obj':{'a':[1,{'b':null}]},'arr':[1,'x']}");
        assertThat(LabelExtractor.label(json, "app")).isEqualTo("top-level");
        assertThat(LabelExtractor.label(json, "tier")).isEqualTo("web");
        assertThat(LabelExtractor.label(json, "service.name")).isEqualTo("cart");
        assertThat(LabelExtractor.label(json, "kubernetes.pod_name")).isEqualTo("p-1");
        assertThat(LabelExtractor.label(json, "kubernetes.labels.app")).isEqualTo("k8s-app");
        assertThat(LabelExtractor.label(json, "count")).isEqualTo("7");
        assertThat(LabelExtractor.label(json, "ok")).isEqualTo("false");
        assertThat(LabelExtractor.label(json, "nothing")).isNull();
        assertThat(LabelExtractor.label(json, "obj")).isEqualTo("{\"a\":[1,{\"b\":null}]}");
        assertThat(LabelExtractor.label(json, "arr")).isEqualTo("[1,\"x\"]");
        assertThat(LabelExtractor.label(json, "kubernetes.labels")).isEqualTo("{\"app\":\"k8s-app\",\"tier\":\"web\"}");
        assertThat(LabelExtractor.label(json, "missing")).isNull();
        assertThat(LabelExtractor.label(json, "...")).isNull();
    }

    @Test
    void deepNestingAndHugeInputsNeverThrow() {
        int deep = 100_000;
        String nestedObjects = "{\"a\":".repeat(deep) + "1" + "}".repeat(deep);
        assertThat(LabelExtractor.labels(nestedObjects)).isNull();
        assertThat(LabelExtractor.label(nestedObjects, "a.a.a")).isNull();
        String nestedArrays = "{\"x\":" + "[".repeat(deep) + "]".repeat(deep) + "}";
        assertThat(LabelExtractor.labels(nestedArrays)).isNull();
        String deepLabels = "{\"labels\":" + "{\"a\":".repeat(150) + "1" + "}".repeat(151);
        assertThat(LabelExtractor.labels(deepLabels)).containsExactly(entry("a" + "_a".repeat(149), "1"));

        StringBuilder sb = new StringBuilder("{\"labels\":{");
        for (int i = 0; i < 1_000_000; i++) {
            sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
        }
        String huge = sb.append("},\"k.dotted\":1}").toString();
        Map<String, String> labels = LabelExtractor.labels(huge);
        assertThat(labels)
                .hasSize(LabelCollector.MAX_LABELS)
                .containsEntry("k0", "v")
                .doesNotContainKey("k_dotted");
        assertThat(LabelExtractor.label(huge, "k999999")).isNull();
        assertThat(LabelExtractor.label(huge, "labels.k999999")).isEqualTo("v");
    }

    @Test
    void collectorIsTheEntryPointForAStreamingWalk() throws Exception {
        // The way the log-json format uses it: its own walk, one offer per value, reuse per record.
        LabelCollector collector = new LabelCollector();
        JsonFactory f = new JsonFactory();
        String[] path = new String[4];
        Map<String, String> columns = new HashMap<>();
        for (String record : new String[] {
            q("{'service.name':'a','kubernetes':{'labels':{'app':'x'},'pod_name':'p'}}"), q("{'labels':{'team':'t'}}")
        }) {
            collector.reset();
            columns.clear();
            try (JsonParser p = f.createParser(record)) {
                p.nextToken();
                walk(p, collector, path, 0, columns);
            }
            if (record.contains("service.name")) {
                assertThat(collector.labels()).containsOnly(entry("service_name", "a"), entry("app", "x"));
                // Scalars are left for the caller: it still read them as its own columns.
                assertThat(columns).containsEntry("service.name", "a").containsEntry("pod_name", "p");
            } else {
                assertThat(collector.labels()).containsOnly(entry("team", "t"));
                assertThat(collector.get("team")).isEqualTo("t");
            }
        }
    }

    private static void walk(JsonParser p, LabelCollector c, String[] path, int depth, Map<String, String> columns)
            throws Exception {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            path[depth] = p.currentName();
            JsonToken v = p.nextToken();
            if (c.offer(path, depth + 1, p)) {
                continue;
            }
            if (v == JsonToken.START_OBJECT) {
                walk(p, c, path, depth + 1, columns);
            } else if (v.isScalarValue()) {
                columns.put(path[depth], p.getText());
            } else {
                p.skipChildren();
            }
        }
    }
}
