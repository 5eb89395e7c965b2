-- Silence: services that logged last week and not this week. "This week" is the 7 days up to the
-- newest dt in the table (not today), so the query answers the same on an archive of any age.
WITH bounds AS (
  SELECT
    CAST(date_add('day', -7, CAST(max(dt) AS date)) AS varchar) AS week_start,
    CAST(date_add('day', -14, CAST(max(dt) AS date)) AS varchar) AS last_week_start
  FROM events
)
SELECT
  e.service_name,
  count_if(e.dt <= b.week_start) AS rows_last_week,
  count_if(e.dt > b.week_start) AS rows_this_week,
  max(e.dt) AS last_day_seen
FROM events AS e
CROSS JOIN bounds AS b
WHERE e.service_name IS NOT NULL
  AND e.dt > b.last_week_start
GROUP BY e.service_name
HAVING count_if(e.dt > b.week_start) = 0
ORDER BY rows_last_week DESC, e.service_name;
