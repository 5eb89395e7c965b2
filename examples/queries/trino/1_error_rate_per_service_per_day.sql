-- Error rate per service per day: the share of error and fatal rows, worst service-days first
-- (drop the LIMIT for the full table). Trino, on the Iceberg table logs.events (USE iceberg.logs).
-- Why the percentage differs in form from Flink's: Trino's decimal division keeps the larger scale
-- of its operands (100.0 * n / total would be rounded to one decimal, 8.7467 -> 8.70), Flink's keeps
-- at least six digits. A wide decimal first gives both engines the same exact quotient to round.
SELECT
  dt,
  service_name,
  count(*) AS total_rows,
  count_if(log_level IN ('error', 'fatal')) AS errors,
  CAST(CAST(100 * count_if(log_level IN ('error', 'fatal')) AS DECIMAL(38, 18)) / count(*) AS DECIMAL(5, 2))
    AS error_pct
FROM events
WHERE service_name IS NOT NULL
GROUP BY dt, service_name
ORDER BY error_pct DESC, dt, service_name
LIMIT 15;
