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
 * {@code java.util.regex} pattern per layout, tried in order until one matches, its named groups
 * taken (as Fluent Bit's and Logstash's parsers do, but with no need to name the format per source);
 * {@code baseline} picks the table ({@link #LAYOUTS}, or the first one pattern per shape, {@link
 * #SHAPES}).
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

    /**
     * The baseline's table: {@code layouts}, a pattern for each layout in the corpus ({@link
     * #LAYOUTS}), or {@code shapes}, the first table's one pattern per shape ({@link #SHAPES}), which
     * misses a third of the lines and so does less work on them than the recogniser.
     */
    @Param("layouts")
    public String baseline;

    private String[] lines;
    private RegexLineParser sameJob;
    private final RegexLineParser.Result result = new RegexLineParser.Result();
    private final LineParser parser = LineParser.all(TimestampParser.UTC);
    private final ParsedLine parsed = new ParsedLine();
    /** When the lines arrived: year-less times are placed before it. Also {@code ReaderCost}'s. */
    public static final Instant REFERENCE = Instant.parse("2026-12-02T12:00:00Z");

    private final long reference = REFERENCE.toEpochMilli();

    /**
     * The shapes table: one pattern per shape (two for Java's and Python's), in the order tried; their
     * names are the shapes ({@code shape#layout} where a shape has several: {@link
     * RegexLineParser#shape}). Kept as first measured: it reads only 733 of the corpus's 1,137 lines
     * as their shapes, most of the others as plain.
     */
    static final String[][] SHAPES = {
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

    /**
     * The layouts table: {@link #SHAPES} and, where the corpus has a layout none of them reads, one
     * more pattern for it, each placed as a user who wants that line's shape must place it: before
     * the pattern that would take the line wrongly (hclog's ISO time and {@code [LEVEL]} before RFC
     * 3164's ISO form, the Java layouts before Python's catch-all {@code asctime levelname}), the
     * prefixes of container tools last, as the recogniser tries them only for a line nothing took.
     */
    static final String[][] LAYOUTS = {
        fromShapes("syslog5424"),
        // Heroku's logplex drains: no structured data.
        {
            "syslog5424#logplex",
            "^(?:\\d+ )?<(?<pri>\\d{1,3})>1 (?<time>\\S+) (?<host>\\S+) (?<app>\\S+) (?<pid>\\S+) (?<msgid>\\S+) (?<msg>.*)$"
        },
        fromShapes("cri"),
        // HashiCorp's hclog (Consul, Vault, Nomad, Terraform), indented where Nomad and Consul nest it.
        {
            "go#hclog",
            "^ *(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(?:Z|[+-]\\d{4})) \\[(?<level>[A-Z]+) ?\\] +"
                    + "(?:(?<logger>[\\w./-]+): )?(?<msg>.*)$"
        },
        fromShapes("syslog3164"),
        // heroku logs: a program and dyno but no host.
        {
            "syslog3164#heroku",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})) (?<app>[\\w-]+)"
                    + "\\[(?<pid>[\\w.-]+)\\]: (?<msg>.*)$"
        },
        // Cisco IOS: a sequence number, * for an unsynchronised clock, a year and zone, a colon.
        {
            "syslog3164#cisco",
            "^(?:<(?<pri>\\d{1,3})>)?(?:\\d+: )?\\*?(?<time>[A-Z][a-z]{2} +\\d{1,2}(?: \\d{4})? \\d{2}:\\d{2}:\\d{2}"
                    + "(?:\\.\\d{3})?(?: [A-Z]{3,4})?): (?<msg>.*)$"
        },
        // rsyslog's forwarding format: an RFC 3339 time after the PRI.
        {"syslog3164#iso", "^<(?<pri>\\d{1,3})>(?<time>\\d{4}-\\d{2}-\\d{2}T\\S+) (?<host>\\S+) (?<msg>.*)$"},
        // Logstash's SYSLOGLINE: any case of month, day unpadded, host alone, program optional.
        {
            "syslog3164#grok",
            "^(?:<(?<pri>\\d{1,3})>)?(?<time>[A-Za-z]{3} +\\d{1,2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?) (?<host>\\S+)"
                    + "(?: (?<app>[^\\s:\\[]+)(?:\\[(?<pid>\\d+)\\])?:)? ?(?<msg>.*)$"
        },
        fromShapes("klog"),
        // glog 0.6+: the year in the date.
        {
            "klog#glog",
            "^(?<level>[IWEF])(?<time>\\d{8} \\d{2}:\\d{2}:\\d{2}\\.\\d{6}) +(?<thread>\\d+) (?<source>[^\\]]+)\\] (?<msg>.*)$"
        },
        fromShapes("nginx_error"),
        fromShapes("go"),
        // Consul's and Nomad's log before hclog: indented, a [LEVEL].
        {
            "go#indented",
            "^\\s+(?<time>\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?) (?:\\[(?<level>[A-Z]+)\\] )?(?<msg>.*)$"
        },
        // log.New(w, "prefix: ", log.Lshortfile): no time.
        {"go#prefix", "^(?<app>[^:\\s]+): (?<source>[\\w.-]+\\.go:\\d+): (?<msg>.*)$"},
        fromShapes("haproxy"),
        // option logasap: + before the total time and the bytes.
        {
            "haproxy#logasap",
            "^(?<client>[\\d.:a-f]+):(?<port>\\d+) \\[(?<time>[^\\]]+)\\] (?<frontend>\\S+) (?<backend>[^/\\s]+)/"
                    + "(?<server>\\S+) (?<timers>[-+\\d/]+) (?<status>-?\\d+) (?<bytes>\\+?\\d+) .*$"
        },
        // option tcplog: no status, the session's end state.
        {
            "haproxy#tcp",
            "^(?<client>[\\d.:a-f]+):(?<port>\\d+) \\[(?<time>[^\\]]+)\\] (?<frontend>\\S+) (?<backend>[^/\\s]+)/"
                    + "(?<server>\\S+) (?<timers>[-+\\d/]+) (?<bytes>\\+?\\d+) (?<state>\\S+) (?<conns>[\\d/]+) (?<queues>[\\d/]+)$"
        },
        // A connection's error (SSL handshake): frontend/bind and a message.
        {
            "haproxy#error",
            "^(?<client>[\\d.:a-f]+):(?<port>\\d+) \\[(?<time>[^\\]]+)\\] (?<frontend>[^/\\s]+)/(?<bind>[^:\\s]+): (?<msg>.*)$"
        },
        {
            "haproxy#connect",
            "^Connect from (?<client>[\\d.:a-f]+):(?<port>\\d+) to (?<dst>[\\d.:a-f]+):(?<dport>\\d+) "
                    + "\\((?<frontend>[^/]+)/(?<mode>[A-Z]+)\\)$"
        },
        // Werkzeug's and Rack's common log: the time without a zone (Rack: and the duration).
        {
            "clf#localtime",
            "^(?<client>\\S+) - (?<user>\\S+) \\[(?<time>\\d{2}/[A-Z][a-z]{2}/\\d{4} \\d{2}:\\d{2}:\\d{2})\\] "
                    + "\"(?<request>[^\"]*)\" (?<status>\\d{3}) (?<bytes>\\d+|-)(?: (?<duration>\\d+\\.\\d+))?$"
        },
        fromShapes("combined"),
        // Logstash's HTTPD_COMBINEDLOG: the request any quoted text ("-", "", a TLS handshake).
        {
            "combined#grok",
            "^(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] \"(?<request>[^\"]*)\" "
                    + "(?<status>\\d{3}|-) (?<bytes>\\d+|-) \"(?<referer>(?:[^\"\\\\]|\\\\.)*)\" "
                    + "\"(?<agent>(?:[^\"\\\\]|\\\\.)*)\".*$"
        },
        // Apache's vhost_combined.
        {
            "combined#vhost",
            "^(?<vhost>[\\w.-]+(?::\\d+)?) (?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] "
                    + "\"(?<request>[^\"]*)\" (?<status>\\d{3}|-) (?<bytes>\\d+|-) "
                    + "\"(?<referer>(?:[^\"\\\\]|\\\\.)*)\" \"(?<agent>(?:[^\"\\\\]|\\\\.)*)\".*$"
        },
        fromShapes("clf"),
        // Logstash's HTTPD_COMMONLOG.
        {
            "clf#grok",
            "^(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] \"(?<request>[^\"]*)\" "
                    + "(?<status>\\d{3}|-) (?<bytes>\\d+|-)$"
        },
        // Apache's vhost_common.
        {
            "clf#vhost",
            "^(?<vhost>[\\w.-]+(?::\\d+)?) (?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] "
                    + "\"(?<request>[^\"]*)\" (?<status>\\d{3}|-) (?<bytes>\\d+|-)$"
        },
        // Squid's common format, with its result and hierarchy codes (status 0 for no reply).
        {
            "clf#squid",
            "^(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>[^\\]]+)\\] \"(?<request>[^\"]*)\" "
                    + "(?<status>\\d+) (?<bytes>\\d+) (?<result>[A-Z_]+:[A-Z_]+)$"
        },
        fromShapes("envoy"),
        // Envoy's own log (not its access log).
        {
            "envoy#app",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3})\\]\\[(?<thread>\\d+)\\]\\[(?<level>\\w+)\\]"
                    + "\\[(?<logger>[\\w-]+)\\] \\[?(?<source>[^\\]\\s]+)\\] (?<msg>.*)$"
        },
        fromShapes("apache_error"),
        // Apache 2.4 with no module name ([:error]).
        {
            "apache_error#24",
            "^\\[(?<time>[A-Z][a-z]{2} [A-Z][a-z]{2} \\d{2} [\\d:.]+ \\d{4})\\] \\[(?<module>\\w*):(?<level>\\w+)\\]"
                    + "(?: \\[pid (?<pid>\\d+)(?::tid \\d+)?\\])?(?: \\[client (?<client>[^\\]]+)\\])? (?<msg>.*)$"
        },
        // ErrorLogFormat with the access log's time.
        {
            "apache_error#clftime",
            "^\\[(?<time>\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4})\\] \\[(?:(?<module>\\w*):)?(?<level>\\w+)\\]"
                    + "(?: \\[pid (?<pid>\\d+)(?::tid \\d+)?\\])?(?: \\[client (?<client>[^\\]]+)\\])? (?<msg>.*)$"
        },
        // ErrorLogFormat with an ISO date, microseconds and offset.
        {
            "apache_error#isotime",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{6} [+-]\\d{4})\\] \\[(?:(?<module>\\w*):)?(?<level>\\w+)\\]"
                    + "(?: \\[pid (?<pid>\\d+)(?::tid \\d+)?\\])?(?: \\[client (?<client>[^\\]]+)\\])? (?<msg>.*)$"
        },
        fromShapes("postgresql"),
        // Any log_line_prefix that starts with %t or %m: the time and zone, whatever the prefix adds
        // (grok's DATA), the severity.
        {
            "postgresql#prefix",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)? (?:[A-Z]{2,5}|[+-]\\d{2}(?:\\d{2})?))[ :]"
                    + "(?<prefix>.*?)(?<level>DEBUG[1-5]|INFO|NOTICE|WARNING|ERROR|LOG|FATAL|PANIC|DETAIL|HINT|QUERY"
                    + "|CONTEXT|LOCATION|STATEMENT): +(?<msg>.*)$"
        },
        // Heroku Postgres (inside heroku logs' envelope): [pid-line] [COLOR].
        {"postgresql#heroku", "^\\[(?<pid>\\d+)-\\d+\\] +\\[(?<color>[A-Z_]+)\\] (?<level>[A-Z]+): +(?<msg>.*)$"},
        fromShapes("redis"),
        // Redis 3+ writes the day unpadded.
        {
            "redis#day",
            "^(?<pid>\\d+):(?<role>[XCSM]) (?<time>\\d{1,2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}) "
                    + "(?<level>[.*#-]) (?<msg>.*)$"
        },
        // Redis 2: [pid], no year.
        {
            "redis#2",
            "^\\[(?<pid>\\d+)\\] (?<time>\\d{1,2} [A-Z][a-z]{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d{3})?) (?<level>[.*#-]) (?<msg>.*)$"
        },
        // The signal handler's line: epoch seconds.
        {
            "redis#signal",
            "^(?:\\[(?<pid>\\d+) \\| signal handler\\]|\\d+:signal-handler) \\((?<time>\\d+)\\) (?<msg>.*)$"
        },
        fromShapes("mysql"),
        // MariaDB and MySQL 5.6: a space, the hour space-padded, a thread (hex in InnoDB's 5.6 lines).
        {
            "mysql#mariadb",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} [ \\d]\\d:\\d{2}:\\d{2}) (?<thread>[\\da-f]+) (?:\\[(?<level>\\w+)\\] )?(?<msg>.*)$"
        },
        // MySQL 5.5 and older: yymmdd.
        {"mysql#yymmdd", "^(?<time>\\d{6} [ \\d]\\d:\\d{2}:\\d{2}) +(?:\\[(?<level>\\w+)\\] )?(?<msg>.*)$"},
        // The Docker image's entrypoint script.
        {
            "mysql#entrypoint",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}) \\[(?<level>\\w+)\\] \\[(?<subsystem>[^\\]]+)\\]: "
                    + "(?<msg>.*)$"
        },
        fromShapes("java"),
        fromShapes("java#log4j"),
        // Spring Boot 2.x and 3.x: a Sleuth trace before the pid, ???? for none, no pid at all, the
        // application's name before the thread, a correlation id after it.
        {
            "java#spring",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(?:Z|[+-]\\d{2}:\\d{2})?) +(?<level>[A-Z]+) +"
                    + "(?:\\[(?<trace>[^\\]]*)\\] +)?(?:(?<pid>\\d+|\\?+) +--- +)?(?:\\[(?<app>[^\\]]*)\\] +)?"
                    + "\\[ *(?<thread>[^\\]]+)\\] +(?:\\[(?<correlation>[^\\]]*)\\] +)?(?<logger>\\S+) +: (?<msg>.*)$"
        },
        // Flink's log4j: %d %-5p %-60c %x - %m
        {
            "java#flink",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) (?<level>[A-Z]+) +(?<logger>\\S+) +"
                    + "\\[(?<ndc>[^\\]]*)\\] - +(?<msg>.*)$"
        },
        // Kafka's: [%d] %p %m (%c)
        {
            "java#kafka",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3})\\] (?<level>[A-Z]+) (?<msg>.*) \\((?<logger>[\\w.$]+)\\)$"
        },
        // Tomcat's OneLineFormatter.
        {
            "java#tomcat",
            "^(?<time>\\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}) (?<level>[A-Z]+) \\[(?<thread>[^\\]]+)\\] "
                    + "(?<logger>\\S+) (?<msg>.*)$"
        },
        // Logback's default: the time of day only.
        {
            "java#logback",
            "^(?<time>\\d{2}:\\d{2}:\\d{2}\\.\\d{3}) \\[(?<thread>[^\\]]+)\\] (?<level>[A-Z]+) +(?<logger>\\S+) - (?<msg>.*)$"
        },
        // Spark's log4j defaults: %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m
        {
            "java#spark",
            "^(?<time>\\d{2}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}) (?<level>[A-Z]+) (?<logger>[^\\s:]+): (?<msg>.*)$"
        },
        // %d{yyyy-MM-dd HH:mm:ss} %-5p %c{1}:%L - %m
        {
            "java#classline",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) (?<level>[A-Z]+) +(?<logger>[^\\s:]+):(?<line>\\d+) - (?<msg>.*)$"
        },
        // Hadoop's: %d{ISO8601} [%t] %-5p %c{2} (%F:%M(%L)) - %m
        {
            "java#hadoop",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) \\[(?<thread>[^\\]]+)\\] (?<level>[A-Z]+) +"
                    + "(?<logger>\\S+) \\((?<source>\\S+)\\) - (?<msg>.*)$"
        },
        // ZooKeeper's: %d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m (threads hold brackets)
        {
            "java#zookeeper",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) \\[myid:(?<myid>\\d*)\\] - (?<level>[A-Z]+) +"
                    + "\\[(?<thread>.*):(?<logger>[^:\\]]+@\\d+)\\] - (?<msg>.*)$"
        },
        // Quarkus's: %d %-5p [%c{3.}] (%t) %s
        {
            "java#quarkus",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) (?<level>[A-Z]+) +\\[(?<logger>[^\\]]+)\\] "
                    + "\\((?<thread>[^)]+)\\) (?<msg>.*)$"
        },
        // Cassandra's: %-5level [%thread] %date{ISO8601} %F:%L - %msg
        {
            "java#cassandra",
            "^(?<level>[A-Z]+) +\\[(?<thread>[^\\]]+)\\] (?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) "
                    + "(?<source>\\S+) - (?<msg>.*)$"
        },
        // Jenkins's: tab-separated, the thread's id.
        {
            "java#jenkins",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}[+-]\\d{4}) \\[id=(?<thread>\\d+)\\]\\t"
                    + "(?<level>[A-Z]+)\\t(?<logger>[^\\s:]+): (?<msg>.*)$"
        },
        // Elasticsearch's and Logstash's: [time][LEVEL][logger]
        {
            "java#elasticsearch",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2},\\d{3})\\]\\[(?<level>[A-Z]+) *\\]"
                    + "\\[(?<logger>[^\\]\\s]+) *\\] ?(?<msg>.*)$"
        },
        // log4j 1's TTCCLayout: milliseconds since start, no time.
        {
            "java#ttcc",
            "^(?<ms>\\d+) \\[(?<thread>[^\\]]+)\\] (?<level>[A-Z]+) +(?<logger>\\S+) (?:(?<ndc>\\S+) )?- (?<msg>.*)$"
        },
        // Every field in brackets: [%d] [%-5p] [%t] [%c] [%X]
        {
            "java#brackets",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3})\\] \\[(?<level>[A-Z]+) *\\] \\[(?<thread>[^\\]]+)\\] "
                    + "\\[(?<logger>[^\\]]+)\\] \\[(?<mdc>[^\\]]*)\\] (?<msg>.*)$"
        },
        // Bars between the fields, an offset after the time.
        {
            "java#bars",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} [+-]\\d{4}) \\| (?<level>[A-Z]+) *\\| "
                    + "(?<logger>\\S+) - (?<msg>.*)$"
        },
        // %d - %r %-5p [%t] %c:%m (milliseconds since start after the time)
        {
            "java#relative",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) - (?<ms>\\d+) (?<level>[A-Z]+) +"
                    + "\\[(?<thread>[^\\]]+)\\] (?<logger>[^\\s:]+):(?<msg>.*)$"
        },
        // log4j 2's own status logger.
        {"java#status", "^(?<level>TRACE|DEBUG|INFO|WARN|ERROR|FATAL) StatusLogger (?<msg>.*)$"},
        fromShapes("python"),
        fromShapes("python#basic"),
        // Uvicorn's %(levelprefix)s %(message)s, and %(levelname)s:%(message)s.
        {"python#uvicorn", "^(?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL): *(?<msg>.*)$"},
        // Gunicorn's.
        {
            "python#gunicorn",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} [+-]\\d{4})\\] \\[(?<pid>\\d+)\\] \\[(?<level>[A-Z]+)\\] (?<msg>.*)$"
        },
        // Gunicorn before 19: no brackets or zone around the time.
        {
            "python#gunicorn_old",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) \\[(?<pid>\\d+)\\] \\[(?<level>[A-Z]+)\\] (?<msg>.*)$"
        },
        // Celery's worker.
        {
            "python#celery",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}): (?<level>[A-Z]+)/(?<process>[^\\]]+)\\] (?<msg>.*)$"
        },
        // Airflow's: [time] {file.py:line} LEVEL - (doubled braces in 1.10's task logs)
        {
            "python#airflow",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}[.,]\\d{3}(?:[+-]\\d{4})?)\\] \\{+(?<source>[^}]+)\\}+ "
                    + "(?<level>[A-Z]+) - (?<msg>.*)$"
        },
        // Flask's default handler.
        {
            "python#flask",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3})\\] (?<level>[A-Z]+) in (?<module>[^:\\s]+): (?<msg>.*)$"
        },
        // [%(asctime)s - %(name)s - %(lineno)d][%(levelname)s]
        {
            "python#lineno",
            "^\\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) - (?<logger>\\S+) - (?<line>\\d+)\\]"
                    + "\\[(?<level>[A-Z]+)\\] (?<msg>.*)$"
        },
        // Django's documented "verbose" formatter: {levelname} {asctime} {module} {process} {thread}
        {
            "python#django",
            "^(?<level>[A-Z]+) (?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) (?<module>\\S+) (?<process>\\d+) "
                    + "(?<thread>-?\\d+) (?<msg>.*)$"
        },
        // Scrapy's.
        {
            "python#scrapy",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) \\[(?<logger>[^\\]]+)\\] (?<level>[A-Z]+): (?<msg>.*)$"
        },
        // %(name)s %(levelname)s %(asctime)s [context] %(message)s (Galaxy's)
        {
            "python#name_first",
            "^(?<logger>[\\w.]+) (?<level>[A-Z]+) (?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) "
                    + "(?:\\[(?<context>[^\\]]*)\\] )?(?<msg>.*)$"
        },
        // The docs' %(asctime)s - %(name)s - %(levelname)s with datefmt's seconds.
        {
            "python#datefmt",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) - (?<logger>\\S+) - (?<level>[A-Z]+) - (?<msg>.*)$"
        },
        // Patroni's: %(asctime)s %(levelname)s: %(message)s
        {"python#patroni", "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) (?<level>[A-Z]+): (?<msg>.*)$"},
        // %(asctime)s %(levelname)-8s %(message)s (after Java's layouts, which it would take too).
        {
            "python#levelname",
            "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(?:,\\d{3})?) (?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) +"
                    + "(?<msg>.*)$"
        },
        fromShapes("ruby"),
        // Logger with a datetime_format of its own.
        {
            "ruby#datetime",
            "^[DIWEFA], \\[(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) #(?<pid>\\d+)\\] +(?<level>[A-Z]+) -- "
                    + "(?<app>[^:]*): (?<msg>.*)$"
        },
        // Sidekiq 6: pid=, tid=, the job's context pairs.
        {
            "ruby#sidekiq",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z) pid=(?<pid>\\d+) tid=(?<tid>\\w+)"
                    + "(?<context>(?: [\\w.]+=\\S*)*) (?<level>[A-Z]+): (?<msg>.*)$"
        },
        // Sidekiq 5: pid TID-..., the worker and JID-..., the time left out under a supervisor.
        {
            "ruby#sidekiq5",
            "^(?:(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z) )?(?<pid>\\d+) TID-(?<tid>\\w+)"
                    + "(?<context>(?: \\S+)*?) (?<level>[A-Z]+): (?<msg>.*)$"
        },
        fromShapes("php"),
        // PHP-FPM's own log.
        {
            "php#fpm",
            "^\\[(?<time>\\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?)\\] (?<level>[A-Z]+): (?<msg>.*)$"
        },
        // PHP's error_log: the zone's name after the time, "PHP Fatal error:  ".
        {
            "php#error_log",
            "^\\[(?<time>\\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2}:\\d{2} [\\w/+-]+)\\] PHP (?<level>[A-Za-z ]+?): +(?<msg>.*)$"
        },
        fromShapes("zap"),
        // Before logfmt, which would take the records as pairs.
        {
            "auditd",
            "^(?:node=(?<host>\\S+) )?type=(?<type>\\w+) msg=audit\\((?<time>\\d+\\.\\d+):(?<serial>\\d+)\\): *(?<msg>.*)$"
        },
        // The kernel's own audit line (through syslog or dmesg).
        {"auditd#kernel", "^audit: type=(?<type>\\d+) audit\\((?<time>\\d+\\.\\d+):(?<serial>\\d+)\\): (?<msg>.*)$"},
        fromShapes("logfmt"),
        // logrus's text formatter without a terminal: INFO[time] or INFO[seconds], the message, pairs.
        {"logfmt#logrus", "^(?<level>TRAC|DEBU|INFO|WARN|ERRO|FATA|PANI)\\[(?<time>[^\\]]*)\\] (?<msg>.*)$"},
        // logrus's time= level= msg= first, the rest not always pairs (Docker's quotes unescaped).
        {"logfmt#logrus_text", "^time=\"(?<time>[^\"]*)\" level=(?<level>\\w+) msg=\"(?<msg>(?:[^\"\\\\]|\\\\.)*)\".*$"
        },
        // %(asctime)s %(message)s: anything after the time, so after every layout that starts so.
        {"python#asctime", "^(?<time>\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) (?<msg>.*)$"},
        // docker compose logs: service-index  | line
        {"plain#compose", "^(?<app>[\\w.-]+)[-_]\\d+ +\\| (?<msg>.*)$"},
        // kubectl logs --prefix
        {"plain#kubectl", "^\\[pod/(?<app>[a-z0-9.-]+)/(?<container>[a-z0-9-]+)\\] (?<msg>.*)$"},
        // docker logs --timestamps, kubectl logs --timestamps
        {
            "plain#timestamps",
            "^(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})) (?<msg>.*)$"
        },
    };

    /** The row of {@link #SHAPES} named {@code name}. */
    private static String[] fromShapes(String name) {
        for (String[] row : SHAPES) {
            if (row[0].equals(name)) {
                return row;
            }
        }
        throw new IllegalArgumentException(name);
    }

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
        String[][] table = switch (baseline) {
            case "layouts" -> LAYOUTS;
            case "shapes" -> SHAPES;
            default -> throw new IllegalArgumentException("baseline " + baseline + ": layouts or shapes");
        };
        sameJob = new RegexLineParser(table, REFERENCE, table == LAYOUTS);
        agreement(expected);
        patterns = new Pattern[table.length];
        names = new String[table.length];
        has = new boolean[table.length][TAKEN.length];
        for (int i = 0; i < table.length; i++) {
            names[i] = RegexLineParser.shape(table[i][0]);
            patterns[i] = Pattern.compile(table[i][1]);
            for (int k = 0; k < TAKEN.length; k++) {
                has[i][k] = table[i][1].contains("(?<" + TAKEN[k] + ">");
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
     * How often each side gets the corpus's expected shape and instant (printed once per fork): how
     * far the baseline's table is from doing the same job. Not a score; the corpus tests hold the
     * recogniser's answers.
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
