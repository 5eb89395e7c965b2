-- Recurring errors: error messages grouped by their fingerprint (LOG_FINGERPRINT(message), stored at
-- load time), the ones seen on the most days first, with their template (LOG_TEMPLATE) and one
-- example. A fingerprint that is there every day is a standing problem, not an incident.
SELECT
  fingerprint,
  COUNT(DISTINCT dt) AS days_seen,
  COUNT(*) AS total,
  COUNT(DISTINCT service_name) AS services,
  LOG_TEMPLATE(MIN(message)) AS template,
  MIN(message) AS example_message
FROM events
WHERE log_level IN ('error', 'fatal')
GROUP BY fingerprint
ORDER BY days_seen DESC, total DESC, fingerprint
LIMIT 10;
