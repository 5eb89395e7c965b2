package dev.flinklog.bench;

import dev.flinklog.core.level.LevelInference;
import dev.flinklog.core.level.LogLevel;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Level inference from message text against baselines in the same JVM, on the same messages (the
 * {@code log} values of mixed-logs records). Each invocation handles {@value #MESSAGES} messages;
 * scores are per message.
 *
 * <ul>
 *   <li>{@code readChars}: one {@code charAt} per char and nothing else, the floor for any scanner
 *       over a {@code CharSequence};
 *   <li>{@code lowerContains}: what a query without the function does, {@code CASE WHEN
 *       LOWER(msg) LIKE '%fatal%' ... '%error%' ... '%warn%' ... '%debug%'}, i.e. one lower-cased
 *       copy and up to four substring searches;
 *   <li>{@code lokiFreeText}: Loki's bounded-keyword rule, earliest match wins (see {@link
 *       LevelAccuracy#lokiFreeText});
 *   <li>{@code infer}: {@link LevelInference#infer}.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LevelBenchmark {

    static final int MESSAGES = 10_000;

    /** A file made by {@code gen.py N > FILE} with N of at least 20,000. */
    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    private String[] messages;
    private final LevelInference inference = new LevelInference();

    @Setup
    public void load() {
        List<String> logs = MixedLogs.topLevelStrings(MixedLogs.lines(Paths.get(data), 2 * MESSAGES), "log");
        if (logs.size() < MESSAGES) {
            throw new IllegalArgumentException("need " + MESSAGES + " messages in " + data);
        }
        messages = logs.subList(0, MESSAGES).toArray(new String[0]);
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long readChars() {
        long sum = 0;
        for (String m : messages) {
            CharSequence s = m;
            for (int i = 0; i < s.length(); i++) {
                sum += s.charAt(i);
            }
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long lowerContains() {
        long sum = 0;
        for (String m : messages) {
            String lower = m.toLowerCase(Locale.ROOT);
            LogLevel level;
            if (lower.contains("fatal")) {
                level = LogLevel.FATAL;
            } else if (lower.contains("error")) {
                level = LogLevel.ERROR;
            } else if (lower.contains("warn")) {
                level = LogLevel.WARN;
            } else if (lower.contains("debug")) {
                level = LogLevel.DEBUG;
            } else {
                level = LogLevel.INFO;
            }
            sum += level.ordinal();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long lokiFreeText() {
        long sum = 0;
        for (String m : messages) {
            LogLevel level = LevelAccuracy.lokiFreeText(m);
            sum += level == null ? -1 : level.ordinal();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long infer() {
        long sum = 0;
        for (String m : messages) {
            LogLevel level = inference.infer(m);
            sum += level == null ? -1 : level.ordinal(); // null: a blank message
        }
        return sum;
    }
}
