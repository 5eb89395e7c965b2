package dev.flinklog.bench;

import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.MessageTemplate;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code LOG_FINGERPRINT} and {@code LOG_TEMPLATE} against a regex-masking baseline, one thread,
 * on the {@code log} values of the mixed-logs data. One operation = one message (each invocation
 * runs over {@value #MESSAGES} messages), so the scores are messages per second.
 *
 * <p>The baseline is what a user typically writes without this library: a chain of precompiled
 * {@link Pattern}s (UUID, IPv4 with port, hex, numbers), each {@code replaceAll("<*>")}, and then
 * the same FNV-1a hash of the result. It masks fewer things than the scanner, so the comparison
 * favours it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FingerprintBenchmark {

    static final int MESSAGES = 100_000;

    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    private String[] messages;

    /** The same messages as UTF-8 bytes, as a Flink row holds a STRING ({@code StringData}). */
    private byte[][] utf8;

    /** One scanner, reused, as LOG_FINGERPRINT does per task. */
    private final MessageTemplate scanner = new MessageTemplate();

    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?\\b");
    private static final Pattern HEX = Pattern.compile("\\b(?:0x)?[0-9a-fA-F]{8,}\\b");
    private static final Pattern NUMBER = Pattern.compile("-?\\b\\d+(?:\\.\\d+)?\\b");

    @Setup
    public void load() {
        List<String> logs = MixedLogs.topLevelStrings(MixedLogs.lines(Path.of(data), MESSAGES), "log");
        messages = new String[MESSAGES];
        for (int i = 0; i < MESSAGES; i++) {
            messages[i] = logs.get(i % logs.size());
        }
        utf8 = new byte[MESSAGES][];
        for (int i = 0; i < MESSAGES; i++) {
            utf8[i] = messages[i].getBytes(StandardCharsets.UTF_8);
        }
    }

    // -------------------------------------------------------------------------------------------
    // As in a SQL job: Flink hands a scalar function a String that it has just decoded from the
    // row's UTF-8 bytes, so the function reads a string that is in the cache, while the benchmarks
    // above read each of 100,000 strings (14 MB) from memory. These three decode the bytes first;
    // the difference to decodeOnly is what the function adds per row.

    /** Only the decoding that Flink does for any STRING argument: the baseline of the two below. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long decodeOnly() {
        long acc = 0;
        for (byte[] b : utf8) {
            acc += new String(b, StandardCharsets.UTF_8).length();
        }
        return acc;
    }

    /** Decoding, then the fingerprint (LOG_FINGERPRINT's work per row, without the hex string). */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long decodeAndFingerprint() {
        long acc = 0;
        for (byte[] b : utf8) {
            acc ^= scanner.fingerprint(new String(b, StandardCharsets.UTF_8));
        }
        return acc;
    }

    /** Decoding, then the regex baseline. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long decodeAndRegexBaseline() {
        long acc = 0;
        for (byte[] b : utf8) {
            acc ^= regexFingerprint(new String(b, StandardCharsets.UTF_8));
        }
        return acc;
    }

    /** The core fingerprint: a streaming hash, no template built, no allocation. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long fingerprint() {
        long acc = 0;
        for (String m : messages) {
            acc ^= scanner.fingerprint(m);
        }
        return acc;
    }

    /** What LOG_FINGERPRINT returns: the fingerprint as 16 hex digits. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void fingerprintHex(Blackhole bh) {
        for (String m : messages) {
            bh.consume(Fingerprint.toHex(scanner.fingerprint(m)));
        }
    }

    /** What LOG_TEMPLATE returns, with one reused scanner as LOG_TEMPLATE keeps per task. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public void template(Blackhole bh) {
        for (String m : messages) {
            bh.consume(templateScanner.templateOf(m));
        }
    }

    private final MessageTemplate templateScanner = new MessageTemplate();

    private final char[] floorBuffer = new char[1 << 16];

    /**
     * Not a competitor but the floor under {@link #fingerprint}: copy each message into a reused
     * array (as the scanner does) and feed every char to FNV-1a, with no word splitting and no
     * rules. FNV-1a is one xor and one multiply per byte, each depending on the previous byte, so
     * this is bound by that chain; the scanner hashes fewer bytes (a template is shorter than its
     * message) but splits words and applies the rules.
     */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long floorCopyAndHash() {
        long acc = 0;
        char[] buf = floorBuffer;
        for (String m : messages) {
            int n = Math.min(m.length(), buf.length);
            m.getChars(0, n, buf, 0);
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < n; i++) {
                h = (h ^ buf[i]) * 0x100000001b3L;
            }
            acc ^= h;
        }
        return acc;
    }

    /** The baseline: regex masks, then the same hash over the masked text. */
    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long regexBaseline() {
        long acc = 0;
        for (String m : messages) {
            acc ^= regexFingerprint(m);
        }
        return acc;
    }

    private static long regexFingerprint(String m) {
        String t = UUID.matcher(m).replaceAll("<*>");
        t = IPV4.matcher(t).replaceAll("<*>");
        t = HEX.matcher(t).replaceAll("<*>");
        t = NUMBER.matcher(t).replaceAll("<*>");
        return Fingerprint.ofTemplate(t);
    }
}
