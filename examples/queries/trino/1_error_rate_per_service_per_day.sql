-- Error rate per service per day: the share of error and fatal rows, worst service-days first
-- (drop the LIMIT for the full table). Trino, on the Iceberg table logs.events (USE iceberg.logs).
SELECT
  dt,
  service_name,
  count(*) AS total_rows,
  count_if(log_level IN ('error', 'fatal')) AS errors,
  CAST(100.0 * count_if(log_level IN ('error', 'fatal')) / count(*) AS DECIMAL(5, 2)) AS error_pct
FROM events
WHERE service_name IS NOT NULL
GROUP BY dt, service_name
ORDER BY error_pct DESC, dt, service_name
LIMIT 15;
