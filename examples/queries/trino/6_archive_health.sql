-- Archive health from Iceberg's metadata table "events$files": per day, the partitions (hours),
-- data files, rows, size, bytes per row and small files (under 8 MiB). Many small files per
-- partition mean slow scans: compact them (docs/operations.md). Rolled up per day (24 hourly
-- partitions each), or GROUP BY "partition" instead for one line per partition. MiB as
-- / 1048576e0: see 2_top_noisy_services.sql.
SELECT
  "partition".dt AS dt,
  count(DISTINCT "partition".hr) AS partitions,
  count(*) AS files,
  sum(record_count) AS total_rows,
  CAST(sum(file_size_in_bytes) / 1048576e0 AS DECIMAL(10, 2)) AS mib,
  sum(file_size_in_bytes) / sum(record_count) AS bytes_per_row,
  count_if(file_size_in_bytes < 8388608) AS small_files
FROM "events$files"
WHERE content = 0 -- data files (1 and 2 are delete files)
GROUP BY "partition".dt
ORDER BY dt;
