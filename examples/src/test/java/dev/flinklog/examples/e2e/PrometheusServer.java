package dev.flinklog.examples.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A real Prometheus server (the Debian package's {@code prometheus} binary, the one {@code .ci/run}
 * installs for promtool) on loopback: it scrapes the Flink processes' Prometheus reporters (a
 * file-based target list the test rewrites when TaskManagers come and go) and a Kafka lag source,
 * and evaluates examples/monitoring/prometheus-rules.yml with its durations shortened by
 * {@link #speedUp}: every {@code for:}, group {@code interval:} and range {@code [..]} divided by the
 * same factor, so that a 10-minute {@code for:} takes 10 s and a 30-minute window 30 s. The
 * expressions, thresholds and metric names are the file's own.
 */
final class PrometheusServer implements AutoCloseable {

    /** Scrape and rule evaluation interval. */
    static final Duration INTERVAL = Duration.ofSeconds(1);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DURATION = Pattern.compile("(for: |interval: |\\[)(\\d+)([smhd])(\\]?)");

    private final ServerProcess process;
    private final int port;
    private final Path targets;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private PrometheusServer(ServerProcess process, int port, Path targets) {
        this.process = process;
        this.port = port;
        this.targets = targets;
    }

    /** The prometheus binary on the PATH (Debian: /usr/bin/prometheus), if installed. */
    static Optional<Path> binary() {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path p = Path.of(d, "prometheus");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The rules file with every duration of a {@code for:}, a group {@code interval:} and a range
     * selector divided by {@code factor} (at least 1 s). Only what Prometheus reads as durations
     * changes; millisecond thresholds inside expressions stay.
     */
    static String speedUp(String rules, int factor) {
        Matcher m = DURATION.matcher(rules);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            long seconds = Long.parseLong(m.group(2))
                    * switch (m.group(3)) {
                        case "s" -> 1;
                        case "m" -> 60;
                        case "h" -> 3600;
                        default -> 86400;
                    };
            long scaled = Math.max(1, seconds / factor);
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + scaled + "s" + m.group(4)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * Starts Prometheus with {@code rules} sped up by {@code factor}, scraping {@code flinkTargets}
     * (job "flink") and {@code kafkaTarget} (job "kafka") every {@link #INTERVAL}; waits until it is ready.
     */
    static PrometheusServer start(
            Path dir, Path binary, Path rules, int factor, List<String> flinkTargets, String kafkaTarget)
            throws IOException {
        Files.createDirectories(dir);
        Path scaledRules = dir.resolve("rules.yml");
        Files.writeString(scaledRules, speedUp(Files.readString(rules), factor));
        Path targets = dir.resolve("flink-targets.json");
        writeTargets(targets, flinkTargets);
        int port = Servers.freePort();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "global:",
                        "  scrape_interval: " + INTERVAL.toSeconds() + "s",
                        "  scrape_timeout: " + INTERVAL.toSeconds() + "s",
                        "  evaluation_interval: " + INTERVAL.toSeconds() + "s",
                        "rule_files:",
                        "  - " + scaledRules,
                        "scrape_configs:",
                        "  - job_name: flink",
                        "    file_sd_configs:",
                        "      - files: [" + targets + "]",
                        "        refresh_interval: 1s",
                        "  - job_name: kafka",
                        "    static_configs:",
                        "      - targets: ['" + kafkaTarget + "']",
                        ""));
        ServerProcess process = ServerProcess.start(
                "prometheus",
                List.of(
                        binary.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--log.level=warn"),
                Map.of(),
                dir.resolve("prometheus.log"));
        PrometheusServer server = new PrometheusServer(process, port, targets);
        process.awaitReady(Duration.ofSeconds(60), server::ready);
        return server;
    }

    private static void writeTargets(Path file, List<String> flinkTargets) throws IOException {
        String list = flinkTargets.stream().map(t -> "\"" + t + "\"").collect(Collectors.joining(", "));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, "[{\"targets\": [" + list + "]}]\n");
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Replaces the Flink targets (a new TaskManager's reporter, say); Prometheus rereads the file. */
    void flinkTargets(List<String> flinkTargets) {
        try {
            writeTargets(targets, flinkTargets);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean ready() {
        try {
            return http.send(
                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/-/ready"))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private JsonNode api(String pathAndQuery) {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(r.body());
            if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
                throw new AssertionError("Prometheus " + pathAndQuery + ": HTTP " + r.statusCode() + " " + r.body());
            }
            return body.path("data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** One alert of /api/v1/alerts: its rule's name, labels, state (pending or firing) and activeAt. */
    record Alert(String name, Map<String, String> labels, String state, Instant activeAt, String value) {}

    /** The alerts Prometheus holds now (pending or firing); inactive ones are not listed. */
    List<Alert> alerts() {
        List<Alert> out = new ArrayList<>();
        for (JsonNode a : api("/api/v1/alerts").path("alerts")) {
            Map<String, String> labels = new java.util.TreeMap<>();
            a.path("labels")
                    .fields()
                    .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(new Alert(
                    labels.get("alertname"),
                    labels,
                    a.path("state").asText(),
                    Instant.parse(a.path("activeAt").asText()),
                    a.path("value").asText()));
        }
        return out;
    }

    /** "firing" if any alert of the rule fires, else "pending" if one is pending, else "inactive". */
    String state(String alertName) {
        String state = "inactive";
        for (Alert a : alerts()) {
            if (a.name().equals(alertName)) {
                if (a.state().equals("firing")) {
                    return "firing";
                }
                state = a.state();
            }
        }
        return state;
    }

    /** The samples of an instant query: each series' labels (with __name__ if any) and value. */
    List<Map.Entry<Map<String, String>, Double>> query(String promql) {
        JsonNode data = api("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        List<Map.Entry<Map<String, String>, Double>> out = new ArrayList<>();
        for (JsonNode r : data.path("result")) {
            Map<String, String> labels = new java.util.TreeMap<>();
            r.path("metric")
                    .fields()
                    .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(Map.entry(labels, Double.parseDouble(r.path("value").get(1).asText())));
        }
        return out;
    }

    /** Every metric name Prometheus has stored so far. */
    Set<String> metricNames() {
        Set<String> out = new TreeSet<>();
        api("/api/v1/label/__name__/values").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The health of each scrape target: "up", "down" or "unknown", by scrape URL. */
    Map<String, String> targets() {
        Map<String, String> out = new java.util.TreeMap<>();
        for (JsonNode t : api("/api/v1/targets").path("activeTargets")) {
            out.put(t.path("scrapeUrl").asText(), t.path("health").asText());
        }
        return out;
    }

    @Override
    public void close() {
        process.close();
    }
}
