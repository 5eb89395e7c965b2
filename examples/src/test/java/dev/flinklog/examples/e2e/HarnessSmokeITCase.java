package dev.flinklog.examples.e2e;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The harness on its own, with a handful of hand-written records: servers up, archive.sql submitted
 * to the session cluster through sql-client.sh, rows committed and read back, nothing left running.
 */
class HarnessSmokeITCase {

    @AfterEach
    void nothingLeftRunning() {
        List<String> alive = ServerProcess.alive();
        ServerProcess.killAll();
        assertThat(alive).as("processes still running after the test").isEmpty();
    }

    @Test
    void fourRecordsGoThroughTheWholePipeline() throws Exception {
        Path dir = E2E.runDir("harness-smoke");
        try (ArchivePipeline p = ArchivePipeline.start(dir, ArchivePipeline.Catalog.FIXTURE, null)) {
            p.produce(Stream.of(
                    "{\"time\":\"2026-09-16T12:34:56.789+09:00\",\"level\":\"warn\",\"msg\":\"slow\",\"log_id\":\"log-000000000001\"}",
                    "{\"@timestamp\":\"2026-09-16T23:59:59.5Z\",\"log.level\":\"error\",\"message\":\"connection refused\",\"log_id\":\"log-000000000002\"}",
                    "plain text line without a time id=log-000000000003",
                    "{\"msg\":\"cut off\",\"log_id\":\"log-000000000004\"")
                    .map(s -> s.getBytes(StandardCharsets.UTF_8)));
            String job = p.submitArchive("archive", "2s", null);
            p.awaitCommittedRows(job, 4, Duration.ofMinutes(2));
            p.flink().cancel(job);
            List<ArchivePipeline.Row> rows = p.readBack("smoke", "(log-[0-9]{12})", run -> {});
            Map<String, ArchivePipeline.Row> byId =
                    rows.stream().collect(Collectors.toMap(ArchivePipeline.Row::rid, Function.identity()));
            assertThat(byId).containsOnlyKeys("log-000000000001", "log-000000000002", "log-000000000003",
                    "log-000000000004");
            ArchivePipeline.Row tokyo = byId.get("log-000000000001");
            assertThat(tokyo.eventTime()).isEqualTo(Instant.parse("2026-09-16T03:34:56.789Z"));
            assertThat(tokyo.dt()).isEqualTo("2026-09-16");
            assertThat(tokyo.hr()).isEqualTo(3);
            assertThat(byId.get("log-000000000002").hr()).isEqualTo(23);
            assertThat(byId.get("log-000000000003").eventTime()).isNull();
            assertThat(byId.get("log-000000000003").parseError()).isTrue();
            assertThat(byId.get("log-000000000004").parseError()).isTrue();
            System.out.println("timings: " + p.timings());
        }
    }
}
