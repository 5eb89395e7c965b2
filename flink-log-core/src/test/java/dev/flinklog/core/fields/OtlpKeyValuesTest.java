package dev.flinklog.core.fields;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OtlpKeyValuesTest {

    private static final JsonFactory JSON = new JsonFactory();

    /** Reads the array and records key, kind and the value as the visitor saw it; then what follows. */
    private static List<String> read(String json, boolean readStructures) throws IOException {
        List<String> seen = new ArrayList<>();
        try (JsonParser p = JSON.createParser("{\"a\":" + json + ",\"after\":1}")) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            OtlpKeyValues.read(p, (key, kind, q, t) -> {
                if (t.isScalarValue()) {
                    seen.add(key + "|" + kind + "|" + q.getText());
                } else if (readStructures) {
                    int depth = 0;
                    StringBuilder tokens = new StringBuilder();
                    JsonToken u = t;
                    do {
                        depth += u.isStructStart() ? 1 : u.isStructEnd() ? -1 : 0;
                        tokens.append(u.id()).append(',');
                    } while (depth > 0 && (u = q.nextToken()) != null);
                    seen.add(key + "|" + kind + "|read " + tokens);
                } else {
                    seen.add(key + "|" + kind + "|skipped");
                }
            });
            assertThat(p.currentToken()).isEqualTo(JsonToken.END_ARRAY);
            assertThat(p.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
            assertThat(p.currentName()).isEqualTo("after");
        }
        return seen;
    }

    @Test
    void everyValueKindInDocumentOrder() throws IOException {
        assertThat(read(
                        "[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"api\"}},"
                                + "{\"key\":\"n\",\"value\":{\"intValue\":\"42\"}},"
                                + "{\"key\":\"ok\",\"value\":{\"boolValue\":true}},"
                                + "{\"key\":\"r\",\"value\":{\"doubleValue\":0.5}},"
                                + "{\"key\":\"b\",\"value\":{\"bytesValue\":\"AAE=\"}},"
                                + "{\"key\":\"arr\",\"value\":{\"arrayValue\":{\"values\":[{\"intValue\":1}]}}},"
                                + "{\"key\":\"kv\",\"value\":{\"kvlistValue\":{\"values\":[]}}}]",
                        false))
                .containsExactly(
                        "service.name|STRING|api",
                        "n|INT|42",
                        "ok|BOOL|true",
                        "r|DOUBLE|0.5",
                        "b|BYTES|AAE=",
                        "arr|ARRAY|skipped",
                        "kv|KVLIST|skipped");
    }

    @Test
    void aVisitorMayReadAStructureToItsEnd() throws IOException {
        assertThat(read(
                        "[{\"key\":\"kv\",\"value\":{\"kvlistValue\":{\"values\":[]}}},{\"key\":\"x\",\"value\":{\"intValue\":1}}]",
                        true))
                .containsExactly("kv|KVLIST|read 1,5,3,4,2,", "x|INT|1");
    }

    @Test
    void aValueBeforeItsKeyIsStillRead() throws IOException {
        assertThat(read(
                        "[{\"value\":{\"stringValue\":\"late key\"},\"key\":\"k\"},"
                                + "{\"value\":{\"kvlistValue\":{\"values\":[{\"key\":\"a\"}]}},\"key\":\"s\"}]",
                        true))
                .containsExactly("k|STRING|late key", "s|KVLIST|read 1,5,3,1,5,6,2,4,2,");
    }

    @Test
    void brokenElementsAreSkipped() throws IOException {
        assertThat(read(
                        "[1,\"x\",[],null,{\"key\":5,\"value\":{\"stringValue\":\"numeric key\"}},"
                                + "{\"key\":\"no value\"},{\"key\":\"null\",\"value\":{\"stringValue\":null}},"
                                + "{\"key\":\"unknown kind\",\"value\":{\"fooValue\":1}},"
                                + "{\"key\":\"first known kind wins\",\"value\":{\"fooValue\":1,\"stringValue\":\"s\",\"intValue\":2}},"
                                + "{\"key\":\"scalar value\",\"value\":\"s\"}]",
                        false))
                .containsExactly("first known kind wins|STRING|s");
    }

    @Test
    void kindsKnowTheirMembers() {
        for (OtlpKeyValues.Kind k : OtlpKeyValues.Kind.values()) {
            assertThat(OtlpKeyValues.Kind.of(k.member())).isEqualTo(k);
        }
        assertThat(OtlpKeyValues.Kind.ARRAY.isScalar()).isFalse();
        assertThat(OtlpKeyValues.Kind.KVLIST.isScalar()).isFalse();
        assertThat(OtlpKeyValues.Kind.BYTES.isScalar()).isTrue();
    }
}
