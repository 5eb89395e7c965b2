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
    void contextAndExtraArePairs() {
        ParsedLine p = read("[2022-11-07 17:51:33] production.ERROR: failed {\"userId\":1} []");
        assertThat(time(p)).isEqualTo("2022-11-07T17:51:33Z");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.value("channel")).isEqualTo("production");
        assertThat(p.value("userId")).isEqualTo("1");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("failed");
        p = read(
                "[2022-11-07 17:51:33] app.INFO: hi {\"a\":\"x\\\"y\",\"b\":{\"c\":[1,2]},\"n\":null} {\"uid\":\"7\"}");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("hi");
        assertThat(p.value("a")).isEqualTo("x\"y");
        assertThat(p.value("b")).isEqualTo("{\"c\":[1,2]}");
        assertThat(p.value("n")).isNull();
        assertThat(p.value("uid")).isEqualTo("7");
        // Laravel leaves an empty extra out: one value
        p = read("[2024-03-13 12:57:30] local.DEBUG: msg {\"k\":\"v\"}");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("msg");
        assertThat(p.value("k")).isEqualTo("v");
        // a list context is one pair
        assertThat(read("[2024-03-13 12:57:30] local.DEBUG: msg [\"a\"] []").value("context"))
                .isEqualTo("[\"a\"]");
        // what does not read as JSON stays in the message
        assertThat(read("[2024-03-13 12:57:30] local.DEBUG: msg {\"k\":} []").text(Field.MESSAGE))
                .isEqualTo("msg {\"k\":}");
        assertThat(read("[2024-03-13 12:57:30] local.DEBUG: msg {\"k\":\"v\"").text(Field.MESSAGE))
                .isEqualTo("msg {\"k\":\"v\"");
        assertThat(read("[2024-03-13 12:57:30] local.DEBUG: set{\"k\":1}").text(Field.MESSAGE))
                .isEqualTo("set{\"k\":1}");
        assertThat(read("[2024-03-13 12:57:30] local.DEBUG: a {b} c").text(Field.MESSAGE))
                .isEqualTo("a {b} c");
    }

    @Test
    void contextLinear() {
        assertLinear(READER, n -> "[2024-03-13 12:57:30] local.DEBUG: " + repeat("{\"a\":[\"}\\\\\"", n / 8) + " []");
        assertLinear(READER, n -> "[2024-03-13 12:57:30] local.DEBUG: " + repeat(" {} ", n / 4) + "}");
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
