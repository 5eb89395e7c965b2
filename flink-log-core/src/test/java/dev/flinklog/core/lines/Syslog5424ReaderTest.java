package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;

class Syslog5424ReaderTest {

    private static final Syslog5424Reader R = new Syslog5424Reader();
    private static final String HEAD = "<165>1 2003-10-11T22:14:15.003Z host app 42 ID7 ";

    @Test
    void headerFieldByField() {
        ParsedLine p =
                read(R, "<34>1 2003-10-11T22:14:15.003Z mymachine.example.com su - ID47 - \uFEFF'su root' failed");
        assertThat(p.time().toInstant()).hasToString("2003-10-11T22:14:15.003Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.FATAL);
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("mymachine.example.com");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("su");
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("'su root' failed");
        assertThat(pairs(p)).containsExactly(Map.entry("facility", "auth"), Map.entry("msgid", "ID47"));
    }

    @Test
    void nilValuesAreAbsent() {
        ParsedLine p = read(R, "<13>1 - - - - - - text");
        assertThat(p.hasTime()).isFalse();
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(pairs(p)).containsOnlyKeys("facility");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("text");
    }

    @Test
    void severityAndFacilityOfThePri() {
        assertThat(read(R, "<0>1 - - - - - -").level()).isEqualTo(LogLevel.FATAL);
        assertThat(pairs(read(R, "<0>1 - - - - - -"))).containsEntry("facility", "kern");
        assertThat(read(R, "<11>1 - - - - - -").level()).isEqualTo(LogLevel.ERROR);
        assertThat(read(R, "<12>1 - - - - - -").level()).isEqualTo(LogLevel.WARN);
        assertThat(read(R, "<13>1 - - - - - -").level()).isEqualTo(LogLevel.INFO);
        assertThat(read(R, "<14>1 - - - - - -").level()).isEqualTo(LogLevel.INFO);
        assertThat(read(R, "<15>1 - - - - - -").level()).isEqualTo(LogLevel.DEBUG);
        assertThat(pairs(read(R, "<191>1 - - - - - -"))).containsEntry("facility", "local7");
        assertThat(pairs(read(R, "<127>1 - - - - - -"))).containsEntry("facility", "clock");
        assertThat(pairs(read(R, "<86>1 - - - - - -"))).containsEntry("facility", "authpriv");
        assertThat(read(R, "<192>1 - - - - - -")).isNull();
        assertThat(read(R, "<>1 - - - - - -")).isNull();
        assertThat(read(R, "<1234>1 - - - - - -")).isNull();
    }

    @Test
    void octetCountingInFront() {
        ParsedLine p = read(R, "77 <86>1 2015-08-05T21:58:59.693Z 192.168.2.132 inactive - - -  partition is p2 ");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("inactive");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("partition is p2 ");
        assertThat(read(R, "46<13>1 - - - - - -")).isNull();
        assertThat(read(R, "046 <13>1 - - - - - -")).isNull();
        assertThat(read(R, "46 1 2015-08-05T21:58:59.693Z h a p m -")).isNull();
    }

    @Test
    void withoutPriTheTimestampIsNeeded() {
        ParsedLine p = read(R, "1 2015-08-05T21:58:59.693Z host app 7 - - hi");
        assertThat(p.level()).isNull();
        assertThat(pairs(p)).isEmpty();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("hi");
        assertThat(read(R, "1 - host app 7 - - hi")).isNull();
        assertThat(read(R, "1 2015 was a good year for wine and cheese")).isNull();
    }

    @Test
    void versionAndTimestamp() {
        assertThat(read(R, "<34>12 2003-10-11T22:14:15Z h a p m -")).isNotNull();
        assertThat(read(R, "<34>0 2003-10-11T22:14:15Z h a p m -")).isNull();
        assertThat(read(R, "<34> 1 2003-10-11T22:14:15Z h a p m -")).isNull();
        assertThat(read(R, "<34>1 2003-13-11T22:14:15Z h a p m -")).isNull();
        assertThat(read(R, "<34>1 1065910455 h a p m -")).isNull();
        assertThat(read(R, "<34>1 2003-08-24T05:14:15.000003-07:00 h a p m -")
                        .time()
                        .toInstant())
                .hasToString("2003-08-24T12:14:15.000003Z");
    }

    @Test
    void headerFieldsAreSeparatedByOneSpace() {
        assertThat(read(R, "<34>1 2003-10-11T22:14:15Z h a p")).isNull();
        assertThat(read(R, "<34>1 2003-10-11T22:14:15Z h  a p m -")).isNull();
        assertThat(read(R, "<34>1 2003-10-11T22:14:15Z h\ta p m -")).isNull();
        ParsedLine p = read(R, "<34>1 2003-10-11T22:14:15Z h a p m");
        assertThat(p.has(ParsedLine.Field.MESSAGE)).isFalse();
        assertThat(pairs(p)).containsEntry("msgid", "m");
        assertThat(read(R, "<34>1 2003-10-11T22:14:15Z h a p m ").has(ParsedLine.Field.MESSAGE))
                .isFalse();
    }

    @Test
    void structuredDataParamsInOrderWithTheirEscapes() {
        ParsedLine p = read(
                R,
                HEAD
                        + "[a@1 q=\"say \\\"hi\\\"\" b=\"a\\\\b\" c=\"[x\\]\"][origin ip=\"192.0.2.1\" ip=\"192.0.2.129\"][empty] m");
        assertThat(p.pairCount()).isEqualTo(7);
        assertThat(p.key(2)).isEqualTo("q");
        assertThat(p.value(2)).isEqualTo("say \"hi\"");
        assertThat(p.value(3)).isEqualTo("a\\b");
        assertThat(p.value(4)).isEqualTo("[x]");
        assertThat(p.key(5)).isEqualTo("ip");
        assertThat(p.value(5)).isEqualTo("192.0.2.1");
        assertThat(p.key(6)).isEqualTo("ip");
        assertThat(p.value(6)).isEqualTo("192.0.2.129");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("m");
    }

    @Test
    void otherBackslashesInAParamValueAreThemselves() {
        ParsedLine p = read(R, HEAD + "[w path=\"C:\\temp\\new\"] m");
        assertThat(pairs(p)).containsEntry("path", "C:\\temp\\new");
    }

    @Test
    void invalidStructuredDataStartsTheMessage() {
        assertThat(read(R, HEAD + "[bad x=1] text").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[bad x=1] text");
        assertThat(pairs(read(R, HEAD + "[bad x=1] text"))).doesNotContainKey("x");
        assertThat(read(R, HEAD + "[a x=\"1\"]text").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[a x=\"1\"]text");
        assertThat(read(R, HEAD + "[a x=\"1\"] [b y=\"2\"] t").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[b y=\"2\"] t");
        assertThat(read(R, HEAD + "[a x=\"open").text(ParsedLine.Field.MESSAGE)).isEqualTo("[a x=\"open");
        assertThat(read(R, HEAD + "hello world").text(ParsedLine.Field.MESSAGE)).isEqualTo("hello world");
    }

    @Test
    void lenientSpacesInsideAnElement() {
        ParsedLine p = read(R, HEAD + "[a x= \"1\"  y=\"2\"] m");
        assertThat(pairs(p)).containsEntry("x", "1").containsEntry("y", "2");
    }

    @Test
    void messageAfterStructuredData() {
        assertThat(read(R, HEAD + "[a x=\"1\"]").has(ParsedLine.Field.MESSAGE)).isFalse();
        assertThat(read(R, HEAD + "-").has(ParsedLine.Field.MESSAGE)).isFalse();
        assertThat(read(R, HEAD + "-   \uFEFF  spaced  ").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("  spaced  ");
    }

    @Test
    void firstCharacters() {
        assertThat(R.mayStartWith('<')).isTrue();
        assertThat(R.mayStartWith('1')).isTrue();
        assertThat(R.mayStartWith('[')).isFalse();
        assertThat(R.mayStartWith('J')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(R, n -> HEAD + "[a k=\"" + "\\\"".repeat(n / 2) + "\"] m");
        assertLinear(R, n -> HEAD + "[x a=\"1\"]".repeat(n / 9) + "[open");
        assertLinear(R, n -> HEAD + "[x" + " a=\"1\"".repeat(n / 6) + "]");
        assertLinear(R, n -> "<34>1 2" + "0".repeat(n));
        assertLinear(R, n -> "1".repeat(8) + " <34>1 2003-10-11T22:14:15Z h a p m - " + " ".repeat(n));
    }
}
