-- Recurring errors: error messages grouped by the fingerprint the archive job stored
-- (LOG_FINGERPRINT(message)), the ones seen on the most days first, with one example message.
-- (LOG_TEMPLATE is a Flink function: the Flink version of this query prints the template too.)
SELECT
  fingerprint,
  count(DISTINCT dt) AS days_seen,
  count(*) AS total,
  count(DISTINCT service_name) AS services,
  min(message) AS example_message
FROM events
WHERE log_level IN ('error', 'fatal')
GROUP BY fingerprint
ORDER BY days_seen DESC, total DESC, fingerprint
LIMIT 10;
