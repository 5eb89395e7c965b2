package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.lines.ReaderFixture.assertLinear;
import static dev.flinklog.core.lines.ReaderFixture.read;
import static org.assertj.core.api.Assertions.assertThat;

class ApacheErrorReaderTest {

    private static final ApacheErrorReader R = ApacheErrorReader.INSTANCE;

    private static final String TIME = "[Fri Sep 09 10:42:29.902022 2011] ";

    @Test
    void levelsIncludingTraceN() {
        String[][] words = {
            {"emerg", "FATAL"}, {"alert", "FATAL"}, {"crit", "FATAL"}, {"error", "ERROR"}, {"warn", "WARN"},
            {"notice", "INFO"}, {"info", "INFO"}, {"debug", "DEBUG"}, {"trace1", "TRACE"}, {"trace8", "TRACE"}
        };
        for (String[] w : words) {
            ParsedLine p = read(R, TIME + "[ssl:" + w[0] + "] [pid 1] text");
            assertThat(p.level()).as(w[0]).isEqualTo(LogLevel.valueOf(w[1]));
            assertThat(read(R, TIME + "[" + w[0] + "] text").level()).as(w[0]).isEqualTo(LogLevel.valueOf(w[1]));
        }
        // Words httpd does not write, even when the project's table knows them.
        for (String w : new String[] {"trace9", "trace", "warning", "E", "fatal", " info", "INFO"}) {
            assertThat(read(R, TIME + "[core:" + w + "] text")).as(w).isNull();
        }
    }

    @Test
    void everyItemInItsPlace() {
        ParsedLine p = read(
                R,
                TIME + "[proxy_fcgi:debug] [pid 1:tid 2] mod_proxy_fcgi.c(42): (-3)Something odd: [client 1.2.3.4:5]"
                        + " AH01075: the message, referer: http://x/?a=1, b");
        assertThat(p.value("module")).isEqualTo("proxy_fcgi");
        assertThat(p.text(Field.PID)).isEqualTo("1");
        assertThat(p.value("thread")).isEqualTo("2");
        assertThat(p.value("source")).isEqualTo("mod_proxy_fcgi.c(42)");
        assertThat(p.value("os_error")).isEqualTo("(-3)Something odd");
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("1.2.3.4");
        assertThat(p.value("code")).isEqualTo("AH01075");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("the message");
        assertThat(p.value("referer")).isEqualTo("http://x/?a=1, b");
    }

    @Test
    void itemsThatAreNotThereStayInTheMessage() {
        assertThat(read(R, TIME + "[core:error] [pid x] text").text(Field.MESSAGE))
                .isEqualTo("[pid x] text");
        assertThat(read(R, TIME + "[core:error] (70008)no colon").text(Field.MESSAGE))
                .isEqualTo("(70008)no colon");
        assertThat(read(R, TIME + "[core:error] AH0012: short").text(Field.MESSAGE))
                .isEqualTo("AH0012: short");
        assertThat(read(R, TIME + "[core:error] func(1): no dot").text(Field.MESSAGE))
                .isEqualTo("func(1): no dot");
        assertThat(read(R, TIME + "[core:error] [client a b] x").text(Field.MESSAGE))
                .isEqualTo("[client a b] x");
        ParsedLine empty = read(R, TIME + "[core:error]");
        assertThat(empty.text(Field.MESSAGE)).isNull();
        assertThat(empty.level()).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void clientsWithAndWithoutPorts() {
        assertThat(read(R, TIME + "[error] [client 2001:db8::1] x").text(Field.CLIENT_IP))
                .isEqualTo("2001:db8::1");
        assertThat(read(R, TIME + "[error] [client ::1:58619] x").text(Field.CLIENT_IP))
                .isEqualTo("::1");
        assertThat(read(R, TIME + "[error] [client 10.0.0.1:80] x").text(Field.CLIENT_IP))
                .isEqualTo("10.0.0.1");
        ParsedLine host = read(R, TIME + "[error] [client example.org] x");
        assertThat(host.value("client_host")).isEqualTo("example.org");
        // the connection's peer, where httpd has no request's client
        ParsedLine remote =
                read(R, TIME + "[proxy_fcgi:error] [pid 1:tid 2] [remote 57.141.0.24:41552] AH01071: Got error");
        assertThat(remote.text(Field.CLIENT_IP)).isEqualTo("57.141.0.24");
        assertThat(remote.value("code")).isEqualTo("AH01071");
        assertThat(remote.text(Field.MESSAGE)).isEqualTo("Got error");
        assertThat(read(R, TIME + "[error] [remotely] x").text(Field.MESSAGE)).isEqualTo("[remotely] x");
    }

    @Test
    void messageEscapesResolved() {
        ParsedLine p = read(R, TIME + "[error] C:\\\\Apache24\\\\htdocs\\tx \\xC3\\xA9");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("C:\\Apache24\\htdocs\tx é");
    }

    @Test
    void anIsoTimeAndAnOsErrorRightAfterTheLevel() {
        // ErrorLogFormat's %{cu}t, with and without a zone
        ParsedLine iso = read(R, "[2025-07-22 15:45:51.323610 +0200] [core:notice] [pid 11379] AH00094: Command line");
        assertThat(iso.time().toInstant()).hasToString("2025-07-22T13:45:51.323610Z");
        assertThat(iso.level()).isEqualTo(LogLevel.INFO);
        assertThat(iso.value("code")).isEqualTo("AH00094");
        assertThat(read(R, "[2025-07-22 15:45:51.323610] [core:notice] x")
                        .time()
                        .toInstant())
                .hasToString("2025-07-22T15:45:51.323610Z");

        // httpd 2.2's mod_proxy: no space after the level
        ParsedLine os = read(R, "[Wed May 28 17:00:35 2014] [error](111)Connection refused: proxy: failed");
        assertThat(os.value("os_error")).isEqualTo("(111)Connection refused");
        assertThat(os.text(ParsedLine.Field.MESSAGE)).isEqualTo("proxy: failed");
        assertThat(read(R, "[Wed May 28 17:00:35 2014] [error]x")).isNull();
    }

    @Test
    void notApache() {
        assertThat(read(R, "[2022/09/16 10:03:48] [ info] [fluent bit] version=1.9.8"))
                .isNull();
        assertThat(read(R, "[2016-04-15T20:17:00.310Z] \"POST / HTTP/2\" 204")).isNull();
        assertThat(read(R, "[Sun Dec 04 04:47:44 2005] free text")).isNull();
        assertThat(read(R, "[crit] 619#0: *39975386 SSL_do_handshake() failed")).isNull();
        assertThat(read(R, "[Xyz Dec 04 04:47:44 2005] [error] x")).isNull();
        assertThat(read(R, "[Sun Dec 04 04:47:44 2005] [mod ule:error] x")).isNull();
        assertThat(read(R, "[Sun Dec 04 04:47:44 2005][error] x")).isNull();
        assertThat(read(R, "[Sun Dec 04 04:47:44 2005] [error]x")).isNull();
        assertThat(R.mayStartWith('[')).isTrue();
        assertThat(R.mayStartWith('S')).isFalse();
    }

    @Test
    void linearInEveryRepeatedPart() {
        assertLinear(R, n -> TIME + "[error] " + ", refere".repeat(n), true);
        assertLinear(R, n -> TIME + "[error] (1)" + "x".repeat(n), true);
        assertLinear(R, n -> TIME + "[error] " + "a".repeat(n) + "(1):", true);
        assertLinear(R, n -> TIME + "[error] [client " + "1".repeat(n), true);
        assertLinear(R, n -> TIME + "[error] " + "\\n".repeat(n), true);
        assertLinear(R, n -> TIME + "[error] " + "[pid 1] ".repeat(n), true);
    }
}
