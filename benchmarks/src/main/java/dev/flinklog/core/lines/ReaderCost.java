package dev.flinklog.core.lines;

import dev.flinklog.bench.LineShapeBenchmark;
import dev.flinklog.core.time.TimestampParser;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the recogniser's time goes, per shape reader: for every corpus line, each reader the
 * parser would try on it (the candidates for its head, in the parser's order, up to the
 * one that takes it) is timed alone on that line, repeated; the sums split into the time readers
 * spend taking lines and the time they spend giving up. A harness in one JVM for the next step on
 * issue 15's speed target, not a score: a line repeated is easier on the branch predictors than
 * the mix, and each reader runs with a fresh context, without what the parser shares between the
 * readers of one line (the time parsed once per span, CLF skipping the head COMBINED just failed
 * on), so CLF's rejections are overstated. First, the bound on any dispatch: the mix read by the
 * full parser against the same lines each read by a parser of only the shapes it needs. Lives in
 * the readers' package to call them one by one.
 *
 * <pre>
 * java [-Dfree=GO,COMBINED,CLF] -cp benchmarks/target/benchmarks.jar dev.flinklog.core.lines.ReaderCost [CORPUS_DIR] [REPEATS]
 * </pre>
 */
public final class ReaderCost {

    /**
     * {@code -Dfree=GO,COMBINED,...}: the dispatch bound is then that of rejections by these readers
     * costing nothing (each line read by every reader but those of them that do not take it),
     * rather than by all: what ruling out just these readers would be worth.
     */
    private static final Set<LineShape> FREE = free(System.getProperty("free", ""));

    private static Set<LineShape> free(String names) {
        Set<LineShape> out = EnumSet.noneOf(LineShape.class);
        for (String name : names.split(",")) {
            if (!name.isBlank()) {
                out.add(LineShape.valueOf(name.strip()));
            }
        }
        return out;
    }

    /** Passes over the mix per timed round of the dispatch bound (2 million lines per round). */
    private static final int PASSES = 200;

    private ReaderCost() {}

    public static void main(String[] args) throws Exception {
        Path corpus =
                Path.of(args.length > 0 ? args[0] : "flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus");
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        List<String> lines = new ArrayList<>();
        for (String[] entry : LineShapeBenchmark.corpus(corpus, "all")) {
            lines.add(entry[0]);
        }
        List<LineParser.ShapeReader> readers = readers();
        long reference = LineShapeBenchmark.REFERENCE.toEpochMilli();
        LineParser parser = LineParser.all(TimestampParser.UTC);
        LineContext ctx = new LineContext(TimestampParser.UTC);
        LineChars chars = new LineChars();
        ParsedLine out = new ParsedLine();

        int n = readers.size();
        double[] takeNs = new double[n];
        double[] failNs = new double[n];
        int[] takes = new int[n];
        int[] fails = new int[n];
        double parseNs = 0;
        // The whole parser on the mix first (as in LineShapeBenchmark's warm-up), then round 0
        // warms every reader's own path up; round 1 is reported.
        for (int k = 0; k < 3000; k++) {
            for (String line : lines) {
                parser.parse(line, reference, out);
            }
        }
        // Before the readers are called one by one, which changes what the JIT has compiled.
        perfectDispatch(lines, parser, reference);
        for (int round = 0; round < 2; round++) {
            Arrays.fill(takeNs, 0);
            Arrays.fill(failNs, 0);
            Arrays.fill(takes, 0);
            Arrays.fill(fails, 0);
            parseNs = 0;
            for (String line : lines) {
                long t0 = System.nanoTime();
                for (int k = 0; k < repeats; k++) {
                    parser.parse(line, reference, out);
                }
                parseNs += (System.nanoTime() - t0) / (double) repeats;

                CharSequence s = chars.set(line);
                int to = line.length();
                while (to > 0 && (line.charAt(to - 1) == '\n' || line.charAt(to - 1) == '\r')) {
                    to--;
                }
                int from = to > 0 && line.charAt(0) == '\uFEFF' ? 1 : 0;
                if (from >= to) {
                    continue;
                }
                List<LineParser.ShapeReader> candidates = Arrays.asList(parser.candidates(s, from, to));
                for (int r = 0; r < n; r++) {
                    LineParser.ShapeReader reader = readers.get(r);
                    if (!candidates.contains(reader)) {
                        continue;
                    }
                    out.reset(line);
                    ctx.reference(reference);
                    boolean took = reader.read(s, from, to, ctx, out);
                    long t1 = System.nanoTime();
                    for (int k = 0; k < repeats; k++) {
                        out.reset(line);
                        ctx.reference(reference);
                        reader.read(s, from, to, ctx, out);
                    }
                    double ns = (System.nanoTime() - t1) / (double) repeats;
                    if (took) {
                        takeNs[r] += ns;
                        takes[r]++;
                        break;
                    }
                    failNs[r] += ns;
                    fails[r]++;
                }
            }
        }
        int count = lines.size();
        System.out.printf(
                "%d corpus lines; LineParser.parse: %.0f ns per line (each line repeated %d times)%n",
                count, parseNs / count, repeats);
        System.out.printf(
                "%-13s %6s %9s %7s %9s %10s%n", "reader", "takes", "ns/take", "gives up", "ns/give up", "ns per line");
        double takeSum = 0;
        double failSum = 0;
        for (int r = 0; r < n; r++) {
            System.out.printf(
                    "%-13s %6d %9.0f %7d %9.0f %10.1f%n",
                    readers.get(r).shape().sqlName(),
                    takes[r],
                    takes[r] == 0 ? 0 : takeNs[r] / takes[r],
                    fails[r],
                    fails[r] == 0 ? 0 : failNs[r] / fails[r],
                    (takeNs[r] + failNs[r]) / count);
            takeSum += takeNs[r];
            failSum += failNs[r];
        }
        System.out.printf(
                "per line: taking %.0f ns, giving up %.0f ns (%.0f%% of the readers' time)%n",
                takeSum / count, failSum / count, 100 * failSum / (takeSum + failSum));
    }

    /**
     * The bound on any dispatch: each line read by a parser of only the shapes it needs (its own,
     * and the envelope it came in; checked to give the full parser's answer), against the full
     * parser, on the mix of {@code LineShapeBenchmark} (10,000 lines cycling through the corpus),
     * alternately, the last ten of thirty rounds (the JIT recompiles the parser for the new
     * instances during the first).
     */
    private static void perfectDispatch(List<String> lines, LineParser full, long reference) {
        ParsedLine out = new ParsedLine();
        ParsedLine own = new ParsedLine();
        Map<Set<LineShape>, LineParser> parsers = new HashMap<>();
        LineParser[] perLine = new LineParser[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            LineShape shape = full.parse(line, reference, out);
            String expected = out.toString();
            List<Set<LineShape>> tries = new ArrayList<>();
            if (!FREE.isEmpty()) {
                // Every reader but those of FREE that do not take this line.
                Set<LineShape> keep = EnumSet.copyOf(LineParser.textShapes());
                for (LineShape free : FREE) {
                    if (free != shape) {
                        keep.remove(free);
                    }
                }
                tries.add(keep);
            }
            tries.add(shape == LineShape.PLAIN ? EnumSet.noneOf(LineShape.class) : EnumSet.of(shape));
            for (LineShape envelope : List.of(LineShape.SYSLOG3164, LineShape.SYSLOG5424, LineShape.CRI)) {
                Set<LineShape> both = EnumSet.of(envelope);
                if (shape != LineShape.PLAIN) {
                    both.add(shape);
                }
                tries.add(both);
            }
            for (Set<LineShape> shapes : tries) {
                LineParser p = parsers.computeIfAbsent(shapes, k -> new LineParser(TimestampParser.UTC, k));
                p.parse(line, reference, own);
                if (own.toString().equals(expected)) {
                    perLine[i] = p;
                    break;
                }
            }
            if (perLine[i] == null) {
                throw new IllegalStateException("no parser of one shape and an envelope reads " + line);
            }
        }
        int mix = 10_000;
        double fullNs = 0;
        double ownNs = 0;
        long sink = 0;
        for (int round = 0; round < 30; round++) {
            long t0 = System.nanoTime();
            for (int pass = 0; pass < PASSES; pass++) {
                for (int i = 0; i < mix; i++) {
                    sink += full.parse(lines.get(i % lines.size()), reference, out)
                            .ordinal();
                }
            }
            long t1 = System.nanoTime();
            for (int pass = 0; pass < PASSES; pass++) {
                for (int i = 0; i < mix; i++) {
                    int k = i % lines.size();
                    sink += perLine[k].parse(lines.get(k), reference, own).ordinal();
                }
            }
            long t2 = System.nanoTime();
            if (round >= 20) {
                fullNs += (t1 - t0) / (double) (mix * PASSES) / 10;
                ownNs += (t2 - t1) / (double) (mix * PASSES) / 10;
            }
        }
        System.out.printf(
                "the mix: full parser %.0f ns per line, %s %.0f ns (%.0f%% less; %d)%n",
                fullNs,
                FREE.isEmpty() ? "a parser of only each line's shapes" : "rejections by " + FREE + " free",
                ownNs,
                100 * (1 - ownNs / fullNs),
                sink % 10);
    }

    @SuppressWarnings("unchecked")
    private static List<LineParser.ShapeReader> readers() throws ReflectiveOperationException {
        Field f = LineParser.class.getDeclaredField("READERS");
        f.setAccessible(true);
        return (List<LineParser.ShapeReader>) f.get(null);
    }
}
