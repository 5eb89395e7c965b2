-- How the checkpoint interval decides the number and size of the archive's data files
-- (docs/operations.md, section checkpoints-and-files). A datagen source at a fixed rate feeds the
-- archive schema into a local Iceberg table (Hadoop catalog) for a fixed number of rows; then the
-- Iceberg metadata tables tell how many commits, files and bytes came out.
--
--   CHECKPOINT_INTERVAL=20s WAREHOUSE=file:///tmp/wh-20s ROWS_PER_SECOND=2000 ROWS=240000 \
--     examples/sql-client.sh -f examples/measurements/checkpoint-files.sql
--
-- Four partitions (hr 0-3) are written at once, by two writer subtasks, as an archive job does in
-- the hours around a partition boundary or with several tables/days in flight.

SET 'pipeline.name' = 'checkpoint-files ${CHECKPOINT_INTERVAL}';
SET 'parallelism.default' = '2';
SET 'execution.checkpointing.interval' = '${CHECKPOINT_INTERVAL}';
SET 'table.local-time-zone' = 'UTC';
SET 'table.dml-sync' = 'true';

LOAD MODULE logs;

CREATE CATALOG measure WITH (
  'type' = 'iceberg',
  'catalog-type' = 'hadoop',
  'warehouse' = '${WAREHOUSE}'
);
CREATE DATABASE IF NOT EXISTS measure.logs;
CREATE TABLE measure.logs.events (
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
  'write.target-file-size-bytes' = '134217728',
  'write.parquet.row-group-size-bytes' = '33554432',
  'write.parquet.dict-size-bytes' = '65536' -- why: docs/examples.md, the archive schema
);

CREATE TEMPORARY TABLE gen (
  id   BIGINT,
  part INT,
  lvl  INT,
  svc  INT,
  n    INT
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '${ROWS_PER_SECOND}',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'fields.id.end' = '${ROWS}',
  'fields.part.min' = '0',
  'fields.part.max' = '3',
  'fields.lvl.min' = '0',
  'fields.lvl.max' = '19',
  'fields.svc.min' = '0',
  'fields.svc.max' = '11',
  'fields.n.min' = '0',
  'fields.n.max' = '99999'
);

-- Records shaped like an access/application log: a few templates with varying ids, ~150 bytes of
-- JSON each, so that zstd sees text as repetitive as real logs, not random bytes.
CREATE TEMPORARY VIEW rows_in AS
SELECT
  id, part, svc,
  CASE WHEN lvl = 0 THEN 'error' WHEN lvl = 1 THEN 'warn' ELSE 'info' END AS log_level,
  CASE
    WHEN lvl = 0 THEN CONCAT('upstream connect error: connection refused to 10.0.', CAST(MOD(n, 256) AS STRING), '.', CAST(MOD(id, 256) AS STRING), ':8080 order=', CAST(n AS STRING))
    WHEN lvl = 1 THEN CONCAT('slow query took ', CAST(MOD(n, 5000) AS STRING), ' ms for customer ', CAST(n AS STRING))
    ELSE CONCAT('GET /api/v1/orders/', CAST(n AS STRING), ' 200 ', CAST(MOD(id, 900) AS STRING), 'ms user=u', CAST(MOD(n, 7919) AS STRING))
  END AS message
FROM gen;

INSERT INTO measure.logs.events
SELECT
  NOW() AS event_time,
  NOW() AS ingest_time,
  log_level,
  message,
  CONCAT('svc-', CAST(svc AS STRING)) AS service_name,
  CONCAT('node-', CAST(MOD(id, 16) AS STRING)) AS host_name,
  'shop' AS namespace,
  CONCAT('svc-', CAST(svc AS STRING), '-7d9f-', CAST(MOD(id, 5) AS STRING)) AS pod_name,
  CAST(NULL AS STRING) AS trace_id,
  CAST(NULL AS INT) AS http_status,
  CAST(NULL AS STRING) AS http_path,
  'json' AS log_shape,
  MAP['app', CONCAT('svc-', CAST(svc AS STRING))] AS labels,
  LOG_FINGERPRINT(message) AS fingerprint,
  LOG_ERROR_CLASS(message) AS error_class,
  CONCAT('{"time":"2026-11-30T10:00:00Z","level":"', log_level, '","service.name":"svc-', CAST(svc AS STRING), '","message":"', message, '"}') AS raw_json,
  CAST(NULL AS STRING) AS parse_error,
  '2026-11-30' AS dt,
  part AS hr
FROM rows_in;

SET 'execution.runtime-mode' = 'batch';

-- One snapshot per completed checkpoint that had data, plus the final commit at the end of input.
-- The summary also holds what the Flink sink restores from: its job id and the last checkpoint id
-- it committed (docs/operations.md, section maintenance).
SELECT COUNT(*) AS commits FROM measure.logs.`events$snapshots`;
SELECT
  CAST(AVG(CAST(summary['added-data-files'] AS INT)) AS DECIMAL(6, 1)) AS files_per_commit,
  SUM(CAST(summary['added-files-size'] AS BIGINT)) / SUM(CAST(summary['added-data-files'] AS BIGINT)) AS mean_file_bytes,
  CAST(AVG(CAST(summary['added-records'] AS BIGINT)) AS BIGINT) AS records_per_commit,
  MAX(summary['flink.max-committed-checkpoint-id']) AS last_checkpoint_id
FROM measure.logs.`events$snapshots`;

SELECT
  `partition`.`hr` AS hr,
  COUNT(*) AS files,
  SUM(record_count) AS records,
  CAST(AVG(file_size_in_bytes) AS BIGINT) AS mean_file_bytes,
  MIN(file_size_in_bytes) AS min_file_bytes,
  MAX(file_size_in_bytes) AS max_file_bytes,
  CAST(SUM(file_size_in_bytes) * 1.0 / SUM(record_count) AS DECIMAL(8, 1)) AS bytes_per_row
FROM measure.logs.`events$files`
GROUP BY `partition`.`hr`
ORDER BY hr;
