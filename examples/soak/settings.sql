-- flink-log soak, session settings (examples/soak.sh puts this before the quickstart's load.sql).
-- The quickstart pipeline as a streaming job: the same source table, INSERT and Iceberg table, with
-- checkpoints (each one commits the Iceberg files written since the last).
SET 'execution.runtime-mode' = 'streaming';
SET 'execution.checkpointing.interval' = '${SOAK_CHECKPOINT_INTERVAL}';
SET 'execution.checkpointing.dir' = 'file://${SOAK_CHECKPOINTS}';
SET 'execution.checkpointing.num-retained' = '3';
-- Keep the last checkpoints after the job ends, so their sizes can be read afterwards too.
SET 'execution.checkpointing.externalized-checkpoint-retention' = 'RETAIN_ON_CANCELLATION';
-- A bounded file in streaming mode: wait for the INSERT to finish (final checkpoint included).
SET 'table.dml-sync' = 'true';
