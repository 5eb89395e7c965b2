package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;

class KlogReaderTest {

    private static final KlogReader R = new KlogReader();

    @Test
    void fieldByField() {
        ParsedLine p = read(R, "I0505 17:59:40.692994   28133 klog.go:70] hello from klog");
        assertThat(p.time().toInstant()).hasToString("2026-05-05T17:59:40.692994Z");
        assertThat(p.yearInferred()).isTrue();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("hello from klog");
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(pairs(p)).containsExactly(Map.entry("thread", "28133"), Map.entry("source", "klog.go:70"));
    }

    @Test
    void levelLetters() {
        String rest = "0505 17:59:40.692994 1 a.go:1] m";
        assertThat(read(R, "I" + rest).level()).isEqualTo(LogLevel.INFO);
        assertThat(read(R, "W" + rest).level()).isEqualTo(LogLevel.WARN);
        assertThat(read(R, "E" + rest).level()).isEqualTo(LogLevel.ERROR);
        assertThat(read(R, "F" + rest).level()).isEqualTo(LogLevel.FATAL);
        assertThat(R.mayStartWith('D')).isFalse();
        assertThat(R.mayStartWith('X')).isFalse();
        assertThat(R.mayStartWith('i')).isFalse();
    }

    @Test
    void gologWithTheYear() {
        ParsedLine p = read(R, "I20210131 14:48:54.411655    20 main.c++:9] Hello world!");
        assertThat(p.time().toInstant()).hasToString("2021-01-31T14:48:54.411655Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(pairs(p)).containsEntry("thread", "20").containsEntry("source", "main.c++:9");
    }

    @Test
    void structuredMessage() {
        ParsedLine p = read(
                R,
                "I1025 00:15:15.525108       1 controller_utils.go:116] \"Pod \\\"x\\\" updated\" pod=\"kube-system/kubedns\" n=3 err=\"a=b c\"");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Pod \"x\" updated");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("thread", "1"),
                        Map.entry("source", "controller_utils.go:116"),
                        Map.entry("pod", "kube-system/kubedns"),
                        Map.entry("n", "3"),
                        Map.entry("err", "a=b c"));
        assertThat(read(R, "I1025 00:15:15.525108 1 a.go:1] \"Only a message\"").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("Only a message");
    }

    @Test
    void klogrPairs() {
        ParsedLine p = read(
                R,
                "E0614 08:25:43.390885       1 controller.go:158] cert-manager/controller \"msg\"=\"re-queuing\" "
                        + "\"error\"=\"the \\\"x\\\" object\" \"key\"=\"default/x\" \"port\"=9443");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("re-queuing");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("thread", "1"),
                        Map.entry("source", "controller.go:158"),
                        Map.entry("error", "the \"x\" object"),
                        Map.entry("key", "default/x"),
                        Map.entry("port", "9443"),
                        Map.entry("logger", "cert-manager/controller"));
        assertThat(read(R, "I1025 00:15:15.525108 1 a.go:1] \"msg\"=\"only\"").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("only");
        for (String text : new String[] {"a b \"msg\"=\"x\"", "log \"msg\"=\"x\" junk", "log \"msg\"=\"open"}) {
            ParsedLine q = read(R, "I1025 00:15:15.525108 1 a.go:1] " + text);
            assertThat(q.text(ParsedLine.Field.MESSAGE)).as(text).isEqualTo(text);
            assertThat(pairs(q)).as(text).containsOnlyKeys("thread", "source");
        }
    }

    @Test
    void quotedStartThatIsNotStructured() {
        String prose = "\"quoted\" then words";
        ParsedLine p = read(R, "I1025 00:15:15.525108 1 a.go:1] " + prose);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(prose);
        assertThat(pairs(p)).containsOnlyKeys("thread", "source");
        assertThat(read(R, "I1025 00:15:15.525108 1 a.go:1] \"open").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("\"open");
        assertThat(read(R, "I1025 00:15:15.525108 1 a.go:1] \"a\"b c=1").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("\"a\"b c=1");
    }

    @Test
    void headerMustBeWhole() {
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go:1]")).isNotNull();
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go:1]").has(ParsedLine.Field.MESSAGE))
                .isFalse();
        assertThat(read(R, "I0505 17:59:40 1 a.go:1] m").time().toInstant()).hasToString("2026-05-05T17:59:40Z");
        assertThat(read(R, "I1305 17:59:40.692994 1 a.go:1] m")).isNull();
        assertThat(read(R, "I0000 17:59:40.692994 1 a.go:1] m")).isNull();
        assertThat(read(R, "I050 17:59:40.692994 1 a.go:1] m")).isNull();
        assertThat(read(R, "I0505 17:59:40.692994 a.go:1] m")).isNull();
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go] m")).isNull();
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go:] m")).isNull();
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go:1 m")).isNull();
        assertThat(read(R, "I0505 17:59:40.692994 1 a.go:1]m")).isNull();
        assertThat(read(R, "I0505 17:59:40. 1 a.go:1] m")).isNull();
        assertThat(read(R, "INFO something")).isNull();
    }

    @Test
    void linear() {
        assertLinear(R, n -> "I0505 17:59:40.692994 1 " + "a".repeat(n));
        assertLinear(R, n -> "I0505 17:59:40.692994 1 a.go:1] \"" + "\\\"".repeat(n / 2));
        assertLinear(R, n -> "I0505 17:59:40.692994 1 a.go:1] \"m\"" + " k=\"v\"".repeat(n / 6) + " tail");
        assertLinear(R, n -> "I0505 17:59:40.692994 1 a.go:1] \"m\"" + " k={".repeat(n / 4));
        assertLinear(R, n -> "I0505 17:59:40.692994" + " ".repeat(n) + "1 a.go:1] m");
    }
}
