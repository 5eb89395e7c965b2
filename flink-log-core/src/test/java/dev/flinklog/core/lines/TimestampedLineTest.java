package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.ReaderFixture.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** A line behind {@code docker logs --timestamps} or {@code kubectl logs --timestamps}. */
class TimestampedLineTest {

    @Test
    void innerShapeWithTheRuntimesTime() {
        ParsedLine p =
                parse("2017-09-22T12:23:11.52811713Z I0922 12:23:11.527912       1 factory.go:461] About to schedule");
        assertThat(p.shape()).isEqualTo(LineShape.KLOG);
        // klog's own time has no year: the runtime's, complete, stands
        assertThat(p.time().toInstant()).hasToString("2017-09-22T12:23:11.528117130Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("About to schedule");
        assertThat(pairs(p)).containsExactly(Map.entry("thread", "1"), Map.entry("source", "factory.go:461"));
    }

    @Test
    void accessLineKeepsItsOwnMessage() {
        String inner =
                "10.1.2.3 - - [26/Oct/2023:11:50:08 +0000] \"GET /healthz HTTP/1.1\" 200 2 \"-\" \"kube-probe/1.27\"";
        ParsedLine p = parse("2023-10-26T11:50:08.123456789Z " + inner);
        assertThat(p.shape()).isEqualTo(LineShape.COMBINED);
        assertThat(p.time().toInstant()).hasToString("2023-10-26T11:50:08.123456789Z");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(inner);
        assertThat(p.httpStatus()).isEqualTo(200);
        assertThat(p.text(ParsedLine.Field.USER_AGENT)).isEqualTo("kube-probe/1.27");
    }

    @Test
    void aMoreCompleteInnerTimeWins() {
        // the inner offset says more than a zone-less prefix (not what docker writes, but allowed)
        ParsedLine p = parse("2024-03-01T10:00:00 time=\"2024-03-01T10:00:00.5+09:00\" level=warn msg=\"disk low\"");
        assertThat(p.shape()).isEqualTo(LineShape.LOGFMT);
        assertThat(p.time().toInstant()).hasToString("2024-03-01T01:00:00.500Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("disk low");
    }

    @Test
    void aTimeAndFreeTextStaysPlain() {
        for (String line : new String[] {
            "2024-01-01T10:00:00Z something happened here",
            "2024-01-01T10:00:00Z a=b",
            "2020-02-20T09:40:19.881904743Z Traceback (most recent call last):",
            "2024-01-01T10:00:00Z",
            "2024-01-01T10:00:00Z ",
            "2024-01-01T99:00:00Z I0922 12:23:11.527912 1 factory.go:461] not a time before it",
            "2024-01-01T10:00:00Z\tI0922 12:23:11.527912 1 factory.go:461] a tab, not a space",
            // an envelope behind the time is not unwrapped
            "2024-01-01T10:00:00Z <34>Oct 11 22:14:15 mymachine su: 'su root' failed"
        }) {
            ParsedLine p = parse(line);
            assertThat(p.shape()).as(line).isEqualTo(LineShape.PLAIN);
            assertThat(p.hasTime()).as(line).isFalse();
            assertThat(p.pairCount()).as(line).isZero();
            assertThat(p.has(ParsedLine.Field.MESSAGE)).as(line).isFalse();
        }
    }

    @Test
    void onlyWhenEnabled() {
        LineParser logfmtOnly =
                new LineParser(dev.flinklog.core.time.TimestampParser.UTC, java.util.List.of(LineShape.LOGFMT));
        ParsedLine out = new ParsedLine();
        assertThat(logfmtOnly.parse(
                        "2017-09-22T12:23:11.52811713Z I0922 12:23:11.527912 1 factory.go:461] m",
                        ReaderFixture.REFERENCE,
                        out))
                .isEqualTo(LineShape.PLAIN);
    }
}
