package dev.flinklog.bench;

import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

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
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
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
 * <p>A second pair reads the same strings with their zone cut off in a region zone with DST
 * rules (Europe/Berlin), where java.time's {@code LocalDateTime.parse(s).atZone(zone)} is the
 * idiomatic call and flink-log looks the offset up in its per-zone transition table.
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

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final TimestampParser BERLIN_PARSER = TimestampParser.forZone(BERLIN);

    private String[] strings;
    private String[] zoneless;
    private int next;
    private final ParsedTime parsed = new ParsedTime();

    @Setup
    public void load() {
        String file = !data.isEmpty() ? data : System.getProperty(MixedLogs.DATA_PROPERTY, "/tmp/mixed-logs.jsonl");
        List<String> values = MixedLogs.topLevelStrings(MixedLogs.lines(Path.of(file), records), "time", "@timestamp");
        strings = values.toArray(new String[0]);
        zoneless = new String[strings.length];
        // Both sides must read every string the same way, or the comparison means nothing.
        for (int i = 0; i < strings.length; i++) {
            String s = strings[i];
            Instant expected = OffsetDateTime.parse(s).toInstant();
            if (!TimestampParser.UTC.parse(s, parsed) || !parsed.toInstant().equals(expected)) {
                throw new IllegalStateException("parsers disagree on " + s);
            }
            String local = s.endsWith("Z") ? s.substring(0, s.length() - 1) : s.substring(0, s.length() - 6);
            zoneless[i] = local;
            Instant expectedLocal = LocalDateTime.parse(local).atZone(BERLIN).toInstant();
            if (!BERLIN_PARSER.parse(local, parsed) || !parsed.toInstant().equals(expectedLocal)) {
                throw new IllegalStateException("parsers disagree on " + local + " in " + BERLIN);
            }
        }
    }

    private String nextZoneless() {
        int i = next;
        next = i + 1 == zoneless.length ? 0 : i + 1;
        return zoneless[i];
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

    @Benchmark
    public void flinkLogParserZonelessInRegion(Blackhole bh) {
        if (BERLIN_PARSER.parse(nextZoneless(), parsed)) {
            bh.consume(parsed.epochSecond());
            bh.consume(parsed.nanoOfSecond());
        }
    }

    @Benchmark
    public void javaTimeLocalDateTimeAtZone(Blackhole bh) {
        bh.consume(LocalDateTime.parse(nextZoneless()).atZone(BERLIN).toInstant());
    }
}
