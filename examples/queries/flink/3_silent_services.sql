-- Silence: services that logged last week and not this week. "This week" is the 7 days up to the
-- newest dt in the table (not today), so the query answers the same on an archive of any age.
SELECT
  e.service_name,
  SUM(CASE WHEN e.dt <= b.week_start THEN 1 ELSE 0 END) AS rows_last_week,
  SUM(CASE WHEN e.dt > b.week_start THEN 1 ELSE 0 END) AS rows_this_week,
  MAX(e.dt) AS last_day_seen
FROM events AS e
CROSS JOIN (
  SELECT
    CAST(CAST(MAX(dt) AS DATE) - INTERVAL '7' DAY AS STRING) AS week_start,
    CAST(CAST(MAX(dt) AS DATE) - INTERVAL '14' DAY AS STRING) AS last_week_start
  FROM events
) AS b
WHERE e.service_name IS NOT NULL
  AND e.dt > b.last_week_start
GROUP BY e.service_name
HAVING SUM(CASE WHEN e.dt > b.week_start THEN 1 ELSE 0 END) = 0
ORDER BY rows_last_week DESC, e.service_name;
