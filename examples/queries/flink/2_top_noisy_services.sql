-- Top noisy services: rows, MiB of message text (characters / 2^20) and errors per service over the
-- whole archive. Rows without a service (plain text, malformed records) count as '(none)'.
SELECT
  COALESCE(service_name, '(none)') AS service,
  COUNT(*) AS total_rows,
  CAST(SUM(CAST(CHAR_LENGTH(message) AS BIGINT)) / 1048576.0 AS DECIMAL(10, 2)) AS message_mib,
  SUM(CASE WHEN log_level IN ('error', 'fatal') THEN 1 ELSE 0 END) AS errors
FROM events
GROUP BY COALESCE(service_name, '(none)')
ORDER BY total_rows DESC, service
LIMIT 10;
