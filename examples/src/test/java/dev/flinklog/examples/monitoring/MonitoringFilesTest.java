package dev.flinklog.examples.monitoring;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/monitoring/: the alert rules pass promtool's check and unit tests, each alert is
 * complete (severity, summary, runbook section in docs/operations.md, cases that fire and that do
 * not), the dashboard is Grafana JSON with valid PromQL, and every metric name the rules and the
 * dashboard select was scraped by PrometheusMetricsITCase or is documented with its source.
 *
 * <p>The promtool tests skip, saying so, only when promtool is not on the PATH (Debian package
 * {@code prometheus}); .ci/run installs it.
 */
class MonitoringFilesTest {

    private static final Path MONITORING = MetricNames.MONITORING;
    private static final Path RULES = MONITORING.resolve("prometheus-rules.yml");
    private static final Path RULES_TEST = MONITORING.resolve("prometheus-rules-test.yml");
    private static final Path DASHBOARD = MONITORING.resolve("grafana-dashboard.json");
    private static final Path OPERATIONS = MONITORING.getParent().getParent().resolve("docs/operations.md");

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    // ------------------------------------------------------------------ promtool

    @Test
    void promtoolAcceptsTheRules() throws Exception {
        Run r = promtool("check", "rules", RULES.toString());
        assertThat(r.exit).as(r.output).isZero();
        assertThat(r.output).contains("SUCCESS: " + ruleCount() + " rules found");
    }

    @Test
    void promtoolUnitTestsOfTheRulesPass() throws Exception {
        Run r = promtool("test", "rules", RULES_TEST.toString());
        assertThat(r.exit).as(r.output).isZero();
        assertThat(r.output).contains("SUCCESS");
    }

    @Test
    void dashboardQueriesAreValidPromQl(@TempDir Path tmp) throws Exception {
        // promtool has no offline "check this expression": wrap each query in a recording rule.
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        int i = 0;
        for (String expr : dashboardQueries()) {
            rules.append("      - record: dashboard:q")
                    .append(i++)
                    .append("\n        expr: ")
                    .append(JSON.writeValueAsString(withGrafanaVariablesReplaced(expr)))
                    .append('\n');
        }
        Path file = Files.writeString(tmp.resolve("dashboard-rules.yml"), rules.toString());
        Run r = promtool("check", "rules", file.toString());
        assertThat(r.exit).as(r.output + "\n" + rules).isZero();
        assertThat(r.output).contains("SUCCESS: " + i + " rules found");
    }

    // ------------------------------------------------------------------ alerts

    @Test
    void everyAlertHasSeveritySummaryRunbookAndCasesThatFireAndDoNot() throws IOException {
        Map<String, JsonNode> alerts = alerts();
        assertThat(alerts.keySet()).as("alerts").hasSizeGreaterThanOrEqualTo(10);
        String monitoring = monitoringSection();
        Map<String, int[]> cases = unitTestCases(); // alert -> {firing evaluations, silent evaluations}
        for (Map.Entry<String, JsonNode> e : alerts.entrySet()) {
            String name = e.getKey();
            JsonNode rule = e.getValue();
            assertThat(rule.path("labels").path("severity").asText()).as(name).isIn("warning", "critical");
            assertThat(rule.path("annotations").path("summary").asText())
                    .as(name)
                    .isNotBlank();
            assertThat(rule.path("annotations").path("runbook").asText())
                    .as(name)
                    .isEqualTo("docs/operations.md#" + name.toLowerCase());
            assertThat(monitoring).as("runbook heading for " + name).contains("\n#### " + name + "\n");
            assertThat(cases).as("unit tests of " + name).containsKey(name);
            assertThat(cases.get(name)[0])
                    .as(name + ": evaluations where it fires")
                    .isPositive();
            assertThat(cases.get(name)[1])
                    .as(name + ": evaluations where it stays silent")
                    .isPositive();
        }
        for (String heading : headings(monitoring)) {
            assertThat(alerts).as("runbook section without an alert").containsKey(heading);
        }
    }

    // ------------------------------------------------------------------ dashboard

    @Test
    void dashboardIsGrafanaJsonWithPanelsForWhatTheIssueAsksFor() throws IOException {
        JsonNode d = JSON.readTree(DASHBOARD.toFile());
        assertThat(d.path("uid").asText()).isEqualTo("flinklog-archive");
        assertThat(d.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        Set<String> variables = new HashSet<>();
        for (JsonNode v : d.path("templating").path("list")) {
            variables.add(v.path("name").asText());
        }
        assertThat(variables).contains("datasource", "job", "consumergroup");

        Set<Integer> ids = new HashSet<>();
        List<String> titles = new ArrayList<>();
        for (JsonNode p : d.path("panels")) {
            assertThat(ids.add(p.path("id").asInt()))
                    .as("unique panel id " + p.path("id"))
                    .isTrue();
            JsonNode pos = p.path("gridPos");
            assertThat(pos.path("w").asInt() + pos.path("x").asInt())
                    .as("panel fits the 24 columns")
                    .isLessThanOrEqualTo(24);
            if (p.path("type").asText().equals("row")) {
                continue;
            }
            assertThat(p.path("type").asText()).isEqualTo("timeseries");
            assertThat(p.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
            assertThat(p.path("targets")).as(p.path("title").asText()).isNotEmpty();
            Set<String> refIds = new HashSet<>();
            for (JsonNode t : p.path("targets")) {
                assertThat(t.path("expr").asText()).isNotBlank();
                assertThat(refIds.add(t.path("refId").asText())).isTrue();
            }
            titles.add(p.path("title").asText().toLowerCase());
        }
        String all = String.join("\n", titles);
        for (String topic : List.of(
                "throughput per operator",
                "parse errors",
                "event-time coverage",
                "watermark lag",
                "checkpoint duration",
                "checkpoint size",
                "failed",
                "backpressure",
                "jvm heap",
                "iceberg commits")) {
            assertThat(all).as("a panel about " + topic).contains(topic);
        }
    }

    // ------------------------------------------------------------------ metric names

    @Test
    void everyMetricNameInTheRulesAndTheDashboardIsScrapedOrDocumented() throws IOException {
        Set<String> known = new TreeSet<>(MetricNames.scraped());
        known.addAll(MetricNames.scrapedLive());
        known.addAll(MetricNames.documented());
        Set<String> recorded = recordingRules();
        Map<String, Set<String>> used = new LinkedHashMap<>();
        for (JsonNode rule : allRules()) {
            used.computeIfAbsent("rules", k -> new TreeSet<>())
                    .addAll(PromQlNames.of(rule.path("expr").asText()));
        }
        for (String q : dashboardQueries()) {
            used.computeIfAbsent("dashboard", k -> new TreeSet<>()).addAll(PromQlNames.of(q));
        }
        assertThat(used.get("rules")).as("names found in the rules").hasSizeGreaterThan(15);
        assertThat(used.get("dashboard")).as("names found in the dashboard").hasSizeGreaterThan(25);
        for (Map.Entry<String, Set<String>> e : used.entrySet()) {
            Set<String> unknown = new TreeSet<>(e.getValue());
            unknown.removeAll(known);
            unknown.removeAll(recorded);
            assertThat(unknown)
                    .as("metric names in the " + e.getKey() + " that are neither scraped nor documented")
                    .isEmpty();
        }
    }

    @Test
    void documentedNamesSayWhereTheyAreDocumented() throws IOException {
        for (String line : Files.readAllLines(MONITORING.resolve("documented-metrics.txt"))) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] parts = t.split("\\s+", 2);
            assertThat(parts).as(t).hasSize(2);
            assertThat(parts[1]).as(parts[0]).containsAnyOf("docs", "README", "as above");
        }
        Set<String> both = new TreeSet<>(MetricNames.documented());
        both.retainAll(MetricNames.scraped());
        both.addAll(intersection(MetricNames.documented(), MetricNames.scrapedLive()));
        assertThat(both)
                .as("names both scraped and documented (keep them in scraped-metrics.txt only)")
                .isEmpty();
    }

    @Test
    void promQlNamesAreMetricsNotFunctionsLabelsRangesOrKeywords() {
        assertThat(PromQlNames.of("sum by (job_name) (rate(a_total{job=~\"x|y\", le=\"0.5\"}[5m] offset 1h))\n"
                        + "  / on (topic, partition) group_left clamp_min(b - c, 1) > 0.5"
                        + " and max without (tm_id) (d:recorded:rate5m) unless absent(e{f=\"g\"})"
                        + " or time() * 1e3 - h[$__rate_interval:1m] > bool 30"))
                .containsExactly("a_total", "b", "c", "d:recorded:rate5m", "e", "h");
    }

    // ------------------------------------------------------------------ helpers

    private static Map<String, JsonNode> alerts() throws IOException {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (JsonNode rule : allRules()) {
            if (rule.has("alert")) {
                out.put(rule.path("alert").asText(), rule);
            }
        }
        return out;
    }

    private static Set<String> recordingRules() throws IOException {
        Set<String> out = new TreeSet<>();
        for (JsonNode rule : allRules()) {
            if (rule.has("record")) {
                out.add(rule.path("record").asText());
            }
        }
        return out;
    }

    private static List<JsonNode> allRules() throws IOException {
        return MetricNames.rules();
    }

    private static Set<String> intersection(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.retainAll(b);
        return out;
    }

    private static int ruleCount() throws IOException {
        return allRules().size();
    }

    /** alertname -> {evaluations expecting alerts, evaluations expecting none} in the unit tests. */
    private static Map<String, int[]> unitTestCases() throws IOException {
        Map<String, int[]> out = new LinkedHashMap<>();
        for (JsonNode test : YAML.readTree(RULES_TEST.toFile()).path("tests")) {
            for (JsonNode eval : test.path("alert_rule_test")) {
                int[] c = out.computeIfAbsent(eval.path("alertname").asText(), k -> new int[2]);
                c[eval.path("exp_alerts").isEmpty() ? 1 : 0]++;
            }
        }
        return out;
    }

    private static List<String> dashboardQueries() throws IOException {
        return MetricNames.dashboardQueries();
    }

    private static String withGrafanaVariablesReplaced(String expr) {
        return expr.replace("$__rate_interval", "5m")
                .replace("$consumergroup", "o11y.logs.archive")
                .replace("$job", ".*");
    }

    private static String monitoringSection() throws IOException {
        String doc = Files.readString(OPERATIONS);
        int start = doc.indexOf("<!-- section: monitoring -->");
        int end = doc.indexOf("<!-- /section: monitoring -->");
        assertThat(start).as("monitoring section in " + OPERATIONS).isNotNegative();
        assertThat(end).isGreaterThan(start);
        return doc.substring(start, end);
    }

    private static Set<String> headings(String section) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("\n#### (\\w+)\n").matcher(section);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    // ------------------------------------------------------------------ promtool

    private static final class Run {
        final int exit;
        final String output;

        Run(int exit, String output) {
            this.exit = exit;
            this.output = output;
        }
    }

    private static Run promtool(String... args) throws IOException, InterruptedException {
        Path promtool = onPath("promtool");
        Assumptions.assumeTrue(
                promtool != null,
                "promtool is not on the PATH: install Debian's 'prometheus' package (.ci/run does) to run this test");
        List<String> command = new ArrayList<>();
        command.add(promtool.toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(MONITORING.toFile())
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("promtool finished").isTrue();
        return new Run(p.exitValue(), out.toString(StandardCharsets.UTF_8));
    }

    private static Path onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
