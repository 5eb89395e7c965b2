package dev.flinklog.core.lines;

import dev.flinklog.core.CountingCharSequence;
import dev.flinklog.core.time.TimestampParser;

import java.time.Instant;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** What the application-layout reader tests share: one reader at a time, and the linearity check. */
final class LayoutReaderSupport {

    /** The corpus's default reference: 2026-12-02T12:00:00Z. */
    static final long REFERENCE =
            Instant.parse(LineCorpusTest.DEFAULT_REFERENCE).toEpochMilli();

    /** The readers of the application layouts. */
    static final List<LineParser.ShapeReader> READERS = List.of(
            new PostgresLogReader(),
            new RedisLogReader(),
            new MysqlErrorReader(),
            new JavaLayoutReader(),
            new GoLogReader(),
            new HclogReader(),
            new PythonLogReader(),
            new SidekiqReader(),
            new MonologReader(),
            new PhpErrorLogReader());

    private LayoutReaderSupport() {}

    /** What {@code r} reads from {@code line} (zone-less times in UTC), or null when it does not take it. */
    static ParsedLine read(LineParser.ShapeReader r, CharSequence line) {
        return read(r, line, TimestampParser.UTC);
    }

    static ParsedLine read(LineParser.ShapeReader r, CharSequence line, TimestampParser times) {
        LineContext ctx = new LineContext(times);
        ctx.reference(REFERENCE);
        ParsedLine out = new ParsedLine().reset(line);
        if (line.length() == 0 || !r.mayStartWith(line.charAt(0))) {
            return null;
        }
        return r.read(line, 0, line.length(), ctx, out) ? out : null;
    }

    /** The time of a line as an ISO instant. */
    static String time(ParsedLine p) {
        return p.hasTime() ? p.time().toInstant().toString() : null;
    }

    /** The characters {@code r} reads of {@code line}, taken or not. */
    static long reads(LineParser.ShapeReader r, String line) {
        CountingCharSequence c = new CountingCharSequence(line);
        LineContext ctx = new LineContext(TimestampParser.UTC);
        ctx.reference(REFERENCE);
        ParsedLine out = new ParsedLine().reset(c);
        if (r.mayStartWith(line.charAt(0))) {
            r.read(c, 0, c.length(), ctx, out);
        }
        return c.reads();
    }

    /**
     * A line twice as long costs at most about twice the reads: {@code lineOf(k)} builds a line of
     * some worst shape for the reader with a body of about {@code k} characters.
     */
    static void assertLinear(LineParser.ShapeReader r, IntFunction<String> lineOf) {
        String small = lineOf.apply(2_000);
        String large = lineOf.apply(4_000);
        long a = reads(r, small);
        long b = reads(r, large);
        assertThat(b)
                .as("reads of %s chars vs %s chars", large.length(), small.length())
                .isLessThanOrEqualTo(2 * a + 64);
        assertThat(a).as("reads per character").isLessThanOrEqualTo(16L * small.length());
    }

    static String repeat(String s, int totalLength) {
        StringBuilder b = new StringBuilder(totalLength + s.length());
        while (b.length() < totalLength) {
            b.append(s);
        }
        return b.toString();
    }
}
