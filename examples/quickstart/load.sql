-- flink-log quickstart, the load: the generated sample -> 'format' = 'log-json' -> Iceberg logs.events.
-- examples/quickstart.sh runs this only when the table is not loaded with this sample yet.

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

-- The sample as a pipeline receives it: one record per line, every producer mixed in one file.
-- 'log-json' fills each column from the field its producer uses (Fluent Bit, OTLP batches - one row
-- per log record -, ECS, pino, journald, ...), reads text lines by their shape (syslog, access logs,
-- klog, ...; log_shape says which) and keeps every other line with its parse_error.
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
  raw_json       STRING
) WITH (
  'connector' = 'filesystem',
  'path' = '${QUICKSTART_SAMPLE}',
  'format' = 'log-json'
);

-- ingest_time: a file has no per-record arrival time (Kafka's record timestamp in the production
-- job), so the whole sample gets one fixed load time, the last second of its last day. A record
-- without an event time lands in that day's last hour, and the results are the same on every run.
-- parse_error: the filesystem connector does not pass format metadata ('parse-error') through, so
-- it is recomputed with LOG_PARSE, which reads raw_json exactly as the format did.
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
  LOG_PARSE(raw_json).parse_error AS parse_error,
  DATE_FORMAT(COALESCE(event_time, ingest_time), 'yyyy-MM-dd') AS dt,
  CAST(DATE_FORMAT(COALESCE(event_time, ingest_time), 'H') AS INT) AS hr
FROM (
  SELECT *, CAST(TO_TIMESTAMP_LTZ(${QUICKSTART_INGEST_EPOCH_MS}, 3) AS TIMESTAMP_LTZ(6)) AS ingest_time
  FROM default_catalog.default_database.sample_logs
);
