-- What the archive holds: rows (an OTLP batch gave one row per log record), days, services, the
-- rows log-json could not read (broken records and text of no known shape, kept with their
-- parse_error and raw payload; text lines of a known shape are rows like JSON records), and the
-- rows without an event time (their dt/hr come from ingest_time).
SELECT
  COUNT(*) AS total_rows,
  COUNT(DISTINCT dt) AS days,
  COUNT(DISTINCT service_name) AS services,
  COUNT(parse_error) AS parse_errors,
  SUM(CASE WHEN event_time IS NULL THEN 1 ELSE 0 END) AS without_event_time,
  MIN(event_time) AS first_event,
  MAX(event_time) AS last_event
FROM events;
