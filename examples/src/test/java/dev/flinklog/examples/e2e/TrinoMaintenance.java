package dev.flinklog.examples.e2e;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Iceberg table maintenance from Trino on the archive table, as docs/operations.md (section
 * maintenance) runs it: {@code optimize} (compaction), {@code expire_snapshots},
 * {@code remove_orphan_files}, with the retention thresholds given in seconds. The test catalog
 * must allow thresholds under Trino's 7-day floor ({@code iceberg.expire-snapshots.min-retention} and
 * {@code iceberg.remove-orphan-files.min-retention} 0s): a test lives minutes, not days.
 */
final class TrinoMaintenance {

    /** Test-catalog properties that let the thresholds below Trino's default floor of 7 days through. */
    static final Map<String, String> NO_RETENTION_FLOOR = Map.of(
            "iceberg.expire-snapshots.min-retention", "0s",
            "iceberg.remove-orphan-files.min-retention", "0s");

    private final TrinoServer trino;
    private final String catalog;
    private final ArchivePipeline pipeline;

    TrinoMaintenance(TrinoServer trino, String catalog, ArchivePipeline pipeline) {
        this.trino = trino;
        this.catalog = catalog;
        this.pipeline = pipeline;
    }

    private void run(String sql) {
        trino.query(catalog, "logs", Map.of(), sql);
    }

    /** ALTER TABLE events EXECUTE optimize WHERE ... (files under 100 MB of those partitions rewritten). */
    void optimize(String where) {
        run("ALTER TABLE events EXECUTE optimize WHERE " + where);
    }

    /** ALTER TABLE events EXECUTE expire_snapshots (Trino always keeps the current snapshot). */
    void expireSnapshots(Duration retention) {
        run("ALTER TABLE events EXECUTE expire_snapshots(retention_threshold => '" + retention.toSeconds() + "s')");
    }

    void removeOrphanFiles(Duration retention) {
        run("ALTER TABLE events EXECUTE remove_orphan_files(retention_threshold => '" + retention.toSeconds() + "s')");
    }

    /** A file no snapshot references, {@code age} old ({@link ArchivePipeline#plantOrphan}). */
    Path plantOrphan(String partitionFolder, Duration age) {
        return pipeline.plantOrphan(partitionFolder, age);
    }

    /** The newest snapshot the Flink job {@code jobId} committed (its summary's flink.job-id), if still in the table. */
    static Optional<Snapshot> lastCommitOf(Table table, String jobId) {
        Snapshot newest = null;
        for (Snapshot s : table.snapshots()) {
            if (jobId.equals(s.summary().get("flink.job-id"))
                    && (newest == null || s.sequenceNumber() > newest.sequenceNumber())) {
                newest = s;
            }
        }
        return Optional.ofNullable(newest);
    }

    /**
     * The job's last commit as Iceberg's Flink committer finds it when it restores: from the current
     * snapshot back parent by parent to the first snapshot of the job (SinkUtil.getMaxCommittedCheckpointId);
     * empty when the walk ends first, and the committer then commits its restored checkpoint again.
     */
    static Optional<Snapshot> committerFinds(Table table, String jobId) {
        Snapshot s = table.currentSnapshot();
        while (s != null) {
            if (jobId.equals(s.summary().get("flink.job-id"))) {
                return Optional.of(s);
            }
            s = s.parentId() == null ? null : table.snapshot(s.parentId());
        }
        return Optional.empty();
    }

    static Set<Long> snapshotIds(Table table) {
        Set<Long> ids = new HashSet<>();
        for (Snapshot s : table.snapshots()) {
            ids.add(s.snapshotId());
        }
        return ids;
    }

    static int snapshotCount(Table table) {
        int n = 0;
        for (Snapshot ignored : table.snapshots()) {
            n++;
        }
        return n;
    }
}
