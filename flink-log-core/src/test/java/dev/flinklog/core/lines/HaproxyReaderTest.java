package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.lines.ReaderFixture.assertLinear;
import static dev.flinklog.core.lines.ReaderFixture.read;
import static org.assertj.core.api.Assertions.assertThat;

class HaproxyReaderTest {

    private static final HaproxyReader R = HaproxyReader.INSTANCE;

    private static final String HTTP =
            "10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0";

    @Test
    void readsFromTheClientAddressOfASyslogMessage() {
        // The parser hands the syslog message over as a span of the same line.
        String header = "Feb  6 12:14:14 localhost haproxy[14389]: ";
        String line = header + HTTP + " \"GET /index.html HTTP/1.1\"";
        ParsedLine p = read(R, line, header.length(), line.length());
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("10.0.1.2");
        assertThat(p.text(Field.MESSAGE)).isEqualTo(line.substring(header.length()));
        assertThat(p.time().toInstant()).hasToString("2009-02-06T12:14:14.655Z");
        assertThat(p.durationMs()).isEqualTo(109.0);
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(read(R, line)).isNull();
    }

    @Test
    void httpFieldsOneByOne() {
        ParsedLine p = read(R, HTTP + " {1wt.eu} {} \"GET /index.html HTTP/1.1\"");
        assertThat(p.value("frontend")).isEqualTo("http-in");
        assertThat(p.value("backend")).isEqualTo("static");
        assertThat(p.value("server")).isEqualTo("srv1");
        assertThat(p.value("termination_state")).isEqualTo("----");
        assertThat(p.httpStatus()).isEqualTo(200);
        assertThat(p.bytes()).isEqualTo(2750);
        assertThat(p.text(Field.HTTP_METHOD)).isEqualTo("GET");
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/index.html");
        assertThat(p.value("http_protocol")).isEqualTo("HTTP/1.1");
        assertThat(p.value("tls_sni")).isNull();
    }

    @Test
    void aRequestCutAt1024CharactersHasNoClosingQuote() {
        ParsedLine p = read(R, HTTP + " \"GET /" + "a".repeat(1017));
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/" + "a".repeat(1017));
        assertThat(p.value("http_protocol")).isNull();
    }

    @Test
    void httpsLogTlsFieldsWithAnEmptySni() {
        ParsedLine p = read(R, HTTP + " \"GET / HTTP/1.1\" 0/0/0/0/0 /TLSv1.2/ECDHE-RSA-AES128-GCM-SHA256");
        assertThat(p.value("tls_sni")).isNull();
        assertThat(p.value("tls_version")).isEqualTo("TLSv1.2");
        assertThat(p.value("tls_cipher")).isEqualTo("ECDHE-RSA-AES128-GCM-SHA256");
    }

    @Test
    void unreachedPhasesAndNoStatus() {
        ParsedLine p = read(
                R,
                "127.0.0.1:34548 [15/Oct/2003:15:18:55.798] px-http px-http/<NOSRV> -1/-1/-1/-1/-1 -1 0 - - CR-- 2/2/2/0/+1 0/0 \"\"");
        assertThat(p.durationMs()).isNaN();
        assertThat(p.httpStatus()).isEqualTo(-1);
        assertThat(p.level()).isNull();
        assertThat(p.text(Field.HTTP_METHOD)).isNull();
    }

    @Test
    void tcpLogHasNoLevel() {
        ParsedLine p =
                read(R, "127.0.0.1:34550 [15/Oct/2003:15:24:28.312] px-tcp px-tcp/srv1 0/0/+5007 +10 cD 0/0/0/0/0 0/0");
        assertThat(p.durationMs()).isEqualTo(5007.0);
        assertThat(p.bytes()).isEqualTo(10);
        assertThat(p.level()).isNull();
        assertThat(p.value("termination_state")).isEqualTo("cD");
    }

    @Test
    void ipv6Client() {
        ParsedLine p = read(R, "2001:db8::1:51940 [18/Jul/2011:17:05:24.339] fe be/srv 0/0/1 0 -- 0/0/0/0/0 0/0");
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("2001:db8::1");
    }

    @Test
    void errorAndDefaultFormats() {
        ParsedLine error =
                read(R, "127.0.0.1:56059 [03/Dec/2012:17:35:10.380] frt/f1: Connection error during SSL handshake");
        assertThat(error.text(Field.MESSAGE)).isEqualTo("Connection error during SSL handshake");
        assertThat(error.value("bind")).isEqualTo("f1");
        ParsedLine connect = read(R, "Connect from ::1:33312 to 10.0.3.31:8012 (www/TCP)");
        assertThat(connect.text(Field.CLIENT_IP)).isEqualTo("::1");
        assertThat(connect.value("mode")).isEqualTo("TCP");
        assertThat(connect.hasTime()).isFalse();
    }

    @Test
    void notHaproxy() {
        // A client without port (CLF), a zone-less time that is none, wrong timer counts, bad fields.
        assertThat(read(R, "127.0.0.1 [06/Feb/2009:12:14:14.655] fe be/s 0/0/1 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [soon] fe be/s 0/0/1 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe be/s 0/1 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe be/s 0/0/0/0/0/1 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe be/s 0/0/1/ 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe bes 0/0/1 0 -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe be/s 0/0/1 0 -- 0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, "127.0.0.1:1 [06/Feb/2009:12:14:14.655] fe be/s 0/0/1 x -- 0/0/0/0/0 0/0"))
                .isNull();
        assertThat(read(R, HTTP.replace(" 200 ", " 2000 ") + " \"GET / HTTP/1.1\""))
                .isNull();
        assertThat(read(R, HTTP + " {unclosed \"GET / HTTP/1.1\"")).isNull();
        assertThat(read(R, HTTP)).isNull();
        assertThat(read(R, "Connected from 1.2.3.4:5 to 1.2.3.4:6 (a/b)")).isNull();
        assertThat(read(R, "Connect from 1.2.3.4 to 1.2.3.4:6 (a/b)")).isNull();
    }

    @Test
    void mayStartWithAddressesAndConnect() {
        for (char c : "09afAFC:".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isTrue();
        }
        for (char c : "gzGZ[{\" -".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isFalse();
        }
    }

    @Test
    void linearInEveryRepeatedPart() {
        assertLinear(R, n -> "1".repeat(2 * n), false);
        assertLinear(R, n -> "1:".repeat(n), false);
        assertLinear(R, n -> "Connect from 1.2.3.4:5 to " + "1".repeat(n) + " (" + "a".repeat(n) + ")", false);
        assertLinear(R, n -> HTTP + " {" + "|".repeat(n) + "} {" + "x".repeat(n) + "} \"GET /" + "a".repeat(n), true);
        assertLinear(R, n -> HTTP + " {" + "|".repeat(2 * n), false);
        assertLinear(R, n -> HTTP + " \"GET / HTTP/1.1\" " + "0/".repeat(n) + "0 " + "a/".repeat(n), true);
        assertLinear(
                R, n -> "1.2.3.4:5 [06/Feb/2009:12:14:14.655] fe be/s 0/0/1 0 -- " + "1/".repeat(n) + "1 0/0", false);
        assertLinear(R, n -> "1.2.3.4:5 [06/Feb/2009:12:14:14.655] " + "f".repeat(n) + "/b: message", true);
    }
}
