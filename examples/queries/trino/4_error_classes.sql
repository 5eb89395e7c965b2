-- Error types: what kind of failure the error and fatal rows report. Trino has no LOG_ERROR_CLASS:
-- it reads the error_class column the archive job stored (LOG_ERROR_CLASS(message) at load time).
SELECT
  coalesce(error_class, '(no class)') AS error_class,
  count(*) AS occurrences,
  count(DISTINCT service_name) AS services,
  min(dt) AS first_day,
  max(dt) AS last_day
FROM events
WHERE log_level IN ('error', 'fatal')
GROUP BY 1
ORDER BY 2 DESC, 1;
