package dev.flinklog.bench.paired;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds of the same code, compared in one JVM: each benchmarks jar in a class loader of its
 * own, the same {@link Workload} run on the same data alternately (A, B, B, A, …) and timed by the
 * thread's CPU time, so that other work on a busy machine tilts neither side. Prints the ratio
 * B/A of the time per pass (median and quartiles of the pairs) and checks both give the same
 * checksum of their output.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.flinklog.bench.paired.PairedJars \
 *     BEFORE.jar AFTER.jar dev.flinklog.bench.paired.FormatWorkload /tmp/mixed-logs.jsonl 100000 60 [variant]
 * </pre>
 */
public final class PairedJars {

    /** What one pass does; implemented in the benchmarks and loaded from each jar. */
    public interface Workload {
        /** Reads the data and builds what a pass needs; {@code variant} picks what is measured. */
        void setUp(String data, int records, String variant) throws Exception;

        /** One pass over the data; a checksum of what it produced. */
        long pass() throws Exception;
    }

    private PairedJars() {}

    public static void main(String[] args) throws Exception {
        String jarA = args[0];
        String jarB = args[1];
        String workload = args[2];
        String data = args[3];
        int records = Integer.parseInt(args[4]);
        int pairs = Integer.parseInt(args[5]);
        String variant = args.length > 6 ? args[6] : "";
        URL self = PairedJars.class.getProtectionDomain().getCodeSource().getLocation();
        Object a = load(jarA, self, workload, data, records, variant);
        Object b = load(jarB, self, workload, data, records, variant);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        // Warm-up: both sides compiled before anything is counted; -Dpaired.warmup=SECONDS for
        // code the JIT takes long to finish (the line readers: about ten million lines).
        long warmUntil = System.nanoTime() + Long.getLong("paired.warmup", 0) * 1_000_000_000L;
        for (int i = 0; i < 10 || System.nanoTime() < warmUntil; i++) {
            pass(a);
            pass(b);
        }
        double[] ratios = new double[pairs];
        long[] timesA = new long[pairs];
        long[] timesB = new long[pairs];
        for (int i = 0; i < pairs; i++) {
            boolean aFirst = i % 2 == 0;
            long ta = 0;
            long tb = 0;
            long ca = 0;
            long cb = 0;
            for (int k = 0; k < 2; k++) {
                boolean runA = (k == 0) == aFirst;
                long t0 = cpu.getCurrentThreadCpuTime();
                long checksum = pass(runA ? a : b);
                long t = cpu.getCurrentThreadCpuTime() - t0;
                if (runA) {
                    ta = t;
                    ca = checksum;
                } else {
                    tb = t;
                    cb = checksum;
                }
            }
            if (ca != cb) {
                throw new IllegalStateException("the two builds give different output: " + ca + " vs " + cb);
            }
            timesA[i] = ta;
            timesB[i] = tb;
            ratios[i] = (double) tb / ta;
        }
        Arrays.sort(ratios);
        Arrays.sort(timesA);
        Arrays.sort(timesB);
        System.out.printf(
                "%s %s: %d pairs of %d records; CPU per record A %.0f ns, B %.0f ns (medians); "
                        + "B/A median %.3f, quartiles %.3f-%.3f%n",
                workload.substring(workload.lastIndexOf('.') + 1),
                variant,
                pairs,
                records,
                (double) timesA[pairs / 2] / records,
                (double) timesB[pairs / 2] / records,
                ratios[pairs / 2],
                ratios[pairs / 4],
                ratios[(3 * pairs) / 4]);
    }

    private static Object load(String jar, URL self, String workload, String data, int records, String variant)
            throws Exception {
        // The jar first: its own format, Flink and the workload as it was built there; the harness's
        // classes only for a workload the jar does not have.
        List<URL> urls = new ArrayList<>(List.of(new File(jar).toURI().toURL(), self));
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Class<?> c = loader.loadClass(workload);
        Object w = c.getDeclaredConstructor().newInstance();
        c.getMethod("setUp", String.class, int.class, String.class).invoke(w, data, records, variant);
        return w;
    }

    private static long pass(Object workload) throws Exception {
        Method m = workload.getClass().getMethod("pass");
        return (long) m.invoke(workload);
    }
}
