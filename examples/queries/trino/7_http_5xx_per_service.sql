-- HTTP 5xx per service, from the access logs: a line log-json recognised as an access log
-- (combined, CLF, Envoy, HAProxy, Heroku's router, also inside a container's log) has http_status
-- and http_path. The service is the one the record names (a container's Kubernetes labels), else,
-- for an edge proxy's own log, the route's first path segment (/payments/v1/charges -> payments).
-- Trino, on the Iceberg table logs.events (USE iceberg.logs). Why it differs in form from Flink's:
-- split_part counts from 1 (Flink's SPLIT_INDEX from 0), and the percentage goes through a wide
-- decimal as in 1_error_rate_per_service_per_day.sql.
SELECT
  coalesce(service_name, split_part(http_path, '/', 2)) AS service,
  count(*) AS requests,
  count_if(http_status >= 500) AS errors_5xx,
  CAST(CAST(100 * count_if(http_status >= 500) AS DECIMAL(38, 18)) / count(*) AS DECIMAL(5, 2)) AS pct_5xx,
  count(DISTINCT log_shape) AS shapes
FROM events
WHERE http_status IS NOT NULL AND (service_name IS NOT NULL OR http_path LIKE '/%')
GROUP BY coalesce(service_name, split_part(http_path, '/', 2))
ORDER BY errors_5xx DESC, service;
