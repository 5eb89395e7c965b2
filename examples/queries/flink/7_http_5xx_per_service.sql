-- HTTP 5xx per service, from the access logs: a line log-json recognised as an access log
-- (combined, CLF, Envoy, HAProxy, Heroku's router, also inside a container's log) has http_status
-- and http_path. The service is the one the record names (a container's Kubernetes labels), else,
-- for an edge proxy's own log, the route's first path segment (/payments/v1/charges -> payments).
-- Without the format this was regexp_like(log, ' 5[0-9]{2}[ "/]'), which also counts any message
-- that merely mentions " 503 ".
SELECT
  COALESCE(service_name, SPLIT_INDEX(http_path, '/', 1)) AS service,
  COUNT(*) AS requests,
  SUM(CASE WHEN http_status >= 500 THEN 1 ELSE 0 END) AS errors_5xx,
  CAST(100.0 * SUM(CASE WHEN http_status >= 500 THEN 1 ELSE 0 END) / COUNT(*) AS DECIMAL(5, 2)) AS pct_5xx,
  COUNT(DISTINCT log_shape) AS shapes
FROM events
WHERE http_status IS NOT NULL AND (service_name IS NOT NULL OR http_path LIKE '/%')
GROUP BY COALESCE(service_name, SPLIT_INDEX(http_path, '/', 1))
ORDER BY errors_5xx DESC, service;
