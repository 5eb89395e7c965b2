package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static dev.flinklog.core.lines.LineShape.AUDITD;
import static dev.flinklog.core.lines.LineShape.CRI;
import static dev.flinklog.core.lines.LineShape.GO;
import static dev.flinklog.core.lines.LineShape.JAVA;
import static dev.flinklog.core.lines.LineShape.LOGFMT;
import static dev.flinklog.core.lines.LineShape.MYSQL;
import static dev.flinklog.core.lines.LineShape.NGINX_ERROR;
import static dev.flinklog.core.lines.LineShape.PYTHON;
import static dev.flinklog.core.lines.LineShape.RUBY;
import static dev.flinklog.core.lines.LineShape.SYSLOG3164;
import static dev.flinklog.core.lines.LineShape.SYSLOG5424;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readers' order. A line is its first taker's, so the order decides only where two readers
 * take the same line: over the corpus and its near variants (and the messages of their envelopes)
 * only the pairs below do, and {@link LineParser#READERS} lists each pair's winner first. Elsewhere
 * the order is free, and it is chosen so that the readers that take a head's lines come before
 * those that give them up (performance.md).
 */
class ReaderOrderTest {

    /** Each pair: the reader that wins a line both take, then the other. */
    private static final Set<List<LineShape>> WINNER_FIRST = Set.of(
            List.of(SYSLOG5424, SYSLOG3164), // "<74>1 2020-08-21T13:32:18.596+02:00 host app - - - msg"
            List.of(CRI, SYSLOG3164), // "2018-10-31T19:24:43.718Z stderr F:": rsyslog's ISO file format too
            List.of(NGINX_ERROR, GO), // "2016/09/16 22:08:52 [info] 17445#0: *1 …": also Go's date + message
            List.of(GO, LOGFMT), // "ts=… caller=main.go:62: level=info …": a prefix, then Go's source position
            List.of(JAVA, PYTHON), // "2014-03-05 10:57:51,112  INFO 45469 --- [main] …" (Spring Boot)
            List.of(MYSQL, PYTHON), // "2019-10-16 17:25:43 [ERROR] Event Scheduler: …"
            List.of(GO, MYSQL), // hclog's "2020-03-21T11:01:24.067Z [ERROR] agent.server.raft: …": no thread
            List.of(SYSLOG3164, RUBY), // "2020-01-09T02:41:51.125Z pid=1 tid=a: INFO: …": a host and a tag
            List.of(AUDITD, LOGFMT)); // "type=CWD msg=audit(1577106448.619:7870): cwd=\"/\"": pairs too

    private static final long REFERENCE = LineReaderProbe.REFERENCE.toEpochMilli();

    private final LineParser parser = LineParser.all(TimestampParser.UTC);
    private final LineContext ctx = new LineContext(TimestampParser.UTC);
    private final ParsedLine out = new ParsedLine();
    private final Set<List<LineShape>> taken = new LinkedHashSet<>();

    @Test
    void readersThatTakeTheSameLinesAreListedWinnerFirst() throws Exception {
        String swaps = "0159aZ -/.:,=[]_<>\t\"é";
        int spans = 0;
        for (LineCorpusTest.Entry e : LineCorpusTest.entries()) {
            String line = e.get("line");
            List<String> all = new ArrayList<>();
            all.add(line);
            for (int i = 0; i < Math.min(line.length(), 80); i++) {
                all.add(line.substring(0, i) + line.substring(i + 1));
                all.add(line.substring(i));
                for (int k = 0; k < swaps.length(); k++) {
                    all.add(line.substring(0, i) + swaps.charAt(k) + line.substring(i + 1));
                }
                // two characters replaced, a few apart
                if (i + 7 < line.length()) {
                    for (int k = 0; k < swaps.length(); k += 3) {
                        all.add(line.substring(0, i)
                                + swaps.charAt(k)
                                + line.substring(i + 1, i + 7)
                                + swaps.charAt((k + 5) % swaps.length())
                                + line.substring(i + 8));
                    }
                }
            }
            for (String v : all) {
                int to = v.length();
                while (to > 0 && (v.charAt(to - 1) == '\n' || v.charAt(to - 1) == '\r')) {
                    to--;
                }
                spans += takers(v, !v.isEmpty() && v.charAt(0) == '\uFEFF' ? 1 : 0, to);
            }
        }
        assertThat(spans).isGreaterThan(300_000);
        assertThat(taken).containsExactlyInAnyOrderElementsOf(WINNER_FIRST);
    }

    @Test
    void clfComesRightAfterCombined() {
        // CLF skips a span whose head COMBINED just failed on (LineContext.accessHeadFailed).
        assertThat(LineParser.READERS.indexOf(AccessLogReader.CLF))
                .isEqualTo(LineParser.READERS.indexOf(AccessLogReader.COMBINED) + 1);
    }

    /** Notes the pairs of readers, in their listed order, that take {@code s[from, to)}. */
    private int takers(String s, int from, int to) {
        if (from >= to) {
            return 0;
        }
        LineParser.ShapeReader first = null;
        for (LineParser.ShapeReader r : parser.candidates(s, from, to)) {
            out.reset(s);
            ctx.reference(REFERENCE);
            if (r.read(s, from, to, ctx, out)) {
                if (first == null) {
                    first = r;
                } else {
                    taken.add(List.of(first.shape(), r.shape()));
                }
            }
        }
        int spans = 1;
        if (first != null && (first.shape() == SYSLOG3164 || first.shape() == SYSLOG5424 || first.shape() == CRI)) {
            out.reset(s);
            ctx.reference(REFERENCE);
            first.read(s, from, to, ctx, out);
            if (out.has(ParsedLine.Field.MESSAGE)) {
                spans += takers(s, out.start(ParsedLine.Field.MESSAGE), out.end(ParsedLine.Field.MESSAGE));
            }
        }
        return spans;
    }
}
