package dev.flinklog.bench;

import dev.flinklog.core.errors.ErrorClass;
import dev.flinklog.core.errors.ErrorClassifier;
import dev.flinklog.core.errors.ErrorCues;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code LOG_ERROR_CLASS} per message against two ways to do it without it, on the {@code log}
 * values of the mixed-logs data, all in one JVM:
 *
 * <ul>
 *   <li>{@code lowerContains}: lower-case the message, then {@code contains} for every cue of the
 *       same table (what a chain of {@code CASE WHEN LOWER(log) LIKE '%...%'} does; no word
 *       boundaries, no status positions);
 *   <li>{@code regexAlternation}: one case-insensitive {@link Pattern} with every cue as an
 *       alternative between {@code \b}, scanned with {@code find()} to the end.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ErrorClassBenchmark {

    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    @Param("20000")
    public int records;

    private String[] messages;
    private String[] lowerCues;
    private ErrorClass[] cueClasses;
    private Pattern alternation;

    @Setup
    public void load() {
        List<String> logs = MixedLogs.topLevelStrings(MixedLogs.lines(Path.of(data), records), "log");
        messages = logs.toArray(new String[0]);
        List<ErrorCues.Cue> cues =
                ErrorCues.CUES.stream().filter(c -> c.errorClass() != null).toList();
        lowerCues = cues.stream().map(c -> c.text().toLowerCase(Locale.ROOT)).toArray(String[]::new);
        cueClasses = cues.stream().map(ErrorCues.Cue::errorClass).toArray(ErrorClass[]::new);
        StringBuilder re = new StringBuilder();
        for (ErrorCues.Cue c : cues) {
            re.append(re.length() == 0 ? "" : "|").append(Pattern.quote(c.text()));
        }
        alternation = Pattern.compile("\\b(?:" + re + ")\\b", Pattern.CASE_INSENSITIVE);
    }

    /** Per message: nanoseconds = score / number of messages (see docs/performance.md). */
    @Benchmark
    public void classifier(Blackhole bh) {
        for (String m : messages) {
            bh.consume(ErrorClassifier.classify(m));
        }
    }

    @Benchmark
    public void lowerContains(Blackhole bh) {
        for (String m : messages) {
            String lower = m.toLowerCase(Locale.ROOT);
            ErrorClass best = null;
            for (int i = 0; i < lowerCues.length; i++) {
                if (lower.contains(lowerCues[i]) && (best == null || cueClasses[i].ordinal() < best.ordinal())) {
                    best = cueClasses[i];
                }
            }
            bh.consume(best);
        }
    }

    @Benchmark
    public void regexAlternation(Blackhole bh) {
        for (String m : messages) {
            Matcher matcher = alternation.matcher(m);
            int found = 0;
            while (matcher.find()) {
                found++;
            }
            bh.consume(found);
        }
    }
}
