package dev.flinklog.examples.e2e;

import dev.flinklog.examples.monitoring.MetricNames;
import dev.flinklog.gen.LogGenerator;

import org.apache.iceberg.Table;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The faults that need an alert, on the real servers (Kafka, S3Proxy, the Iceberg REST fixture, a
 * Flink session cluster of separate JVMs) with a live Prometheus (the Debian package) evaluating
 * examples/monitoring/prometheus-rules.yml, sped up 60 times ({@link PrometheusServer#speedUp}: a
 * 10-minute {@code for:} takes 10 s), scraping the Flink processes' Prometheus reporters and the
 * Kafka offsets ({@link KafkaLagExporter}, kafka_exporter's names). One archive job, records
 * streaming in throughout:
 *
 * <ol>
 *   <li>a flood of records without a time: FlinkLogEventTimeMissing fires, and resolves after it;
 *   <li>object storage full (S3Proxy's folder is a tmpfs the test fills up, then frees):
 *       FlinkLogCheckpointFailures fires, resolves after the space comes back, the archive catches
 *       up with nothing lost or doubled;
 *   <li>the job stopped (with a savepoint) for longer than the topic's retention: the
 *       lag-toward-retention alert fires before retention deletes a record the archive has not read;
 *       the job resumed from the savepoint skips exactly the deleted offsets, and the TaskManager
 *       log names them (docs/operations.md says where to look).
 * </ol>
 *
 * The metric names the rules and the dashboard use must all be in this Prometheus, from Flink's
 * reporter on a real Kafka source and Iceberg sink (examples/monitoring/scraped-metrics-live.txt).
 */
class ArchiveAlertsFaultITCase {

    /** The rules' durations divided by this: minutes read as seconds. */
    private static final int SPEED_UP = 60;

    private static final String TIME_MISSING = "FlinkLogEventTimeMissing";
    private static final String CHECKPOINT_FAILURES = "FlinkLogCheckpointFailures";
    private static final String LAG_TOWARD_RETENTION = "FlinkLogKafkaLagTowardRetention";
    private static final String LAG_NEAR_RETENTION = "FlinkLogKafkaLagNearRetention";
    private static final String JOB_DOWN = "FlinkLogArchiveJobDown";

    /** The topic's retention in this test, and how often a segment rolls (only closed segments are deleted). */
    private static final Duration RETENTION = Duration.ofSeconds(60);

    private static final Duration SEGMENT = Duration.ofSeconds(5);

    private static final Pattern RECORD_ID = Pattern.compile("log-[0-9]{12}");

    @AfterEach
    void nothingLeftRunning() {
        List<String> alive = ServerProcess.alive();
        ServerProcess.killAll();
        assertThat(alive).as("processes still running after the test").isEmpty();
    }

    /** When an alert of one rule was first seen pending and firing, and when it was gone again. */
    static final class AlertTimeline {
        final String name;
        Instant activeAt;
        Instant firingSeen;
        Instant resolvedSeen;
        String value;

        AlertTimeline(String name) {
            this.name = name;
        }

        /** Polls once; returns the state. */
        String poll(PrometheusServer prom) {
            String state = "inactive";
            for (PrometheusServer.Alert a : prom.alerts()) {
                if (!a.name().equals(name)) {
                    continue;
                }
                if (activeAt == null || a.activeAt().isBefore(activeAt)) {
                    activeAt = a.activeAt();
                }
                if (a.state().equals("firing")) {
                    state = "firing";
                    value = a.value();
                } else if (!state.equals("firing")) {
                    state = a.state();
                }
            }
            if (state.equals("firing") && firingSeen == null) {
                firingSeen = Instant.now();
            }
            if (state.equals("inactive") && firingSeen != null && resolvedSeen == null) {
                resolvedSeen = Instant.now();
            }
            return state;
        }

        /** Seconds from pending to the first poll that saw it firing. */
        double pendingToFiringSeconds() {
            return Duration.between(activeAt, firingSeen).toMillis() / 1000.0;
        }

        @Override
        public String toString() {
            return name + "{pending " + activeAt + ", firing seen " + firingSeen + ", resolved seen " + resolvedSeen
                    + ", value " + value + "}";
        }
    }

    /** Polls every 500 ms until the alert is in {@code state}; returns false at the timeout. */
    private static boolean await(
            PrometheusServer prom, AlertTimeline alert, String state, Duration timeout, Runnable check) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            check.run();
            if (alert.poll(prom).equals(state)) {
                return true;
            }
            ServerProcess.sleep(500);
        }
        return false;
    }

    /** A tmpfs the test mounts (as root, or through passwordless sudo) under S3Proxy's folder. */
    static final class TmpFs implements AutoCloseable {
        final Path mountPoint;
        final Path filler;

        private TmpFs(Path mountPoint) {
            this.mountPoint = mountPoint;
            this.filler = mountPoint.resolve("filler.bin");
        }

        /** Mounts it, or says why it could not. */
        static Object mount(Path mountPoint, String size) throws IOException, InterruptedException {
            Files.createDirectories(mountPoint);
            List<String> cmd = new ArrayList<>(List.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs"));
            cmd.add(mountPoint.toString());
            Process pr =
                    new ProcessBuilder(asRoot(cmd)).redirectErrorStream(true).start();
            String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (pr.waitFor() != 0) {
                return "cannot mount a tmpfs for the object storage (needs root or passwordless sudo): " + out.strip();
            }
            return new TmpFs(mountPoint);
        }

        private static List<String> asRoot(List<String> cmd) {
            if ("root".equals(System.getProperty("user.name"))) {
                return cmd;
            }
            List<String> sudo = new ArrayList<>(List.of("sudo", "-n"));
            sudo.addAll(cmd);
            return sudo;
        }

        /** Writes a file until the filesystem has no space left; returns its size. */
        long fill() throws IOException {
            byte[] chunk = new byte[1 << 20];
            long written = 0;
            try (OutputStream out = Files.newOutputStream(filler)) {
                for (int size = chunk.length; size >= 4096; size /= 16) {
                    try {
                        while (true) {
                            out.write(chunk, 0, size);
                            out.flush();
                            written += size;
                        }
                    } catch (IOException full) {
                        // No space for this size: go on with smaller pieces.
                    }
                }
            } catch (IOException closeOnFullDisk) {
                // Closing may fail to flush the last piece: the disk is full either way.
            }
            return written;
        }

        long usable() throws IOException {
            return Files.getFileStore(mountPoint).getUsableSpace();
        }

        void free() throws IOException {
            Files.deleteIfExists(filler);
        }

        @Override
        public void close() throws IOException, InterruptedException {
            new ProcessBuilder(asRoot(List.of("umount", "-l", mountPoint.toString())))
                    .inheritIO()
                    .start()
                    .waitFor();
        }
    }

    @TestFactory
    Stream<DynamicTest> storageFullRetentionAndEventTimeAlertsFireOnALivePrometheus() throws Exception {
        Optional<Path> prometheusBinary = PrometheusServer.binary();
        Assumptions.assumeTrue(
                prometheusBinary.isPresent(),
                "no prometheus on the PATH (Debian package prometheus, which .ci/run installs); skipping the "
                        + "live alert tests");
        Path dir = E2E.runDir("alerts");
        Object mounted = TmpFs.mount(dir.resolve("s3proxy").resolve("data"), "512m");
        TmpFs storage = mounted instanceof TmpFs t ? t : null;
        String noStorageFault = storage == null ? (String) mounted : null;
        List<AutoCloseable> toClose = new ArrayList<>();
        if (storage != null) {
            toClose.add(storage);
        }
        ArchivePipeline p = null;
        Feeder feeder = null;
        try {
            p = ArchivePipeline.start(dir, ArchivePipeline.Catalog.FIXTURE, null, true);
            toClose.add(0, p);
            KafkaLagExporter lag = KafkaLagExporter.start(
                    p.kafkaBootstrap(), ArchivePipeline.TOPIC, ArchivePipeline.PARTITIONS, "o11y.logs.archive");
            toClose.add(0, lag);
            PrometheusServer prom = PrometheusServer.start(
                    dir.resolve("prometheus"),
                    prometheusBinary.get(),
                    MetricNames.RULES,
                    SPEED_UP,
                    p.flink().prometheusTargets(),
                    lag.target());
            toClose.add(0, prom);

            Expected truth = new Expected();
            LogGenerator gen = Expected.generator(200_000);
            Map<String, Object> measured = new LinkedHashMap<>();
            // Where each record went: the offsets a retention gap takes are then known row by row.
            Map<String, long[]> offsetOf = new ConcurrentHashMap<>();
            java.util.function.BiConsumer<byte[], RecordMetadata> written = (payload, md) -> {
                Matcher m = RECORD_ID.matcher(new String(payload, StandardCharsets.ISO_8859_1));
                if (m.find()) {
                    offsetOf.put(m.group(), new long[] {md.partition(), md.offset()});
                }
            };
            // 5 s segments from the start: retention deletes whole closed segments, so with the
            // default 1 GiB ones a lowered retention would delete minutes of records at once.
            p.topicConfig(Map.of("segment.ms", String.valueOf(SEGMENT.toMillis()), "retention.ms", "3600000"));
            feeder = new Feeder(p, truth, gen, written);

            String job = p.submitArchive("archive", "2s", null);
            feeder.streamTo(Long.MAX_VALUE);
            feeder.catchUp(job, "start");
            ArchivePipeline pipeline = p;
            Feeder feed = feeder;
            // Prometheus has the job's series (its rates need a few scrapes).
            awaitTrue(
                    Duration.ofSeconds(60),
                    "Prometheus has flinklog:rows:rate5m of the job",
                    () -> !prom.query("flinklog:rows:rate5m{job_name=\"o11y_logs_archive\"} > 0")
                            .isEmpty());
            Set<String> namesWhileRunning = prom.metricNames();
            Map<String, String> targets = prom.targets();
            // The job's first checkpoints fail while its tasks deploy, which is a large share of a
            // 30 s window (30 minutes sped up): a healthy job has none of the tested alerts once
            // that window has passed.
            List<String> tested = List.of(TIME_MISSING, CHECKPOINT_FAILURES, LAG_TOWARD_RETENTION, JOB_DOWN);
            long quietFrom = System.nanoTime();
            List<String> alertsAtStart = new ArrayList<>();
            boolean quiet = false;
            while (!quiet
                    && System.nanoTime() - quietFrom < Duration.ofSeconds(90).toNanos()) {
                alertsAtStart = prom.alerts().stream()
                        .map(PrometheusServer.Alert::name)
                        .filter(tested::contains)
                        .toList();
                quiet = alertsAtStart.isEmpty();
                ServerProcess.sleep(quiet ? 0 : 1000);
            }
            measured.put("healthy job: tested alerts all inactive after (ms)", ArchivePipeline.ms(quietFrom));
            List<String> alertsOfAHealthyJob = alertsAtStart;

            // 1. A flood of records without a time, 1,000 a second beside the feeder's 500.
            AlertTimeline timeMissing = new AlertTimeline(TIME_MISSING);
            Thread flood = new Thread(
                    () -> {
                        long seq = 0;
                        while (!Thread.currentThread().isInterrupted()) {
                            long from = seq;
                            seq += 1000;
                            pipeline.produce(
                                    LongStream.range(from, seq).mapToObj(i -> {
                                        String id = String.format("log-9%011d", i);
                                        truth.addWithoutEventTime(id);
                                        return ("{\"msg\":\"cache warmed for tenant " + (i % 17) + "\",\"request\":\""
                                                        + id + "\",\"service\":\"warmer\"}")
                                                .getBytes(StandardCharsets.UTF_8);
                                    }),
                                    written);
                            try {
                                Thread.sleep(1000);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    },
                    "e2e-flood");
            long t0 = System.nanoTime();
            flood.start();
            boolean timeMissingFired = await(prom, timeMissing, "firing", Duration.ofSeconds(90), feed::checkAlive);
            measured.put("event-time flood: firing after (ms)", ArchivePipeline.ms(t0));
            flood.interrupt();
            flood.join();
            t0 = System.nanoTime();
            boolean timeMissingResolved =
                    await(prom, timeMissing, "inactive", Duration.ofSeconds(90), feed::checkAlive);
            measured.put("event-time flood: resolved after (ms)", ArchivePipeline.ms(t0));
            feeder.catchUp(job, "after the flood");

            // 2. Object storage full: checkpoints fail while the filler takes the space.
            AlertTimeline checkpointFailures = new AlertTimeline(CHECKPOINT_FAILURES);
            long restartsBefore = p.flink().restarts(job);
            long checkpointsBefore = p.flink().completedCheckpoints(job);
            boolean storageFired = false;
            boolean storageResolved = false;
            long restartsWhileFull = 0;
            long checkpointsWhileFull = 0;
            if (storage != null) {
                t0 = System.nanoTime();
                long filled = storage.fill();
                measured.put("storage: filler bytes, usable after", filled + ", " + storage.usable());
                storageFired = await(prom, checkpointFailures, "firing", Duration.ofSeconds(120), feed::checkAlive);
                measured.put("storage full: firing after (ms)", ArchivePipeline.ms(t0));
                checkpointsWhileFull = p.flink().completedCheckpoints(job) - checkpointsBefore;
                measured.put("storage full: failed checkpoints' messages", failures(p, job));
                storage.free();
                t0 = System.nanoTime();
                measured.put("storage freed: caught up after (ms)", feeder.catchUp(job, "space back"));
                storageResolved =
                        await(prom, checkpointFailures, "inactive", Duration.ofSeconds(120), feed::checkAlive);
                measured.put("storage freed: alert resolved after (ms)", ArchivePipeline.ms(t0));
                // Read now: the REST API's job metrics lag by up to 10 s (its metric fetcher's interval).
                restartsWhileFull = p.flink().restarts(job) - restartsBefore;
            }

            // 3. The job stopped for longer than the retention, records streaming on.
            feeder.catchUp(job, "before the stop");
            // Only now: a short retention earlier would have deleted what the job could not read
            // while the storage was full. The old segments it deletes at once are archived.
            p.topicConfig(Map.of("retention.ms", String.valueOf(RETENTION.toMillis())));
            String savepoint = p.stopWithSavepoint(job);
            Instant stoppedAt = Instant.now();
            Map<Integer, Long> committedAtStop = lag.committedOffsets();
            AlertTimeline toward = new AlertTimeline(LAG_TOWARD_RETENTION);
            AlertTimeline near = new AlertTimeline(LAG_NEAR_RETENTION);
            AlertTimeline jobDown = new AlertTimeline(JOB_DOWN);
            Map<Integer, Instant> firstLoss = new TreeMap<>();
            Map<Integer, Long> oldest = Map.of();
            long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
            while (firstLoss.size() < ArchivePipeline.PARTITIONS && System.nanoTime() < deadline) {
                feeder.checkAlive();
                toward.poll(prom);
                near.poll(prom);
                jobDown.poll(prom);
                oldest = lag.oldestOffsets();
                for (Map.Entry<Integer, Long> e : oldest.entrySet()) {
                    if (e.getValue() > committedAtStop.getOrDefault(e.getKey(), Long.MAX_VALUE)) {
                        firstLoss.putIfAbsent(e.getKey(), Instant.now());
                    }
                }
                ServerProcess.sleep(500);
            }
            measured.put("stopped: committed offsets", committedAtStop);
            measured.put("stopped: first loss per partition", firstLoss);
            Map<Integer, Long> oldestAtResume = oldest;
            Path init = SqlClientRun.sqlFile(
                    dir, "resume-init.sql", "SET 'execution.savepoint.path' = '" + savepoint + "';");
            String resumed = p.submitArchive("archive-resumed", "2s", init);
            // The resumed source logs, per partition, the offset it found deleted and where it went on.
            Map<Integer, long[]> gap = awaitResets(p, Duration.ofMinutes(1));
            // Stopped before the truth is read: the feeder adds to it from its own thread.
            long produced = feeder.stop();
            Set<String> lostByKafka = new HashSet<>();
            offsetOf.forEach((id, po) -> {
                long[] g = gap.get((int) po[0]);
                if (g != null && po[1] >= g[0] && po[1] < g[1]) {
                    lostByKafka.add(id);
                }
            });
            Set<String> lostRows = new TreeSet<>();
            for (String id : truth.rowIds()) {
                if (lostByKafka.contains(id.length() > 16 ? id.substring(0, 16) : id)) {
                    lostRows.add(id);
                }
            }
            long expectedRows = truth.rowCount() - lostRows.size();
            p.awaitCommittedRows(resumed, expectedRows, Duration.ofMinutes(3));
            Set<String> namesAtEnd = prom.metricNames();
            p.flink().cancel(resumed);

            Table end = p.table();
            List<String> missing = KafkaIcebergRestMaintenanceITCase.missingFiles(
                    p, end, end.currentSnapshot().snapshotId());
            List<ArchivePipeline.Row> rows = p.readBack("alerts", Expected.ID_REGEX, run -> {});
            Expected.Report report = truth.compare(rows);
            Set<String> lostInTable = truth.rowIds();
            rows.forEach(r -> lostInTable.remove(r.rid()));
            Map<String, String> gapText = new TreeMap<>();
            gap.forEach((k, v) -> gapText.put(String.valueOf(k), "[" + v[0] + ", " + v[1] + ")"));
            System.out.println("alerts: " + produced + " records, " + truth.rowCount() + " rows; " + report
                    + "\nalerts: " + timeMissing + "\n" + checkpointFailures + "\n" + toward + "\n" + near + "\n"
                    + jobDown + "\nalerts: measured " + measured + "\nalerts: gap " + gapText + " ("
                    + lostRows.size() + " rows), oldest at resume " + oldestAtResume + "\nalerts: targets "
                    + targets + ", at start " + alertsAtStart + "\ntable: " + p.tableStats());

            boolean fullFired = storageFired;
            boolean fullResolved = storageResolved;
            long fullRestarts = restartsWhileFull;
            long fullCheckpoints = checkpointsWhileFull;
            Set<String> names = new TreeSet<>(namesWhileRunning);
            names.addAll(namesAtEnd);
            Set<String> usedAndLive = new TreeSet<>(MetricNames.usedByRulesAndDashboard());
            usedAndLive.retainAll(names);
            System.out.println("alerts: names the rules and the dashboard use, in the live scrape: " + usedAndLive
                    + "\nalerts: Iceberg and Kafka source names in the live scrape: "
                    + names.stream()
                            .filter(n -> n.contains("Iceberg") || n.contains("KafkaSource") || n.contains("pending"))
                            .toList());
            List<DynamicTest> tests = new ArrayList<>();
            tests.add(dynamicTest("Prometheus scrapes every Flink process and the Kafka offsets", () -> {
                assertThat(targets).hasSize(3);
                assertThat(targets.values()).containsOnly("up");
                assertThat(alertsOfAHealthyJob)
                        .as("tested alerts pending or firing 90 s into a healthy run")
                        .isEmpty();
            }));
            tests.add(dynamicTest(
                    "every metric name of the rules and the dashboard is in the live scrape or documented", () -> {
                        Set<String> live = MetricNames.scrapedLive();
                        assertThat(live).as("scraped-metrics-live.txt").hasSizeGreaterThan(10);
                        assertThat(names).as("names Prometheus stored").containsAll(live);
                        Set<String> used = MetricNames.usedByRulesAndDashboard();
                        Set<String> unproven = new TreeSet<>(used);
                        unproven.removeAll(names);
                        unproven.removeAll(MetricNames.documented());
                        // LOG_PARSE's counters exist on a job that parses with the function instead of
                        // the format; PrometheusMetricsITCase scrapes them.
                        unproven.removeIf(n -> n.startsWith("flink_taskmanager_job_task_operator_logjson_")
                                && MetricNames.scraped().contains(n));
                        assertThat(unproven)
                                .as("names the rules or the dashboard use that the archive job does not export")
                                .isEmpty();
                    }));
            tests.add(dynamicTest(
                    "a flood of records without a time fires " + TIME_MISSING + ", then it resolves", () -> {
                        assertThat(timeMissingFired).as("%s", timeMissing).isTrue();
                        assertThat(timeMissing.pendingToFiringSeconds())
                                .as("firing within for: (15 s here) plus a scrape and an evaluation")
                                .isBetween(14.0, 15.0 + 2 * PrometheusServer.INTERVAL.toSeconds() + 1);
                        assertThat(timeMissingResolved).as("%s", timeMissing).isTrue();
                    }));
            tests.add(dynamicTest(
                    "object storage full fires " + CHECKPOINT_FAILURES + "; space back, it resolves", () -> {
                        Assumptions.assumeTrue(storage != null, noStorageFault);
                        assertThat(fullFired).as("%s", checkpointFailures).isTrue();
                        assertThat(checkpointFailures.pendingToFiringSeconds())
                                .as("firing within for: (10 s here) plus a scrape and an evaluation")
                                .isBetween(9.0, 10.0 + 2 * PrometheusServer.INTERVAL.toSeconds() + 1);
                        assertThat(fullResolved).as("%s", checkpointFailures).isTrue();
                        // The writer cannot upload its files, declines the checkpoint and fails; the
                        // job restarts from its last checkpoint (docs/operations.md says so).
                        assertThat(fullRestarts)
                                .as("restarts while the storage was full")
                                .isPositive();
                        System.out.println("alerts: while the storage was full: " + fullRestarts + " restarts, "
                                + fullCheckpoints + " checkpoints completed");
                    }));
            tests.add(dynamicTest(
                    "the job stopped beyond the retention: " + LAG_TOWARD_RETENTION
                            + " fires before the first unread record is deleted",
                    () -> {
                        assertThat(firstLoss).as("partitions that lost records").hasSize(ArchivePipeline.PARTITIONS);
                        assertThat(jobDown.firingSeen).as("%s", jobDown).isNotNull();
                        assertThat(toward.firingSeen).as("%s", toward).isNotNull();
                        Instant loss = firstLoss.values().stream()
                                .min(Instant::compareTo)
                                .orElseThrow();
                        assertThat(toward.firingSeen)
                                .as("%s fired before the first loss at %s (stopped at %s)", toward, loss, stoppedAt)
                                .isBefore(loss);
                    }));
            tests.add(dynamicTest(
                    "nothing lost but the offsets retention deleted, the TaskManager log names them, nothing doubled",
                    () -> {
                        // Partitions whose savepoint offset retention had not reached yet are not
                        // reset (the group's offsets, which decided when to resume, trail it).
                        assertThat(gap)
                                .as("partitions the resumed source reset")
                                .isNotEmpty();
                        for (Map.Entry<Integer, long[]> e : gap.entrySet()) {
                            // The group's offsets trail the savepoint's: Flink commits them to Kafka
                            // after a checkpoint completes, and the savepoint's own commit may not
                            // go out before the job ends. They bound the gap from below.
                            assertThat(e.getValue()[0])
                                    .as(
                                            "gap of partition %d starts at or after the group's committed offset",
                                            e.getKey())
                                    .isGreaterThanOrEqualTo(committedAtStop.get(e.getKey()));
                            assertThat(e.getValue()[1])
                                    .as("and ends at or after the log start seen before the resume")
                                    .isGreaterThanOrEqualTo(oldestAtResume.get(e.getKey()));
                        }
                        assertThat(lostRows).as("rows in the gap").isNotEmpty();
                        assertThat(lostInTable)
                                .as("rows missing from the table")
                                .isEqualTo(lostRows);
                        assertThat(report.duplicated).as("%s", report).isZero();
                        assertThat(report.unknown + report.withoutId)
                                .as("%s", report)
                                .isZero();
                        assertThat(report.tableRows).isEqualTo(expectedRows);
                        assertThat(report.wrongEventTime + report.wrongParseError + report.wrongPartition)
                                .as("%s", report)
                                .isZero();
                        assertThat(missing)
                                .as("files the table references but storage lacks")
                                .isEmpty();
                    }));
            ArchivePipeline closeMe = p;
            return tests.stream().onClose(() -> {
                System.out.println("alerts: timings (ms): " + closeMe.timings());
                closeAll(toClose);
            });
        } catch (Throwable e) {
            closeAll(toClose);
            throw e;
        } finally {
            if (feeder != null) {
                feeder.close();
            }
        }
    }

    /** The distinct failure messages of the failed checkpoints in the job's REST checkpoint history. */
    private static Set<String> failures(ArchivePipeline p, String job) {
        Set<String> out = new TreeSet<>();
        var c = p.flink().get("/jobs/" + job + "/checkpoints");
        if (c != null) {
            for (var h : c.path("history")) {
                if (h.path("status").asText().equals("FAILED")) {
                    String m = h.path("failure_message").asText();
                    out.add(m.length() > 200 ? m.substring(0, 200) : m);
                }
            }
        }
        return out;
    }

    private static void closeAll(List<AutoCloseable> toClose) {
        for (AutoCloseable c : toClose) {
            try {
                c.close();
            } catch (Exception e) {
                System.out.println("closing " + c + ": " + e);
            }
        }
    }

    private static void awaitTrue(Duration timeout, String what, java.util.function.BooleanSupplier ok) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ok.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            ServerProcess.sleep(1000);
        }
    }

    private static final Pattern OUT_OF_RANGE =
            Pattern.compile("Fetch position FetchPosition\\{offset=(\\d+),.*? is out of range for partition "
                    + Pattern.quote(ArchivePipeline.TOPIC) + "-(\\d+), resetting offset");
    private static final Pattern RESET = Pattern.compile("Resetting offset for partition "
            + Pattern.quote(ArchivePipeline.TOPIC) + "-(\\d+) to position FetchPosition\\{offset=(\\d+),");

    /**
     * Partition -> [the offset the resumed source found deleted, the offset it reset to], from the
     * TaskManager logs (the Kafka consumer's INFO lines FetchCollector and SubscriptionState write).
     */
    private static Map<Integer, long[]> awaitResets(ArchivePipeline p, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<Integer, long[]> gap = new TreeMap<>();
        while (true) {
            gap.clear();
            Map<Integer, Long> from = new TreeMap<>();
            for (ServerProcess tm : p.flink().taskManagers()) {
                Path log = p.flink().logOf(tm);
                if (!Files.exists(log)) {
                    continue;
                }
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    Matcher m = OUT_OF_RANGE.matcher(line);
                    if (m.find()) {
                        from.put(Integer.parseInt(m.group(2)), Long.parseLong(m.group(1)));
                    }
                    Matcher r = RESET.matcher(line);
                    if (r.find() && from.containsKey(Integer.parseInt(r.group(1)))) {
                        int partition = Integer.parseInt(r.group(1));
                        gap.put(partition, new long[] {from.get(partition), Long.parseLong(r.group(2))});
                    }
                }
            }
            if (gap.size() == ArchivePipeline.PARTITIONS || System.nanoTime() > deadline) {
                return gap;
            }
            ServerProcess.sleep(1000);
        }
    }
}
