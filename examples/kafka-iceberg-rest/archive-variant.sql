-- The archive job's format-version 3 sibling (Flink 2.1+): the same topic into the table
-- logs.events_v3, whose column payload is a VARIANT instead of the JSON text raw_json. log-json
-- builds the variant in the same pass that fills the other columns (docs/format.md, "The payload as
-- a VARIANT"), so every field nobody promoted to a column stays queryable as a field: Trino 481+
-- reads it with subscripts, payload['logger'], instead of parsing JSON text on every row
-- (examples/queries/trino-variant). The STRING archive (archive.sql) stays the default: Iceberg
-- writes variants only into format-version 3 tables, which Trino reads from 481 on, DuckDB and
-- older engines not at all, and the variant costs about half the write throughput
-- (docs/performance.md, "The payload as a VARIANT").
--
--   examples/sql-client.sh --jobmanager flink-jobmanager:8081 -f examples/kafka-iceberg-rest/archive-variant.sql
--
-- The same environment variables as archive.sql; it reads the topic with its own consumer group,
-- beside the STRING archive or instead of it. Table maintenance is left out here: archive.sql
-- shows it, and the same hints apply.

SET 'execution.runtime-mode' = 'streaming';
SET 'pipeline.name' = 'o11y.logs.archive-variant';
SET 'execution.checkpointing.interval' = '${CHECKPOINT_INTERVAL:-3min}';
SET 'execution.checkpointing.mode' = 'EXACTLY_ONCE';
SET 'execution.checkpointing.externalized-checkpoint-retention' = 'RETAIN_ON_CANCELLATION';
SET 'table.dml-sync' = 'false';
SET 'table.local-time-zone' = 'UTC';
-- Rows go from one operator to the next without a copy: every operator of this job is Flink
-- SQL's own and keeps no row it was given, and log-json builds a new row per record. Without the
-- copies the job runs 8-23% more records/s (docs/performance.md, "Object reuse in a streaming
-- archive job").
SET 'pipeline.object-reuse' = 'true';
SET 'table.exec.iceberg.use-v2-sink' = 'true';

LOAD MODULE logs;

CREATE CATALOG lake WITH (
  'type' = 'iceberg',
  'catalog-type' = 'rest',
  'uri' = '${ICEBERG_REST_URI}',
  'warehouse' = '${ICEBERG_WAREHOUSE}',
  'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO',
  's3.endpoint' = '${S3_ENDPOINT}',
  's3.path-style-access' = 'true',
  's3.access-key-id' = '${S3_ACCESS_KEY_ID}',
  's3.secret-access-key' = '${S3_SECRET_ACCESS_KEY}',
  'client.region' = '${S3_REGION:-us-east-1}'
);

CREATE DATABASE IF NOT EXISTS lake.logs;

CREATE TABLE IF NOT EXISTS lake.logs.events_v3 (
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
  -- The whole record as a variant; NULL for a record that is not JSON (its text is in message, the
  -- reason in parse_error).
  payload      VARIANT,
  parse_error  STRING,
  dt           STRING,
  hr           INT
) PARTITIONED BY (dt, hr) WITH (
  -- Iceberg stores VARIANT only from format version 3 on.
  'format-version' = '3',
  'write.format.default' = 'parquet',
  'write.parquet.compression-codec' = 'zstd',
  'flink-log.fingerprint-version' = '2',
  'write.target-file-size-bytes' = '134217728',
  'write.parquet.row-group-size-bytes' = '33554432',
  'write.parquet.dict-size-bytes' = '65536' -- why: docs/examples.md, the archive schema
);

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
  -- The raw column as a VARIANT: the same parse builds it.
  raw_json     VARIANT,
  ingest_time  TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
  parse_error  STRING METADATA FROM 'value.parse-error' VIRTUAL
) WITH (
  'connector' = 'kafka',
  'topic' = 'o11y.logs.v1',
  'properties.bootstrap.servers' = '${KAFKA_BOOTSTRAP_SERVERS}',
  'properties.group.id' = 'o11y.logs.archive-variant',
  'scan.startup.mode' = 'group-offsets',
  'properties.auto.offset.reset' = 'earliest',
  'value.format' = 'log-json'
);

INSERT INTO lake.logs.events_v3
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
  raw_json AS payload,
  parse_error,
  DATE_FORMAT(COALESCE(event_time, ingest_time), 'yyyy-MM-dd') AS dt,
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'HH') AS INT) AS hr
FROM kafka_logs;
