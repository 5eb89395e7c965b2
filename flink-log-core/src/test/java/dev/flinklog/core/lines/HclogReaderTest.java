package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

/** HashiCorp's hclog text lines, read as {@link LineShape#GO}. */
class HclogReaderTest {

    private static final HclogReader READER = new HclogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    private static Map<String, String> pairs(ParsedLine p) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < p.pairCount(); i++) {
            m.put(p.key(i), p.value(i));
        }
        return m;
    }

    @Test
    void theDefaultLine() {
        ParsedLine p =
                read("2023-06-21T10:00:00.123Z [INFO]  agent: Started HTTP server: address=127.0.0.1:8500 network=tcp");
        assertThat(READER.shape()).isEqualTo(LineShape.GO);
        assertThat(time(p)).isEqualTo("2023-06-21T10:00:00.123Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Started HTTP server");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("logger", "agent"),
                        Map.entry("address", "127.0.0.1:8500"),
                        Map.entry("network", "tcp"));
        assertThat(p.has(Field.SERVICE)).as("the logger names a subsystem").isFalse();
        assertThat(p.has(Field.HOST)).isFalse();
        assertThat(p.has(Field.PID)).isFalse();
    }

    @Test
    void everyLevelAndItsPadding() {
        assertThat(read("2023-06-21T10:00:00.123Z [TRACE] a: m").level()).isEqualTo(LogLevel.TRACE);
        assertThat(read("2023-06-21T10:00:00.123Z [DEBUG] a: m").level()).isEqualTo(LogLevel.DEBUG);
        assertThat(read("2023-06-21T10:00:00.123Z [INFO]  a: m").level()).isEqualTo(LogLevel.INFO);
        assertThat(read("2023-06-21T10:00:00.123Z [WARN]  a: m").level()).isEqualTo(LogLevel.WARN);
        assertThat(read("2023-06-21T10:00:00.123Z [ERROR] a: m").level()).isEqualTo(LogLevel.ERROR);
        // hclog before 0.9: padded inside the brackets
        ParsedLine old = read("2018-11-15T18:33:00.557Z [INFO ] core: security barrier initialized: shares=5");
        assertThat(old.level()).isEqualTo(LogLevel.INFO);
        assertThat(old.text(Field.MESSAGE)).isEqualTo("security barrier initialized");
        assertThat(old.value("logger")).isEqualTo("core");
        assertThat(read("2018-11-15T18:33:00.557Z [WARN ] core: m").level()).isEqualTo(LogLevel.WARN);
    }

    @Test
    void timesWithAnOffsetOrIndented() {
        ParsedLine p = read("2025-03-17T13:49:24.584+1300 [INFO]  core: post-unseal setup starting");
        assertThat(time(p)).isEqualTo("2025-03-17T00:49:24.584Z");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("post-unseal setup starting");
        assertThat(p.pairCount()).isEqualTo(1);
        // Nomad's agent indents by four spaces
        p = read("    2019-07-10T01:28:38.922+0300 [INFO ] client.gc: marking allocation for GC: alloc_id=793e");
        assertThat(time(p)).isEqualTo("2019-07-09T22:28:38.922Z");
        assertThat(p.value("alloc_id")).isEqualTo("793e");
        assertThat(read("        2019-07-10T01:28:38.922+0300 [INFO ] a: m")).isNotNull();
        assertThat(read("         2019-07-10T01:28:38.922+0300 [INFO ] a: m"))
                .as("nine spaces")
                .isNull();
    }

    @Test
    void theMessageEndsAtTheColonBeforeThePairs() {
        // a quoted value holding ": "
        ParsedLine p = read(
                "2023-06-07T17:52:08.058+0530 [DEBUG] agent.router.manager: Rebalanced servers, new"
                        + " active server: number_of_servers=1 active_server=\"consul-server.dc1 (Addr: tcp/192.168.1.7:8300)\"");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Rebalanced servers, new active server");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("logger", "agent.router.manager"),
                        Map.entry("number_of_servers", "1"),
                        Map.entry("active_server", "consul-server.dc1 (Addr: tcp/192.168.1.7:8300)"));
        // key=value text that does not follow a colon is the message's
        p = read("2020-03-24T17:42:23.220Z [DEBUG] agent.server.memberlist.lan: memberlist: Stream connection"
                + " from=10.98.0.9:61844");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("memberlist: Stream connection from=10.98.0.9:61844");
        assertThat(pairs(p)).containsOnlyKeys("logger");
        // only the run that ends the line: a word that is no pair ends a run
        p = read("2023-06-21T10:00:00.123Z [INFO]  a: x=1: y=2 and then: k=v");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("x=1: y=2 and then");
        assertThat(pairs(p)).containsExactly(Map.entry("logger", "a"), Map.entry("k", "v"));
        // colons in the message, no pairs
        p = read("2023-06-21T10:00:00.123Z [ERROR] agent: failed: dial tcp 10.0.0.1:8301: connect: refused");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("failed: dial tcp 10.0.0.1:8301: connect: refused");
        assertThat(pairs(p)).containsOnlyKeys("logger");
        // a message ending in its colon: a value on the lines after
        p = read("2022-09-13T22:27:17.924-0400 [TRACE] sdk.helper_resource: Created plan with changes:");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Created plan with changes:");
    }

    @Test
    void values() {
        ParsedLine p = read("2023-06-21T10:00:00.123Z [INFO]  a: m: empty= quoted=\"\" list=[] pair=[a, \"b c\"]"
                + " esc=\"say \\\"hi\\\"\" eq=a=b");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("m");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("logger", "a"),
                        Map.entry("empty", ""),
                        Map.entry("quoted", ""),
                        Map.entry("list", "[]"),
                        Map.entry("pair", "[a, \"b c\"]"),
                        Map.entry("esc", "say \"hi\""),
                        Map.entry("eq", "a=b"));
        // an unclosed quote or bracket is no pair, and ends nothing
        p = read("2023-06-21T10:00:00.123Z [INFO]  a: m: k=\"open v=1");
        assertThat(pairs(p)).containsExactly(Map.entry("logger", "a"));
        assertThat(p.text(Field.MESSAGE)).isEqualTo("m: k=\"open v=1");
        p = read("2023-06-21T10:00:00.123Z [INFO]  a: m: k=[open v=1");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("m");
        assertThat(p.value("k")).isEqualTo("[open");
        assertThat(p.value("v")).isEqualTo("1");
    }

    @Test
    void theLoggerName() {
        assertThat(read("2024-01-12T08:20:25.400-0700 [INFO]  backend/local: plan calling Plan")
                        .value("logger"))
                .isEqualTo("backend/local");
        ParsedLine p = read("2023-10-09T12:03:41.631-0700 [TRACE] provider.terraform-provider-aws_v5.17.0_x5: Received"
                + " request: @caller=github.com/a/b@v0.19.0/server.go:531 @module=sdk.proto tf_rpc=GetProviderSchema");
        assertThat(p.value("logger")).isEqualTo("provider.terraform-provider-aws_v5.17.0_x5");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Received request");
        assertThat(p.value("@caller")).isEqualTo("github.com/a/b@v0.19.0/server.go:531");
        assertThat(p.value("@module")).isEqualTo("sdk.proto");
        // none: a first word before a space, or not of name characters
        p = read("2025-08-19T20:42:24.315-0700 [INFO]  Terraform version: 1.12.2");
        assertThat(p.value("logger")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Terraform version: 1.12.2");
        p = read("2020-05-18T15:49:31.519Z [WARN]  failed to unseal core: error=\"none were found\"");
        assertThat(pairs(p)).containsExactly(Map.entry("error", "none were found"));
        assertThat(p.text(Field.MESSAGE)).isEqualTo("failed to unseal core");
        assertThat(read("2023-06-21T10:00:00.123Z [INFO]  see http://x: k=v").value("logger"))
                .isNull();
        // a name and an empty message: the pairs follow the name's colon
        p = read("2023-06-21T10:00:00.123Z [INFO]  agent: k=v");
        assertThat(p.has(Field.MESSAGE)).isFalse();
        assertThat(pairs(p)).containsExactly(Map.entry("logger", "agent"), Map.entry("k", "v"));
        // neither a name nor a message
        p = read("2023-06-21T10:00:00.123Z [INFO]  : k=v");
        assertThat(p.has(Field.MESSAGE)).isFalse();
        assertThat(pairs(p)).containsExactly(Map.entry("k", "v"));
        assertThat(read("2023-06-21T10:00:00.123Z [INFO]  ").has(Field.MESSAGE)).isFalse();
    }

    @Test
    void theCaller() {
        // IncludeLocation: the last two parts of the file's path and its line, before the name
        ParsedLine p =
                read("2023-06-21T10:00:00.123Z [INFO]  go-hclog/logger_test.go:25: test: this is test: who=programmer");
        assertThat(p.value("source")).isEqualTo("go-hclog/logger_test.go:25");
        assertThat(p.value("logger")).isEqualTo("test");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("this is test");
        assertThat(p.value("who")).isEqualTo("programmer");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // CoreDNS: one space after [INFO]
                "2019-03-06T08:55:28.903Z [INFO] 172.17.0.4:36413 - 21583 \"A IN httpbin.org. udp 43 false 512\"",
                // no time, or not ISO with a T
                "[INFO]  agent: Started HTTP server: address=127.0.0.1:8500",
                "2023-06-21 10:00:00.123 [INFO]  agent: m",
                "2023/06/21 10:00:00 [INFO]  agent: m",
                // levels hclog does not write, or written otherwise
                "2023-06-21T10:00:00.123Z [?????] agent: m",
                "2023-06-21T10:00:00.123Z [FATAL] agent: m",
                "2023-06-21T10:00:00.123Z [NOTICE] agent: m",
                "2023-06-21T10:00:00.123Z [info]  agent: m",
                "2023-06-21T10:00:00.123Z [INFO] agent: m",
                "2023-06-21T10:00:00.123Z [INFO]   agent: m",
                "2023-06-21T10:00:00.123Z [ERROR]agent: m",
                "2023-06-21T10:00:00.123Z  [INFO]  agent: m",
                "2023-06-21T10:00:00.123Z INFO agent: m",
                "2023-06-21T10:00:00.123Z [INFO]",
                // a time and free text
                "2024-01-01T10:00:00Z something happened",
                // text before the time
                "vault-gcp-0 vault: 2020-05-18T15:49:31.519Z [WARN]  failed to unseal core"
            })
    void nearMissesAreNotHclog(String line) {
        assertThat(read(line)).as(line).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2019-03-06T08:55:28.903Z [INFO] 172.17.0.4:36413 - 21583 \"A IN httpbin.org. udp 43 false 512\"",
                "2023-06-21T10:00:00.123Z [INFO]   agent: m",
                "2023-06-21T10:00:00.123Z [NOTICE] agent: m",
                "2024-01-01T10:00:00Z something happened",
                "vault-gcp-0 vault: 2020-05-18T15:49:31.519Z [WARN]  failed to unseal core"
            })
    void nearMissesStayPlain(String line) {
        ParsedLine out = new ParsedLine();
        LineShape shape = LineParser.all(TimestampParser.UTC).parse(line, LayoutReaderSupport.REFERENCE, out);
        assertThat(shape).as(line).isEqualTo(LineShape.PLAIN);
    }

    @Test
    void throughTheParserAndItsEnvelopes() {
        LineParser parser = LineParser.all(TimestampParser.UTC);
        ParsedLine out = new ParsedLine();
        String line = "Mar 11 21:45:50 shinkandia nomad[34194]:     2024-03-11T21:45:50.317Z [INFO]  "
                + "client.alloc_runner.task_runner: Task event: task=web type=Received msg=\"Task received\"";
        assertThat(parser.parse(line, LayoutReaderSupport.REFERENCE, out)).isEqualTo(LineShape.GO);
        assertThat(out.text(Field.HOST)).isEqualTo("shinkandia");
        assertThat(out.text(Field.SERVICE)).isEqualTo("nomad");
        assertThat(out.text(Field.PID)).isEqualTo("34194");
        assertThat(time(out)).as("hclog's own year and zone win").isEqualTo("2024-03-11T21:45:50.317Z");
        assertThat(out.level()).isEqualTo(LogLevel.INFO);
        assertThat(out.text(Field.MESSAGE)).isEqualTo("Task event");
        assertThat(out.value("logger")).isEqualTo("client.alloc_runner.task_runner");
        assertThat(out.value("msg")).isEqualTo("Task received");
        // RFC 5424 and a CRI line
        line = "<30>1 2024-03-11T21:45:50.317Z host vault 1 - - 2024-03-11T21:45:50.317Z [ERROR] core: boom: err=x";
        assertThat(parser.parse(line, LayoutReaderSupport.REFERENCE, out)).isEqualTo(LineShape.GO);
        assertThat(out.level()).isEqualTo(LogLevel.ERROR);
        assertThat(out.text(Field.MESSAGE)).isEqualTo("boom");
        line = "2024-03-11T21:45:50.317000000Z stderr F 2024-03-11T21:45:50.317Z [WARN]  agent: slow: ms=9";
        assertThat(parser.parse(line, LayoutReaderSupport.REFERENCE, out)).isEqualTo(LineShape.GO);
        assertThat(out.level()).isEqualTo(LogLevel.WARN);
        assertThat(out.value("stream")).isEqualTo("stderr");
        assertThat(out.value("ms")).isEqualTo("9");
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "2023-06-21T10:00:00.123Z [INFO]  a: m: " + repeat("k=\"v ", n / 5));
        assertLinear(READER, n -> "2023-06-21T10:00:00.123Z [INFO]  a: m: " + repeat("k=[v ", n / 5));
        assertLinear(READER, n -> "2023-06-21T10:00:00.123Z [INFO]  a: m: " + repeat("k=[ ", n / 4) + "]x");
        assertLinear(READER, n -> "2023-06-21T10:00:00.123Z [INFO]  a: " + repeat("a=b c: ", n / 7));
        assertLinear(READER, n -> "2023-06-21T10:00:00.123Z [INFO]  " + repeat("a", n) + ": m");
    }
}
