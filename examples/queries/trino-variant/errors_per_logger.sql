-- Errors per logger, from the VARIANT payload of logs.events_v3
-- (examples/kafka-iceberg-rest/archive-variant.sql), on Trino 481 or newer: no column holds the
-- logger, each producer names it its own way (logstash-logback-encoder logger_name, log4j2's
-- JsonLayout loggerName, Python and AWS Lambda logger), and the variant answers by field access
-- instead of parsing every row's JSON text. A subscript on a field a record lacks is NULL.
SELECT
  COALESCE(
    CAST(payload['logger_name'] AS varchar),
    CAST(payload['loggerName'] AS varchar),
    CAST(payload['logger'] AS varchar)) AS logger,
  count(*) AS errors
FROM events_v3
WHERE log_level IN ('error', 'fatal')
GROUP BY 1
HAVING COALESCE(
    CAST(payload['logger_name'] AS varchar),
    CAST(payload['loggerName'] AS varchar),
    CAST(payload['logger'] AS varchar)) IS NOT NULL
ORDER BY errors DESC, logger;
-- The same question on the STRING archive (archive.sql's logs.events) parses raw_json per row:
-- string: SELECT
-- string:   COALESCE(
-- string:     json_extract_scalar(raw_json, '$.logger_name'),
-- string:     json_extract_scalar(raw_json, '$.loggerName'),
-- string:     json_extract_scalar(raw_json, '$.logger')) AS logger,
-- string:   count(*) AS errors
-- string: FROM events
-- string: WHERE log_level IN ('error', 'fatal')
-- string: GROUP BY 1
-- string: HAVING COALESCE(
-- string:     json_extract_scalar(raw_json, '$.logger_name'),
-- string:     json_extract_scalar(raw_json, '$.loggerName'),
-- string:     json_extract_scalar(raw_json, '$.logger')) IS NOT NULL
-- string: ORDER BY errors DESC, logger;
