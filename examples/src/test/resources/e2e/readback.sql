-- The end-to-end tests' read-back of the archive table (examples/kafka-iceberg-rest/archive.sql):
-- batch mode, the same catalog options as the job, every row written as one CSV line with the
-- record id that the generator put into each payload, found in raw_json by ${ID_REGEX}.
SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'parallelism.default' = '1';

CREATE CATALOG lake WITH (
  'type' = 'iceberg',
  'catalog-type' = 'rest',
  'uri' = '${ICEBERG_REST_URI}',
  'warehouse' = '${ICEBERG_WAREHOUSE}',
  'io-impl' = 'org.apache.iceberg.aws.s3.S3FileIO',
  's3.endpoint' = '${S3_ENDPOINT}',
  's3.path-style-access' = 'true',
  's3.access-key-id' = '${S3_ACCESS_KEY_ID}',
  's3.secret-access-key' = '${S3_SECRET_ACCESS_KEY}',
  'client.region' = '${S3_REGION:-us-east-1}'
);

CREATE TEMPORARY TABLE readback (
  rid             STRING,
  event_time      STRING,
  ingest_time     STRING,
  has_parse_error BOOLEAN,
  dt              STRING,
  hr              INT,
  log_level       STRING
) WITH ('connector' = 'filesystem', 'path' = '${READBACK_DIR}', 'format' = 'csv');

INSERT INTO readback
SELECT REGEXP_EXTRACT(raw_json, '${ID_REGEX}', 1), CAST(event_time AS STRING), CAST(ingest_time AS STRING),
       parse_error IS NOT NULL, dt, hr, log_level
FROM lake.logs.events;

-- What a user would look at; the tests also check these tables.
SELECT COUNT(*) AS total_rows, COUNT(parse_error) AS parse_errors, COUNT(event_time) AS with_event_time,
       COUNT(DISTINCT dt) AS days
FROM lake.logs.events;

SELECT parse_error, COUNT(*) AS n FROM lake.logs.events WHERE parse_error IS NOT NULL
GROUP BY parse_error ORDER BY n DESC LIMIT 5;

SELECT file_count, record_count FROM lake.logs.`events$partitions` ORDER BY record_count DESC LIMIT 3;
