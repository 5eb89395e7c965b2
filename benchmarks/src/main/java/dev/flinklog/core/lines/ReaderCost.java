package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the recogniser's time goes, per shape reader: for every corpus line, each reader the
 * parser would try on it (the candidates for its first character, in the parser's order, up to the
 * one that takes it) is timed alone on that line, repeated; the sums split into the time readers
 * spend taking lines and the time they spend giving up. A harness in one JVM for the next step on
 * issue 15's speed target, not a score: a line repeated is easier on the branch predictors than
 * the mix, and each reader runs with a fresh context, without what the parser shares between the
 * readers of one line (the time parsed once per span, CLF skipping the head COMBINED just failed
 * on), so CLF's rejections are overstated. Lives in the readers' package to call them one by one.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.flinklog.core.lines.ReaderCost [CORPUS_DIR] [REPEATS]
 * </pre>
 */
public final class ReaderCost {

    private ReaderCost() {}

    public static void main(String[] args) throws Exception {
        Path corpus =
                Path.of(args.length > 0 ? args[0] : "flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus");
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        List<String> lines = corpusLines(corpus);
        List<LineParser.ShapeReader> readers = readers();
        long reference = Instant.parse("2026-12-02T12:00:00Z").toEpochMilli();
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
                char c = line.charAt(from);
                for (int r = 0; r < n; r++) {
                    LineParser.ShapeReader reader = readers.get(r);
                    if (!reader.mayStartWith(c > 127 ? 'é' : c)) {
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

    @SuppressWarnings("unchecked")
    private static List<LineParser.ShapeReader> readers() throws ReflectiveOperationException {
        Field f = LineParser.class.getDeclaredField("READERS");
        f.setAccessible(true);
        return (List<LineParser.ShapeReader>) f.get(null);
    }

    /** Every corpus file's {@code line} values, files in name order. */
    private static List<String> corpusLines(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        List<String> lines = new ArrayList<>();
        JsonFactory json = new JsonFactory();
        for (Path file : files) {
            for (String entry : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (entry.isBlank()) {
                    continue;
                }
                try (JsonParser p = json.createParser(entry)) {
                    p.nextToken();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        p.nextToken();
                        if (name.equals("line")) {
                            lines.add(p.getText());
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("no corpus lines in " + dir + " (run from the repository root)");
        }
        return lines;
    }
}
