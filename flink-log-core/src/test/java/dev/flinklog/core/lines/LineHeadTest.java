package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dispatch by head: the table is built from representatives, so a representative must admit
 * whatever any member of its class admits; and on real lines and their near variants the parser
 * gives what it gives when every reader that may start with the first character tries them.
 */
class LineHeadTest {

    private static final long REFERENCE = LineReaderProbe.REFERENCE.toEpochMilli();

    private static final LineParser BY_HEAD = new LineParser(TimestampParser.UTC, LineParser.textShapes(), true, true);
    private static final LineParser BY_FIRST =
            new LineParser(TimestampParser.UTC, LineParser.textShapes(), true, false);

    @Test
    void aRepresentativeAdmitsWhateverItsClassAdmits() {
        List<String> wrong = new ArrayList<>();
        char[] firsts = new char[129];
        for (int c = 0; c < 128; c++) {
            firsts[c] = (char) c;
        }
        firsts[128] = 'é';
        for (LineParser.ShapeReader r : LineParser.READERS) {
            for (char first : firsts) {
                for (int run = 1; run <= LineHead.LONG; run++) {
                    for (char tenth : new char[] {'T', ' ', '~'}) {
                        for (int ch = 0; ch <= 0x3000; ch++) {
                            char next = (char) ch;
                            if (r.mayStartWith(first, run, next, tenth)
                                    && !r.mayStartWith(
                                            first, run, LineHead.representative(LineHead.classOf(next)), tenth)) {
                                wrong.add(r.shape() + " " + first + run + next + tenth);
                            }
                        }
                        if (r.mayStartWith(first, run, LineHead.END, tenth)
                                && !r.mayStartWith(first, run, LineHead.representative(LineHead.END_CLASS), tenth)) {
                            wrong.add(r.shape() + " end");
                        }
                    }
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void everyCharacterBeyondAsciiIsAskedAsOne() {
        for (LineParser.ShapeReader r : LineParser.READERS) {
            for (int c = 128; c < 0x3000; c++) {
                if (r.mayStartWith((char) c)) {
                    assertThat(r.mayStartWith('é')).as(r.shape().sqlName()).isTrue();
                }
            }
        }
    }

    @Test
    void headsRuleOutTheReadersThatCannotStartSo() {
        // Which readers a head admits; the order they are tried in is ReaderOrderTest's.
        // After an ISO date, what follows its time: a lower-case word past f ...
        assertThat(shapes("2026-12-02T10:00:00.123456789Z stdout F hello"))
                .containsExactlyInAnyOrder(
                        LineShape.CRI,
                        LineShape.SYSLOG3164, // a host
                        LineShape.RUBY); // Sidekiq's "pid="
        // ... a tab, a bracket, a digit, an upper-case level, Python's " - "
        assertThat(shapes("2026-12-02T10:00:00.123Z\tINFO\tmain.go:12\thello")).containsExactly(LineShape.ZAP);
        assertThat(shapes("2026-12-02T10:00:00.123Z [INFO]  agent: hello"))
                .containsExactlyInAnyOrder(LineShape.GO, LineShape.MYSQL, LineShape.JAVA);
        assertThat(shapes("2026-12-02T10:00:00.123456Z 0 [Note] [MY-010116] [Server] hello"))
                .containsExactlyInAnyOrder(LineShape.MYSQL, LineShape.SYSLOG3164, LineShape.RUBY);
        assertThat(shapes("2026-12-02 10:00:00,123 INFO main - hello"))
                .containsExactlyInAnyOrder(LineShape.POSTGRESQL, LineShape.JAVA, LineShape.PYTHON);
        assertThat(shapes("2026-12-02 10:00:00,123 - app - INFO - hello"))
                .containsExactlyInAnyOrder(LineShape.JAVA, LineShape.PYTHON);
        assertThat(shapes("2026-12-02 10:00:00.123 +03 [42] LOG:  hello"))
                .containsExactlyInAnyOrder(LineShape.POSTGRESQL, LineShape.MYSQL, LineShape.JAVA, LineShape.PYTHON);
        // MariaDB's space-padded hour: what follows the time is not told, every reader of the date tries
        assertThat(shapes("2018-05-28  2:23:49 0 [Note] hello"))
                .containsExactlyInAnyOrder(
                        LineShape.ZAP, LineShape.POSTGRESQL, LineShape.MYSQL, LineShape.JAVA, LineShape.PYTHON);
        // A bracketed ISO date, and what follows its "]"
        assertThat(shapes("[2026-12-02 10:00:00,123] INFO Started (kafka.server.KafkaServer)"))
                .containsExactlyInAnyOrder(
                        LineShape.PHP, LineShape.JAVA, LineShape.PYTHON, LineShape.GO); // Monolog's channel
        assertThat(shapes("[2026-12-02T10:00:00.123Z] \"GET / HTTP/1.1\" 200 - 0 5 1 1 \"-\" \"curl\""))
                .containsExactlyInAnyOrder(LineShape.ENVOY, LineShape.GO);
        assertThat(shapes("[2026-12-02 10:00:00.123][14][info][main] hello"))
                .containsExactlyInAnyOrder(LineShape.ENVOY, LineShape.JAVA, LineShape.GO);
        // No ISO date in the brackets: PHP-FPM's, Redis's, PostgreSQL's syslog sequence
        assertThat(shapes("[02-Dec-2026 10:00:00] NOTICE: fpm is running, pid 1"))
                .containsExactlyInAnyOrder(
                        LineShape.PHP,
                        LineShape.ENVOY,
                        LineShape.POSTGRESQL,
                        LineShape.REDIS,
                        LineShape.APACHE_ERROR, // its "[02/Dec/2026:"
                        LineShape.GO);
        // A date with slashes: nginx's "[level]", Caddy's tab, Go's anything
        assertThat(shapes("2026/12/02 10:00:00 [error] 1#1: *1 open() failed"))
                .containsExactlyInAnyOrder(LineShape.NGINX_ERROR, LineShape.GO);
        assertThat(shapes("2026/12/02 10:00:00.123\tINFO\thttp.log\thello"))
                .containsExactlyInAnyOrder(LineShape.ZAP, LineShape.GO);
        assertThat(shapes("2026/12/02 10:00:00 main.go:12: hello")).containsExactly(LineShape.GO);
        assertThat(shapes("192.168.1.20 - - [02/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5"))
                .containsExactlyInAnyOrder(LineShape.GO, LineShape.HAPROXY, LineShape.COMBINED, LineShape.CLF);
        assertThat(shapes("I1202 10:00:00.000000    1 main.go:12] hello"))
                .containsExactlyInAnyOrder(
                        LineShape.KLOG,
                        LineShape.GO,
                        LineShape.COMBINED,
                        LineShape.CLF,
                        LineShape.PYTHON,
                        LineShape.LOGFMT);
        assertThat(shapes("level=info msg=hello")).containsExactlyInAnyOrder(LineShape.GO, LineShape.LOGFMT);
        assertThat(shapes("type=CWD msg=audit(1577106448.619:7870): cwd=\"/\""))
                .containsExactlyInAnyOrder(LineShape.GO, LineShape.AUDITD, LineShape.LOGFMT);
        assertThat(shapes("audit: type=1400 audit(1417954745.397:82): apparmor=\"ALLOWED\""))
                .containsExactlyInAnyOrder(
                        LineShape.PYTHON,
                        LineShape.COMBINED,
                        LineShape.CLF,
                        LineShape.GO,
                        LineShape.AUDITD,
                        LineShape.LOGFMT);
        assertThat(shapes("1:M 02 Dec 2026 10:00:00.000 * Ready"))
                .contains(LineShape.REDIS)
                .doesNotContain(LineShape.CRI);
        assertThat(shapes("<34>1 2026-12-02T10:00:00Z host app - - - hi"))
                .containsExactlyInAnyOrder(LineShape.SYSLOG5424, LineShape.SYSLOG3164);
    }

    @Test
    void parsersOfTheSameShapesShareOneTable() {
        // LOG_PARSE_LINE builds a parser for each zone it is given: the table is built once.
        String line = "2026-12-02T10:00:00Z stdout F hello";
        LineParser other = LineParser.all(TimestampParser.forZone("Asia/Tokyo"));
        assertThat(other.candidates(line, 0, line.length())).isSameAs(BY_HEAD.candidates(line, 0, line.length()));
        assertThat(BY_FIRST.candidates(line, 0, line.length())).isNotSameAs(BY_HEAD.candidates(line, 0, line.length()));
    }

    private static List<LineShape> shapes(String line) {
        return Arrays.stream(BY_HEAD.candidates(line, 0, line.length()))
                .map(LineParser.ShapeReader::shape)
                .toList();
    }

    @Test
    void realLinesAndTheirVariantsReadAsWithoutHeads() throws Exception {
        List<String> lines = new ArrayList<>();
        for (LineCorpusTest.Entry e : LineCorpusTest.entries()) {
            lines.add(e.get("line"));
        }
        String swaps = "0159aZ -/.:,=[]_<>\t\"é";
        List<String> differ = new ArrayList<>();
        ParsedLine a = new ParsedLine();
        ParsedLine b = new ParsedLine();
        int variants = 0;
        for (String line : lines) {
            List<String> all = new ArrayList<>();
            all.add(line);
            for (int i = 0; i < Math.min(line.length(), 40); i++) {
                all.add(line.substring(0, i) + line.substring(i + 1));
                all.add(line.substring(i));
                for (int k = 0; k < swaps.length(); k++) {
                    all.add(line.substring(0, i) + swaps.charAt(k) + line.substring(i + 1));
                }
            }
            for (String v : all) {
                variants++;
                LineShape x = BY_HEAD.parse(v, REFERENCE, a);
                LineShape y = BY_FIRST.parse(v, REFERENCE, b);
                if (x != y || !a.toString().equals(b.toString())) {
                    differ.add(y + " -> " + x + ": " + v);
                }
            }
        }
        assertThat(variants).isGreaterThan(100_000);
        // The one narrowing mutations reach: a client whose first run is followed by a character
        // no address or host name has ("127=0.0.1") is no access log. And an access line behind
        // docker's time: the first character lets the access reader take the time as a virtual
        // host; the head, ruling a date out as a client, leaves the line to be read behind its time.
        assertThat(differ)
                .isNotEmpty()
                .allSatisfy(d -> assertThat(d)
                        .matches("(COMBINED|CLF) -> (PLAIN|SYSLOG3164|SYSLOG5424|CRI): .*"
                                + "|(COMBINED -> COMBINED|CLF -> CLF): \\d{4}-\\d\\d-\\d\\dT.*"));
        for (String d : differ) {
            String line = d.substring(d.indexOf(": ") + 2);
            if (d.contains("-> PLAIN")) {
                // behind a tool's prefix (docker compose, kubectl --prefix) the head that rules the
                // access readers out is the inner line's
                int bar = line.indexOf("| ");
                int bracket = line.startsWith("[pod/") ? line.indexOf("] ") : -1;
                String inner = bracket > 0 ? line.substring(bracket + 2) : bar > 0 ? line.substring(bar + 2) : line;
                assertThat(List.of(shapes(line), shapes(inner)))
                        .as(line)
                        .anySatisfy(s -> assertThat(s).doesNotContain(LineShape.COMBINED, LineShape.CLF));
            }
        }
    }
}
