package dev.flinklog.core.lines;

import dev.flinklog.core.CountingCharSequence;
import dev.flinklog.core.time.TimestampParser;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs one shape reader alone on a line (no inner read of an envelope's message), for the readers' unit tests. */
final class LineReaderProbe {

    static final Instant REFERENCE = Instant.parse("2026-12-02T12:00:00Z");

    private LineReaderProbe() {}

    /** What {@code reader} read from {@code line} (zone-less times in UTC), or null when it did not take the line. */
    static ParsedLine read(LineParser.ShapeReader reader, CharSequence line) {
        return read(reader, line, TimestampParser.UTC);
    }

    /** As {@link #read(LineParser.ShapeReader, CharSequence)}, zone-less times read by {@code times}. */
    static ParsedLine read(LineParser.ShapeReader reader, CharSequence line, TimestampParser times) {
        LineContext ctx = new LineContext(times);
        ctx.reference(REFERENCE.toEpochMilli());
        ParsedLine out = new ParsedLine().reset(line);
        return reader.read(line, 0, line.length(), ctx, out) ? out : null;
    }

    /** The pairs as the reading side sees them: the first of a key wins. */
    static Map<String, String> pairs(ParsedLine p) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < p.pairCount(); i++) {
            m.putIfAbsent(p.key(i), p.value(i));
        }
        return m;
    }

    /** The characters {@code reader} reads from {@code line}. */
    static long reads(LineParser.ShapeReader reader, String line) {
        CountingCharSequence counted = new CountingCharSequence(line);
        read(reader, counted);
        return counted.reads();
    }

    /**
     * Asserts that the work on the worst lines {@code lineOfSize} builds grows linearly: twice the
     * line, at most about twice the reads, and a bounded number of reads per character.
     */
    static void assertLinear(LineParser.ShapeReader reader, IntFunction<String> lineOfSize) {
        for (int n : new int[] {2_000, 8_000}) {
            String small = lineOfSize.apply(n);
            String large = lineOfSize.apply(2 * n);
            long a = reads(reader, small);
            long b = reads(reader, large);
            assertThat(b)
                    .as("reads of %s chars vs %s chars", large.length(), small.length())
                    .isLessThanOrEqualTo((long) (2.2 * a) + 64);
            assertThat(a).as("reads per char of %s", small.length()).isLessThanOrEqualTo(8L * small.length() + 64);
        }
    }
}
