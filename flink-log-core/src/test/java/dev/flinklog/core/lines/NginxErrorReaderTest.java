package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static dev.flinklog.core.lines.ReaderFixture.assertLinear;
import static dev.flinklog.core.lines.ReaderFixture.read;
import static org.assertj.core.api.Assertions.assertThat;

class NginxErrorReaderTest {

    private static final NginxErrorReader R = NginxErrorReader.INSTANCE;

    private static final String HEAD = "2022/05/30 20:56:22 [error] 7164#7164: *20 ";

    @Test
    void everyLevelWordByTheProjectsTable() {
        String[][] words = {
            {"debug", "debug"}, {"info", "info"}, {"notice", "info"}, {"warn", "warn"},
            {"error", "error"}, {"crit", "fatal"}, {"alert", "fatal"}, {"emerg", "fatal"}
        };
        for (String[] w : words) {
            ParsedLine p = read(R, "2022/05/30 20:56:22 [" + w[0] + "] 1#0: text");
            assertThat(p.level()).as(w[0]).isEqualTo(LogLevel.valueOf(w[1].toUpperCase(Locale.ROOT)));
        }
        assertThat(read(R, "2022/05/30 20:56:22 [nonsense] 1#0: text")).isNull();
        assertThat(read(R, "2022/05/30 20:56:22 [ info] 1#0: text")).isNull();
    }

    @Test
    void headerFields() {
        ParsedLine p = read(R, HEAD + "message");
        assertThat(p.time().toInstant()).hasToString("2022-05-30T20:56:22Z");
        assertThat(p.text(Field.PID)).isEqualTo("7164");
        assertThat(p.value("thread")).isEqualTo("7164");
        assertThat(p.value("connection")).isEqualTo("20");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("message");
        // No connection number: the star is part of the message when no number follows it.
        assertThat(read(R, "2022/05/30 20:56:22 [error] 1#0: *x").text(Field.MESSAGE))
                .isEqualTo("*x");
    }

    @Test
    void contextValuesMayHoldCommasAndQuotes() {
        ParsedLine p = read(
                R,
                HEAD
                        + "upstream sent \"x, y\", client: 10.0.0.1, server: a,b, request: \"GET /a\"b, c HTTP/1.1\", host: \"h, i\"");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("upstream sent \"x, y\"");
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("10.0.0.1");
        assertThat(p.value("server")).isEqualTo("a,b");
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/a\"b, c");
        assertThat(p.value("host")).isEqualTo("h, i");
    }

    @Test
    void subrequestLoginAndAUnixClient() {
        ParsedLine p = read(R, HEAD + "m, client: unix:, server: s, subrequest: \"/sub\", login: \"bob\"");
        assertThat(p.text(Field.CLIENT_IP)).isNull();
        assertThat(p.value("client_host")).isEqualTo("unix:");
        assertThat(p.value("subrequest")).isEqualTo("/sub");
        assertThat(p.value("login")).isEqualTo("bob");
    }

    @Test
    void aContextThatDoesNotReadStaysInTheMessage() {
        String message = "m, client: 10.0.0.1, nonsense: x";
        ParsedLine p = read(R, HEAD + message);
        assertThat(p.text(Field.MESSAGE)).isEqualTo(message);
        assertThat(p.text(Field.CLIENT_IP)).isNull();
        assertThat(p.pairCount()).isEqualTo(2);
        // Quoted keys must be quoted; client and server are single words.
        String unquoted = "m, client: 10.0.0.1, request: GET / HTTP/1.1";
        assertThat(read(R, HEAD + unquoted).text(Field.MESSAGE)).isEqualTo(unquoted);
        String spaced = "m, client: 10.0.0.1, server: a b";
        assertThat(read(R, HEAD + spaced).text(Field.MESSAGE)).isEqualTo(spaced);
        String unclosed = "m, client: 10.0.0.1, request: \"GET / HTTP/1.1";
        assertThat(read(R, HEAD + unclosed).text(Field.MESSAGE)).isEqualTo(unclosed);
        // The context is filled as it is read: what it filled before failing is undone.
        String late = "m, client: 10.0.0.1, server: a, request: \"GET /x HTTP/1.1\", nonsense: y";
        ParsedLine q = read(R, HEAD + late);
        assertThat(q.text(Field.MESSAGE)).isEqualTo(late);
        assertThat(q.text(Field.CLIENT_IP)).isNull();
        assertThat(q.text(Field.HTTP_METHOD)).isNull();
        assertThat(q.text(Field.HTTP_PATH)).isNull();
        assertThat(q.pairCount()).isEqualTo(2);
    }

    @Test
    void notNginx() {
        assertThat(read(R, "2009/01/23 01:23:23 message")).isNull();
        assertThat(read(R, "2021/04/01 13:02:31")).isNull();
        assertThat(read(R, "2021/04/01 13:02:31 [error] 31: message")).isNull();
        assertThat(read(R, "2021/04/01 13:02:31 [error] #1: message")).isNull();
        assertThat(read(R, "2021/04/01 13:02:31 [error] 1#1 message")).isNull();
        assertThat(read(R, "2021-04-01 13:02:31 [error] 1#1: message")).isNull();
        assertThat(read(R, "2021/13/01 13:02:31 [error] 1#1: message")).isNull();
        assertThat(R.mayStartWith('[')).isFalse();
        assertThat(R.mayStartWith('2')).isTrue();
    }

    @Test
    void linearInEveryRepeatedPart() {
        assertLinear(R, n -> HEAD + ", ".repeat(n) + "x", true);
        assertLinear(R, n -> HEAD + ", client".repeat(n) + "x", true);
        assertLinear(R, n -> HEAD + "m, client: 1.1.1.1" + ", server: ,".repeat(n), true);
        assertLinear(R, n -> HEAD + "m, client: 1.1.1.1, request: \"" + "\", x".repeat(n), true);
        assertLinear(R, n -> HEAD + "m, client: 1.1.1.1, host: \"" + "\", host".repeat(n) + "\"", true);
        assertLinear(R, n -> HEAD + "m, client: " + "1".repeat(n), true);
    }
}
