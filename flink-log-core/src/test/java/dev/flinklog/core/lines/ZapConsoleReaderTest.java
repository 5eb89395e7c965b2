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

class ZapConsoleReaderTest {

    private static final ZapConsoleReader READER = new ZapConsoleReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void caddysConsoleTime() {
        ParsedLine p = read("2020/05/26 20:44:49.126\tINFO\thttp.log.access\thandled request\t{\"status\": 200}");
        assertThat(time(p)).isEqualTo("2020-05-26T20:44:49.126Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("logger")).isEqualTo("http.log.access");
        assertThat(p.value("fields")).isEqualTo("{\"status\": 200}");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("handled request");
        assertThat(time(read("2023/08/28 14:03:42\tWARN\tm"))).isEqualTo("2023-08-28T14:03:42Z");
        // Go's log package writes a space after its time: not zap's
        assertThat(read("2020/05/26 20:44:49.126 INFO\tm")).isNull();
        assertThat(read("2020/05/26\tINFO\tm")).isNull();
        assertThat(read("2020/05/26 20:44\tINFO\tm")).isNull();
    }

    @Test
    void istioProxysEnvoyLog() {
        ParsedLine p = read("2023-10-12T08:08:15.270118Z\tdebug\tenvoy pool external/envoy/source/common/conn_pool/"
                + "conn_pool_base.cc:265\t[C107599] using existing fully connected connection\tthread=25");
        assertThat(p.level()).isEqualTo(LogLevel.DEBUG);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("[C107599] using existing fully connected connection");
        assertThat(p.value("thread")).isEqualTo("25");
        assertThat(p.value("logger")).isEqualTo("envoy pool");
        assertThat(p.value("source")).isEqualTo("external/envoy/source/common/conn_pool/conn_pool_base.cc:265");
        // "thread=" with more than digits is the message
        assertThat(read("2023-10-12T08:08:15.270118Z\tinfo\tads\tthread=main").text(Field.MESSAGE))
                .isEqualTo("thread=main");
        // a column with a space and no caller at its end is a logger's name
        assertThat(read("2023-10-12T08:08:15Z\tinfo\tmy logger\tm").value("logger"))
                .isEqualTo("my logger");
    }

    @Test
    void developmentConfigWithLoggerAndFields() {
        ParsedLine p =
                read("2020-12-01T00:10:14.245+0100\tINFO\tcontroller-runtime.metrics\tlisten\t{\"addr\": \":8080\"}");
        assertThat(time(p)).isEqualTo("2020-11-30T23:10:14.245Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("logger")).isEqualTo("controller-runtime.metrics");
        assertThat(p.value("fields")).isEqualTo("{\"addr\": \":8080\"}");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("listen");
    }

    @Test
    void callerAndNameAndNeither() {
        ParsedLine both = read("2020-04-03T23:11:35.420Z\tdebug\tapp\tcmd/main.go:10\thello");
        assertThat(both.value("logger")).isEqualTo("app");
        assertThat(both.value("source")).isEqualTo("cmd/main.go:10");
        assertThat(both.text(Field.MESSAGE)).isEqualTo("hello");
        ParsedLine neither = read("2020-04-03T23:11:35.420Z\terror\tfailed\t{\"error\": \"x\"}");
        assertThat(neither.level()).isEqualTo(LogLevel.ERROR);
        assertThat(neither.value("logger")).isNull();
        assertThat(neither.text(Field.MESSAGE)).isEqualTo("failed");
        assertThat(read("2020-04-03T23:11:35.420Z\tINFO\tjust a message").text(Field.MESSAGE))
                .isEqualTo("just a message");
    }

    @Test
    void productionEpochSecondsAndPanicLevels() {
        ParsedLine p = read("1.6652576181662054e+09\tinfo\tsetup\tstarting manager");
        assertThat(time(p)).isEqualTo("2022-10-08T19:33:38.166205400Z");
        assertThat(read("1660169379.5\tDPANIC\tx").level()).isEqualTo(LogLevel.FATAL);
        assertThat(read("1660169379.5\tpanic\tx").level()).isEqualTo(LogLevel.FATAL);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2020-12-01T00:10:14.245Z INFO spaces, not tabs",
                "2020-12-01T00:10:14.245Z\tINF\tthree letters",
                "2020-12-01T00:10:14.245Z\tnotice\tnot zap's",
                "2020-12-01T00:10:14.245Z\tINFO",
                "2016-10-06T00:17:09.669794202Z stdout F CRI",
                "12345\tINFO\ttoo short for epoch seconds",
                "2020-12-01\tINFO\ta date alone"
            })
    void notZap(String line) {
        assertThat(read(line)).as(line).isNull();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "2020-12-01T00:10:14.245Z\tINFO\t" + repeat("a\t", n) + "{}");
    }
}
