package dev.flinklog.core.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class HttpStatusTest {

    /** The request line's protocol starts where {@code http} does, in any case. */
    private static int requestLine(String s) {
        return HttpStatus.afterRequestLine(s, s.toLowerCase(Locale.ROOT).indexOf("http"));
    }

    /** The cue is {@code HTTP} or {@code status}; the code is read after it. */
    private static int afterCue(String s) {
        int http = s.indexOf("HTTP");
        int from = http >= 0 ? http + 4 : s.indexOf("status") + 6;
        return HttpStatus.afterCue(s, from);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET / HTTP/1.1\" 503 12 | 503",
                "GET / HTTP/1.0\" 404 - | 404",
                "GET / HTTP/2\" 200 | 200",
                "GET / HTTP/2.0\" 200 | 200",
                "HTTP/1.1\" 999 | 999",
                "HTTP/1.1\" 503, | 503",
                // strict shape: quote, then exactly one space
                "HTTP/1.1 503 | -1",
                "HTTP/1.1\"  503 | -1",
                "HTTP/1.1\"503 | -1",
                "HTTP/1.1' 503 | -1",
                // a version is required, of at most four chars
                "HTTP/\" 503 | -1",
                "HTTP/1.1.1\" 503 | -1",
                // case-sensitive protocol
                "http/1.1\" 503 | -1",
                "HTTPS/1.1\" 503 | -1",
                // three digits, then no word char
                "HTTP/1.1\" 50 | -1",
                "HTTP/1.1\" 5031 | -1",
                "HTTP/1.1\" 503ms | -1",
                "HTTP/1.1\" 503_x | -1",
                "HTTP/1.1\" 503é | -1",
                "HTTP/1.1\" | -1",
            })
    void requestLineIsStrict(String text, int code) {
        assertThat(requestLine(text)).as(text).isEqualTo(code);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "HTTP/1.1 503 | 503",
                "HTTP/1.1\" 503 | 503",
                "HTTP 404 | 404",
                "HTTP/2 429 | 429",
                "status=500 | 500",
                "status: 500 | 500",
                "\"status\" : \"503\" | 503",
                "status\t401 | 401",
                "status='403' | 403",
                // one to six separators
                "status500 | -1",
                "status       500 | -1",
                "status      500 | 500",
                // no other separators
                "status=-500 | -1",
                "status/500 | -1",
                "HTTP/ 500 | -1",
                "HTTP/1.1.1 500 | -1",
                "status=5000 | -1",
                "status=500ms | -1",
                "status=50 | -1",
                "status= | -1",
            })
    void afterCueAcceptsTheUsualSeparators(String text, int code) {
        assertThat(afterCue(text)).as(text).isEqualTo(code);
    }

    @Test
    void theTwoRulesDifferOnlyWhereTheyShould() {
        // A request line's status reads under both rules; a status after a bare space only loosely.
        assertThat(requestLine("\"GET / HTTP/1.1\" 503 0")).isEqualTo(503);
        assertThat(afterCue("\"GET / HTTP/1.1\" 503 0")).isEqualTo(503);
        assertThat(requestLine("HTTP/1.1 503")).isEqualTo(HttpStatus.NONE);
        assertThat(afterCue("HTTP/1.1 503")).isEqualTo(503);
    }

    @Test
    void readsOnlyABoundedPrefixAndNeverPastTheEnd() {
        String text = "HTTP/1.1\" 503";
        for (int cut = 0; cut < text.length(); cut++) {
            String prefix = text.substring(0, cut);
            assertThat(HttpStatus.afterRequestLine(prefix, 0)).isEqualTo(HttpStatus.NONE);
            assertThat(HttpStatus.afterCue(prefix, Math.min(4, cut))).isEqualTo(HttpStatus.NONE);
        }
        assertThat(HttpStatus.afterCue("", 0)).isEqualTo(HttpStatus.NONE);
        assertThat(HttpStatus.afterRequestLine("x", 5)).isEqualTo(HttpStatus.NONE);
    }
}
