-- flink-log archive job, AWS flavour: Kafka topics `syslog` and `authlog` -> two Iceberg tables,
-- logs.syslog and logs.authlog, in the AWS Glue Data Catalog, data files on S3 (S3FileIO).
-- One job: both INSERTs run in one EXECUTE STATEMENT SET, so they share one checkpoint barrier,
-- one job id and one restart (the Flink sink commits each table on every completed checkpoint).
--
--   KAFKA_BOOTSTRAP_SERVERS=broker1:9092,... S3_WAREHOUSE=my-bucket/iceberg \
--     examples/sql-client.sh -f examples/kafka-iceberg-glue-s3/archive.sql
--
-- Variables (replaced by examples/sql-client.sh before the client sees the file):
--   KAFKA_BOOTSTRAP_SERVERS  the brokers
--   S3_WAREHOUSE             bucket and prefix of the warehouse, without s3:// (my-bucket/iceberg)
--   CHECKPOINT_INTERVAL      how often files are committed (default 3min; see docs/operations.md)
-- Credentials and region are deliberately NOT variables: GlueCatalog and S3FileIO take them from
-- the AWS default chain of the JobManager/TaskManager processes (AWS_REGION plus an instance
-- profile, EKS pod identity / IRSA, or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY in their
-- environment), so no key is ever written into a SQL file, a job graph or the catalog.
--
-- Not runnable without AWS. examples/src/test/.../ArchiveSqlPlanITCase plans every statement of
-- this file with the catalog swapped for a local one, and GlueArchiveTimeZoneITCase runs it over
-- +09:00 records into a local table to check the UTC event times and partitions.

SET 'pipeline.name' = 'flink-log glue archive (syslog, authlog)';
SET 'execution.checkpointing.interval' = '${CHECKPOINT_INTERVAL:-3min}';
SET 'execution.checkpointing.mode' = 'EXACTLY_ONCE';
-- The producers write local times with their offset (2026-11-30T08:30:00+09:00). log-json keeps the
-- offset, so event_time is the right instant whatever zone the cluster runs in. But DATE_FORMAT on
-- a TIMESTAMP_LTZ formats in the session zone, which defaults to the JVM's zone: on a cluster in
-- Asia/Tokyo the record above would land in dt=2026-11-30/hr=8 instead of dt=2026-11-29/hr=23.
-- The partitions are UTC by contract (the queries prune on them), so pin the zone here.
SET 'table.local-time-zone' = 'UTC';
-- Rows go from one operator to the next without a copy: every operator of this job is Flink
-- SQL's own and keeps no row it was given, and log-json builds a new row per record. Without the
-- copies the job runs 8-23% more records/s (docs/performance.md, "Object reuse in a streaming
-- archive job").
SET 'pipeline.object-reuse' = 'true';
-- Iceberg's SinkV2 sink, which runs table maintenance after its commits: each table is compacted,
-- its snapshots expired and its orphan files removed by this job, under its own in-job lock (what
-- each option does, and why these values: ../kafka-iceberg-rest/archive.sql and
-- docs/operations.md). Set for the session, so for both INSERTs; the REST example gives them as a
-- hint on its one INSERT instead (a hint is also needed for the rewrite's planner options, such as
-- min-input-files, which SET does not reach; its default, 5, is the one wanted here).
SET 'table.exec.iceberg.use-v2-sink' = 'true';
SET 'flink-maintenance.rewrite.enabled' = 'true';
SET 'flink-maintenance.rewrite.schedule.commit-count' = '20';
SET 'flink-maintenance.rewrite.schedule.interval-second' = '3600';
SET 'flink-maintenance.expire-snapshots.enabled' = 'true';
SET 'flink-maintenance.expire-snapshots.schedule.commit-count' = '20';
SET 'flink-maintenance.expire-snapshots.max-snapshot-age-seconds' = '86400';
SET 'flink-maintenance.expire-snapshots.retain-last' = '100';
SET 'flink-maintenance.delete-orphan-files.enabled' = 'true';
SET 'flink-maintenance.delete-orphan-files.schedule.interval-second' = '86400';
SET 'flink-maintenance.delete-orphan-files.min-age-seconds' = '604800';

LOAD MODULE logs;

-- Glue database `logs` = the Iceberg namespace; table metadata under s3://<warehouse>/logs.db/.
CREATE CATALOG glue WITH (
  'type' = 'iceberg',
  'catalog-impl' = 'org.apache.iceberg.aws.glue.GlueCatalog',
  'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO',
  'warehouse' = 's3://${S3_WAREHOUSE}'
);

CREATE DATABASE IF NOT EXISTS glue.logs;

-- The archive schema (docs/examples.md#archive-schema), identical for both tables.
CREATE TABLE IF NOT EXISTS glue.logs.syslog (
  event_time     TIMESTAMP_LTZ(6),
  ingest_time    TIMESTAMP_LTZ(6),
  log_level      STRING,
  message        STRING,
  service_name   STRING,
  host_name      STRING,
  namespace      STRING,
  pod_name       STRING,
  trace_id       STRING,
  http_status    INT,
  http_path      STRING,
  log_shape      STRING,
  labels         MAP<STRING, STRING>,
  fingerprint    STRING,
  error_class    STRING,
  raw_json       STRING,
  parse_error    STRING,
  dt             STRING,
  hr             INT
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

CREATE TABLE IF NOT EXISTS glue.logs.authlog (
  event_time     TIMESTAMP_LTZ(6),
  ingest_time    TIMESTAMP_LTZ(6),
  log_level      STRING,
  message        STRING,
  service_name   STRING,
  host_name      STRING,
  namespace      STRING,
  pod_name       STRING,
  trace_id       STRING,
  http_status    INT,
  http_path      STRING,
  log_shape      STRING,
  labels         MAP<STRING, STRING>,
  fingerprint    STRING,
  error_class    STRING,
  raw_json       STRING,
  parse_error    STRING,
  dt             STRING,
  hr             INT
) PARTITIONED BY (dt, hr) WITH (
  'write.format.default' = 'parquet',
  'write.parquet.compression-codec' = 'zstd',
  -- The rules behind the fingerprint column (docs/functions.md, LOG_TEMPLATE): a new version is a
  -- new column (ALTER TABLE ... ADD fingerprint_v3), never a rewrite of this one.
  'flink-log.fingerprint-version' = '2',
  'write.target-file-size-bytes' = '134217728',
  'write.parquet.row-group-size-bytes' = '33554432',
  'write.parquet.dict-size-bytes' = '65536' -- why: docs/examples.md, the archive schema
);

-- The sources: one table per topic, read with log-json (syslog-as-JSON records carry `ts`,
-- `src_host`, `program`; auth records `time`, `host`, `msg`: the format finds all of them).
-- Group offsets with an earliest reset: a restart without a checkpoint resumes where the group's
-- committed offsets are, and a new group starts at the oldest record Kafka still has (never at
-- the newest, which would silently skip the backlog).
CREATE TEMPORARY TABLE syslog_in (
  event_time     TIMESTAMP_LTZ(6),
  log_level      STRING,
  message        STRING,
  service_name   STRING,
  host_name      STRING,
  namespace      STRING,
  pod_name       STRING,
  trace_id       STRING,
  http_status    INT,
  http_path      STRING,
  log_shape      STRING,
  labels         MAP<STRING, STRING>,
  raw_json       STRING,
  ingest_time    TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
  parse_error    STRING METADATA FROM 'value.parse-error' VIRTUAL
) WITH (
  'connector' = 'kafka',
  'topic' = 'syslog',
  'properties.bootstrap.servers' = '${KAFKA_BOOTSTRAP_SERVERS}',
  'properties.group.id' = 'o11y.syslog.archive',
  'scan.startup.mode' = 'group-offsets',
  'properties.auto.offset.reset' = 'earliest',
  'value.format' = 'log-json'
);

CREATE TEMPORARY TABLE authlog_in (
  event_time     TIMESTAMP_LTZ(6),
  log_level      STRING,
  message        STRING,
  service_name   STRING,
  host_name      STRING,
  namespace      STRING,
  pod_name       STRING,
  trace_id       STRING,
  http_status    INT,
  http_path      STRING,
  log_shape      STRING,
  labels         MAP<STRING, STRING>,
  raw_json       STRING,
  ingest_time    TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
  parse_error    STRING METADATA FROM 'value.parse-error' VIRTUAL
) WITH (
  'connector' = 'kafka',
  'topic' = 'authlog',
  'properties.bootstrap.servers' = '${KAFKA_BOOTSTRAP_SERVERS}',
  'properties.group.id' = 'o11y.authlog.archive',
  'scan.startup.mode' = 'group-offsets',
  'properties.auto.offset.reset' = 'earliest',
  'value.format' = 'log-json'
);

-- The archive rows. dt/hr come from COALESCE(event_time, ingest_time): a record without a usable
-- time still lands in a partition (the hour Kafka received it) instead of a NULL partition.
CREATE TEMPORARY VIEW syslog_rows AS
SELECT
  event_time,
  CAST(ingest_time AS TIMESTAMP_LTZ(6)) AS ingest_time,
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
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'H') AS INT) AS hr
FROM syslog_in;

CREATE TEMPORARY VIEW authlog_rows AS
SELECT
  event_time,
  CAST(ingest_time AS TIMESTAMP_LTZ(6)) AS ingest_time,
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
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'H') AS INT) AS hr
FROM authlog_in;

EXECUTE STATEMENT SET
BEGIN
  INSERT INTO glue.logs.syslog SELECT * FROM syslog_rows;
  INSERT INTO glue.logs.authlog SELECT * FROM authlog_rows;
END;
