package dev.flinklog.bench;

import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.time.TimestampParser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The text-line recogniser against what users write without it: one precompiled grok-style
 * {@code java.util.regex} pattern per shape, tried in order until one matches, its named groups
 * taken (as Fluent Bit's and Logstash's parsers do, but with no need to name the format per source).
 * Both read the same real lines: every line of the corpus ({@code corpus/*.jsonl} of flink-log-core's
 * tests: all shapes, plain lines and stack-trace lines included), {@value #LINES} per invocation.
 * {@code regexBaseline} takes the shape and the time text, level, host, program and message groups
 * of each line (less than the recogniser does); {@code regexSameJob} does the recogniser's whole job
 * with regex and {@code java.time} (the instant, the normalised level, the envelope's inner line:
 * {@link RegexLineParser}). Scores are per line.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LineShapeBenchmark {

    static final int LINES = 10_000;

    /** The corpus directory, relative to the repository root the jar runs from. */
    @Param("flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus")
    public String corpus;

    /**
     * {@code all}: every corpus file, mixed (the measurement of record); a file's name without
     * {@code .jsonl} ({@code klog}, {@code java}, ...): only its lines, as a source that writes one
     * shape sends them.
     */
    @Param("all")
    public String shape;

    private String[] lines;
    private RegexLineParser sameJob;
    private final RegexLineParser.Result result = new RegexLineParser.Result();
    private final LineParser parser = LineParser.all(TimestampParser.UTC);
    private final ParsedLine parsed = new ParsedLine();
    /** When the lines arrived: year-less times are placed before it. Also {@code ReaderCost}'s. */
    public static final Instant REFERENCE = Instant.parse("2026-12-02T12:00:00Z");

    private final long reference = REFERENCE.toEpochMilli();

    /**
     * The baseline's patterns, in the order tried; their names are the shapes ({@code shape#layout}
     * where a shape has several: {@link RegexLineParser#shape}).
     */
    static final String[][] PATTERNS = {
        {
            "syslog5424",
            "^(?:\\d+ )?<(?<pri>\\d{1,3})>1 (?<time>\\S+) (?<host>\\S+) (?<app>\\S+) (?<pid>\\S+) (?<msgid>\\S+) "
                    + "(?<sd>-|(?:\\[.*?\\])+) ?(?<msg>.*)$"
        },
        {"cri", "^(?<time>\\d{4}-\\d{2}-\\d{2}T\\S+) (?<stream>stdout|stderr) (?<tag>[FP]) (?<msg>.*)$"},
        {
            "syslog3164",
            "^(?:<(?<pri>\\d{1,3})>)?(?<time>[A-Z][a-z]{2} [ \\d]\\d \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?|\\d{4}-\\d{2}-\\d{2}T\\S+)"
                    + " (?<host>\\S+) (?<app>[^\\s:\\[]+)(?:\\[(?<pid>\\d+)\\])?: ?(?<msg>.*)$"
        },
        {
            "klog",
            "^(?<level>[IWEF])(?<time>\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d{6}) +(?<thread>\\d+) (?<source>[^\\]]+)\\] "
                    + "(?<msg>.*)$"
        },
        {
            "nginx_error",
            "^(?<time>\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}) \\[(?<level>\\w+)\\] (?<pid>\\d+)#(?<tid>\\d+): "
                    + "(?:\\*(?<cid>\\d+) )?(?<msg>.*?)(?:, client: (?<client>[^,]+))?(?:, server: (?<server>[^,]*))?"
                    + "(?:, request: \"(?<request>[^\"]*)\")?.*$"
        },
        {
            "go",
            "^(?<time>\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?) (?:(?<source>\\S+\\.go:\\d+): )?(?<msg>.*)$"
        },
        {
            "haproxy",
            "^(?<client>[\\d.:a-f]+):(?<port>\\d+) \\[(?<time>[^\\]]+)\\] (?<frontend>\\S+) (?<backend>[^/\\s]+)/"
                    + "(?<server>\\S+) (?<timers>[-\\d/]+) (?<status>-?\\d+) (?<bytes>\\d+) .*?(?:\"(?<request>[^\"]*)\")?$"
        },
        {
            "combined",
            "^(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] \"(?<method>\\S+) (?<path>\\S+)"
                    + "(?: (?<proto>[^\"]*))?\" (?<status>\\d{3}|-) (?<bytes>\\d+|-) \"(?<referer>(?:[^\"\\\\]|\\\\.)*)\" "
                    + "\"(?<agent>(?:[^\"\\\\]|\\\\.)*)\".*$"
        },
        {
            "clf",
            "^(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] \"(?<method>\\S+) (?<path>\\S+)"
                    + "(?: (?<proto>[^\"]*))?\" (?<status>\\d{3}|-) (?<bytes>\\d+|-)$"
        },
        {
            "envoy",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2}T[^\\]]+)\\] \"(?<method>\\S+) (?<path>\\S+) (?<proto>[^\"]+)\" "
                    + "(?<status>\\d+) (?<flags>\\S+) .*$"
        },
        {
            "apache_error",
            "^\\[(?<time>[A-Z][a-z]{2} [A-Z][a-z]{2} \\d{2} [\\d:.]+ \\d{4})\\] \\[(?:(?<module>\\w+):)?(?<level>\\w+)\\]"
                    + "(?: \\[pid (?<pid>\\d+)(?::tid \\d+)?\\])?(?: \\[client (?<client>[^\\]]+)\\])? (?<msg>.*)$"
        },
        {
            "postgresql",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)? \\w+) \\[(?<pid>\\d+)\\] "
                    + "(?<level>[A-Z]+\\d?):  (?<msg>.*)$"
        },
        {
            "redis",
            "^(?<pid>\\d+):(?<role>[XCSM]) (?<time>\\d{2} [A-Z][a-z]{2}(?: \\d{4})? \\d{2}:\\d{2}:\\d{2}\\.\\d{3}) "
                    + "(?<level>[.*#-]) (?<msg>.*)$"
        },
        {
            "mysql",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}T\\S+) (?<thread>\\d+) \\[(?<level>\\w+)\\] (?:\\[(?<code>[^\\]]+)\\] "
                    + "\\[(?<subsystem>[^\\]]+)\\] )?(?<msg>.*)$"
        },
        {
            "java",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}[.,]\\d{3}\\S*) +(?<level>[A-Z]+) +(?<pid>\\d+)? ?-+ "
                    + "\\[ *(?<thread>[^\\]]+)\\] (?<logger>\\S+) +: (?<msg>.*)$"
        },
        {
            "java#log4j",
            "^\\[?(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}[.,]\\d{3})\\]? +(?<level>[A-Z]+) +(?:\\[(?<thread>[^\\]]+)\\] )?"
                    + "(?<logger>\\S+) +- (?<msg>.*)$"
        },
        {
            "python",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) - (?<logger>\\S+) - (?<level>[A-Z]+) - (?<msg>.*)$"
        },
        {"python#basic", "^(?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL):(?<logger>[^:]*):(?<msg>.*)$"},
        {
            "ruby",
            "^[DIWEFA], \\[(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d+) ?#(?<pid>\\d+)\\] +(?<level>[A-Z]+) -- "
                    + "(?<app>[^:]*): (?<msg>.*)$"
        },
        {
            "php",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[+-]\\d{2}:\\d{2})?)\\] "
                    + "(?<channel>[\\w.-]+)\\.(?<level>[A-Z]+): (?<msg>.*?)(?: \\[\\])*$"
        },
        {
            "zap",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}T[^\\t]+|\\d+(?:\\.\\d+)?(?:e[+-]\\d+)?)\\t(?<level>[A-Za-z]+)\\t"
                    + "(?:(?<logger>[^\\t]+)\\t)??(?:(?<caller>[^\\t]+\\.go:\\d+)\\t)?(?<msg>[^\\t]*)(?:\\t(?<fields>\\{.*\\}))?$"
        },
        {"logfmt", "^(?:[\\w.\\-]+=(?:\"(?:[^\"\\\\]|\\\\.)*\"|\\S*)\\s*){2,}$"},
    };

    private Pattern[] patterns;
    private String[] names;
    /** Per pattern, which of {@link #TAKEN} it has a group for (looked up once, not per line). */
    private boolean[][] has;

    static final String[] TAKEN = {"time", "level", "host", "app", "msg"};

    @Setup
    public void load() throws IOException {
        List<String[]> expected = corpus(Path.of(corpus), shape);
        lines = new String[LINES];
        for (int i = 0; i < LINES; i++) {
            lines[i] = expected.get(i % expected.size())[0];
        }
        sameJob = new RegexLineParser(PATTERNS, REFERENCE, false);
        agreement(expected);
        patterns = new Pattern[PATTERNS.length];
        names = new String[PATTERNS.length];
        has = new boolean[PATTERNS.length][TAKEN.length];
        for (int i = 0; i < PATTERNS.length; i++) {
            names[i] = RegexLineParser.shape(PATTERNS[i][0]);
            patterns[i] = Pattern.compile(PATTERNS[i][1]);
            for (int k = 0; k < TAKEN.length; k++) {
                has[i][k] = PATTERNS[i][1].contains("(?<" + TAKEN[k] + ">");
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void recognise(Blackhole bh) {
        for (String line : lines) {
            LineShape shape = parser.parse(line, reference, parsed);
            bh.consume(shape);
            bh.consume(parsed.hasTime() ? parsed.time().epochSecond() : 0);
            bh.consume(parsed.level());
            bh.consume(parsed.text(ParsedLine.Field.HOST));
            bh.consume(parsed.text(ParsedLine.Field.SERVICE));
            bh.consume(parsed.text(ParsedLine.Field.MESSAGE));
        }
    }

    /**
     * The corpus entries of {@code dir} ({@code *.jsonl}, files in name order; {@code shape} = {@code
     * all} or one file's name without {@code .jsonl}), each as {line, expected shape, expected
     * event_time}, the last two NULL when absent. Also read by {@code ReaderCost}.
     */
    public static List<String[]> corpus(Path dir, String shape) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl"))
                    .filter(p ->
                            shape.equals("all") || p.getFileName().toString().equals(shape + ".jsonl"))
                    .sorted()
                    .toList();
        }
        List<String[]> entries = new ArrayList<>();
        JsonFactory json = new JsonFactory();
        for (Path f : files) {
            for (String entry : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (entry.isBlank()) {
                    continue;
                }
                String[] e = new String[3];
                try (JsonParser p = json.createParser(entry)) {
                    p.nextToken();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        JsonToken t = p.nextToken();
                        int k = name.equals("line") ? 0 : name.equals("shape") ? 1 : name.equals("event_time") ? 2 : -1;
                        if (k >= 0 && t == JsonToken.VALUE_STRING) {
                            e[k] = p.getText();
                        } else {
                            p.skipChildren();
                        }
                    }
                }
                entries.add(e);
            }
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException(
                    "no corpus lines for shape " + shape + " in " + dir + " (run from the repository root)");
        }
        return entries;
    }

    /** {@code -Dagreement.verbose=true} (with {@code -jvmArgsAppend}): {@link #agreement} lists the baseline's misses. */
    private static final boolean VERBOSE = Boolean.getBoolean("agreement.verbose");

    /**
     * How often each side gets the corpus's expected shape and instant (printed once per fork): the
     * baseline's patterns are rough, and this says how rough. Not a score; the corpus tests hold
     * the recogniser's answers.
     */
    private void agreement(List<String[]> expected) {
        int shapes = 0;
        int times = 0;
        int regexShapes = 0;
        int regexTimes = 0;
        int timed = 0;
        for (String[] e : expected) {
            LineShape s = parser.parse(e[0], reference, parsed);
            sameJob.parse(e[0], result);
            shapes += s.sqlName().equals(e[1]) ? 1 : 0;
            regexShapes += result.shape.equals(e[1]) ? 1 : 0;
            if (e[2] != null) {
                timed++;
                Instant t = Instant.parse(e[2]);
                times += parsed.hasTime() && parsed.time().toInstant().equals(t) ? 1 : 0;
                regexTimes += t.equals(result.time) ? 1 : 0;
                if (VERBOSE && !t.equals(result.time) && result.shape.equals(e[1])) {
                    System.out.printf("regex time %s, expected %s: %s%n", result.time, t, e[0]);
                }
            }
            if (VERBOSE && !result.shape.equals(e[1])) {
                System.out.printf("regex shape %s, expected %s: %s%n", result.shape, e[1], e[0]);
            }
        }
        System.out.printf(
                "%nagreement with the corpus (%d lines, %d with a time): recognise %d shapes, %d times;"
                        + " regexSameJob %d shapes, %d times%n",
                expected.size(), timed, shapes, times, regexShapes, regexTimes);
    }

    /**
     * The same job as {@link #recognise} done with regex and {@code java.time} (see {@link
     * RegexLineParser}): patterns in order, the time parsed into an instant, the level normalised,
     * an envelope's message matched again.
     */
    @Benchmark
    @OperationsPerInvocation(LINES)
    public void regexSameJob(Blackhole bh) {
        for (String line : lines) {
            sameJob.parse(line, result);
            bh.consume(result.shape);
            bh.consume(result.time == null ? 0 : result.time.getEpochSecond());
            bh.consume(result.level);
            bh.consume(result.host);
            bh.consume(result.app);
            bh.consume(result.message);
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void regexBaseline(Blackhole bh) {
        for (String line : lines) {
            String shape = "plain";
            for (int i = 0; i < patterns.length; i++) {
                Matcher m = patterns[i].matcher(line);
                if (m.matches()) {
                    shape = names[i];
                    for (int k = 0; k < TAKEN.length; k++) {
                        bh.consume(has[i][k] ? m.group(TAKEN[k]) : null);
                    }
                    break;
                }
            }
            bh.consume(shape);
        }
    }
}
