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
    }
}
