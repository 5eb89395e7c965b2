package dev.flinklog.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** examples/quickstart.sh as a new user runs it: one client JVM, three tables, exit 0. */
class QuickstartITCase {

    @Test
    void quickstartPrintsItsThreeTables() throws IOException {
        ScriptRun r = ScriptRun.run("quickstart.sh", Map.of());

        assertThat(r.exitCode).isZero();
        assertThat(r.output).contains("==> quickstart done in");

        List<List<String>> levels = r.table("service", "records", "errors", "warnings", "other");
        assertThat(levels).isNotEmpty();
        // Every line of the sample lands in exactly one service row, whatever the functions say.
        long lines;
        try (var s = Files.lines(ScriptRun.EXAMPLES.resolve("quickstart/sample-logs.jsonl"))) {
            lines = s.count();
        }
        assertThat(levels.stream().mapToLong(row -> Long.parseLong(row.get(1))).sum()).isEqualTo(lines);
        for (List<String> row : levels) {
            long records = Long.parseLong(row.get(1));
            long split = Long.parseLong(row.get(2)) + Long.parseLong(row.get(3)) + Long.parseLong(row.get(4));
            assertThat(split).as("levels of %s add up", row.get(0)).isEqualTo(records);
        }

        assertThat(ScriptRun.row("fingerprint", "occurrences", "service", "template").matcher(r.output).find()).isTrue();
        assertThat(ScriptRun.row("error_class", "occurrences", "services", "first_seen", "last_seen")
                .matcher(r.output).find()).isTrue();
        // The +09:00 record keeps its offset; the klog line is an error.
        // The +09:00 timestamp keeps its offset; the klog line is an error, and a refused connection.
        assertThat(r.output).containsPattern("2026-09-16T12:34:56.789\\+09:00 \\| +2026-09-16 03:34:56.789 \\| +warn \\| +<NULL> \\|");
        assertThat(r.output).containsPattern("1789529696123 \\| +2026-09-16 03:34:56.123 \\| +error \\| +connection_refused \\|");
        assertThat(r.output).containsPattern("Wed Sep 16 12:34:56 2026 \\| +2026-09-16 12:34:56.000 \\| +info \\| +<NULL> \\|");
        // The service comes from whatever field the producer used, OTLP resource attributes included.
        assertThat(levels.stream().map(row -> row.get(0))).contains("shipping");
    }
}
