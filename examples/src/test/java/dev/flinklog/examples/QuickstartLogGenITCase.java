package dev.flinklog.examples;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/quickstart.sh with {@code QUICKSTART_SOURCE=log-gen}: no sample file, the load job reads
 * the records from {@code 'connector' = 'log-gen'}, and the table holds exactly the rows the
 * generator says (20,000 records to keep it short), with parse_error from the format's metadata.
 */
class QuickstartLogGenITCase {

    private static final Path WORK = ScriptRun.EXAMPLES.resolve("target/it-quickstart-log-gen");
    private static final int RECORDS = 20_000;

    @Test
    void loadsTheGeneratedRecordsWithoutAFile() throws IOException {
        deleteRecursively(WORK);
        ScriptRun run = ScriptRun.run(
                "quickstart.sh",
                Map.of(
                        "QUICKSTART_DIR",
                        WORK.toString(),
                        "QUICKSTART_SOURCE",
                        "log-gen",
                        "QUICKSTART_RECORDS",
                        String.valueOf(RECORDS)));
        assertThat(run.exitCode).isZero();
        assertThat(run.output).contains("no file: the load reads these records from 'connector' = 'log-gen'");
        assertThat(WORK.resolve("sample/logs.jsonl")).doesNotExist();

        // the quickstart's generator settings: seed 42, 2026-09-01, 14 days, the records fill the span
        LogGenerator gen = new LogGenerator(
                GeneratorConfig.builder().recordsPerSpan(RECORDS).build());
        long rows = 0;
        long parseErrors = 0;
        long withoutTime = 0;
        for (long s = 0; s < RECORDS; s++) {
            GeneratedLog g = gen.generate(s);
            rows += g.rows();
            parseErrors += g.expectParseError() ? g.rows() : 0;
            withoutTime += g.expectedEventTime() == null ? g.rows() : 0;
        }
        List<List<String>> summary = run.table(
                "total_rows", "days", "services", "parse_errors", "without_event_time", "first_event", "last_event");
        assertThat(summary).hasSize(1);
        assertThat(Long.parseLong(summary.get(0).get(0))).as("rows").isEqualTo(rows);
        assertThat(Long.parseLong(summary.get(0).get(3)))
                .as("rows with parse_error")
                .isEqualTo(parseErrors);
        assertThat(Long.parseLong(summary.get(0).get(4)))
                .as("rows without event time")
                .isEqualTo(withoutTime);
        assertThat(summary.get(0).get(1)).isEqualTo("14");
    }

    @Test
    void anUnknownSourceIsRejected() {
        ScriptRun run = ScriptRun.run(
                "quickstart.sh",
                Map.of("QUICKSTART_DIR", WORK.resolve("bad").toString(), "QUICKSTART_SOURCE", "kafka"));
        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.output).contains("QUICKSTART_SOURCE must be file or log-gen, not 'kafka'");
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
