-- Top noisy services: rows, MiB of message text (characters / 2^20) and errors per service over the
-- whole archive. Rows without a service (plain text, malformed records) count as '(none)'.
-- / 1048576e0 (a double) where Flink divides by 1048576.0: Trino's decimal division would keep one
-- decimal only (the scale of 1048576.0) before the cast, while dividing by a power of two is exact in a
-- double, so both engines round the same quotient.
SELECT
  coalesce(service_name, '(none)') AS service,
  count(*) AS total_rows,
  CAST(sum(length(message)) / 1048576e0 AS DECIMAL(10, 2)) AS message_mib,
  count_if(log_level IN ('error', 'fatal')) AS errors
FROM events
GROUP BY coalesce(service_name, '(none)')
ORDER BY total_rows DESC, service
LIMIT 10;
