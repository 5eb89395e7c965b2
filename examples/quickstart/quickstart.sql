-- flink-log quickstart: what is in a folder of mixed logs? Run it with examples/quickstart.sh.
--
-- The input is one file of records from many producers (Fluent Bit on Kubernetes, docker compose,
-- pino, OTLP, JSON app logs, logfmt and plain text, one truncated record): see
-- examples/quickstart/gen_sample_logs.py. It is read as raw lines; JSON_VALUE picks the fields a
-- producer may use and the functions of the logs module make sense of their contents.

SET 'execution.runtime-mode' = 'batch';
SET 'sql-client.execution.result-mode' = 'tableau';
-- Show event times in UTC whatever the zone of the machine is.
SET 'table.local-time-zone' = 'UTC';

LOAD MODULE logs;

CREATE TEMPORARY TABLE raw_logs (
  line STRING
) WITH (
  'connector' = 'filesystem',
  'path' = '${FLINK_LOG_EXAMPLES}/quickstart/sample-logs.jsonl',
  'format' = 'raw'
);

-- Step 1: where each producer keeps its fields. Lines that are not JSON (logfmt, plain text, the
-- truncated record) make JSON_VALUE return NULL, so they fall through to the whole line.
CREATE TEMPORARY VIEW fields AS
SELECT
  line,
  TRIM(TRAILING CHR(10) FROM COALESCE(
    JSON_VALUE(line, '$.msg'),              -- pino
    JSON_VALUE(line, '$.message'),          -- JSON app logs
    JSON_VALUE(line, '$.log'),              -- Docker / Fluent Bit (klog, Spring, Python, nginx text)
    JSON_VALUE(line, '$.body.stringValue'), -- OTLP
    line)) AS msg,
  COALESCE(
    JSON_VALUE(line, '$.level'),            -- "WARNING", or the pino numbers 30, 40, 50
    JSON_VALUE(line, '$.severityText')) AS level_field,
  COALESCE(
    JSON_VALUE(line, '$.time'),             -- RFC 3339 (Docker) or epoch millis (pino)
    JSON_VALUE(line, '$.timestamp'),        -- ISO 8601 with +09:00
    JSON_VALUE(line, '$.timeUnixNano')) AS time_field,
  LOG_LABELS(line) AS labels
FROM raw_logs;

-- Step 2: one row per record with what the logs module derives from it.
CREATE TEMPORARY VIEW logs AS
SELECT
  LOG_TIMESTAMP(time_field) AS event_time,
  COALESCE(labels['app'], labels['com_docker_compose_service'], LOG_LABEL(line, 'service.name'),
           'unlabelled') AS service,
  LOG_LEVEL(level_field, msg) AS level,
  LOG_ERROR_CLASS(msg) AS error_class,
  LOG_FINGERPRINT(msg) AS fingerprint,
  LOG_TEMPLATE(msg) AS template
FROM fields;

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
