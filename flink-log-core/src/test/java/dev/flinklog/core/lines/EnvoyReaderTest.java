package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.lines.ReaderFixture.assertLinear;
import static dev.flinklog.core.lines.ReaderFixture.read;
import static org.assertj.core.api.Assertions.assertThat;

class EnvoyReaderTest {

    private static final EnvoyReader R = EnvoyReader.INSTANCE;

    private static final String HEAD = "[2022-04-01T03:23:12.736Z] \"GET /get HTTP/1.1\" 503 UF,URX ";

    private static final String TAIL =
            " 0 605 4 - \"1.2.3.4, 5.6.7.8\" \"agent \\ with \\\\ slash\" \"id\" \"host:80\" \"-\"";

    @Test
    void envoysOwnLog() {
        ParsedLine p = read(
                R, "[2021-09-01 01:31:10.574][1][info][main] [source/server/server.cc:745] all clusters initialized");
        assertThat(p.time().toInstant()).hasToString("2021-09-01T01:31:10.574Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("thread")).isEqualTo("1");
        assertThat(p.value("logger")).isEqualTo("main");
        assertThat(p.value("source")).isEqualTo("source/server/server.cc:745");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("all clusters initialized");
        assertThat(p.has(Field.HTTP_METHOD)).isFalse();
        // before 1.17: no source
        ParsedLine old = read(R, "[2018-05-01 10:00:00.000][12][warning][upstream] [C1] lds: fetch failure");
        assertThat(old.level()).isEqualTo(LogLevel.WARN);
        assertThat(old.value("source")).isNull();
        assertThat(old.text(Field.MESSAGE)).isEqualTo("[C1] lds: fetch failure");
        assertThat(read(R, "[2018-05-01 10:00:00.000][12][critical][main] x").level())
                .isEqualTo(LogLevel.FATAL);
        // up to 1.7 the source began the message without its opening bracket
        ParsedLine v17 = read(
                R,
                "[2018-08-06 06:20:13.838][109][debug][main] external/envoy/source/server/"
                        + "connection_handler_impl.cc:217] [C26] new connection");
        assertThat(v17.value("source")).isEqualTo("external/envoy/source/server/connection_handler_impl.cc:217");
        assertThat(v17.text(Field.MESSAGE)).isEqualTo("[C26] new connection");
        // not spdlog's words, no thread, a logger with a space: not Envoy's
        assertThat(read(R, "[2018-05-01 10:00:00.000][12][fine][main] x")).isNull();
        assertThat(read(R, "[2018-05-01 10:00:00.000][main][info][main] x")).isNull();
        assertThat(read(R, "[2018-05-01 10:00:00.000][12][info][my logger] x")).isNull();
        assertThat(read(R, "[2018-05-01 10:00:00.000][12][info]")).isNull();
    }

    @Test
    void defaultFormatFieldByField() {
        ParsedLine p = read(R, HEAD.trim() + TAIL);
        assertThat(p.time().toInstant()).hasToString("2022-04-01T03:23:12.736Z");
        assertThat(p.httpStatus()).isEqualTo(503);
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.value("response_flags")).isEqualTo("UF,URX");
        assertThat(p.value("bytes_received")).isEqualTo("0");
        assertThat(p.bytes()).isEqualTo(605);
        assertThat(p.durationMs()).isEqualTo(4.0);
        assertThat(p.value("upstream_service_time")).isNull();
        assertThat(p.value("x_forwarded_for")).isEqualTo("1.2.3.4, 5.6.7.8");
        // Envoy does not escape: backslashes are the agent's own.
        assertThat(p.text(Field.USER_AGENT)).isEqualTo("agent \\ with \\\\ slash");
        assertThat(p).isNotNull();
    }

    @Test
    void istioMiddleVariants() {
        ParsedLine v19 = read(
                R,
                HEAD + "upstream_reset_before_response_started{connection_failure} - \"delayed connect error: 111\""
                        + fixTail());
        assertThat(v19.value("response_code_details"))
                .isEqualTo("upstream_reset_before_response_started{connection_failure}");
        assertThat(v19.value("connection_termination_details")).isNull();
        assertThat(v19.value("upstream_transport_failure_reason")).isEqualTo("delayed connect error: 111");
        ParsedLine v13 = read(R, HEAD + "\"mixer\" \"reason\"" + fixTail());
        assertThat(v13.value("mixer_status")).isEqualTo("mixer");
        assertThat(v13.value("upstream_transport_failure_reason")).isEqualTo("reason");
        assertThat(read(R, HEAD + "a b c" + fixTail())).isNull();
        assertThat(read(R, HEAD + "\"a\" \"b\" \"c\"" + fixTail())).isNull();
    }

    private static String fixTail() {
        return " 0 605 4 - \"-\" \"-\" \"-\" \"-\" \"-\"";
    }

    @Test
    void istioTrailingValuesOnlyWhenFiveOrSix() {
        String base = HEAD.trim() + fixTail();
        assertThat(read(R, base + " c ul dl 10.0.0.1:1 sni route").text(Field.CLIENT_IP))
                .isEqualTo("10.0.0.1");
        assertThat(read(R, base + " c ul dl 10.0.0.1:1 sni").value("requested_server_name"))
                .isEqualTo("sni");
        ParsedLine four = read(R, base + " c ul dl 10.0.0.1:1");
        assertThat(four.text(Field.CLIENT_IP)).isNull();
        assertThat(four.value("upstream_cluster")).isNull();
        assertThat(read(R, base + " c ul dl - sni route").text(Field.CLIENT_IP)).isNull();
    }

    @Test
    void tcpLineHasNoRequestOrStatus() {
        ParsedLine p = read(R, "[2020-05-19T19:53:38.151Z] \"- - -\" 0 -" + fixTail());
        assertThat(p.httpStatus()).isEqualTo(-1);
        assertThat(p.level()).isNull();
        assertThat(p.text(Field.HTTP_METHOD)).isNull();
    }

    @Test
    void notEnvoy() {
        // Envoy's own log with a wrong level word is neither of Envoy's formats
        assertThat(read(R, "[2023-06-26 11:11:20.438][4088220][verbose][router] x"))
                .isNull();
        assertThat(read(R, "[10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5"))
                .isNull();
        assertThat(read(R, HEAD.trim())).isNull();
        assertThat(read(R, HEAD.trim() + " 0 605 4 - \"-\" \"-\" \"-\" \"-\"")).isNull();
        assertThat(read(R, HEAD.trim() + " 0 605 x - \"-\" \"-\" \"-\" \"-\" \"-\""))
                .isNull();
        assertThat(read(R, HEAD.trim() + " 0 605 4 x \"-\" \"-\" \"-\" \"-\" \"-\""))
                .isNull();
        assertThat(read(R, "[2022-04-01T03:23:12.736Z] \"GET /get HTTP/1.1\" 5030 - " + fixTail()))
                .isNull();
    }

    @Test
    void linearInEveryRepeatedPart() {
        assertLinear(R, n -> HEAD.trim() + fixTail() + " " + "x".repeat(n) + " ".repeat(n), true);
        assertLinear(
                R,
                n -> HEAD.trim() + " 0 605 4 - \"" + "x".repeat(n) + "\" \"" + " ".repeat(n) + "\" \"-\" \"-\" \"-\"",
                true);
        assertLinear(R, n -> "[2022-04-01T03:23:12.736Z] \"GET /" + " x".repeat(n), false);
        assertLinear(R, n -> HEAD + "\"" + "x".repeat(n), false);
    }
}
