package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class RubyLoggerReaderTest {

    private static final RubyLoggerReader READER = new RubyLoggerReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void defaultFormatter() {
        ParsedLine p = read("W, [2022-05-07T18:00:45.337538 #20536]  WARN -- billing: Non-error warning");
        assertThat(time(p)).isEqualTo("2022-05-07T18:00:45.337538Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(Field.PID)).isEqualTo("20536");
        assertThat(p.text(Field.SERVICE)).isEqualTo("billing");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Non-error warning");
    }

    @Test
    void emptyProgramNameAndAColonInTheMessage() {
        ParsedLine p = read("I, [2024-01-09T10:11:12.123456 #7] INFO -- : [abc] Started GET \"/a:b\" for ::1");
        assertThat(p.has(Field.SERVICE)).isFalse();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("[abc] Started GET \"/a:b\" for ::1");
    }

    @Test
    void olderRubiesWithoutTheSpaceBeforeThePid() {
        ParsedLine p = read("E, [2010-01-01T12:00:00.000001#1234] ERROR -- app: boom");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.text(Field.PID)).isEqualTo("1234");
        // the time's own trailing space, as the default format wrote it then
        assertThat(read("E, [2010-01-01T12:00:00.000001 #1234] ERROR -- app: boom"))
                .isNotNull();
    }

    @Test
    void anyHasNoLevel() {
        ParsedLine p = read("A, [2022-05-07T18:07:54.657491 #20536]   ANY -- : Most severe");
        assertThat(p.level()).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Most severe");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "I, [2022-05-07T18:15:37.647581 #20536]  WARN -- : letter and word disagree",
                "I, [2022-05-07T18:15:37.647581]  INFO -- : no pid",
                "I, [2022-05-07T18:15:37.647581 #20536]  INFO - : one dash",
                "I, [2022-05-07T18:15:37.647581 #20536]  INFO -- no colon",
                "I, [yesterday #20536]  INFO -- : x",
                "I, [2022-05-07T18:15:37.647581 #20536]  INFORMATION -- : x",
                "I, said the man",
                "I0507 18:15:37.647581   20536 main.go:1] klog"
            })
    void notRuby(String line) {
        assertThat(read(line)).as(line).isNull();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "I, [2022-05-07T18:15:37.647581 #20536]  INFO -- " + repeat("a", n));
    }
}
