package dev.flinklog.core.lines;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    private static int end(String s) {
        return Json.valueEnd(s, 0, s.length());
    }

    @Test
    void valueEndOfEachKind() {
        assertThat(end("{\"a\":1} rest")).isEqualTo(7);
        assertThat(end("[1,[2,{\"b\":\"]}\"}]] x")).isEqualTo(18);
        assertThat(end("\"a\\\"b\" x")).isEqualTo(6);
        assertThat(end("-12.5e3,")).isEqualTo(7);
        assertThat(end("true}")).isEqualTo(4);
        assertThat(end("null")).isEqualTo(4);
        assertThat(end("{}")).isEqualTo(2);
        assertThat(end("[]")).isEqualTo(2);
    }

    @Test
    void noValue() {
        assertThat(end("")).isEqualTo(-1);
        assertThat(end("{\"a\":1")).isEqualTo(-1);
        assertThat(end("{\"a\":\"1}")).isEqualTo(-1);
        assertThat(end("{]")).isEqualTo(-1);
        assertThat(end("[}")).isEqualTo(-1);
        assertThat(end("{\"a\":[1}]")).isEqualTo(-1);
        assertThat(end("truth")).isEqualTo(-1);
        assertThat(end("abc")).isEqualTo(-1);
        assertThat(end("\"open")).isEqualTo(-1);
        assertThat(end("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH))).isEqualTo(2 * Json.MAX_DEPTH);
        assertThat(end("[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1)))
                .as("deeper than the bound")
                .isEqualTo(-1);
    }

    @Test
    void containerStartReadsBackwards() {
        String s = "msg {\"a\":\"x}\\\"{\"} []";
        assertThat(Json.containerStart(s, 0, s.length())).isEqualTo(s.length() - 2);
        assertThat(Json.containerStart(s, 0, s.length() - 3)).isEqualTo(4);
        assertThat(Json.containerStart("a b", 0, 3)).isEqualTo(-1);
        assertThat(Json.containerStart("a }", 0, 3)).isEqualTo(-1);
        // an escaped backslash before the closing quote: the quote closes
        String t = "{\"a\":\"\\\\\"}";
        assertThat(Json.containerStart(t, 0, t.length())).isZero();
    }

    @Test
    void membersAsPairs() {
        String s = "{\"a\": \"x\\\"y\", \"b\":{\"c\":[1,2]}, \"n\":null, \"t\":true}";
        ParsedLine out = new ParsedLine().reset(s);
        assertThat(Json.members(s, 0, s.length(), out)).isTrue();
        assertThat(pairs(out))
                .containsExactly(
                        java.util.Map.entry("a", "x\"y"),
                        java.util.Map.entry("b", "{\"c\":[1,2]}"),
                        java.util.Map.entry("t", "true"));
        assertThat(Json.members("{}", 0, 2, null)).isTrue();
        for (String bad :
                new String[] {"{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}", "{\"a\":1 \"b\":2}", "{\"a\":1}x"}) {
            ParsedLine p = new ParsedLine().reset(bad);
            assertThat(Json.members(bad, 0, bad.length(), p)).as(bad).isFalse();
            assertThat(p.pairCount()).as(bad).isZero();
        }
    }

    @Test
    void linear() {
        for (String unit : new String[] {"{\"a\":[", "\\\"}]", "{", "\""}) {
            long small = reads(unit.repeat(2_000));
            long large = reads(unit.repeat(4_000));
            assertThat(large).as(unit).isLessThanOrEqualTo(2 * small + 64);
        }
    }

    private static long reads(String s) {
        CountingCharSequence c = new CountingCharSequence(s);
        Json.valueEnd(c, 0, s.length());
        Json.containerStart(c, 0, s.length());
        Json.members(c, 0, s.length(), null);
        return c.reads();
    }
}
