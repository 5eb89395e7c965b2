package dev.flinklog.examples.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The two lists of metric names the monitoring files may use: examples/monitoring/scraped-metrics.txt
 * (proven by PrometheusMetricsITCase's scrape) and examples/monitoring/documented-metrics.txt (names
 * the test cannot produce - a Kafka source, restarts, backpressure under load - each with the page
 * that documents it). One name per line, first token; {@code #} starts a comment.
 */
final class MetricNames {

    static final Path MONITORING = Path.of(System.getProperty("flinklog.examples.dir", "."))
            .toAbsolutePath()
            .normalize()
            .resolve("monitoring");

    private MetricNames() {}

    static Set<String> scraped() {
        return read(MONITORING.resolve("scraped-metrics.txt"));
    }

    static Set<String> documented() {
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
}
