-- flink-log quickstart: what is in a folder of mixed logs? Run it with examples/quickstart.sh.
--
-- The input is one file of records from many producers (Fluent Bit on Kubernetes, docker compose,
-- pino, OTLP, JSON app logs, logfmt and plain text, one truncated record): see
-- examples/quickstart/gen_sample_logs.py.

SET 'execution.runtime-mode' = 'batch';
SET 'sql-client.execution.result-mode' = 'tableau';
-- Show event times in UTC whatever the zone of the machine is.
SET 'table.local-time-zone' = 'UTC';

LOAD MODULE logs;

-- One declaration instead of a dozen JSON_VALUE calls: 'log-json' parses each record once and
-- fills each column from the field its producer uses (time, @timestamp, timeUnixNano, pino's epoch
-- millis...; level words, pino's numbers, OTLP severities, or the level inferred from the text;
-- log, msg, message, body.stringValue...). Lines that are not JSON are kept, with the level and a
-- leading timestamp taken from their text.
CREATE TEMPORARY TABLE logs_in (
  event_time   TIMESTAMP_LTZ(3),
  log_level    STRING,
  log          STRING,
  service_name STRING,
  labels       MAP<STRING, STRING>,
  raw_json     STRING
) WITH (
  'connector' = 'filesystem',
  'path' = '${FLINK_LOG_EXAMPLES}/quickstart/sample-logs.jsonl',
  'format' = 'log-json'
);

-- The functions of the logs module on top: what kind of failure, and which statement logged it.
CREATE TEMPORARY VIEW logs AS
SELECT
  event_time,
  COALESCE(service_name, labels['app'], labels['com_docker_compose_service'], 'unlabelled') AS service,
  log_level AS level,
  LOG_ERROR_CLASS(log) AS error_class,
  LOG_FINGERPRINT(log) AS fingerprint,
  LOG_TEMPLATE(log) AS template
FROM logs_in;

-- 1. Levels per service.
SELECT
  service,
  COUNT(*) AS records,
  SUM(CASE WHEN level IN ('error', 'fatal') THEN 1 ELSE 0 END) AS errors,
  SUM(CASE WHEN level = 'warn' THEN 1 ELSE 0 END) AS warnings,
  SUM(CASE WHEN level IN ('info', 'debug', 'trace') THEN 1 ELSE 0 END) AS other
FROM logs
GROUP BY service
ORDER BY errors DESC, service;

-- 2. The most frequent errors: one row per message template, however the ids in it vary.
SELECT
  fingerprint,
  COUNT(*) AS occurrences,
  MIN(service) AS service,
  MIN(template) AS template
FROM logs
WHERE level IN ('error', 'fatal')
GROUP BY fingerprint
ORDER BY occurrences DESC, fingerprint
LIMIT 8;

-- 3. What kind of failure: infrastructure (connection refused, DNS), latency (timeouts), the
-- application (5xx, exceptions), resources (OOM, disk full) - and when it was seen.
SELECT
  error_class,
  COUNT(*) AS occurrences,
  COUNT(DISTINCT service) AS services,
  MIN(event_time) AS first_seen,
  MAX(event_time) AS last_seen
FROM logs
WHERE error_class IS NOT NULL
GROUP BY error_class
ORDER BY occurrences DESC, error_class;

-- 4. The same semantics as functions, for data that is already in a table.
SELECT
  ts_text,
  LOG_TIMESTAMP(ts_text) AS utc,
  LOG_LEVEL(message) AS level,
  LOG_ERROR_CLASS(message) AS error_class
FROM (VALUES
  ('2026-09-16T12:34:56.789+09:00', 'WARN disk 91% full on /var/lib/kafka'),
  ('16/Sep/2026:12:34:56 +0000', '"GET /api/cart HTTP/1.1" 503 0'),
  ('1789529696123', 'E0916 12:34:56.789012 1 main.go:42] dial tcp 10.0.0.7:5432: connect: connection refused'),
  ('Wed Sep 16 12:34:56 2026', 'retrying after 0 errors')
) AS t(ts_text, message);
