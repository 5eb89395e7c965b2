package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The syslog, CRI, klog and logfmt readers never throw: on every prefix and every one-character
 * deletion of every corpus line (lines cut inside a header, a quote, a bracket), and on random
 * lines made of the characters their grammars turn on.
 */
class SyslogKlogLogfmtRobustnessTest {

    private static final List<LineParser.ShapeReader> READERS = List.of(
            new Syslog5424Reader(), new Syslog3164Reader(), new CriReader(), new KlogReader(), new LogfmtReader());

    private static final LineParser PARSER = LineParser.all(TimestampParser.UTC);

    private static final LineContext CONTEXT = new LineContext(TimestampParser.UTC);

    static {
        CONTEXT.reference(LineReaderProbe.REFERENCE.toEpochMilli());
    }

    private static final String ALPHABET = "<>[]{}&\"\\= :-.T0123456789IWEFJanOctstdoutPZ+\t\uFEFFµé";

    @Test
    void cutAndDamagedCorpusLines() throws IOException {
        List<String> lines = new ArrayList<>();
        for (LineCorpusTest.Entry e : LineCorpusTest.entries()) {
            String line = e.get("line");
            for (int k = 0; k <= line.length(); k++) {
                lines.add(line.substring(0, k));
                if (k < line.length()) {
                    lines.add(line.substring(0, k) + line.substring(k + 1));
                }
            }
        }
        assertThatCode(() -> lines.forEach(SyslogKlogLogfmtRobustnessTest::readAll))
                .doesNotThrowAnyException();
    }

    @Test
    void randomLines() {
        Random random = new Random(15);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = random.nextInt(60);
            for (int k = 0; k < n; k++) {
                b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            lines.add(b.toString());
        }
        assertThatCode(() -> lines.forEach(SyslogKlogLogfmtRobustnessTest::readAll))
                .doesNotThrowAnyException();
    }

    private static void readAll(String line) {
        LineContext ctx = CONTEXT;
        ParsedLine out = new ParsedLine();
        for (LineParser.ShapeReader r : READERS) {
            for (int from = 0; from <= Math.min(2, line.length()); from++) {
                out.reset(line);
                if (r.read(line, from, line.length(), ctx, out)) {
                    out.toString();
                }
            }
        }
        PARSER.parse(line, LineReaderProbe.REFERENCE.toEpochMilli(), out);
        out.toString();
    }
}
