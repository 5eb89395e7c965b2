package dev.flinklog.bench;

import dev.flinklog.core.fields.LabelExtractor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code LOG_LABELS} and {@code LOG_LABEL} per record against the floor of any jackson-based
 * function: one streaming parse of the record that reads every token and keeps nothing
 * ({@code parseOnly}). Whole mixed-logs records (about 800 bytes, with a {@code kubernetes.labels}
 * object in some of them).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LabelsBenchmark {

    @Param("/tmp/mixed-logs.jsonl")
    public String data;

    @Param("20000")
    public int records;

    private String[] lines;
    private final JsonFactory json = new JsonFactory();

    @Setup
    public void load() {
        List<String> l = MixedLogs.lines(Path.of(data), records);
        lines = l.toArray(new String[0]);
    }

    @Benchmark
    public void parseOnly(Blackhole bh) throws IOException {
        for (String line : lines) {
            int tokens = 0;
            try (JsonParser p = json.createParser(line)) {
                while (p.nextToken() != null) {
                    tokens++;
                }
            }
            bh.consume(tokens);
        }
    }

    @Benchmark
    public void labels(Blackhole bh) {
        for (String line : lines) {
            bh.consume(LabelExtractor.labels(line));
        }
    }

    /** A key that is a Kubernetes label in the records that have one: read through the fallback. */
    @Benchmark
    public void labelApp(Blackhole bh) {
        for (String line : lines) {
            bh.consume(LabelExtractor.label(line, "app"));
        }
    }

    /** A top-level field, found by the direct search (and the rest of the record still checked). */
    @Benchmark
    public void labelServiceName(Blackhole bh) {
        for (String line : lines) {
            bh.consume(LabelExtractor.label(line, "service.name"));
        }
    }
}
