package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application-layout readers together: they never take the same line (so their order in
 * {@link LineParser} does not change any shape), and no part of a real line makes one throw.
 */
class LayoutReadersTest {

    private static List<String> corpusLines() throws IOException {
        List<String> lines = new ArrayList<>();
        for (LineCorpusTest.Entry e : LineCorpusTest.entries()) {
            lines.add(e.get("line"));
        }
        return lines;
    }

    @Test
    void atMostOneReaderTakesAnyCorpusLine() throws IOException {
        for (String line : corpusLines()) {
            List<String> took = new ArrayList<>();
            for (LineParser.ShapeReader r : LayoutReaderSupport.READERS) {
                if (LayoutReaderSupport.read(r, line) != null) {
                    took.add(r.shape().sqlName());
                }
            }
            assertThat(took).as(line).hasSizeLessThanOrEqualTo(1);
        }
    }

    @Test
    void everyPrefixAndSuffixOfEveryCorpusLineReadsWithoutThrowing() throws IOException {
        LineParser parser = LineParser.all(TimestampParser.UTC);
        ParsedLine out = new ParsedLine();
        long n = 0;
        for (String line : corpusLines()) {
            for (int i = 0; i <= line.length(); i++) {
                for (CharSequence part : new CharSequence[] {line.substring(0, i), line.substring(i)}) {
                    parser.parse(part, LayoutReaderSupport.REFERENCE, out);
                    assertThat(out.toString()).isNotNull();
                    n++;
                }
            }
        }
        assertThat(n).isPositive();
    }

    @Test
    void noReaderStartsAtATabADotOrABrace() {
        // where stack frames, Java elisions and JSON start
        for (LineParser.ShapeReader r : LayoutReaderSupport.READERS) {
            assertThat(r.mayStartWith('\t')).as(r.shape().sqlName()).isFalse();
            assertThat(r.mayStartWith('.')).as(r.shape().sqlName()).isFalse();
            assertThat(r.mayStartWith('{')).as(r.shape().sqlName()).isFalse();
        }
    }
}
