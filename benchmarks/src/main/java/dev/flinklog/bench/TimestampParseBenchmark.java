package dev.flinklog.bench;

import dev.flinklog.core.ParsedTime;
import dev.flinklog.core.TimestampParser;

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
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Parsing the {@code time} / {@code @timestamp} strings of gen.py records: flink-log's lenient
 * parser against the idiomatic java.time calls a user would write for these RFC 3339 strings
 * ({@code OffsetDateTime.parse(s).toInstant()} and {@code ISO_OFFSET_DATE_TIME.parse(s,
 * Instant::from)}). Same JVM, same strings in the same order; each operation parses one string
 * and feeds the instant to a Blackhole.
 *
 * <p>Data: {@code -p data=FILE} (default the {@value MixedLogs#DATA_PROPERTY} system property, else
 * /tmp/mixed-logs.jsonl), made by {@code gen.py 100000 > FILE}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TimestampParseBenchmark {

    @Param("")
    public String data;

    @Param("100000")
    public int records;

    private String[] strings;
    private int next;
    private final ParsedTime parsed = new ParsedTime();

    @Setup
    public void load() {
        String file = !data.isEmpty() ? data : System.getProperty(MixedLogs.DATA_PROPERTY, "/tmp/mixed-logs.jsonl");
        List<String> values = MixedLogs.topLevelStrings(MixedLogs.lines(Path.of(file), records), "time", "@timestamp");
        strings = values.toArray(new String[0]);
        // Both sides must read every string the same way, or the comparison means nothing.
        for (String s : strings) {
            Instant expected = OffsetDateTime.parse(s).toInstant();
            if (!TimestampParser.UTC.parse(s, parsed) || !parsed.toInstant().equals(expected)) {
                throw new IllegalStateException("parsers disagree on " + s);
            }
        }
    }

    private String nextString() {
        int i = next;
        next = i + 1 == strings.length ? 0 : i + 1;
        return strings[i];
    }

    @Benchmark
    public void flinkLogParser(Blackhole bh) {
        if (TimestampParser.UTC.parse(nextString(), parsed)) {
            bh.consume(parsed.epochSecond());
            bh.consume(parsed.nanoOfSecond());
        }
    }

    @Benchmark
    public void javaTimeOffsetDateTimeParse(Blackhole bh) {
        bh.consume(OffsetDateTime.parse(nextString()).toInstant());
    }

    @Benchmark
    public void javaTimeIsoOffsetFormatter(Blackhole bh) {
        bh.consume(DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(nextString(), Instant::from));
    }
}
