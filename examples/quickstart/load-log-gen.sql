-- flink-log quickstart, the load with QUICKSTART_SOURCE=log-gen: the same records as the file of
-- load.sql, from 'connector' = 'log-gen' (docs/log-gen.md) -> 'format' = 'log-json' -> Iceberg logs.events.
-- examples/quickstart.sh runs this instead of load.sql, only when the table is not loaded yet.

-- The archive table: the project's 19-column archive schema (docs/examples.md#archive-schema),
-- partitioned by the UTC day and hour of the record, zstd Parquet.
CREATE TABLE IF NOT EXISTS events (
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

-- The records the generator CLI would write to the file (same seed, count, start and span), made
-- inside the job; 'log-json' reads each payload as it reads a line of the file. Unlike the
-- filesystem connector, log-gen passes the format's metadata through, so parse_error is the
-- format's own 'parse-error'.
CREATE TEMPORARY TABLE default_catalog.default_database.sample_logs (
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
  parse_error    STRING METADATA FROM 'parse-error' VIRTUAL
) WITH (
  'connector' = 'log-gen',
  'number-of-rows' = '${QUICKSTART_RECORDS}',
  'records-per-span' = '${QUICKSTART_RECORDS}',
  'seed' = '${QUICKSTART_SEED}',
  'start' = '${QUICKSTART_START}',
  'days' = '${QUICKSTART_DAYS}',
  'format' = 'log-json'
);

-- ingest_time: as in load.sql, one fixed load time for the whole sample, so the results are the
-- same as with the file.
INSERT INTO events
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
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'H') AS INT) AS hr
FROM (
  SELECT *, CAST(TO_TIMESTAMP_LTZ(${QUICKSTART_INGEST_EPOCH_MS}, 3) AS TIMESTAMP_LTZ(6)) AS ingest_time
  FROM default_catalog.default_database.sample_logs
);
