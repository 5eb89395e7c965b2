package dev.flinklog.core.lines;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HttpTextTest {

    private static boolean ip(String s) {
        return HttpText.isIp(s, 0, s.length());
    }

    @Test
    void ipLiterals() {
        for (String s : new String[] {
            "0.0.0.0",
            "255.255.255.255",
            "::",
            "::1",
            "fe80::1%eth0",
            "2001:db8::",
            "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
            "::ffff:10.0.0.1",
            "1:2:3:4:5:6:1.2.3.4",
            "1::2:3:4:5:6:7"
        }) {
            assertThat(ip(s)).as(s).isTrue();
        }
        for (String s : new String[] {
            "",
            "1.2.3",
            "1.2.3.4.5",
            "256.1.1.1",
            "1.2.3.",
            "1..2.3",
            ":",
            ":1",
            "1:",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "cafe",
            "g::1",
            "::1.2.3",
            "1:2:3:4:5:6:7:1.2.3.4",
            "myip",
            "-"
        }) {
            assertThat(ip(s)).as(s).isFalse();
        }
    }

    @Test
    void addressAndPort() {
        assertThat(end("10.0.0.1:80")).isEqualTo(8);
        assertThat(end("10.0.0.1")).isEqualTo(8);
        assertThat(end("::1:58619")).isEqualTo(3);
        assertThat(end("::1")).isEqualTo(3);
        assertThat(end("2001:db8::1")).isEqualTo(11);
        assertThat(end("host:80")).isEqualTo(-1);
        assertThat(end("10.0.0.1:")).isEqualTo(-1);
    }

    private static int end(String s) {
        return HttpText.addressEnd(s, 0, s.length());
    }

    @Test
    void bracketedIpv6WithOrWithoutPort() {
        assertThat(bracketed("[2a02:cf40::4e36]:5000")).isEqualTo(16);
        assertThat(bracketed("[::1]")).isEqualTo(4);
        assertThat(bracketed("[::1]:")).isEqualTo(-1);
        assertThat(bracketed("[::1]:80x")).isEqualTo(-1);
        assertThat(bracketed("[::1]80")).isEqualTo(-1);
        assertThat(bracketed("[host]:80")).isEqualTo(-1);
        assertThat(bracketed("[::1")).isEqualTo(-1);
        assertThat(bracketed("::1")).isEqualTo(-1);
        ParsedLine out = new ParsedLine();
        String line = "[2001:db8::1]:443";
        out.reset(line);
        HttpText.client(line, 0, line.length(), out);
        assertThat(out.text(ParsedLine.Field.CLIENT_IP)).isEqualTo("2001:db8::1");
    }

    private static int bracketed(String s) {
        return HttpText.bracketedIpEnd(s, 0, s.length());
    }

    @Test
    void secondsAsMillis() {
        assertThat(ms("0.050")).isEqualTo(50.0);
        assertThat(ms("1.5")).isEqualTo(1500.0);
        assertThat(ms("12")).isEqualTo(12000.0);
        assertThat(ms("0.000001")).isEqualTo(0.001);
        assertThat(ms("1.")).isNaN();
        assertThat(ms(".5")).isNaN();
        assertThat(ms("-")).isNaN();
        assertThat(ms("1.2.3")).isNaN();
    }

    private static double ms(String s) {
        return HttpText.secondsAsMillis(s, 0, s.length());
    }

    @Test
    void quotedPacksItsEndAndWhetherItHeldABackslash() {
        long q = HttpText.quoted("\"a\\\"b\" x", 0, 8);
        assertThat(HttpText.quoteEnd(q)).isEqualTo(5);
        assertThat(HttpText.quoteEscaped(q)).isTrue();
        long plain = HttpText.quoted("\"ab\"", 0, 4);
        assertThat(HttpText.quoteEnd(plain)).isEqualTo(3);
        assertThat(HttpText.quoteEscaped(plain)).isFalse();
        assertThat(HttpText.quoted("\"ab\\\"", 0, 5)).isEqualTo(-1);
    }

    @Test
    void aRequestTargetEndsAtItsLastNonSpace() {
        // Tomcat's "GET / " (Elastic's apache_tomcat test log): a space and no protocol.
        for (String[] c : new String[][] {
            {"GET / ", "/", null},
            {"GET /a b HTTP/1.1", "/a b", "HTTP/1.1"},
            {"GET /  HTTP/1.1", "/", "HTTP/1.1"},
            {"GET /x", "/x", null},
            {"GET  ", null, null}
        }) {
            ParsedLine out = new ParsedLine().reset(c[0]);
            HttpText.request(c[0], 0, c[0].length(), false, out);
            assertThat(out.text(ParsedLine.Field.HTTP_METHOD)).as(c[0]).isEqualTo("GET");
            assertThat(out.text(ParsedLine.Field.HTTP_PATH)).as(c[0]).isEqualTo(c[1]);
            assertThat(out.value("http_protocol")).as(c[0]).isEqualTo(c[2]);
        }
    }
}
