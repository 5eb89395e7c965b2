-- Error types: what kind of failure the error and fatal rows report (LOG_ERROR_CLASS on the message:
-- connection_refused, timeout, dns, tls, auth, ..., NULL when the text has no cue), with the
-- services it hit and the days it was seen.
SELECT
  COALESCE(LOG_ERROR_CLASS(message), '(no class)') AS error_class,
  COUNT(*) AS occurrences,
  COUNT(DISTINCT service_name) AS services,
  MIN(dt) AS first_day,
  MAX(dt) AS last_day
FROM events
WHERE log_level IN ('error', 'fatal')
GROUP BY COALESCE(LOG_ERROR_CLASS(message), '(no class)')
ORDER BY occurrences DESC, error_class;
