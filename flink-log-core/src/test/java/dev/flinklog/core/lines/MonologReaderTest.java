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

class MonologReaderTest {

    private static final MonologReader READER = new MonologReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void monologTwoWithMicrosecondsAndOffset() {
        ParsedLine p = read("[2023-03-19T15:57:43.219726+02:00] doctrine.DEBUG: Beginning transaction [] []");
        assertThat(time(p)).isEqualTo("2023-03-19T13:57:43.219726Z");
        assertThat(p.level()).isEqualTo(LogLevel.DEBUG);
        assertThat(p.value("channel")).isEqualTo("doctrine");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Beginning transaction");
    }

    @Test
    void laravelWithContextKept() {
        ParsedLine p = read("[2022-11-07 17:51:33] production.ERROR: failed {\"userId\":1} []");
        assertThat(time(p)).isEqualTo("2022-11-07T17:51:33Z");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.value("channel")).isEqualTo("production");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("failed {\"userId\":1}");
    }

    @Test
    void levelNames() {
        assertThat(read("[2022-11-07 17:51:33] app.NOTICE: x").level()).isEqualTo(LogLevel.INFO);
        assertThat(read("[2022-11-07 17:51:33] app.WARNING: x").level()).isEqualTo(LogLevel.WARN);
        assertThat(read("[2022-11-07 17:51:33] request.CRITICAL: x").level()).isEqualTo(LogLevel.FATAL);
        assertThat(read("[2022-11-07 17:51:33] laravel.EMERGENCY: x").level()).isEqualTo(LogLevel.FATAL);
        // a dotted channel: the level is after the last dot
        assertThat(read("[2022-11-07 17:51:33] app.audit.ALERT: x").value("channel"))
                .isEqualTo("app.audit");
        // a message that is only the empty context and extra
        assertThat(read("[2022-11-07 17:51:33] app.INFO:  [] []").has(Field.MESSAGE))
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[2022-11-07 17:51:33] app.info: lower-case level",
                "[2022-11-07 17:51:33] app.ERR: not a level name",
                "[2022-11-07 17:51:33] ERROR: no channel",
                "[2022-11-07 17:51:33] ERROR in app: Flask",
                "[2022-11-07 17:51:33,123] INFO [main] Kafka (logger)",
                "[2022-11-07 17:51:33] app.ERROR:no space",
                "[Mon Nov 07 17:51:33 2022] [error] Apache",
                "[2022-11-07T17:51:33.000Z] \"GET / HTTP/1.1\" 200 Envoy"
            })
    void notMonolog(String line) {
        assertThat(read(line)).as(line).isNull();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "[2022-11-07 17:51:33] " + repeat("a.", n) + "ERROR: x");
        assertLinear(READER, n -> "[2022-11-07 17:51:33] app.ERROR: " + repeat(" []", n));
    }
}
