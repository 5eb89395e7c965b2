package dev.flinklog.examples.e2e;

import dev.flinklog.gen.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Iceberg's own table maintenance inside the archive job (examples/kafka-iceberg-rest/archive.sql:
 * the v2 sink with compaction, snapshot expiry and orphan removal after its commits), end to end on
 * the real servers: Kafka, S3Proxy, the Iceberg REST fixture and a Flink session cluster.
 *
 * <p>One archive, four stretches of streaming: without maintenance firing (the small files a
 * streaming job leaves), then with it, a TaskManager SIGKILLed while a rewrite is running, a
 * stop-with-savepoint after an expiry and a restore, and a last stretch until the closed hours are
 * compacted. The generator's event times advance with its sequence numbers ({@value #PER_HOUR}
 * records per hour at about 500 records/s, so each hour gets files from 5 or more checkpoints of 2 s
 * from 2 writers): an hour is closed once the stream has moved past it.
 */
class KafkaIcebergRestMaintenanceITCase {

    /** Records per generated hour. */
    static final long PER_HOUR = 5_000;

    /**
     * The rewrite's {@code min-input-files} in archive.sql: a partition with fewer small files is
     * left as it is, so a closed hour ends with at most this minus one small files (or one
     * rewritten file, when its data is under the 128 MiB target).
     */
    static final int MIN_INPUT_FILES = 5;

    static final int RETAIN_LAST = 10;
    static final Duration MAX_SNAPSHOT_AGE = Duration.ofSeconds(30);
    static final Duration ORPHAN_MIN_AGE = Duration.ofMinutes(10);

    @AfterEach
    void nothingLeftRunning() {
        List<String> alive = ServerProcess.alive();
        ServerProcess.killAll();
        assertThat(alive).as("processes still running after the test").isEmpty();
    }

    /**
     * The table's snapshots, sampled while the job runs: every id ever seen, whether an expiry has
     * removed some, and how many there were at most since the first expiry (before it, the
     * snapshots of the stretch without maintenance pile up).
     */
    private static final class SnapshotWatch {
        final Set<Long> seen = new HashSet<>();
        boolean expired;
        int maxSinceExpiry;
        int samples;
        final List<String> missingFiles = new ArrayList<>();

        /** One sample: counts the snapshots and checks that every file of the current one exists. */
        void sample(ArchivePipeline p) {
            Table t = p.table();
            Set<Long> now = TrinoMaintenance.snapshotIds(t);
            expired |= seen.stream().anyMatch(id -> !now.contains(id));
            seen.addAll(now);
            if (expired) {
                maxSinceExpiry = Math.max(maxSinceExpiry, now.size());
            }
            samples++;
            if (t.currentSnapshot() != null) {
                missingFiles.addAll(missingFiles(p, t, t.currentSnapshot().snapshotId()));
            }
        }
    }

    /** Data files of a snapshot that are not on the storage (S3Proxy's folder). */
    static List<String> missingFiles(ArchivePipeline p, Table t, long snapshotId) {
        List<String> missing = new ArrayList<>();
        try (CloseableIterable<FileScanTask> tasks =
                t.newScan().useSnapshot(snapshotId).planFiles()) {
            for (FileScanTask task : tasks) {
                String location = task.file().location();
                if (!Files.exists(p.localPath(location))) {
                    missing.add(snapshotId + ": " + location);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return missing;
    }

    /** Data files per partition ("dt=2026-09-01/hr=3") in the current snapshot. */
    static TreeMap<String, Integer> filesPerPartition(Table t) {
        TreeMap<String, Integer> files = new TreeMap<>();
        try (CloseableIterable<FileScanTask> tasks = t.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                DataFile f = task.file();
                files.merge(t.spec().partitionToPath(f.partition()), 1, Integer::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /**
     * A TaskManager's log, read on as it grows, for the rewrite: the runner's "Rewriting files for
     * group" (once per file group) when a rewrite starts, the committer's "Committed" when it is in
     * the table.
     */
    private static final class RewriteLog {
        private final Path log;
        private long offset;
        private long lines;
        long lastStart = -1;
        long lastCommit = -1;

        RewriteLog(Path log) {
            this.log = log;
        }

        void read() {
            if (!Files.exists(log)) {
                return;
            }
            try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
                if (f.length() <= offset) {
                    return;
                }
                f.seek(offset);
                byte[] b = new byte[(int) (f.length() - offset)];
                f.readFully(b);
                String text = new String(b, StandardCharsets.ISO_8859_1);
                int end = text.lastIndexOf('\n');
                if (end < 0) {
                    return;
                }
                offset += end + 1;
                for (String line : text.substring(0, end).split("\n")) {
                    lines++;
                    if (line.contains("DataFileRewriteRunner") && line.contains("Rewriting files for group")) {
                        lastStart = lines;
                    } else if (line.contains("DataFileRewriteCommitter") && line.contains("]: Committed ")) {
                        lastCommit = lines;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Reads on: a rewrite has started and its commit is not in the log yet. */
        boolean rewriteInFlight() {
            read();
            return lastStart > lastCommit;
        }
    }

    /** Checkpoint end-to-end durations of a job, from Flink's REST API: "avg/p50/max ms over n". */
    static String checkpointDurations(FlinkCluster flink, String job) {
        JsonNode c = flink.get("/jobs/" + job + "/checkpoints");
        if (c == null) {
            return "n/a";
        }
        JsonNode d = c.path("summary").path("end_to_end_duration");
        return "avg " + d.path("avg").asLong() + " / p50 " + d.path("p50").asLong() + " / max "
                + d.path("max").asLong() + " ms over "
                + c.path("counts").path("completed").asLong() + " checkpoints";
    }

    /** The newest flink.max-committed-checkpoint-id of the job's snapshots still in the table. */
    static long maxCommittedCheckpoint(Table t, String job) {
        long max = -1;
        for (Snapshot s : t.snapshots()) {
            if (job.equals(s.summary().get("flink.job-id"))) {
                max = Math.max(max, Long.parseLong(s.summary().get("flink.max-committed-checkpoint-id")));
            }
        }
        return max;
    }

    @TestFactory
    Stream<DynamicTest> compactsExpiresAndRemovesOrphansInsideTheJobAcrossAKillAndASavepointRestore() throws Exception {
        Path dir = E2E.runDir("maintenance");
        ArchivePipeline p = ArchivePipeline.start(dir, ArchivePipeline.Catalog.FIXTURE, null);
        Expected truth = new Expected();
        LogGenerator gen = Expected.generator(48 * PER_HOUR);
        Feeder feeder = new Feeder(p, truth, gen);
        // The generator's days (the partitions of rows without an event time are today's).
        String genMonth = LocalDate.ofInstant(gen.generate(0).expectedEventTime(), ZoneOffset.UTC)
                .toString()
                .substring(0, 7);
        Map<String, Object> numbers = new TreeMap<>();
        try {
            // 1. Maintenance in the job graph, its schedules out of reach: what a streaming job
            // leaves without it. (The same tasks in both stretches: their trigger state restores.)
            p.jobVariables(Map.of(
                    "COMPACTION", "true",
                    "COMPACTION_EVERY_COMMITS", "1000000",
                    "SNAPSHOT_EXPIRY", "true",
                    "SNAPSHOT_EXPIRY_EVERY_COMMITS", "1000000",
                    "SNAPSHOT_MAX_AGE_SECONDS", String.valueOf(MAX_SNAPSHOT_AGE.toSeconds()),
                    "SNAPSHOT_RETAIN_LAST", String.valueOf(RETAIN_LAST),
                    "ORPHAN_REMOVAL", "true",
                    "ORPHAN_REMOVAL_INTERVAL_SECONDS", "1000000",
                    "ORPHAN_MIN_AGE_SECONDS", String.valueOf(ORPHAN_MIN_AGE.toSeconds()),
                    "MAINTENANCE_RATE_LIMIT_SECONDS", "5"));
            long t0 = System.nanoTime();
            String first = p.submitArchive("archive-unmaintained", "2s", null);
            long before = 3 * PER_HOUR;
            feeder.awaitProduced(before, Duration.ofMinutes(3));
            p.awaitCommittedRows(first, truth.rowCount(), Duration.ofMinutes(3));
            numbers.put("1 without maintenance: checkpoints", checkpointDurations(p.flink(), first));
            // The hours the stream has left behind (not the one it was in, nor the ingest-time ones).
            Instant stretch1Hour = gen.generate(before).expectedEventTime().truncatedTo(ChronoUnit.HOURS);
            TreeMap<String, Integer> filesBefore = new TreeMap<>();
            filesPerPartition(p.table()).forEach((partition, files) -> {
                if (partition.startsWith("dt=" + genMonth)
                        && hourStart(partition).isBefore(stretch1Hour)) {
                    filesBefore.put(partition, files);
                }
            });
            FlinkBatchSession flink = new FlinkBatchSession(p.archiveEnv("1min"));
            FlinkBatchSession.Result healthBefore =
                    flink.query(ReadSide.statement(ReadSide.QUERIES.resolve("flink/6_archive_health.sql")));
            String savepoint1 = p.stopWithSavepoint(first);
            p.timings().put("stretch 1: " + before + " records, no maintenance", ArchivePipeline.ms(t0));

            // 2. Maintenance on: compaction every 5 commits, expiry every 5 (older than 30 s, the
            // newest 10 kept), orphan removal every 20 s (older than 10 minutes), 5 s apart at least.
            p.jobVariables(Map.of(
                    "COMPACTION_EVERY_COMMITS", "5",
                    "SNAPSHOT_EXPIRY_EVERY_COMMITS", "5",
                    "ORPHAN_REMOVAL_INTERVAL_SECONDS", "20"));
            Path orphan = p.plantOrphan(filesBefore.firstKey(), Duration.ofHours(2));
            Path restore1 = SqlClientRun.sqlFile(
                    dir, "restore-1.sql", "SET 'execution.savepoint.path' = '" + savepoint1 + "';");
            long t1 = System.nanoTime();
            String job = p.submitArchive("archive-maintained", "2s", restore1);
            SnapshotWatch watch = new SnapshotWatch();
            feeder.streamTo(Long.MAX_VALUE);

            // A TaskManager SIGKILLed while a rewrite runs: the runner has logged its start, the
            // committer not yet its commit. If the rewrite commits before the kill lands, the next one.
            long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
            boolean killedInRewrite = false;
            int kills = 0;
            long killedAt = 0;
            while (!killedInRewrite) {
                assertThat(System.nanoTime()).as("a rewrite to kill into").isLessThan(deadline);
                ServerProcess tm = p.flink().taskManagers().get(0);
                RewriteLog rewrites = new RewriteLog(p.flink().logOf(tm));
                long lastSample = 0;
                while (!rewrites.rewriteInFlight()) {
                    feeder.checkAlive();
                    assertThat(System.nanoTime()).as("a rewrite to kill into").isLessThan(deadline);
                    if (System.nanoTime() - lastSample > 2_000_000_000L) {
                        watch.sample(p);
                        lastSample = System.nanoTime();
                    }
                    ServerProcess.sleep(50);
                }
                long killedMillis = System.currentTimeMillis();
                p.flink().killTaskManager(tm);
                killedAt = System.currentTimeMillis();
                kills++;
                // Whether it was still running when the process died: the rest of its log.
                ServerProcess.sleep(200);
                rewrites.read();
                killedInRewrite = rewrites.lastStart > rewrites.lastCommit;
                System.out.println("maintenance: SIGKILL " + tm + " during a rewrite"
                        + (killedInRewrite ? " (not committed)" : " (it committed first)"));
                p.flink().startTaskManager();
                p.flink()
                        .awaitJob(
                                job,
                                Duration.ofMinutes(2),
                                "recovery after the kill",
                                () -> p.flink().restartedSince(job, killedMillis)
                                        && p.flink().allTasksRunning(job));
            }
            numbers.put("2 kills to land one in a rewrite", kills);

            // Expiry, a rewrite after the kill, and the planted orphan gone, all while streaming.
            long afterKill = killedAt;
            p.flink().awaitJob(job, Duration.ofMinutes(4), "expiry, a rewrite after the kill, orphan removed", () -> {
                feeder.checkAlive();
                watch.sample(p);
                Table t = p.table();
                boolean rewroteAfterKill = false;
                for (Snapshot s : t.snapshots()) {
                    rewroteAfterKill |= "replace".equals(s.operation()) && s.timestampMillis() > afterKill;
                }
                boolean done = watch.expired && rewroteAfterKill && !Files.exists(orphan);
                if (!done) {
                    ServerProcess.sleep(2000);
                }
                return done;
            });

            // 3. Stop with a savepoint after the expiry; the restored committer must still find the
            // job's last commit by walking back from the current snapshot.
            long t2 = System.nanoTime();
            long producedAtStop = feeder.stop();
            p.awaitCommittedRows(job, truth.rowCount(), Duration.ofMinutes(3));
            String savepoint2 = p.stopWithSavepoint(job);
            long rowsAtStop = p.committedRows();
            long rowsProducedAtStop = truth.rowCount();
            Table atStop = p.table();
            Optional<Snapshot> walkFinds = TrinoMaintenance.committerFinds(atStop, job);
            long newestCommitted = maxCommittedCheckpoint(atStop, job);
            int snapshotsAtStop = TrinoMaintenance.snapshotCount(atStop);
            long restarts = p.flink().restarts(job);
            numbers.put("2 with maintenance: checkpoints", checkpointDurations(p.flink(), job));
            p.timings().put("stretch 2: maintenance, kill, expiry; stop with savepoint", ArchivePipeline.ms(t1));

            // Produce while it is stopped, restore, then stream until the closed hours are compacted.
            // At least an hour of records, and up to the eleventh hour: the restored job then has 10
            // closed hours behind it whatever the run before took (a first kill that lands in a
            // rewrite makes it short).
            long whileStopped = Math.max(producedAtStop + PER_HOUR, 11 * PER_HOUR);
            feeder.awaitProduced(whileStopped, Duration.ofMinutes(2));
            Instant closedBefore = gen.generate(whileStopped)
                    .expectedEventTime()
                    .minus(Duration.ofHours(1))
                    .truncatedTo(ChronoUnit.HOURS);
            Path restore2 = SqlClientRun.sqlFile(
                    dir, "restore-2.sql", "SET 'execution.savepoint.path' = '" + savepoint2 + "';");
            String restored = p.submitArchive("archive-restored", "2s", restore2);
            KafkaIcebergRestE2EITCase.JobCheckpoints restoredFrom =
                    KafkaIcebergRestE2EITCase.JobCheckpoints.of(p.flink(), restored);
            feeder.streamTo(Long.MAX_VALUE);
            AtomicReference<TreeMap<String, Integer>> closedFiles = new AtomicReference<>();
            long restoredAt = System.currentTimeMillis();
            p.flink()
                    .awaitJob(
                            restored,
                            Duration.ofMinutes(4),
                            "a rewrite after the restore, closed hours compacted",
                            () -> {
                                feeder.checkAlive();
                                watch.sample(p);
                                Table t = p.table();
                                boolean rewroteAfterRestore = false;
                                for (Snapshot s : t.snapshots()) {
                                    rewroteAfterRestore |=
                                            "replace".equals(s.operation()) && s.timestampMillis() > restoredAt;
                                }
                                TreeMap<String, Integer> closed = new TreeMap<>();
                                filesPerPartition(t).forEach((partition, files) -> {
                                    // The generator's hours before closedBefore (ingest-time partitions are today's).
                                    if (partition.startsWith("dt=" + genMonth)
                                            && hourStart(partition).isBefore(closedBefore)) {
                                        closed.put(partition, files);
                                    }
                                });
                                closedFiles.set(closed);
                                // Streams on until the bounds checked below hold (10 closed hours, 30
                                // snapshots more than expiry keeps).
                                boolean done = rewroteAfterRestore
                                        && closed.size() >= 10
                                        && watch.seen.size() > watch.maxSinceExpiry + 30
                                        && closed.values().stream().allMatch(n -> n < MIN_INPUT_FILES);
                                if (!done) {
                                    ServerProcess.sleep(2000);
                                }
                                return done;
                            });
            long producedInAll = feeder.stop();
            p.awaitCommittedRows(restored, truth.rowCount(), Duration.ofMinutes(3));
            watch.sample(p);
            numbers.put("3 restored: checkpoints", checkpointDurations(p.flink(), restored));
            p.flink().cancel(restored);
            p.timings().put("stretch 3: restore, compaction of the closed hours", ArchivePipeline.ms(t2));

            Table end = p.table();
            TreeMap<String, Integer> filesAfter = filesPerPartition(end);
            List<String> missingAtEnd = new ArrayList<>();
            for (Snapshot s : end.snapshots()) {
                missingAtEnd.addAll(missingFiles(p, end, s.snapshotId()));
            }
            FlinkBatchSession.Result healthAfter =
                    flink.query(ReadSide.statement(ReadSide.QUERIES.resolve("flink/6_archive_health.sql")));
            List<ArchivePipeline.Row> rows = p.readBack("maintenance", Expected.ID_REGEX, run -> {});
            Expected.Report report = truth.compare(rows);
            int rewriteCommits = 0;
            for (Snapshot s : end.snapshots()) {
                if ("replace".equals(s.operation())) {
                    rewriteCommits++;
                }
            }
            numbers.put("files per partition before (stretch 1)", filesBefore);
            numbers.put("files per closed partition after", closedFiles.get());
            numbers.put("snapshots: at most at a sample since the first expiry", watch.maxSinceExpiry);
            numbers.put("snapshots: ever seen", watch.seen.size());
            numbers.put("snapshots: at the end", TrinoMaintenance.snapshotCount(end));
            numbers.put("rewrite snapshots still in the table", rewriteCommits);
            System.out.println("maintenance: " + producedInAll + " records, " + truth.rowCount() + " rows; " + report
                    + "\nhealth before: " + healthBefore.rows() + "\nhealth after: " + healthAfter.rows()
                    + "\nall files after: " + filesAfter + "\n" + numbers + "\ntable: " + p.tableStats());

            List<DynamicTest> tests = new ArrayList<>();
            tests.add(dynamicTest("every record exactly once across the kill in a rewrite and the restore", () -> {
                assertThat(restarts).as("restarts after the kill").isGreaterThanOrEqualTo(1);
                assertThat(rowsAtStop).as("rows committed at the stop").isEqualTo(rowsProducedAtStop);
                assertThat(restoredFrom.restoredPath())
                        .as("restored from the savepoint")
                        .contains(savepoint2.substring(savepoint2.lastIndexOf('/') + 1));
                assertThat(report.lost).as("lost: %s", report).isZero();
                assertThat(report.duplicated).as("duplicated: %s", report).isZero();
                assertThat(report.exactlyOnce()).as("%s", report).isTrue();
                assertThat(report.tableRows).isEqualTo(truth.rowCount());
            }));
            tests.add(dynamicTest("closed hours compacted: from 5 or more small files to fewer than 5", () -> {
                // Before: the hours of stretch 1 had a file per writer and checkpoint.
                assertThat(filesBefore).as("closed partitions before").hasSizeGreaterThanOrEqualTo(2);
                assertThat(filesBefore.values())
                        .as("files per partition before")
                        .allMatch(n -> n >= MIN_INPUT_FILES);
                assertThat(closedFiles.get()).as("closed partitions after").hasSizeGreaterThanOrEqualTo(10);
                assertThat(closedFiles.get().values())
                        .as("files per closed partition after")
                        .allMatch(n -> n < MIN_INPUT_FILES);
                for (String partition : filesBefore.keySet()) {
                    assertThat(filesAfter.get(partition))
                            .as("files of %s after (before: %s)", partition, filesBefore.get(partition))
                            .isLessThan(filesBefore.get(partition));
                }
                // The health query (dt, partitions, files, ...): files per hour of the first day fall.
                List<Object> dayBefore = healthBefore.rows().get(0);
                List<Object> dayAfter = healthAfter.rows().get(0);
                assertThat(dayAfter.get(0)).isEqualTo(dayBefore.get(0));
                double perHourBefore =
                        ((Number) dayBefore.get(2)).doubleValue() / ((Number) dayBefore.get(1)).doubleValue();
                double perHourAfter =
                        ((Number) dayAfter.get(2)).doubleValue() / ((Number) dayAfter.get(1)).doubleValue();
                assertThat(perHourBefore)
                        .as("health query: files per hour before")
                        .isGreaterThanOrEqualTo(3.0);
                assertThat(perHourAfter)
                        .as("health query: files per hour after")
                        .isLessThan(perHourBefore / 2);
            }));
            tests.add(dynamicTest("snapshots expired and bounded; the restored committer found its last commit", () -> {
                assertThat(watch.samples).isGreaterThan(20);
                // 15 commits in 30 s of 2 s checkpoints, the rewrites between them, 5 commits between
                // two expiries: about 25; never the 100 and more the run commits.
                assertThat(watch.expired).as("an expiry removed snapshots").isTrue();
                assertThat(watch.maxSinceExpiry).as("snapshots at most").isLessThanOrEqualTo(45);
                assertThat(watch.seen.size()).as("snapshots ever").isGreaterThan(watch.maxSinceExpiry + 30);
                assertThat(snapshotsAtStop).as("snapshots at the stop").isLessThanOrEqualTo(45);
                assertThat(walkFinds)
                        .as("the committer's walk from the current snapshot finds the stopped job's commit")
                        .isPresent();
                assertThat(Long.parseLong(walkFinds.get().summary().get("flink.max-committed-checkpoint-id")))
                        .as("and it is the job's newest")
                        .isEqualTo(newestCommitted);
            }));
            tests.add(dynamicTest("no file a live snapshot references was ever deleted; the old orphan was", () -> {
                assertThat(watch.missingFiles)
                        .as("missing files of the current snapshot at a sample")
                        .isEmpty();
                assertThat(missingAtEnd)
                        .as("missing files of any snapshot at the end")
                        .isEmpty();
                assertThat(orphan).as("planted orphan, 2 hours old").doesNotExist();
            }));
            return tests.stream().onClose(() -> {
                System.out.println("maintenance: timings (ms): " + p.timings());
                p.close();
            });
        } catch (Throwable e) {
            p.close();
            throw e;
        } finally {
            feeder.close();
        }
    }

    /** The start of a partition's hour ("dt=2026-09-01/hr=3"). */
    static Instant hourStart(String partition) {
        String dt = partition.substring(3, 13);
        int hr = Integer.parseInt(partition.substring(partition.indexOf("hr=") + 3));
        return LocalDate.parse(dt).atStartOfDay(ZoneOffset.UTC).toInstant().plus(Duration.ofHours(hr));
    }
}
