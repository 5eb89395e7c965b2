package dev.flinklog.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Issue 15's ratio on a busy machine: {@link LineShapeBenchmark}'s {@code regexSameJob} against
 * {@code recognise}, in one JVM on the same lines, passes alternating (R, X, X, R, …) and each timed
 * by the thread's CPU time, so that other work on the machine tilts neither side. Prints the CPU per
 * line of each (medians) and the median and quartiles of the pairs' ratios regex/recognise. JMH's
 * {@code LineShapeBenchmark} stays the reference; this is its cross-check where JMH's wall-clock
 * scores drift between forks.
 *
 * <pre>
 * java [-Dwarmup=SECONDS, 30] -cp benchmarks/target/benchmarks.jar dev.flinklog.bench.LineSpeedRatio \
 *     flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus 10000 200 [regex_shapes]
 * </pre>
 *
 * <p>The optional fourth argument is {@link LineWorkload}'s regex variant: {@code regex} (the
 * default: the layouts table) or {@code regex_shapes} (the first table).
 */
public final class LineSpeedRatio {

    private LineSpeedRatio() {}

    public static void main(String[] args) throws Exception {
        String corpus = args[0];
        int lines = Integer.parseInt(args[1]);
        int pairs = Integer.parseInt(args[2]);
        LineWorkload recognise = new LineWorkload();
        recognise.setUp(corpus, lines, "recognise");
        LineWorkload regex = new LineWorkload();
        regex.setUp(corpus, lines, args.length > 3 ? args[3] : "regex");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long sink = 0;
        // Warm-up: both compiled before anything is counted. The JIT takes about ten million lines
        // (some ten seconds) to settle on the readers; regex passes are ten times longer.
        long warmUntil = System.nanoTime() + Long.getLong("warmup", 30) * 1_000_000_000L;
        for (int i = 0; System.nanoTime() < warmUntil; i++) {
            sink += recognise.pass();
            if (i % 10 == 0) {
                sink += regex.pass();
            }
        }
        double[] ratios = new double[pairs];
        long[] r = new long[pairs];
        long[] x = new long[pairs];
        for (int i = 0; i < pairs; i++) {
            boolean first = i % 2 == 0;
            for (int k = 0; k < 2; k++) {
                boolean runRecognise = (k == 0) == first;
                long t0 = cpu.getCurrentThreadCpuTime();
                sink += runRecognise ? recognise.pass() : regex.pass();
                long t = cpu.getCurrentThreadCpuTime() - t0;
                if (runRecognise) {
                    r[i] = t;
                } else {
                    x[i] = t;
                }
            }
            ratios[i] = (double) x[i] / r[i];
        }
        Arrays.sort(ratios);
        Arrays.sort(r);
        Arrays.sort(x);
        System.out.printf(
                "%d pairs of %d lines: CPU per line recognise %.1f ns, regexSameJob %.1f ns (medians); "
                        + "regexSameJob/recognise median %.2f, quartiles %.2f-%.2f (checksum %d)%n",
                pairs,
                lines,
                (double) r[pairs / 2] / lines,
                (double) x[pairs / 2] / lines,
                ratios[pairs / 2],
                ratios[pairs / 4],
                ratios[(3 * pairs) / 4],
                sink);
    }
}
