package dev.flinklog.core.fields;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** Any input: no exception and the same answer twice; odd but valid text survives. */
class LabelExtractorPropertyTest {

    @Test
    void randomJsonLikeStringsNeverThrow() {
        Random r = new Random(7);
        String[] pieces = {
            "{", "}", "[", "]", ":", ",", "\"", "\"labels\"", "\"kubernetes\"", "\"resource\"", "\"attributes\"",
            "\"a.b\"", "\"key\"", "\"value\"", "\"stringValue\"", "1", "true", "null", "\"x\"", " ", "\\", "\\u0000",
            "\ud800", "\u0001", "-", "1e999", "\"app\""
        };
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder(r.nextBoolean() ? "{" : "");
            int n = r.nextInt(40);
            for (int k = 0; k < n; k++) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            }
            String s = sb.toString();
            Map<String, String> first = LabelExtractor.labels(s);
            assertThat(LabelExtractor.labels(s)).isEqualTo(first);
            assertThat(LabelExtractor.label(s, "app")).isEqualTo(LabelExtractor.label(s, "app"));
            assertThat(LabelExtractor.label(s, "a.b")).isEqualTo(LabelExtractor.label(s, "a.b"));
        }
    }

    @Test
    void oddValidTextIsKept() {
        String json = "{\"labels\":{\"ctl\":\"\\u0000\\u001f\",\"emoji\":\"\ud83d\ude00\",\"lone\":\"\\ud800\","
                + "\"big\":123456789012345678901234567890,\"exp\":1e3}}";
        assertThat(LabelExtractor.labels(json))
                .containsExactly(
                        entry("ctl", "\u0000\u001f"),
                        entry("emoji", "\ud83d\ude00"),
                        entry("lone", "\ud800"),
                        entry("big", "123456789012345678901234567890"),
                        entry("exp", "1e3"));
        String longValue = "v".repeat(1 << 20);
        assertThat(LabelExtractor.label("{\"labels\":{\"k\":\"" + longValue + "\"}}", "k"))
                .hasSize(1 << 20);
        assertThat(LabelExtractor.labels("{\"a.b\":\"" + "\\\"".repeat(100_000) + "\"}"))
                .hasSize(1);
        assertThat(LabelExtractor.label("{}", "x".repeat(1 << 20))).isNull();
        assertThat(LabelExtractor.label("{\"" + "_.".repeat(100_000) + "\":1}", "a"))
                .isNull();
    }
}
