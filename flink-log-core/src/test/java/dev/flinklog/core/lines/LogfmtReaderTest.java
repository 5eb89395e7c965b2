package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;

class LogfmtReaderTest {

    private static final LogfmtReader R = new LogfmtReader();

    @Test
    void fieldsAndEveryPair() {
        ParsedLine p = read(R, "time=\"2015-03-26T01:27:38-04:00\" level=warning msg=\"say \\\"hi\\\"\" animal=walrus");
        assertThat(p.time().toInstant()).hasToString("2015-03-26T05:27:38Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("say \"hi\"");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("time", "2015-03-26T01:27:38-04:00"),
                        Map.entry("level", "warning"),
                        Map.entry("msg", "say \"hi\""),
                        Map.entry("animal", "walrus"));
    }

    @Test
    void recognisedOnlyWhenMadeOfPairs() {
        assertThat(read(R, "a=1 b=2")).isNotNull();
        assertThat(read(R, "a=1 b=2 c=3 d=4 e=5 flag")).isNotNull();
        assertThat(read(R, "a=1 b=2 c=3 d=4 flag")).isNull();
        assertThat(read(R, "level=info")).isNull();
        assertThat(read(R, "hello world foo=bar baz=1")).isNull();
        assertThat(read(R, "user=bob logged in from x=1")).isNull();
        assertThat(read(R, "level=info msg=hi and then some words")).isNull();
        assertThat(read(R, "level=info msg=hi and")).isNotNull();
        assertThat(read(R, "a=\"1 b=2")).isNull();
        assertThat(read(R, "k\"ey=bar c=d")).isNull();
        assertThat(read(R, "=bar c=d")).isNull();
    }

    @Test
    void bareKeysAndEmptyValues() {
        ParsedLine p = read(R, "a=1 b=\"bar\" r=\"esc\\t\" d x=sf e=   ");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("a", "1"),
                        Map.entry("b", "bar"),
                        Map.entry("r", "esc\t"),
                        Map.entry("d", ""),
                        Map.entry("x", "sf"),
                        Map.entry("e", ""));
    }

    @Test
    void levelFromItsKeys() {
        assertThat(read(R, "lvl=ERROR a=1").level()).isEqualTo(LogLevel.ERROR);
        assertThat(read(R, "severity=debug a=1").level()).isEqualTo(LogLevel.DEBUG);
        assertThat(read(R, "at=error code=H12").level()).isEqualTo(LogLevel.ERROR);
        assertThat(read(R, "at=main.go:12 a=1").level()).isNull();
        assertThat(read(R, "at=main.go:12 level=warn").level()).isEqualTo(LogLevel.WARN);
        assertThat(read(R, "level=info level=error").level()).isEqualTo(LogLevel.INFO);
    }

    @Test
    void timeFromItsKeys() {
        assertThat(read(R, "ts=1569323933.438 a=1").time().toInstant()).hasToString("2019-09-24T11:18:53.438Z");
        assertThat(read(R, "t=2019-09-24T11:18:53Z a=1").time().toInstant()).hasToString("2019-09-24T11:18:53Z");
        assertThat(read(R, "timestamp=2019-09-24T11:18:53Z a=1").hasTime()).isTrue();
        assertThat(read(R, "time=5s elapsed=3s").hasTime()).isFalse();
        assertThat(read(R, "time=yesterday-noon a=1").hasTime()).isFalse();
    }

    @Test
    void httpFields() {
        ParsedLine p = read(
                R, "at=info method=GET path=\"/a b?c=d\" fwd=\"1.2.3.4\" connect=1ms service=18ms status=404 bytes=0");
        assertThat(p.text(ParsedLine.Field.HTTP_METHOD)).isEqualTo("GET");
        assertThat(p.text(ParsedLine.Field.HTTP_PATH)).isEqualTo("/a b?c=d");
        assertThat(p.text(ParsedLine.Field.CLIENT_IP)).isEqualTo("1.2.3.4");
        assertThat(p.httpStatus()).isEqualTo(404);
        assertThat(p.bytes()).isZero();
        assertThat(p.durationMs()).isEqualTo(18.0);
        assertThat(read(R, "status=ready a=1").httpStatus()).isEqualTo(-1);
        assertThat(read(R, "status=1000 a=1").httpStatus()).isEqualTo(-1);
        assertThat(read(R, "bytes=lots a=1").bytes()).isEqualTo(-1);
        assertThat(read(R, "service=1.5s a=1").durationMs()).isEqualTo(1500.0);
        assertThat(read(R, "service=350µs a=1").durationMs()).isEqualTo(0.35);
        assertThat(read(R, "service=250us a=1").durationMs()).isEqualTo(0.25);
        assertThat(read(R, "service=web a=1").durationMs()).isNaN();
        assertThat(read(R, "service=3h a=1").durationMs()).isNaN();
    }

    @Test
    void lenientQuotesAndGoValues() {
        ParsedLine p = read(R, "level=info msg=\"loading plugin \"io.containerd.content\"...\" module=containerd");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("loading plugin \"io.containerd.content\"...");
        p = read(R, "level=fatal err=&{0x1 map[a:b c:d] 2015 panic} n=1 m=map[x:y z:w] s=[a b] q={a {b c}}");
        assertThat(pairs(p))
                .containsEntry("err", "&{0x1 map[a:b c:d] 2015 panic}")
                .containsEntry("n", "1")
                .containsEntry("m", "map[x:y z:w]")
                .containsEntry("s", "[a b]")
                .containsEntry("q", "{a {b c}}");
        // An unbalanced one is a word; after that, brackets are not searched again.
        p = read(R, "a={x b={y} c=1");
        assertThat(pairs(p)).containsEntry("a", "{x").containsEntry("b", "{y}").containsEntry("c", "1");
        p = read(R, "a={x}y b=1");
        assertThat(pairs(p)).containsEntry("a", "{x}y");
    }

    @Test
    void logrusOnATerminal() {
        ParsedLine p = read(R, "ERRO[0001] boom                                         a=1 b=\"x y\"");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.hasTime()).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("boom");
        assertThat(pairs(p)).containsExactly(Map.entry("a", "1"), Map.entry("b", "x y"));
        assertThat(read(R, "DEBU[0000] x").level()).isEqualTo(LogLevel.DEBUG);
        assertThat(read(R, "TRAC[0000] x").level()).isEqualTo(LogLevel.TRACE);
        assertThat(read(R, "FATA[0000] x").level()).isEqualTo(LogLevel.FATAL);
        assertThat(read(R, "PANI[0000] x").level()).isEqualTo(LogLevel.FATAL);
        assertThat(read(R, "WARNING[0000] x").level()).isEqualTo(LogLevel.WARN);
        assertThat(read(R, "INFO[2020-12-16T12:11:25.485568475Z] serving...   ").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("serving...");
        assertThat(read(R, "INFO[2020-12-16T12:11:25.485568475Z] x").time().toInstant())
                .hasToString("2020-12-16T12:11:25.485568475Z");
        ParsedLine prose = read(R, "WARN[0000] two  spaces in prose   and more");
        assertThat(prose.text(ParsedLine.Field.MESSAGE)).isEqualTo("two  spaces in prose   and more");
        assertThat(prose.pairCount()).isZero();
        assertThat(read(R, "INFO[main] x")).isNull();
        assertThat(read(R, "INFO[] x")).isNull();
        assertThat(read(R, "INFO[0000]x")).isNull();
        assertThat(read(R, "ABCD[0000] x")).isNull();
        assertThat(read(R, "INFO[0000]").hasTime()).isFalse();
    }

    @Test
    void firstCharacters() {
        for (char c : "aZ_@éƒ".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isTrue();
        }
        for (char c : "1{[\" <=-".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isFalse();
        }
    }

    @Test
    void linear() {
        assertLinear(R, n -> "a=\"" + "\"x".repeat(n / 2));
        assertLinear(R, n -> "a=1 " + "k={ ".repeat(n / 4));
        assertLinear(R, n -> "a=1 " + "k=[[[[ ".repeat(n / 7) + "z=]");
        assertLinear(R, n -> "k=v ".repeat(n / 4));
        assertLinear(R, n -> "a=1 b=2 " + "word ".repeat(n / 5));
        assertLinear(R, n -> "level=" + "x".repeat(n) + " time=" + "1".repeat(n));
        assertLinear(R, n -> "INFO[0000] m  " + "k=v ".repeat(n / 4) + "\"");
        assertLinear(R, n -> "INFO[0000] m" + " ".repeat(n) + "k=v");
    }
}
