package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

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

    /** What the random edits put into a line: the characters the readers' grammars turn on. */
    private static final String EDIT_CHARS = " -/.:,=[]{}()\"'<>\t\\#*|+_%@0123456789aZTzé";

    @Test
    void randomEditsOfEveryCorpusLineReadWithoutThrowingAndConsistently() throws IOException {
        LineParser parser = LineParser.all(TimestampParser.UTC);
        ParsedLine out = new ParsedLine();
        Random random = new Random(20261204L); // seeded: a failure is reproducible
        long n = 0;
        for (String line : corpusLines()) {
            for (int k = 0; k < 40; k++) {
                String edited = edit(line, random);
                LineShape shape;
                try {
                    shape = parser.parse(edited, LayoutReaderSupport.REFERENCE, out);
                } catch (RuntimeException e) {
                    throw new AssertionError("threw on: " + edited, e);
                }
                assertConsistent(edited, shape, out);
                n++;
            }
        }
        assertThat(n).isGreaterThan(20_000);
    }

    /** One to three edits: a character deleted, replaced or inserted, or the head cut off. */
    private static String edit(String line, Random random) {
        StringBuilder b = new StringBuilder(line);
        for (int e = 1 + random.nextInt(3); e > 0; e--) {
            int at = b.length() == 0 ? 0 : random.nextInt(b.length());
            char c = EDIT_CHARS.charAt(random.nextInt(EDIT_CHARS.length()));
            switch (random.nextInt(4)) {
                case 0:
                    if (b.length() > 0) {
                        b.deleteCharAt(at);
                    }
                    break;
                case 1:
                    if (b.length() > 0) {
                        b.setCharAt(at, c);
                    }
                    break;
                case 2:
                    b.insert(at, c);
                    break;
                default:
                    b.delete(0, at);
                    break;
            }
        }
        return b.toString();
    }

    /** What a reader returns holds together: spans inside the line, values readable, numbers sane. */
    private static void assertConsistent(String line, LineShape shape, ParsedLine out) {
        assertThat(shape).as(line).isNotNull();
        for (ParsedLine.Field f : ParsedLine.Field.values()) {
            if (out.has(f)) {
                assertThat(out.start(f)).as("%s of %s", f, line).isBetween(0, out.end(f));
                assertThat(out.end(f)).as("%s of %s", f, line).isLessThanOrEqualTo(line.length());
                assertThat(out.text(f)).as("%s of %s", f, line).isNotNull();
            }
        }
        for (int i = 0; i < out.pairCount(); i++) {
            assertThat(out.key(i)).as("pair %s of %s", i, line).isNotNull();
            assertThat(out.value(i)).as("pair %s of %s", i, line).isNotNull();
        }
        if (shape == LineShape.PLAIN) {
            assertThat(out.pairCount()).as(line).isZero();
        }
        if (out.hasTime()) {
            assertThat(out.time().toInstant()).as(line).isNotNull();
        }
        assertThat(out.httpStatus()).as(line).isBetween(-1, 999);
        assertThat(out.bytes()).as(line).isGreaterThanOrEqualTo(-1);
        assertThat(Double.isInfinite(out.durationMs())).as(line).isFalse();
        assertThat(out.toString()).isNotNull();
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
