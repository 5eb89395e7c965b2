package dev.flinklog.core.lines;

import dev.flinklog.core.CountingCharSequence;
import dev.flinklog.core.time.TimestampParser;

import java.time.Instant;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** One shape reader run on one line, as the parser runs it, for the readers' unit tests. */
final class ReaderFixture {

    static final long REFERENCE =
            Instant.parse(LineCorpusTest.DEFAULT_REFERENCE).toEpochMilli();

    private ReaderFixture() {}

    /** What {@code reader} read from {@code line[from, to)}, or null when it gave up. */
    static ParsedLine read(LineParser.ShapeReader reader, CharSequence line, int from, int to) {
        LineContext ctx = CONTEXT.get();
        ctx.reference(REFERENCE);
        ParsedLine out = new ParsedLine().reset(line);
        return reader.read(line, from, to, ctx, out) ? out : null;
    }

    static ParsedLine read(LineParser.ShapeReader reader, CharSequence line) {
        return read(reader, line, 0, line.length());
    }

    private static final ThreadLocal<LineContext> CONTEXT =
            ThreadLocal.withInitial(() -> new LineContext(TimestampParser.UTC));

    private static final ThreadLocal<LineParser> PARSER =
            ThreadLocal.withInitial(() -> LineParser.all(TimestampParser.UTC));

    /** The whole parser on {@code line}, every shape enabled. */
    static ParsedLine parse(String line) {
        ParsedLine out = new ParsedLine();
        PARSER.get().parse(line, REFERENCE, out);
        return out;
    }

    /** How many characters {@code reader} reads of {@code line} (whether or not it takes it). */
    static long work(LineParser.ShapeReader reader, String line, boolean expectTaken) {
        CountingCharSequence counted = new CountingCharSequence(line);
        LineContext ctx = new LineContext(TimestampParser.UTC);
        ctx.reference(REFERENCE);
        ParsedLine out = new ParsedLine().reset(counted);
        assertThat(reader.read(counted, 0, line.length(), ctx, out))
                .as("taken: %s", line.length() > 200 ? line.substring(0, 200) + "..." : line)
                .isEqualTo(expectTaken);
        return counted.reads();
    }

    /**
     * Asserts that reading the line {@code shape} builds for n takes at most about twice the work
     * for 2n as for n: linear, whatever the shape repeats.
     */
    static void assertLinear(LineParser.ShapeReader reader, IntFunction<String> shape, boolean taken) {
        int n = 5_000;
        long once = work(reader, shape.apply(n), taken);
        long twice = work(reader, shape.apply(2 * n), taken);
        assertThat(twice).as("work for n=%d: %d, for 2n: %d", n, once, twice).isLessThanOrEqualTo(2 * once + 64);
        assertThat(once).as("the shape must make the reader read its length").isGreaterThanOrEqualTo(n);
    }

    static String repeat(String s, int n) {
        return s.repeat(n);
    }
}
