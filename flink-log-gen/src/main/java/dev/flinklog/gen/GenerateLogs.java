package dev.flinklog.gen;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes generated records, one per line, to a file or stdout.
 *
 * <pre>
 * java -cp flink-log-gen.jar dev.flinklog.gen.GenerateLogs --records 120000 --seed 42 \
 *     [--start 2026-09-01T00:00:00Z] [--days 14] [--out logs.jsonl] [--truth truth.tsv] \
 *     [--first 0] [--error-rate 0.02] [--malformed-rate 0.005] [--record-bytes 0] [--services 12] \
 *     [--shapes default|otlp=2,ecs=1,...] [--no-incidents]
 * </pre>
 *
 * {@code --records} is both the count and the pace (the records fill the span). {@code --truth}
 * writes the ground truth per record as tab-separated values with a header line: id, producer,
 * service, expected_level, expected_event_time, rows, malformed, template, expected_shape,
 * expect_parse_error, expected_service, expected_http_status ({@code \N} for NULL; see {@link
 * GeneratedLog}). A summary goes to stderr.
 */
public final class GenerateLogs {

    private GenerateLogs() {}

    public static void main(String[] args) throws IOException {
        try {
            System.exit(run(args, System.out, System.err));
        } catch (IllegalArgumentException e) {
            System.err.println("GenerateLogs: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
    }

    static final String USAGE =
            "usage: GenerateLogs --records N --seed S [--start ISO-INSTANT] [--days D] [--out FILE]\n"
                    + "       [--truth FILE] [--first SEQ] [--error-rate R] [--malformed-rate R] [--record-bytes N] [--services N]\n"
                    + "       [--hosts-per-service N] [--shapes default|NAME=W,...] [--no-incidents]\n"
                    + "shapes: " + Producer.names();

    /** The columns of the {@code --truth} file, tab-separated. */
    static final String TRUTH_HEADER = "id\tproducer\tservice\texpected_level\texpected_event_time\trows\tmalformed"
            + "\ttemplate\texpected_shape\texpect_parse_error\texpected_service\texpected_http_status";

    /** Runs the CLI; returns the exit code. Bad arguments throw IllegalArgumentException. */
    static int run(String[] args, PrintStream stdout, PrintStream stderr) throws IOException {
        GeneratorConfig.Builder b = GeneratorConfig.builder();
        Long records = null;
        boolean seeded = false;
        long first = 0;
        Path out = null;
        Path truth = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                stdout.println(USAGE);
                return 0;
            }
            if (a.equals("--no-incidents")) {
                b.incidents(false);
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + ": needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--records" -> {
                    records = number(a, v);
                    b.recordsPerSpan(records);
                }
                case "--seed" -> {
                    b.seed(number(a, v));
                    seeded = true;
                }
                case "--start" -> {
                    try {
                        b.start(Instant.parse(v));
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException(
                                "--start: '" + v + "' is not an ISO instant such as 2026-09-01T00:00:00Z");
                    }
                }
                case "--days" -> b.days((int) number(a, v));
                case "--out" -> out = Path.of(v);
                case "--truth" -> truth = Path.of(v);
                case "--first" -> first = number(a, v);
                case "--error-rate" -> b.errorRate(decimal(a, v));
                case "--malformed-rate" -> b.malformedRate(decimal(a, v));
                case "--record-bytes" -> b.recordBytes((int) number(a, v));
                case "--services" -> b.services((int) number(a, v));
                case "--hosts-per-service" -> b.hostsPerService((int) number(a, v));
                case "--shapes" -> b.shapeMix(v);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (records == null || !seeded) {
            throw new IllegalArgumentException("--records and --seed are required");
        }
        if (first < 0) {
            throw new IllegalArgumentException("--first: must be >= 0, got " + first);
        }
        LogGenerator generator = new LogGenerator(b.build());

        long rows = 0;
        long malformed = 0;
        long bytes = 0;
        Map<String, Long> byProducer = new TreeMap<>();
        long started = System.nanoTime();
        try (OutputStream o = out == null
                        ? new NonClosing(stdout)
                        : new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
                Writer t = truth == null
                        ? null
                        : new BufferedWriter(Files.newBufferedWriter(truth, StandardCharsets.UTF_8), 1 << 16)) {
            if (t != null) {
                t.write(TRUTH_HEADER + "\n");
            }
            for (long s = first; s < first + records; s++) {
                GeneratedLog g = generator.generate(s);
                o.write(g.payload());
                o.write('\n');
                rows += g.rows();
                bytes += g.payload().length + 1;
                malformed += g.malformed() ? 1 : 0;
                byProducer.merge(g.producer().startsWith("malformed-") ? "malformed" : g.producer(), 1L, Long::sum);
                if (t != null) {
                    t.write(g.id()
                            + '\t'
                            + g.producer()
                            + '\t'
                            + g.service()
                            + '\t'
                            + nullText(g.expectedLevel())
                            + '\t'
                            + nullText(g.expectedEventTime())
                            + '\t'
                            + g.rows()
                            + '\t'
                            + g.malformed()
                            + '\t'
                            + nullText(g.templateId())
                            + '\t'
                            + nullText(g.expectedShape())
                            + '\t'
                            + g.expectParseError()
                            + '\t'
                            + nullText(g.expectedService())
                            + '\t'
                            + nullText(g.expectedHttpStatus())
                            + '\n');
                }
            }
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        stderr.printf(
                "GenerateLogs: %d records (%d rows, %d malformed, %.1f MiB) in %d ms%s%n",
                records, rows, malformed, bytes / 1048576.0, ms, out == null ? "" : " -> " + out);
        stderr.println("  by producer: " + byProducer);
        return 0;
    }

    private static String nullText(Object o) {
        return o == null ? "\\N" : o.toString();
    }

    private static long number(String option, String v) {
        try {
            return Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + v + "' is not an integer");
        }
    }

    private static double decimal(String option, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + v + "' is not a number");
        }
    }

    /** stdout must stay open after the generator is done with it. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(new BufferedOutputStream(out, 1 << 16));
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
