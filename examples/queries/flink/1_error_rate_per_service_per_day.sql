-- Error rate per service per day: the share of error and fatal rows, worst service-days first
-- (drop the LIMIT for the full table).
SELECT
  dt,
  service_name,
  COUNT(*) AS total_rows,
  SUM(CASE WHEN log_level IN ('error', 'fatal') THEN 1 ELSE 0 END) AS errors,
  CAST(100.0 * SUM(CASE WHEN log_level IN ('error', 'fatal') THEN 1 ELSE 0 END) / COUNT(*)
       AS DECIMAL(5, 2)) AS error_pct
FROM events
WHERE service_name IS NOT NULL
GROUP BY dt, service_name
ORDER BY error_pct DESC, dt, service_name
LIMIT 15;
