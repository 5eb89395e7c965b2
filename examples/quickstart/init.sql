-- flink-log quickstart, session set-up (run by examples/quickstart.sh as the client's -i script).

-- The analytics read a finished archive: batch jobs that end, results as tables.
SET 'execution.runtime-mode' = 'batch';
SET 'sql-client.execution.result-mode' = 'tableau';
-- dt/hr partitions and every printed time are UTC, whatever the zone of this machine.
SET 'table.local-time-zone' = 'UTC';

LOAD MODULE logs;

-- An Iceberg catalog on local disk (Hadoop catalog: tables are folders under the warehouse).
CREATE CATALOG lake WITH (
  'type' = 'iceberg',
  'catalog-type' = 'hadoop',
  'warehouse' = 'file://${QUICKSTART_WAREHOUSE}'
);
CREATE DATABASE IF NOT EXISTS lake.logs;
USE CATALOG lake;
USE logs;
