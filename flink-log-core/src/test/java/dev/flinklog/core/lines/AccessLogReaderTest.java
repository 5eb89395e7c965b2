package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.lines.ReaderFixture.assertLinear;
import static dev.flinklog.core.lines.ReaderFixture.read;
import static org.assertj.core.api.Assertions.assertThat;

class AccessLogReaderTest {

    private static final String HEAD = "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] ";

    private static ParsedLine combined(String line) {
        return read(AccessLogReader.COMBINED, line);
    }

    private static ParsedLine clf(String line) {
        return read(AccessLogReader.CLF, line);
    }

    @Test
    void ingressNginxOldFormatRealIp() {
        String line =
                "10.244.0.1 - [10.244.0.9] - bob [20/Feb/2019:00:30:55 +0000] \"GET / HTTP/2.0\" 200 359 \"-\" \"Mozilla/5.0\""
                        + " 449 0.013 [default-aks-helloworld-80] 10.244.2.52:80 629 0.016 200 666d716c4a53a55834641125cfd555f3";
        ParsedLine p = combined(line);
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("10.244.0.1");
        assertThat(p.value("real_ip")).isEqualTo("10.244.0.9");
        assertThat(p.value("user")).isEqualTo("bob");
        assertThat(p.value("upstream_name")).isEqualTo("default-aks-helloworld-80");
        assertThat(p.text(Field.USER_AGENT)).isEqualTo("Mozilla/5.0");
        assertThat(clf("10.244.2.1 - [10.244.2.1] - - [25/Feb/2019:21:04:21 +0000] \"GET /x HTTP/1.1\" 404 153")
                        .value("real_ip"))
                .isEqualTo("10.244.2.1");
        // the bracket group only in that place, followed by "- user [time]"
        assertThat(clf("10.244.2.1 - [10.244.2.1] x - [25/Feb/2019:21:04:21 +0000] \"GET /x HTTP/1.1\" 404 153"))
                .isNull();
        assertThat(clf("10.244.2.1 x [10.244.2.1] - - [25/Feb/2019:21:04:21 +0000] \"GET /x HTTP/1.1\" 404 153"))
                .isNull();
        assertThat(clf("10.244.2.1 - [10.244.2.1] - - \"GET /x HTTP/1.1\" 404 153"))
                .isNull();
    }

    @Test
    void apacheEscapedQuotesInTheUserAgentAndReferer() {
        ParsedLine p = combined(
                HEAD + "\"GET / HTTP/1.1\" 200 5 \"http://a/?q=\\\"x\\\"\" \"Mozilla/5.0 \\\"quoted\\\" \\\\ end\"");
        assertThat(p.text(Field.USER_AGENT)).isEqualTo("Mozilla/5.0 \"quoted\" \\ end");
        assertThat(p.value("referer")).isEqualTo("http://a/?q=\"x\"");
    }

    @Test
    void nginxHexEscapesInTheUserAgentDecodeAsUtf8() {
        ParsedLine p = combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"say \\x22hi\\x22 caf\\xC3\\xA9\"");
        assertThat(p.text(Field.USER_AGENT)).isEqualTo("say \"hi\" café");
        assertThat(p.value("referer")).isNull();
    }

    @Test
    void escapesInTheRequestTargetAreResolvedOnlyThere() {
        ParsedLine p = combined(HEAD + "\"GET /a\\x22b HTTP/1.1\" 200 5 \"-\" \"curl\"");
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/a\"b");
        assertThat(p.text(Field.HTTP_METHOD)).isEqualTo("GET");
        assertThat(p.value("http_protocol")).isEqualTo("HTTP/1.1");
    }

    @Test
    void requestsThatAreNotRequestLinesLeaveMethodAndPathOut() {
        for (String request : new String[] {"-", "", "\\x16\\x03\\x01", "get / HTTP/1.1", "GET", " / HTTP/1.1"}) {
            ParsedLine p = combined(HEAD + "\"" + request + "\" 400 0 \"-\" \"-\"");
            assertThat(p).as(request).isNotNull();
            assertThat(p.text(Field.HTTP_METHOD)).as(request).isNull();
            assertThat(p.text(Field.HTTP_PATH)).as(request).isNull();
            assertThat(p.httpStatus()).isEqualTo(400);
            assertThat(p.level()).isEqualTo(LogLevel.WARN);
        }
    }

    @Test
    void http09RequestHasNoProtocolAndATargetWithSpacesKeepsThem() {
        ParsedLine p = combined(HEAD + "\"GET /\" 200 - \"-\" \"-\"");
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/");
        assertThat(p.value("http_protocol")).isNull();
        assertThat(p.bytes()).isEqualTo(-1);
        ParsedLine spaced = combined(HEAD + "\"GET /a b HTTP/1.0\" 200 1 \"-\" \"-\"");
        assertThat(spaced.text(Field.HTTP_PATH)).isEqualTo("/a b");
        assertThat(spaced.value("http_protocol")).isEqualTo("HTTP/1.0");
    }

    @Test
    void statusAndBytesDashAreAbsentAndTheLevelWithThem() {
        ParsedLine p = clf(HEAD + "\"GET / HTTP/1.1\" - -");
        assertThat(p.httpStatus()).isEqualTo(-1);
        assertThat(p.bytes()).isEqualTo(-1);
        assertThat(p.level()).isNull();
        assertThat(clf(HEAD + "\"GET / HTTP/1.1\" 503 0").level()).isEqualTo(LogLevel.ERROR);
        assertThat(clf(HEAD + "\"GET / HTTP/1.1\" 302 0").level()).isEqualTo(LogLevel.INFO);
    }

    @Test
    void clfEndsAfterTheBytesAndCombinedGoesOn() {
        String common = HEAD + "\"GET / HTTP/1.1\" 200 5";
        assertThat(clf(common)).isNotNull();
        assertThat(combined(common)).isNull();
        assertThat(clf(common + " \"-\" \"-\"")).isNull();
        assertThat(combined(common + " \"-\" \"-\"")).isNotNull();
        // A custom LogFormat's numbers after the bytes (%D, %T), before the referer or at the end.
        assertThat(clf(common + " 0.123")).isNotNull();
        assertThat(clf(common + " 3413 98").bytes()).isEqualTo(5);
        assertThat(combined(common + " 0.123")).isNull();
        assertThat(combined(common + " 3413 \"-\" \"curl/8\"").text(ParsedLine.Field.USER_AGENT))
                .isEqualTo("curl/8");
        // Neither: something else after the bytes, or a referer without a user agent.
        assertThat(clf(common + " x")).isNull();
        assertThat(clf(common + " 1.")).isNull();
        assertThat(clf(common + " 1 2 3 4")).as("three numbers at most").isNull();
        assertThat(combined(common + " \"-\"")).isNull();
        assertThat(combined(common + " \"-\" x")).isNull();
        assertThat(combined(common + " \"-\" \"unterminated")).isNull();
    }

    @Test
    void messageIsTheWholeLine() {
        String line = HEAD + "\"GET / HTTP/1.1\" 200 5";
        assertThat(clf(line).text(Field.MESSAGE)).isEqualTo(line);
    }

    @Test
    void clientsIpv4Ipv6AndHostNames() {
        assertThat(clf("::1 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5")
                        .text(Field.CLIENT_IP))
                .isEqualTo("::1");
        ParsedLine host =
                clf("crawl-66-249-66-1.googlebot.com - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5");
        assertThat(host.text(Field.CLIENT_IP)).isNull();
        assertThat(host.value("client_host")).isEqualTo("crawl-66-249-66-1.googlebot.com");
    }

    @Test
    void vhostCommonAndDebianVhostCombined() {
        ParsedLine common = clf("www.example.com 10.0.0.1 - bob [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5");
        assertThat(common.value("vhost")).isEqualTo("www.example.com");
        assertThat(common.value("server_port")).isNull();
        assertThat(common.text(Field.CLIENT_IP)).isEqualTo("10.0.0.1");
        assertThat(common.value("user")).isEqualTo("bob");
        ParsedLine debian = combined(
                "example.com:443 2001:db8::1 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"");
        assertThat(debian.value("vhost")).isEqualTo("example.com");
        assertThat(debian.value("server_port")).isEqualTo("443");
        assertThat(debian.text(Field.CLIENT_IP)).isEqualTo("2001:db8::1");
    }

    @Test
    void headersThatAreNotNcsa() {
        // Too few or too many tokens before the time, no time, a time that is none, two spaces after it.
        assertThat(clf("1.2.3.4 - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5"))
                .isNull();
        assertThat(clf("a b 1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5"))
                .isNull();
        assertThat(clf("1.2.3.4 - - [yesterday] \"GET / HTTP/1.1\" 200 5")).isNull();
        assertThat(clf("1.2.3.4 - -  [10/Oct/2000:13:55:36 -0700]  \"GET / HTTP/1.1\" 200 5"))
                .as("padding is read before the time only")
                .isNull();
        assertThat(clf("1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] GET / 200 5")).isNull();
        assertThat(clf("1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 2000 5"))
                .isNull();
        assertThat(clf("1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5k"))
                .isNull();
        assertThat(clf("1.2.3.4 - - [10/Oct/2000:13:55:36 -0700]")).isNull();
        assertThat(clf("1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.1"))
                .isNull();
    }

    @Test
    void traefikWithDashStatusAndBytes() {
        ParsedLine p = combined(
                "10.0.0.2 - - [08/Jan/2023:12:28:57 +0000] \"GET / HTTP/1.0\" - - \"-\" \"-\" 746 \"-\" \"-\" 0ms");
        assertThat(p.httpStatus()).isEqualTo(-1);
        assertThat(p.bytes()).isEqualTo(-1);
        assertThat(p.durationMs()).isEqualTo(0.0);
        assertThat(p.value("request_count")).isEqualTo("746");
        assertThat(p.value("router")).isNull();
        assertThat(p.value("server_url")).isNull();
    }

    @Test
    void ingressUpstreamListsWithoutTheAlternativeName() {
        ParsedLine p = combined(
                HEAD
                        + "\"GET / HTTP/1.1\" 502 5 \"-\" \"-\" 300 1.5 [default-web-80] 10.0.0.1:80, 10.0.0.2:80 0, 19437 0.001, 0.049 502, 200 abc123");
        assertThat(p.durationMs()).isEqualTo(1500.0);
        assertThat(p.value("request_length")).isEqualTo("300");
        assertThat(p.value("upstream_name")).isEqualTo("default-web-80");
        assertThat(p.value("upstream_alternative_name")).isNull();
        assertThat(p.value("upstream_addr")).isEqualTo("10.0.0.1:80, 10.0.0.2:80");
        assertThat(p.value("upstream_response_length")).isEqualTo("0, 19437");
        assertThat(p.value("upstream_response_time")).isEqualTo("0.001, 0.049");
        assertThat(p.value("upstream_status")).isEqualTo("502, 200");
        assertThat(p.value("request_id")).isEqualTo("abc123");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void ingressInternalRedirectJoinsUpstreamsWithColon() {
        ParsedLine p = combined(
                HEAD
                        + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" 300 0.010 [a] [] 10.0.0.1:80 : 10.0.0.2:80 1 : 2 0.004 : 0.005 404 : 200 id");
        assertThat(p.value("upstream_alternative_name")).isNull();
        assertThat(p.value("upstream_addr")).isEqualTo("10.0.0.1:80 : 10.0.0.2:80");
        assertThat(p.value("upstream_status")).isEqualTo("404 : 200");
        assertThat(p.value("request_id")).isEqualTo("id");
    }

    @Test
    void unknownExtrasAreIgnoredAndAQuotedNonAddressIsNoForwardedFor() {
        ParsedLine p = combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" \"example.com\" 0.003");
        assertThat(p).isNotNull();
        assertThat(p.value("x_forwarded_for")).isEqualTo("example.com");
        ParsedLine custom = combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" \"Time: 39770 microsecs\"");
        assertThat(custom.value("x_forwarded_for")).isNull();
        ParsedLine id =
                combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" \"5ccc98a28dca9e796f72b33568e54c36\" 1.025");
        assertThat(id.value("x_forwarded_for")).as("a request id").isNull();
        ParsedLine list =
                combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" \"unknown, [2001:db8::1]:443,10.0.0.1:80\"");
        assertThat(list.value("x_forwarded_for")).isEqualTo("unknown, [2001:db8::1]:443,10.0.0.1:80");
        ParsedLine number = combined(HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" 0.003 extra");
        assertThat(number.durationMs()).isNaN();
        assertThat(number.pairCount()).isEqualTo(1);
    }

    @Test
    void pidAfterTheTime() {
        ParsedLine p = clf(HEAD + "[4242] \"GET / HTTP/1.1\" 200 5");
        assertThat(p.text(Field.PID)).isEqualTo("4242");
        assertThat(clf(HEAD + "[42x] \"GET / HTTP/1.1\" 200 5")).isNull();
    }

    @Test
    void pythonsHttpServerWritesTheTimeWithASpaceAndNoZone() {
        // Werkzeug (Flask's development server) logs through http.server's format
        ParsedLine p = clf("172.18.0.1 - - [29/Aug/2023 22:02:58] \"GET / HTTP/1.1\" 200 -");
        assertThat(p.hasTime()).isTrue();
        assertThat(p.time().epochSecond())
                .isEqualTo(java.time.Instant.parse("2023-08-29T22:02:58Z").getEpochSecond());
        assertThat(p.time().usedDefaultZone()).isTrue();
        assertThat(p.text(ParsedLine.Field.CLIENT_IP)).isEqualTo("172.18.0.1");
        assertThat(p.httpStatus()).isEqualTo(200);
        assertThat(p.bytes()).isEqualTo(-1);
    }

    @Test
    void squidsCommonFormatEndsWithItsResultCode() {
        // DataDog's squid integration test log
        ParsedLine p = clf("10.10.10.10 - testuser2 [12/Sep/2024:12:08:20 +0530] \"CONNECT ssl.gstatic.com:443"
                + " HTTP/1.1\" 200 0 NONE_NONE:HIER_DIRECT");
        assertThat(p.httpStatus()).isEqualTo(200);
        assertThat(p.bytes()).isZero();
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("ssl.gstatic.com:443");
        assertThat(p.value("user")).isEqualTo("testuser2");
        // a transaction that ended before any reply: status 0, no status
        ParsedLine none = clf("10.10.10.10 - - [12/Sep/2024:12:08:20 +0530] \"- error:transaction-end-before-headers"
                + " NONE/0.0\" 0 0 NONE_NONE:HIER_NONE");
        assertThat(none.httpStatus()).isEqualTo(-1);
        assertThat(none.level()).isNull();
        assertThat(clf(HEAD + "\"GET / HTTP/1.1\" 200 5 TCP_MISS:")).isNull();
        assertThat(clf(HEAD + "\"GET / HTTP/1.1\" 200 5 tcp_miss:hier_none")).isNull();
        assertThat(clf(HEAD + "\"GET / HTTP/1.1\" 05 5")).isNull();
    }

    @Test
    void tomcatsLocalAddressAndConnectionStatusAfterTheBytes() {
        // Elastic's apache_tomcat test log: %A %X %D between the bytes and the referer
        ParsedLine p = combined("81.2.69.144 - admin [02/Mar/2023:18:58:17 +0530] \"POST /a.svg HTTP/1.1\" 200 20486"
                + " 81.2.69.145 + 400 \"http://localhost:8080/host-manager/html\" \"Mozilla/5.0\"");
        assertThat(p.bytes()).isEqualTo(20486);
        assertThat(p.value("referer")).isEqualTo("http://localhost:8080/host-manager/html");
        assertThat(p.text(Field.USER_AGENT)).isEqualTo("Mozilla/5.0");
        assertThat(combined(HEAD + "\"GET / HTTP/1.1\" 200 5 X \"-\" \"ua\"").text(Field.USER_AGENT))
                .isEqualTo("ua");
        assertThat(combined(HEAD + "\"GET / HTTP/1.1\" 200 5 Y \"-\" \"ua\"")).isNull();
    }

    @Test
    void paddedColumnsBeforeTheTime() {
        ParsedLine p = combined("10.1.10.51 -  -  [23/Dec/2014:21:20:35 +0000] \"POST /api/1/rest/foo/bar HTTP/1.1\""
                + " 200 - \"-\" \"-\"  293");
        assertThat(p.text(Field.CLIENT_IP)).isEqualTo("10.1.10.51");
        assertThat(p.text(Field.HTTP_PATH)).isEqualTo("/api/1/rest/foo/bar");
        assertThat(p.httpStatus()).isEqualTo(200);
    }

    @Test
    void mayStartWithAddressesAndNamesOnly() {
        for (char c : "0123456789abcdefxyzABCXYZ:".toCharArray()) {
            assertThat(AccessLogReader.COMBINED.mayStartWith(c)).as("%s", c).isTrue();
        }
        for (char c : "[{\"<-#/ é".toCharArray()) {
            assertThat(AccessLogReader.CLF.mayStartWith(c)).as("%s", c).isFalse();
        }
    }

    @Test
    void linearInEveryRepeatedPart() {
        // One long token; a request of escaped quotes; a user agent of nginx escapes; long lists.
        assertLinear(AccessLogReader.COMBINED, n -> "1".repeat(n), false);
        assertLinear(AccessLogReader.COMBINED, n -> ("a".repeat(n) + " ").repeat(4) + "[" + "1".repeat(n), false);
        assertLinear(
                AccessLogReader.COMBINED,
                n -> HEAD + "\"GET /" + "\\\"".repeat(n) + " HTTP/1.1\" 200 5 \"-\" \"-\"",
                true);
        assertLinear(
                AccessLogReader.COMBINED,
                n -> HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"" + "\\x22".repeat(n) + "\"",
                true);
        assertLinear(
                AccessLogReader.COMBINED,
                n -> HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" \"" + "1.1.1.1, ".repeat(n) + "\"",
                true);
        assertLinear(
                AccessLogReader.COMBINED,
                n -> HEAD + "\"GET / HTTP/1.1\" 200 5 \"-\" \"-\" 1 0.1 [a] " + "1, ".repeat(n) + "1 : ".repeat(n)
                        + "1",
                true);
        assertLinear(AccessLogReader.CLF, n -> HEAD + "\"GET /" + " x".repeat(n) + "\" 200 5", true);
        assertLinear(AccessLogReader.CLF, n -> HEAD + "\"" + "\\".repeat(2 * n), false);
    }
}
