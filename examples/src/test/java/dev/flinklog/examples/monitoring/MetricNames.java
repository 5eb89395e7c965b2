package dev.flinklog.examples.monitoring;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lists of metric names the monitoring files may use: examples/monitoring/scraped-metrics.txt
 * (proven by PrometheusMetricsITCase's scrape of a MiniCluster), scraped-metrics-live.txt (proven by
 * ArchiveAlertsFaultITCase's Prometheus scraping the archive job on a session cluster with a real
 * Kafka source) and documented-metrics.txt (names no test here exports, each with the page that
 * documents it). One name per line, first token; {@code #} starts a comment. Also the rules and the
 * dashboard queries that use them.
 */
public final class MetricNames {

    public static final Path MONITORING = Path.of(System.getProperty("flinklog.examples.dir", "."))
            .toAbsolutePath()
            .normalize()
            .resolve("monitoring");

    public static final Path RULES = MONITORING.resolve("prometheus-rules.yml");
    static final Path DASHBOARD = MONITORING.resolve("grafana-dashboard.json");

    private MetricNames() {}

    public static Set<String> scraped() {
        return read(MONITORING.resolve("scraped-metrics.txt"));
    }

    public static Set<String> scrapedLive() {
        return read(MONITORING.resolve("scraped-metrics-live.txt"));
    }

    public static Set<String> documented() {
        return read(MONITORING.resolve("documented-metrics.txt"));
    }

    static Set<String> read(Path file) {
        Set<String> names = new TreeSet<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                names.add(t.split("\\s+", 2)[0]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** Every rule (recording and alerting) of prometheus-rules.yml. */
    public static List<JsonNode> rules() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode group : new YAMLMapper().readTree(RULES.toFile()).path("groups")) {
            group.path("rules").forEach(out::add);
        }
        return out;
    }

    /** Every PromQL query of the dashboard: panel targets and the job variable's label_values metric. */
    public static List<String> dashboardQueries() throws IOException {
        JsonNode d = new ObjectMapper().readTree(DASHBOARD.toFile());
        List<String> out = new ArrayList<>();
        for (JsonNode p : d.path("panels")) {
            for (JsonNode t : p.path("targets")) {
                out.add(t.path("expr").asText());
            }
        }
        Pattern labelValues = Pattern.compile("label_values\\((.+),\\s*\\w+\\)");
        for (JsonNode v : d.path("templating").path("list")) {
            if (v.path("type").asText().equals("query")) {
                Matcher m = labelValues.matcher(v.path("query").path("query").asText());
                assertThat(m.matches()).as("variable query " + v).isTrue();
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The metric names (not recording rules) the rules' and the dashboard's expressions select. */
    public static Set<String> usedByRulesAndDashboard() throws IOException {
        Set<String> used = new TreeSet<>();
        Set<String> recorded = new TreeSet<>();
        for (JsonNode rule : rules()) {
            used.addAll(PromQlNames.of(rule.path("expr").asText()));
            if (rule.has("record")) {
                recorded.add(rule.path("record").asText());
            }
        }
        for (String q : dashboardQueries()) {
            used.addAll(PromQlNames.of(q));
        }
        used.removeAll(recorded);
        return used;
    }
}
