package dev.flinklog.examples.e2e;

import dev.flinklog.gen.LogGenerator;

import org.apache.iceberg.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The faults the seed says lose data, one after another on one running archive (archive.sql through
 * examples/sql-client.sh on the real servers: Kafka, S3Proxy, the Iceberg REST fixture, a Flink
 * session cluster of separate JVMs), records streaming in throughout: object storage gone for longer
 * than several checkpoint intervals, the catalog gone, the Kafka broker restarted, the JobManager
 * SIGKILLed. After each, the job must be running and every record produced so far committed without
 * a human, except after the JobManager, where the test does what docs/operations.md says: a new
 * JobManager, and archive.sql submitted again from the newest retained checkpoint. At the end the
 * table holds every produced id exactly once and every file it references.
 */
class KafkaIcebergRestFaultITCase {

    @AfterEach
    void nothingLeftRunning() {
        List<String> alive = ServerProcess.alive();
        ServerProcess.killAll();
        assertThat(alive).as("processes still running after the test").isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> exactlyOnceAcrossStorageCatalogBrokerAndJobManagerFaults() throws Exception {
        Path dir = E2E.runDir("faults");
        ArchivePipeline p = ArchivePipeline.start(dir, ArchivePipeline.Catalog.FIXTURE, null);
        Expected truth = new Expected();
        LogGenerator gen = Expected.generator(200_000);
        Feeder feeder = new Feeder(p, truth, gen);
        Map<String, String> faults = new LinkedHashMap<>();
        try {
            String job = p.submitArchive("archive", "2s", null);
            feeder.streamTo(Long.MAX_VALUE);
            feeder.catchUp(job, "start");

            // 1. Object storage gone for 15 s (7 checkpoint intervals): the writers cannot upload,
            // checkpoints fail, the job restarts from its last checkpoint until S3Proxy is back.
            long restarts = p.flink().restarts(job);
            long t0 = System.nanoTime();
            p.outage(ArchivePipeline.Server.OBJECT_STORAGE, Duration.ofSeconds(15), true);
            long down = ArchivePipeline.ms(t0);
            long recovered = feeder.catchUp(job, "after the object storage outage");
            faults.put(
                    "object storage SIGKILLed, back after " + down + " ms",
                    "caught up " + recovered + " ms later, " + (p.flink().restarts(job) - restarts) + " restarts");
            long restartsAfterStorage = p.flink().restarts(job) - restarts;

            // 3. The catalog gone for 15 s: commits fail, the job restarts until it answers again.
            restarts = p.flink().restarts(job);
            t0 = System.nanoTime();
            p.outage(ArchivePipeline.Server.CATALOG, Duration.ofSeconds(15), true);
            down = ArchivePipeline.ms(t0);
            recovered = feeder.catchUp(job, "after the catalog outage");
            faults.put(
                    "Iceberg REST catalog SIGKILLed, back after " + down + " ms",
                    "caught up " + recovered + " ms later, " + (p.flink().restarts(job) - restarts) + " restarts");
            long restartsAfterCatalog = p.flink().restarts(job) - restarts;

            // 4. The broker restarted (SIGTERM, 5 s down). The feeder pauses meanwhile: with the only
            // broker down nothing can be produced, and a send retried across the restart could be
            // written twice by the (non-idempotent) test producer, which would read as a duplicate.
            long produced = feeder.stop();
            restarts = p.flink().restarts(job);
            t0 = System.nanoTime();
            p.outage(ArchivePipeline.Server.KAFKA, Duration.ofSeconds(5), false);
            down = ArchivePipeline.ms(t0);
            // Caught up means: records produced after the restart (5 s of them) are committed too.
            feeder.awaitProduced(produced + 2_500, Duration.ofMinutes(2));
            feeder.streamTo(Long.MAX_VALUE);
            recovered = feeder.catchUp(job, "after the broker restart");
            faults.put(
                    "Kafka broker restarted at " + produced + " records, back after " + down + " ms",
                    "caught up " + recovered + " ms later, " + (p.flink().restarts(job) - restarts) + " restarts");

            // 5. The JobManager SIGKILLed: without high availability the job is gone. As
            // docs/operations.md says: start a JobManager, submit archive.sql again from the newest
            // checkpoint the dead job left (archive.sql retains them), records streaming meanwhile.
            t0 = System.nanoTime();
            p.flink().killJobManager();
            ServerProcess.sleep(5000);
            p.flink().startJobManagerAgain();
            Path checkpoint = p.flink()
                    .latestCheckpoint(job)
                    .orElseThrow(() -> new AssertionError("no retained checkpoint of " + job));
            Path init = SqlClientRun.sqlFile(
                    dir, "resume-init.sql", "SET 'execution.savepoint.path' = '" + checkpoint.toUri() + "';");
            String resumed = p.submitArchive("archive-resumed", "2s", init);
            KafkaIcebergRestE2EITCase.JobCheckpoints resumedFrom =
                    KafkaIcebergRestE2EITCase.JobCheckpoints.of(p.flink(), resumed);
            recovered = feeder.catchUp(resumed, "after the JobManager kill");
            faults.put(
                    "JobManager SIGKILLed, new one and resubmission from " + checkpoint.getFileName(),
                    "caught up " + recovered + " ms after the resubmission, " + ArchivePipeline.ms(t0)
                            + " ms after the kill");

            long producedInAll = feeder.stop();
            p.awaitCommittedRows(resumed, truth.rowCount(), Duration.ofMinutes(3));
            p.flink().cancel(resumed);
            Table end = p.table();
            List<String> missing = KafkaIcebergRestMaintenanceITCase.missingFiles(
                    p, end, end.currentSnapshot().snapshotId());
            List<ArchivePipeline.Row> rows = p.readBack("faults", Expected.ID_REGEX, run -> {});
            Expected.Report report = truth.compare(rows);
            System.out.println("faults: " + producedInAll + " records, " + truth.rowCount() + " rows; " + report + "\n"
                    + faults + "\ntable: " + p.tableStats());

            List<DynamicTest> tests = new ArrayList<>();
            tests.add(dynamicTest("0 lost, 0 duplicated across storage, catalog, broker and JobManager faults", () -> {
                assertThat(report.lost).as("lost: %s", report).isZero();
                assertThat(report.duplicated).as("duplicated: %s", report).isZero();
                assertThat(report.exactlyOnce()).as("%s", report).isTrue();
                assertThat(report.tableRows).isEqualTo(truth.rowCount());
                assertThat(report.wrongEventTime + report.wrongParseError + report.wrongPartition)
                        .as("%s", report)
                        .isZero();
            }));
            tests.add(dynamicTest("each fault was felt and recovered from without a human", () -> {
                assertThat(restartsAfterStorage)
                        .as("restarts while the object storage was gone")
                        .isPositive();
                assertThat(restartsAfterCatalog)
                        .as("restarts while the catalog was gone")
                        .isPositive();
                assertThat(resumedFrom.restoredPath())
                        .as("the resubmitted job started from the dead job's checkpoint")
                        .contains(checkpoint.getFileName().toString());
            }));
            tests.add(dynamicTest(
                    "every file the table references is on the storage",
                    () -> assertThat(missing).isEmpty()));
            return tests.stream().onClose(() -> {
                System.out.println("faults: timings (ms): " + p.timings());
                p.close();
            });
        } catch (Throwable e) {
            p.close();
            throw e;
        } finally {
            feeder.close();
        }
    }
}
