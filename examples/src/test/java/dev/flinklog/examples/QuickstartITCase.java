package dev.flinklog.examples;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/quickstart.sh as a new user runs it, twice in the same work folder: the first run
 * generates the sample and loads the Iceberg table, the second reuses it. Both must print the
 * analytics with the incidents the generator planted, and the table must hold every generated row.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QuickstartITCase {

    private static final Path WORK = ScriptRun.EXAMPLES.resolve("target/it-quickstart");
    private static final Map<String, String> ENV = Map.of("QUICKSTART_DIR", WORK.toString());

    private static ScriptRun first;

    @BeforeAll
    static void runOnceFromScratch() throws IOException {
        deleteRecursively(WORK);
        first = ScriptRun.run("quickstart.sh", ENV);
    }

    @Test
    @Order(1)
    void theFirstRunStartsCleanAndLoadsEveryGeneratedRow() throws IOException {
        assertThat(first.exitCode).isZero();
        assertThat(first.output).contains("==> [3/4] starting clean: new warehouse " + WORK.resolve("warehouse"));
        assertThat(first.output).contains("==> quickstart done in");

        Truth truth = Truth.read(WORK.resolve("sample/truth.tsv"));
        assertThat(truth.records).isEqualTo(120_000);
        assertThat(truth.rows).as("OTLP batches give more rows than records").isGreaterThan(truth.records);

        List<List<String>> summary = first.table(
                "total_rows", "days", "services", "parse_errors", "without_event_time", "first_event", "last_event");
        assertThat(summary).hasSize(1);
        List<String> s = summary.get(0);
        assertThat(Long.parseLong(s.get(0))).as("rows in the table").isEqualTo(truth.rows);
        assertThat(s.get(1)).as("days").isEqualTo("14");
        assertThat(s.get(2)).as("services").isEqualTo("12");
        // every malformed record and text of no known shape is in the table with its parse_error
        assertThat(Long.parseLong(s.get(3))).as("rows with parse_error").isEqualTo(truth.parseErrors);
        assertThat(Long.parseLong(s.get(4))).as("rows without event time").isEqualTo(truth.withoutEventTime);
        assertThat(s.get(5)).startsWith("2026-09-01 00:");
        assertThat(s.get(6)).startsWith("2026-09-14 23:");

        assertAnalytics(first, truth);
    }

    @Test
    @Order(2)
    void theSecondRunReusesTheTableAndAnswersTheSame() throws IOException {
        ScriptRun second = ScriptRun.run("quickstart.sh", ENV);
        assertThat(second.exitCode).isZero();
        assertThat(second.output).contains("reusing " + WORK.resolve("sample/logs.jsonl") + " (same parameters)");
        assertThat(second.output).contains("==> [3/4] reusing the Iceberg table logs.events");
        assertThat(second.output).doesNotContain("INSERT INTO");
        assertAnalytics(second, Truth.read(WORK.resolve("sample/truth.tsv")));
        assertThat(second.table(
                        "total_rows",
                        "days",
                        "services",
                        "parse_errors",
                        "without_event_time",
                        "first_event",
                        "last_event"))
                .isEqualTo(first.table(
                        "total_rows",
                        "days",
                        "services",
                        "parse_errors",
                        "without_event_time",
                        "first_event",
                        "last_event"));
    }

    private static void assertAnalytics(ScriptRun r, Truth truth) {
        // 1. the burst: payments on its burst day has the worst error rate of any service-day
        List<List<String>> rates = r.table("dt", "service_name", "total_rows", "errors", "error_pct");
        assertThat(rates).hasSize(15);
        assertThat(rates.get(0).subList(0, 2)).containsExactly("2026-09-08", "payments");
        assertThat(Double.parseDouble(rates.get(0).get(4))).isGreaterThan(40);

        // 2. noisy services: the most rows is the first service, the most errors the burst service
        List<List<String>> noisy = r.table("service", "total_rows", "message_mib", "errors");
        assertThat(noisy).hasSize(10);
        assertThat(noisy.get(0).get(0)).isEqualTo("gateway");
        String mostErrors = noisy.stream()
                .max(Comparator.comparingLong(row -> Long.parseLong(row.get(3))))
                .orElseThrow()
                .get(0);
        assertThat(mostErrors).isEqualTo("payments");

        // 3. silence: exactly the service the generator silenced for the last 7 days
        List<List<String>> silent = r.table("service_name", "rows_last_week", "rows_this_week", "last_day_seen");
        assertThat(silent).hasSize(1);
        assertThat(silent.get(0).get(0)).isEqualTo("legacy-ftp");
        assertThat(Long.parseLong(silent.get(0).get(1))).isGreaterThan(1000);
        assertThat(silent.get(0).subList(2, 4)).containsExactly("0", "2026-09-07");

        // 4. error classes: the burst's refused connections and timeouts are there, on all days
        List<List<String>> classes = r.table("error_class", "occurrences", "services", "first_day", "last_day");
        assertThat(classes)
                .extracting(row -> row.get(0))
                .contains("timeout", "connection_refused", "exception", "dns", "tls", "oom", "disk_full");
        assertThat(classes.get(0).get(0)).isEqualTo("timeout");

        // 5. the recurring misconfiguration: one service, every one of the 14 days, the top fingerprint
        List<List<String>> recurring =
                r.table("fingerprint", "days_seen", "total", "services", "template", "example_message");
        assertThat(recurring).isNotEmpty();
        List<String> top = recurring.get(0);
        assertThat(top.get(4)).startsWith("ConfigurationException: smtp.port=<*> is not a valid port");
        assertThat(top.get(1)).as("days seen").isEqualTo("14");
        assertThat(top.get(3)).as("services").isEqualTo("1");
        assertThat(top.get(0)).matches("[0-9a-f]{16}");

        // 6. archive health: 14 days of 24 hourly partitions holding every row, zstd Parquet files
        List<List<String>> health =
                r.table("dt", "partitions", "files", "total_rows", "mib", "bytes_per_row", "small_files");
        assertThat(health).hasSize(14);
        assertThat(health).allSatisfy(row -> assertThat(row.get(1)).isEqualTo("24"));
        assertThat(health.stream().mapToLong(row -> Long.parseLong(row.get(3))).sum())
                .isEqualTo(truth.rows);
        assertThat(health)
                .allSatisfy(row -> assertThat(Long.parseLong(row.get(6))).isPositive());

        // 7. HTTP 5xx per service from the access lines: requests and 5xx exactly as generated
        List<List<String>> http = r.table("service", "requests", "errors_5xx", "pct_5xx", "shapes");
        Map<String, List<Long>> byService = new TreeMap<>();
        for (List<String> row : http) {
            byService.put(row.get(0), List.of(Long.parseLong(row.get(1)), Long.parseLong(row.get(2))));
        }
        Map<String, List<Long>> expected = new TreeMap<>();
        truth.requestsAndErrorsByService().forEach((k, v) -> expected.put(k, List.of(v[0], v[1])));
        assertThat(byService).isEqualTo(expected).hasSize(12);
        assertThat(http.get(0).get(0)).as("most 5xx: the burst service").isEqualTo("payments");
    }

    /** Counts from the generator's ground truth (GenerateLogs --truth) of the sample. */
    private record Truth(
            long records,
            long rows,
            long parseErrors,
            long withoutEventTime,
            Map<String, long[]> requestsAndErrorsByService) {

        static Truth read(Path tsv) throws IOException {
            long records = 0;
            long rows = 0;
            long parseErrors = 0;
            long withoutTime = 0;
            Map<String, long[]> http = new TreeMap<>();
            try (Stream<String> lines = Files.lines(tsv)) {
                for (String line : (Iterable<String>) lines.skip(1)::iterator) {
                    // id, producer, service, expected_level, expected_event_time, rows, malformed, template,
                    // expected_shape, expect_parse_error, expected_service, expected_http_status
                    String[] f = line.split("\t", -1);
                    int n = Integer.parseInt(f[5]);
                    records++;
                    rows += n;
                    if (f[9].equals("true")) {
                        parseErrors += n;
                    }
                    if (f[4].equals("\\N")) {
                        withoutTime += n;
                    }
                    if (!f[11].equals("\\N")) {
                        // the service the record names, or the route /<service>/... of the edge proxy in front
                        long[] c = http.computeIfAbsent(f[2], k -> new long[2]);
                        c[0] += n;
                        c[1] += Integer.parseInt(f[11]) >= 500 ? n : 0;
                    }
                }
            }
            return new Truth(records, rows, parseErrors, withoutTime, http);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
