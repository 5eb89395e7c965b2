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
        assertThat(read(R, "[2023-06-26 11:11:20.438][4088220][debug][router] x"))
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
