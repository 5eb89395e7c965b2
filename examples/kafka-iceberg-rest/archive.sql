-- The log archive job: every record of the Kafka topic o11y.logs.v1, exactly once, into the Iceberg
-- table logs.events (the 19-column archive schema, partitioned by UTC day and hour, zstd Parquet)
-- of an Iceberg REST catalog (Nessie's /iceberg endpoint in production), with the data files on
-- S3-compatible storage (RustFS in production) through Iceberg's S3FileIO.
--
-- Run it against a Flink cluster that has the flink-sql-log jar, the Kafka connector, the Iceberg
-- Flink runtime and iceberg-aws-bundle in lib/ (docs/examples.md, section kafka-iceberg-rest):
--
--   examples/sql-client.sh --jobmanager flink-jobmanager:8081 -f examples/kafka-iceberg-rest/archive.sql
--
-- Endpoints and credentials come only from environment variables, which sql-client.sh puts in
-- before the client reads the file (a Flink distribution's client does not: see docs/examples.md):
--   KAFKA_BOOTSTRAP_SERVERS  e.g. kafka:9092
--   ICEBERG_REST_URI         e.g. http://nessie:19120/iceberg/
--   ICEBERG_WAREHOUSE        the catalog's warehouse: a name for Nessie (warehouse), a location for
--                            other REST catalogs (s3://warehouse/)
--   S3_ENDPOINT              e.g. http://rustfs:9000
--   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
--   S3_REGION                default us-east-1 (S3-compatible stores accept any region)
--   CHECKPOINT_INTERVAL      default 3min: Iceberg commits once per checkpoint, so this is both the
--                            archive's lag and how many files each partition gets
--                            (docs/operations.md, section checkpoints-and-files)
--
-- The job also keeps the table healthy by itself (Iceberg 1.11's maintenance after the sink's
-- commits; docs/operations.md, section maintenance). Defaults fit 3-minute checkpoints and a few
-- tens of GiB a day; each is explained at the INSERT below:
--   COMPACTION                       default true (all three: false behind Nessie's /iceberg
--                                    endpoint, see below)
--   COMPACTION_EVERY_COMMITS         default 20 (hourly at 3-minute checkpoints)
--   SNAPSHOT_EXPIRY                  default true
--   SNAPSHOT_EXPIRY_EVERY_COMMITS    default 20
--   SNAPSHOT_MAX_AGE_SECONDS         default 86400 (one day of time travel)
--   SNAPSHOT_RETAIN_LAST             default 100
--   ORPHAN_REMOVAL                   default true
--   ORPHAN_REMOVAL_INTERVAL_SECONDS  default 86400
--   ORPHAN_MIN_AGE_SECONDS           default 604800 (7 days: longer than any restore)
--   MAINTENANCE_RATE_LIMIT_SECONDS   default 60
--
-- To restore from a savepoint, run it with an init file (-i) that says
--   SET 'execution.savepoint.path' = 's3://.../savepoint-...';

SET 'execution.runtime-mode' = 'streaming';
SET 'pipeline.name' = 'o11y.logs.archive';
-- Iceberg's sink commits the files of a checkpoint when the checkpoint completes: no checkpoints,
-- no data. Exactly-once end to end needs the checkpoints to be exactly-once too.
SET 'execution.checkpointing.interval' = '${CHECKPOINT_INTERVAL:-3min}';
SET 'execution.checkpointing.mode' = 'EXACTLY_ONCE';
-- Keep the last completed checkpoint when the job is cancelled or its JobManager dies: without
-- high availability that is what a new JobManager resubmits this file from (docs/operations.md,
-- exactly-once: JobManager failure).
SET 'execution.checkpointing.externalized-checkpoint-retention' = 'RETAIN_ON_CANCELLATION';
-- The job runs until it is stopped: the client submits it, prints its job id and returns.
SET 'table.dml-sync' = 'false';
-- dt and hr are formatted in the session time zone: fix it to UTC, whatever the cluster's default.
SET 'table.local-time-zone' = 'UTC';
-- Rows go from one operator to the next without a copy: every operator of this job is Flink
-- SQL's own and keeps no row it was given, and log-json builds a new row per record. Without the
-- copies the job runs 8-23% more records/s (docs/performance.md, "Object reuse in a streaming
-- archive job").
SET 'pipeline.object-reuse' = 'true';
-- Iceberg's SinkV2 sink (IcebergSink) instead of the legacy FlinkSink: only it runs the table
-- maintenance set at the INSERT below. (Iceberg's own docs spell it use.v2.sink, a key that does
-- not exist and is silently ignored.) Its state is not the legacy sink's: a job started before this
-- line existed cannot restore its savepoint into it; stop it with a savepoint, wait for the commit,
-- and start this job without state (the group offsets carry on).
SET 'table.exec.iceberg.use-v2-sink' = 'true';

LOAD MODULE logs;

CREATE CATALOG lake WITH (
  'type' = 'iceberg',
  'catalog-type' = 'rest',
  'uri' = '${ICEBERG_REST_URI}',
  'warehouse' = '${ICEBERG_WAREHOUSE}',
  'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO',
  's3.endpoint' = '${S3_ENDPOINT}',
  -- RustFS, MinIO, S3Proxy and most S3-compatible stores need path-style URLs (no bucket DNS names).
  's3.path-style-access' = 'true',
  's3.access-key-id' = '${S3_ACCESS_KEY_ID}',
  's3.secret-access-key' = '${S3_SECRET_ACCESS_KEY}',
  'client.region' = '${S3_REGION:-us-east-1}'
);

CREATE DATABASE IF NOT EXISTS lake.logs;

CREATE TABLE IF NOT EXISTS lake.logs.events (
  event_time   TIMESTAMP_LTZ(6),
  ingest_time  TIMESTAMP_LTZ(6),
  log_level    STRING,
  message      STRING,
  service_name STRING,
  host_name    STRING,
  namespace    STRING,
  pod_name     STRING,
  trace_id     STRING,
  http_status  INT,
  http_path    STRING,
  log_shape    STRING,
  labels       MAP<STRING, STRING>,
  fingerprint  STRING,
  error_class  STRING,
  raw_json     STRING,
  parse_error  STRING,
  dt           STRING,
  hr           INT
) PARTITIONED BY (dt, hr) WITH (
  'write.format.default' = 'parquet',
  'write.parquet.compression-codec' = 'zstd',
  -- The rules behind the fingerprint column (docs/functions.md, LOG_TEMPLATE): a new version is a
  -- new column (ALTER TABLE ... ADD fingerprint_v3), never a rewrite of this one.
  'flink-log.fingerprint-version' = '2',
  'write.target-file-size-bytes' = '134217728',
  'write.parquet.row-group-size-bytes' = '33554432',
  -- A column with more distinct values than fit in 64 KiB leaves its dictionary early (the event
  -- time, the message, the payload) instead of hashing every value of a page first, while the
  -- low-cardinality columns keep theirs. The same bytes, 4-18% more records/s (docs/performance.md).
  'write.parquet.dict-size-bytes' = '65536'
);

-- The topic as log-json rows. Records that are not JSON are kept (on-error keep, the default) with
-- the reason in parse_error; nothing is dropped.
CREATE TEMPORARY TABLE kafka_logs (
  event_time   TIMESTAMP_LTZ(6),
  log_level    STRING,
  message      STRING,
  service_name STRING,
  host_name    STRING,
  namespace    STRING,
  pod_name     STRING,
  trace_id     STRING,
  http_status  INT,
  http_path    STRING,
  log_shape    STRING,
  labels       MAP<STRING, STRING>,
  raw_json     STRING,
  ingest_time  TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
  parse_error  STRING METADATA FROM 'value.parse-error' VIRTUAL,
  -- A record without an event time would hold a watermark on event_time back forever; Kafka's
  -- record timestamp stands in for it (docs/format.md, "A watermark that never stalls").
  row_time AS CAST(COALESCE(event_time, ingest_time) AS TIMESTAMP_LTZ(3)),
  WATERMARK FOR row_time AS row_time - INTERVAL '30' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'o11y.logs.v1',
  'properties.bootstrap.servers' = '${KAFKA_BOOTSTRAP_SERVERS}',
  'properties.group.id' = 'o11y.logs.archive',
  -- Resume where the group's committed offsets are (Flink commits them on each checkpoint); a new
  -- group starts at the oldest record still in the topic.
  'scan.startup.mode' = 'group-offsets',
  'properties.auto.offset.reset' = 'earliest',
  'value.format' = 'log-json'
);

-- Maintenance inside this job, after the sink's commits (hints: they belong to this job, not to the
-- table, so a second writer such as a backfill does not start a second maintainer). A task runs
-- when its schedule is met, one task at a time, at most once per rate limit, under Iceberg's in-job
-- lock (no flink-maintenance.lock.type: only this job maintains the table). A task that fails is
-- counted in the job's metrics (maintenance group, failedTasks) and retried at the next trigger; the
-- archive keeps writing.
-- * Compaction (rewrite): every COMPACTION_EVERY_COMMITS commits, or hourly, the partitions with at
--   least 5 files under 75% of the table's 128 MiB target are rewritten into target-size files. The
--   hour being written is compacted too and gets new small files until it closes; a closed hour
--   ends with its rewritten files plus at most 4 small ones. Behind Nessie's /iceberg endpoint set
--   COMPACTION, SNAPSHOT_EXPIRY and ORPHAN_REMOVAL to false: Nessie serves a snapshot without its
--   parent, so after a rewrite's commit a restored sink no longer finds its own last commit and
--   commits its checkpoint again, and Nessie keeps the table's history itself (docs/operations.md,
--   maintenance rule 5).
-- * Snapshot expiry: every SNAPSHOT_EXPIRY_EVERY_COMMITS commits (or hourly), snapshots older than
--   SNAPSHOT_MAX_AGE_SECONDS are removed, except the newest SNAPSHOT_RETAIN_LAST, with the files
--   only they referenced (the small files compaction replaced). The job's own last commit is always
--   among them: at most one rewrite commits between two of the job's commits, and nothing expires
--   while the job is stopped. retain-last must be set: Iceberg 1.11.0 fails to build the sink
--   without it when expiry is on.
-- * Orphan removal: every ORPHAN_REMOVAL_INTERVAL_SECONDS, files under the table's location that no
--   snapshot references and that are older than ORPHAN_MIN_AGE_SECONDS are deleted (files of
--   checkpoints that failed before their commit). The age must exceed any restore: a restore commits
--   files its checkpoint wrote before the stop, which are orphans until then.
INSERT INTO lake.logs.events /*+ OPTIONS(
  'flink-maintenance.rewrite.enabled' = '${COMPACTION:-true}',
  'flink-maintenance.rewrite.schedule.commit-count' = '${COMPACTION_EVERY_COMMITS:-20}',
  'flink-maintenance.rewrite.schedule.interval-second' = '3600',
  'flink-maintenance.rewrite.min-input-files' = '5',
  'flink-maintenance.expire-snapshots.enabled' = '${SNAPSHOT_EXPIRY:-true}',
  'flink-maintenance.expire-snapshots.schedule.commit-count' = '${SNAPSHOT_EXPIRY_EVERY_COMMITS:-20}',
  'flink-maintenance.expire-snapshots.schedule.interval-second' = '3600',
  'flink-maintenance.expire-snapshots.max-snapshot-age-seconds' = '${SNAPSHOT_MAX_AGE_SECONDS:-86400}',
  'flink-maintenance.expire-snapshots.retain-last' = '${SNAPSHOT_RETAIN_LAST:-100}',
  'flink-maintenance.delete-orphan-files.enabled' = '${ORPHAN_REMOVAL:-true}',
  'flink-maintenance.delete-orphan-files.schedule.interval-second' = '${ORPHAN_REMOVAL_INTERVAL_SECONDS:-86400}',
  'flink-maintenance.delete-orphan-files.min-age-seconds' = '${ORPHAN_MIN_AGE_SECONDS:-604800}',
  'flink-maintenance.rate-limit-seconds' = '${MAINTENANCE_RATE_LIMIT_SECONDS:-60}'
) */
SELECT
  event_time,
  ingest_time,
  log_level,
  message,
  service_name,
  host_name,
  namespace,
  pod_name,
  trace_id,
  http_status,
  http_path,
  log_shape,
  labels,
  LOG_FINGERPRINT(message) AS fingerprint,
  LOG_ERROR_CLASS(message) AS error_class,
  raw_json,
  parse_error,
  DATE_FORMAT(COALESCE(event_time, ingest_time), 'yyyy-MM-dd') AS dt,
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'HH') AS INT) AS hr
FROM kafka_logs;
