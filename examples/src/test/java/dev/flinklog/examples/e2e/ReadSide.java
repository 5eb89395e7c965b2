package dev.flinklog.examples.e2e;

import dev.flinklog.examples.TrinoVariantQuery;

import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive read as its users read it, by Trino, Flink and DuckDB, on a table an end-to-end test
 * has written: every Trino query of examples/queries/trino against its Flink twin of
 * examples/queries/flink, the types Trino sees, partition pruning, the metadata tables, column
 * projection, and DuckDB on the Parquet files of one partition. Each check asserts and returns what
 * it measured, for the test's report.
 */
final class ReadSide {

    static final Path QUERIES = SqlClientRun.EXAMPLES.resolve("queries");
    /** Trino's Parquet reader reads this much of every file's tail to find the footer (MetadataReader.EXPECTED_FOOTER_SIZE). */
    static final long TRINO_FOOTER_READ = 48 * 1024;

    private final TrinoServer trino;
    private final String catalog;
    private final FlinkBatchSession flink;
    private final ArchivePipeline pipeline;

    ReadSide(TrinoServer trino, String catalog, FlinkBatchSession flink, ArchivePipeline pipeline) {
        this.trino = trino;
        this.catalog = catalog;
        this.flink = flink;
        this.pipeline = pipeline;
    }

    TrinoServer.Result trino(String sql) {
        return trino.query(catalog, "logs", Map.of(), sql);
    }

    /** The query of a file: its text without the terminating ';' (the Trino CLI and Flink's client want one, the APIs none). */
    static String statement(Path file) {
        try {
            String sql = Files.readString(file).strip();
            return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> queryNames() {
        try (Stream<Path> files = Files.list(QUERIES.resolve("trino"))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".sql"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One value as both engines must agree on it: numbers (Trino sends decimals as strings) without
     * trailing zeros, NULL as NULL, anything else as its text.
     */
    static String normalise(Object v, boolean numeric) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Double d) {
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
        if (v instanceof Number || numeric) {
            return new BigDecimal(v.toString()).stripTrailingZeros().toPlainString();
        }
        return v.toString();
    }

    private static boolean numericType(String trinoType) {
        return trinoType.startsWith("decimal")
                || trinoType.equals("bigint")
                || trinoType.equals("integer")
                || trinoType.equals("double")
                || trinoType.equals("real")
                || trinoType.equals("smallint")
                || trinoType.equals("tinyint");
    }

    /** Trino's rows, each value normalised, sorted. */
    static List<String> sortedRows(TrinoServer.Result r) {
        List<String> rows = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                values.add(normalise(row.get(i), numericType(r.types().get(i))));
            }
            rows.add(String.join(" | ", values));
        }
        rows.sort(null);
        return rows;
    }

    /** Flink's rows restricted to these columns in this order, normalised, sorted. */
    static List<String> sortedRows(FlinkBatchSession.Result r, List<String> columns) {
        List<Integer> index = columns.stream()
                .map(c -> {
                    int i = r.columns().indexOf(c);
                    if (i < 0) {
                        throw new AssertionError("the Flink query has no column " + c + ": " + r.columns());
                    }
                    return i;
                })
                .toList();
        List<String> rows = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            rows.add(index.stream().map(i -> normalise(row.get(i), false)).collect(Collectors.joining(" | ")));
        }
        rows.sort(null);
        return rows;
    }

    /** Columns a Flink query may have that its Trino twin cannot: LOG_TEMPLATE is a Flink function. */
    private static final Map<String, Set<String>> FLINK_ONLY_COLUMNS =
            Map.of("5_recurring_fingerprints.sql", Set.of("template"));

    /**
     * Every query of examples/queries/trino on Trino and its Flink twin on Flink, same table: the
     * same rows (sorted, numbers normalised), on the Trino query's columns. Returns the row count
     * of each.
     */
    Map<String, Integer> everyQueryEqualsFlink() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<String> names = queryNames();
        assertThat(names).hasSize(7);
        for (String name : names) {
            TrinoServer.Result t = trino(statement(QUERIES.resolve("trino").resolve(name)));
            FlinkBatchSession.Result f =
                    flink.query(statement(QUERIES.resolve("flink").resolve(name)));
            Set<String> flinkExtra = new HashSet<>(f.columns());
            flinkExtra.removeAll(t.columns());
            assertThat(flinkExtra)
                    .as("%s: columns only Flink has", name)
                    .isEqualTo(FLINK_ONLY_COLUMNS.getOrDefault(name, Set.of()));
            List<String> trinoRows = sortedRows(t);
            List<String> flinkRows = sortedRows(f, t.columns());
            assertThat(trinoRows)
                    .as("%s: Trino's rows against Flink's (columns %s)", name, t.columns())
                    .containsExactlyElementsOf(flinkRows);
            counts.put(name, trinoRows.size());
        }
        return counts;
    }

    /** The column types Trino reads from the Flink-written table (DESCRIBE). */
    Map<String, String> trinoColumnTypes() {
        Map<String, String> types = new LinkedHashMap<>();
        for (List<Object> row : trino("DESCRIBE events").rows()) {
            types.put((String) row.get(0), (String) row.get(1));
        }
        return types;
    }

    /**
     * event_time of every row as Trino reads it (to the microsecond, by record id), against the rows
     * Flink read back; returns the number of rows compared.
     */
    long eventTimesEqualFlinks(List<ArchivePipeline.Row> flinkRows) {
        Map<String, Instant> flinkTimes = new HashMap<>();
        for (ArchivePipeline.Row r : flinkRows) {
            flinkTimes.put(r.rid(), r.eventTime());
        }
        TrinoServer.Result t = trino("SELECT regexp_extract(raw_json, '" + Expected.ID_REGEX + "', 1), "
                + "to_iso8601(event_time) FROM events");
        long compared = 0;
        List<String> wrong = new ArrayList<>();
        for (List<Object> row : t.rows()) {
            String id = (String) row.get(0);
            Instant trinoTime = row.get(1) == null ? null : Instant.parse((String) row.get(1));
            if (!flinkTimes.containsKey(id) || !Objects.equals(flinkTimes.get(id), trinoTime)) {
                if (wrong.size() < 10) {
                    wrong.add(id + ": Trino " + trinoTime + ", Flink " + flinkTimes.get(id));
                }
            } else {
                compared++;
            }
        }
        assertThat(wrong).as("event_time as Trino reads it").isEmpty();
        assertThat(t.rows()).hasSize(flinkRows.size());
        return compared;
    }

    /**
     * A label as both engines read it: the {@code labels} map subscripted by key, counted per value,
     * on the rows that have the key (Trino's {@code labels['k']} fails on a row without {@code k}:
     * such filters use {@code element_at}).
     */
    int labelEqualsFlinks(String key) {
        TrinoServer.Result t = trino("SELECT labels['" + key + "'] AS v, count(*) AS n FROM events "
                + "WHERE element_at(labels, '" + key + "') IS NOT NULL GROUP BY labels['" + key + "']");
        FlinkBatchSession.Result f = flink.query("SELECT labels['" + key + "'] AS v, COUNT(*) AS n FROM events "
                + "WHERE labels['" + key + "'] IS NOT NULL GROUP BY labels['" + key + "']");
        assertThat(sortedRows(t))
                .as("labels['%s'] per value", key)
                .containsExactlyElementsOf(sortedRows(f, List.of("v", "n")));
        return t.rows().size();
    }

    /** Row count per (dt, hr) as Flink counts them. */
    Map<String, Long> partitionRows() {
        Map<String, Long> rows = new TreeMap<>();
        for (List<Object> r : flink.query("SELECT dt, hr, COUNT(*) FROM events GROUP BY dt, hr")
                .rows()) {
            rows.put(r.get(0) + "/" + r.get(1), ((Number) r.get(2)).longValue());
        }
        return rows;
    }

    /** The (dt, hr) with the most rows: "dt/hr". */
    static String largest(Map<String, Long> partitionRows) {
        return partitionRows.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
    }

    /**
     * A filter on dt and hr prunes: EXPLAIN shows the constraint on both partition columns, and the
     * query reads exactly that partition's rows (Trino's processedRows), not the table's.
     */
    String partitionsPrune(String partition, long partitionRows, long tableRows) {
        String dt = partition.substring(0, partition.indexOf('/'));
        int hr = Integer.parseInt(partition.substring(partition.indexOf('/') + 1));
        String where = " FROM events WHERE dt = '" + dt + "' AND hr = " + hr;
        String plan = (String)
                trino("EXPLAIN SELECT count(DISTINCT service_name)" + where).single();
        assertThat(plan)
                .as("plan")
                .contains("constraint on [dt, hr]")
                .contains(":: [[" + dt + "]]")
                .contains(":: [[" + hr + "]]");
        TrinoServer.Result r = trino("SELECT count(DISTINCT service_name), count(*)" + where);
        assertThat(((Number) r.rows().get(0).get(1)).longValue()).isEqualTo(partitionRows);
        long processed = r.stats().path("processedRows").asLong();
        assertThat(processed)
                .as("rows Trino read for one partition")
                .isEqualTo(partitionRows)
                .isLessThan(tableRows);
        return "EXPLAIN: constraint on [dt, hr] :: [[" + dt + "]], [[" + hr + "]]; read " + processed + " of "
                + tableRows + " rows";
    }

    /**
     * The metadata tables answer the archive-health questions, and agree with Iceberg's own view of
     * the current snapshot and with Flink's metadata tables: $files (files, rows, bytes), $partitions
     * (rows and files per partition, row for row with Flink's), $snapshots (how many, which job
     * committed last, with which checkpoint).
     */
    String metadataTablesAgree(String jobId) {
        Table table = pipeline.table();
        Map<String, String> summary = table.currentSnapshot().summary();
        List<Object> files = trino("SELECT count(*), sum(record_count), sum(file_size_in_bytes) FROM \"events$files\" "
                        + "WHERE content = 0")
                .rows()
                .get(0);
        assertThat(normalise(files.get(0), true)).as("$files: data files").isEqualTo(summary.get("total-data-files"));
        assertThat(normalise(files.get(1), true)).as("$files: rows").isEqualTo(summary.get("total-records"));
        assertThat(normalise(files.get(2), true)).as("$files: bytes").isEqualTo(summary.get("total-files-size"));

        TrinoServer.Result tp = trino(
                "SELECT \"partition\".dt, \"partition\".hr, record_count, file_count " + "FROM \"events$partitions\"");
        FlinkBatchSession.Result fp = flink.query("SELECT `partition`.dt AS dt, `partition`.hr AS hr, record_count, "
                + "file_count FROM `events$partitions`");
        assertThat(sortedRows(tp))
                .as("$partitions, Trino against Flink")
                .containsExactlyElementsOf(sortedRows(fp, List.of("dt", "hr", "record_count", "file_count")));

        int snapshots = 0;
        for (var ignored : table.snapshots()) {
            snapshots++;
        }
        List<Object> s = trino(
                        "SELECT count(*), max_by(element_at(summary, 'flink.job-id'), committed_at) FILTER (WHERE "
                                + FLINK
                                + "), max_by(element_at(summary, 'flink.max-committed-checkpoint-id'), committed_at) FILTER (WHERE "
                                + FLINK + ") FROM \"events$snapshots\"")
                .rows()
                .get(0);
        assertThat(((Number) s.get(0)).intValue()).as("$snapshots: count").isEqualTo(snapshots);
        if (jobId != null) {
            assertThat(s.get(1)).as("$snapshots: the job of the last commit").isEqualTo(jobId);
        }
        return "$files " + files + "; $partitions " + tp.rows().size() + " rows = Flink's; $snapshots " + s;
    }

    /**
     * The snapshots the Flink job committed: compactions by Trino have no flink.job-id (and Trino's
     * {@code summary['k']} fails on a map without k, hence element_at).
     */
    private static final String FLINK = "element_at(summary, 'flink.job-id') IS NOT NULL";

    /** What the error-rate query read, against what the table stores. */
    record Projection(
            long storedBytes,
            long readDefault,
            long readNoCoalescing,
            long bound,
            long files,
            Map<String, Long> columnBytes) {
        double ratioDefault() {
            return (double) readDefault / storedBytes;
        }

        double ratioNoCoalescing() {
            return (double) readNoCoalescing / storedBytes;
        }

        double boundRatio() {
            return (double) bound / storedBytes;
        }

        /** The share of the stored bytes that the query's columns hold: the ratio files of the 128 MiB target tend to. */
        double columnShare(List<String> columns) {
            return (double) columns.stream()
                            .mapToLong(c -> columnBytes.getOrDefault(c, 0L))
                            .sum()
                    / storedBytes;
        }

        @Override
        public String toString() {
            return String.format(
                    "stored %,d bytes in %d files; error-rate query read %,d (%.3f) with Trino's defaults, "
                            + "%,d (%.3f) without read coalescing, bound %,d (%.3f); raw_json %.3f and message %.3f of the bytes, "
                            + "log_level+service_name+dt %.4f",
                    storedBytes,
                    files,
                    readDefault,
                    ratioDefault(),
                    readNoCoalescing,
                    ratioNoCoalescing(),
                    bound,
                    boundRatio(),
                    columnShare(List.of("raw_json")),
                    columnShare(List.of("message")),
                    columnShare(List.of("log_level", "service_name", "dt")));
        }
    }

    /** The columns the error-rate query reads. */
    static final List<String> ERROR_RATE_COLUMNS = List.of("log_level", "service_name", "dt");

    /**
     * Column projection of the error-rate query (examples/queries/trino/1_...): Trino's physical
     * input bytes against the table's stored bytes, once with the catalog's defaults and once through
     * {@code noCoalescingCatalog} (the same table, {@code parquet.small-file-threshold} and
     * {@code parquet.max-merge-distance} 0: no file read whole, no gap between two column chunks read
     * through). The second must stay within what projection allows: each file's 48 KiB footer read
     * plus the chunks of the columns the query uses; raw_json and message are not among them.
     */
    Projection projection(String noCoalescingCatalog) {
        String sql = statement(QUERIES.resolve("trino/1_error_rate_per_service_per_day.sql"));
        long readDefault = trino(sql).physicalInputBytes();
        long readNoCoalescing =
                trino.query(noCoalescingCatalog, "logs", Map.of(), sql).physicalInputBytes();
        Table table = pipeline.table();
        Schema schema = table.schema();
        Map<String, Long> columnBytes = new TreeMap<>();
        long stored = 0;
        long tails = 0;
        long files = 0;
        try (CloseableIterable<FileScanTask> tasks =
                table.newScan().includeColumnStats().planFiles()) {
            for (FileScanTask task : tasks) {
                DataFile f = task.file();
                files++;
                stored += f.fileSizeInBytes();
                tails += Math.min(f.fileSizeInBytes(), TRINO_FOOTER_READ);
                for (Map.Entry<Integer, Long> c : f.columnSizes().entrySet()) {
                    String name = schema.findColumnName(c.getKey());
                    // labels.key and labels.value: count them as labels
                    String top = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
                    columnBytes.merge(top, c.getValue(), Long::sum);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long used = ERROR_RATE_COLUMNS.stream()
                .mapToLong(c -> columnBytes.getOrDefault(c, 0L))
                .sum();
        Projection p = new Projection(stored, readDefault, readNoCoalescing, tails + used, files, columnBytes);
        assertThat(readNoCoalescing)
                .as("bytes read by the error-rate query: %s", p)
                .isPositive()
                .isLessThanOrEqualTo(p.bound());
        return p;
    }

    /** What the VARIANT archive check measured: rows, and the field question's cost both ways. */
    record VariantArchive(
            long rows,
            int answerRows,
            long variantBytesRead,
            long stringBytesRead,
            long variantMillis,
            long stringMillis,
            long payloadsCompared,
            long storedVariant,
            long storedString) {
        @Override
        public String toString() {
            return rows + " rows in events_v3 (" + storedVariant + " bytes stored, events " + storedString
                    + "); the field question (" + answerRows + " rows) read " + variantBytesRead + " bytes, best "
                    + variantMillis + " ms from the VARIANT; " + stringBytesRead + " bytes, best " + stringMillis
                    + " ms with json_extract_scalar on raw_json; " + payloadsCompared + " payloads equal as JSON";
        }
    }

    /**
     * Runs archive-variant.sql (the payload as a VARIANT into the format-version 3 table events_v3)
     * on the same topic until Trino counts {@code rows}, then asks Trino each question of
     * examples/queries/trino-variant from the variant and its twin on the STRING archive (the
     * {@code -- string:} lines of the file, json_extract_scalar on raw_json): the answers must be
     * equal, and every row's variant, cast to JSON, must equal its raw_json parsed by Trino.
     */
    VariantArchive variantArchive(long rows) {
        String job = pipeline.submitArchive("archive-variant", "5s", null, ArchivePipeline.ARCHIVE_VARIANT_SQL);
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(5).toNanos();
        long seen = -1;
        while (seen != rows) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("events_v3 holds " + seen + " rows after 5 minutes, not " + rows);
            }
            try {
                seen = ((Number) trino("SELECT count(*) FROM events_v3").single()).longValue();
            } catch (AssertionError | RuntimeException notYet) {
                // the table exists after the job's first statements, rows after its first commit
            }
            if (seen != rows) {
                ServerProcess.sleep(2000);
            }
        }
        pipeline.flink().cancel(job);
        assertThat(trino("SELECT data_type FROM information_schema.columns"
                                + " WHERE table_name = 'events_v3' AND column_name = 'payload'")
                        .single())
                .isEqualTo("variant");
        // Every payload: the variant as Trino reads it equals the JSON text the STRING archive kept.
        Object mismatches = trino("SELECT count(*) FROM events_v3 v JOIN events s"
                        + " ON CAST(v.payload['log_id'] AS varchar) = json_extract_scalar(s.raw_json, '$.log_id')"
                        + " AND v.message IS NOT DISTINCT FROM s.message"
                        + " WHERE json_format(CAST(v.payload AS json)) <> json_format(try(json_parse(s.raw_json)))")
                .single();
        Object compared = trino("SELECT count(*) FROM events_v3 v JOIN events s"
                        + " ON CAST(v.payload['log_id'] AS varchar) = json_extract_scalar(s.raw_json, '$.log_id')"
                        + " AND v.message IS NOT DISTINCT FROM s.message")
                .single();
        assertThat(((Number) mismatches).longValue())
                .as("payloads whose variant differs from raw_json (of %s compared)", compared)
                .isZero();
        // No variant exactly where the record is not a JSON object: text lines of a known shape
        // (no parse error) and broken records (with one).
        assertThat(trino("SELECT count(*) FROM events_v3 WHERE payload IS NULL").single())
                .as("rows without a variant against raw_json that Trino cannot read as a JSON object")
                .isEqualTo(trino("SELECT count(*) FROM events"
                                + " WHERE try(CAST(json_parse(raw_json) AS map(varchar, json))) IS NULL")
                        .single());
        Path file = TrinoVariantQuery.FOLDER.resolve("errors_per_logger.sql");
        String variantSql = TrinoVariantQuery.statement(file, false);
        String stringSql = TrinoVariantQuery.statement(file, true);
        TrinoServer.Result v = trino(variantSql);
        TrinoServer.Result s = trino(stringSql);
        assertThat(sortedRows(v))
                .as("the variant's answer against raw_json's")
                .containsExactlyElementsOf(sortedRows(s));
        assertThat(v.rows()).as("loggers with errors").hasSizeGreaterThanOrEqualTo(3);
        // Cost: bytes read without Parquet read coalescing (which reads whole small files either
        // way), the fastest of three runs each, alternating; the stored bytes of both tables.
        String exact = catalog + "_no_coalescing";
        long variantBytes = trino.query(exact, "logs", Map.of(), variantSql).physicalInputBytes();
        long stringBytes = trino.query(exact, "logs", Map.of(), stringSql).physicalInputBytes();
        long variantMillis = Long.MAX_VALUE;
        long stringMillis = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            trino(variantSql);
            variantMillis = Math.min(variantMillis, (System.nanoTime() - t0) / 1_000_000);
            t0 = System.nanoTime();
            trino(stringSql);
            stringMillis = Math.min(stringMillis, (System.nanoTime() - t0) / 1_000_000);
        }
        long storedVariant = ((Number) trino("SELECT sum(file_size_in_bytes) FROM \"events_v3$files\"")
                        .single())
                .longValue();
        long storedString = ((Number) trino("SELECT sum(file_size_in_bytes) FROM \"events$files\"")
                        .single())
                .longValue();
        return new VariantArchive(
                rows,
                v.rows().size(),
                variantBytes,
                stringBytes,
                variantMillis,
                stringMillis,
                ((Number) compared).longValue(),
                storedVariant,
                storedString);
    }

    /** The locations of the data files of the table's current snapshot (all, or those matching {@code filter}). */
    static List<String> dataFiles(Table table, org.apache.iceberg.expressions.Expression filter) {
        List<String> locations = new ArrayList<>();
        var scan = filter == null ? table.newScan() : table.newScan().filter(filter);
        try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
            for (FileScanTask task : tasks) {
                locations.add(task.file().location());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return locations;
    }

    /**
     * DuckDB ({@code read_parquet} over the partition's data files of the current snapshot, read from
     * S3Proxy's folder) against Flink and Trino: rows per service of one partition. Returns DuckDB's counts.
     */
    Map<String, Long> duckDbServiceCountsEqual(String partition) {
        String dt = partition.substring(0, partition.indexOf('/'));
        int hr = Integer.parseInt(partition.substring(partition.indexOf('/') + 1));
        List<String> paths =
                dataFiles(pipeline.table(), Expressions.and(Expressions.equal("dt", dt), Expressions.equal("hr", hr)))
                        .stream()
                        .map(f -> pipeline.localPath(f).toString())
                        .toList();
        assertThat(paths).as("data files of %s", partition).isNotEmpty();
        String list = paths.stream().map(p -> "'" + p + "'").collect(Collectors.joining(", ", "[", "]"));
        Map<String, Long> duck = new TreeMap<>();
        String dtType;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            // hive_partitioning = false: the files' own dt and hr, not values parsed from the folder
            // names (which DuckDB would type as DATE and BIGINT).
            String from = " FROM read_parquet(" + list + ", hive_partitioning = false)";
            try (ResultSet r = s.executeQuery("SELECT coalesce(service_name, '(none)'), count(*)" + from
                    + " WHERE dt = '" + dt + "' AND hr = " + hr + " GROUP BY 1")) {
                while (r.next()) {
                    duck.put(r.getString(1), r.getLong(2));
                }
            }
            try (ResultSet r = s.executeQuery("SELECT column_type FROM (DESCRIBE SELECT dt" + from + ")")) {
                r.next();
                dtType = r.getString(1);
            }
        } catch (SQLException e) {
            throw new AssertionError("DuckDB on " + paths, e);
        }
        assertThat(dtType).as("dt as DuckDB reads it from the files").isEqualTo("VARCHAR");
        String where =
                " FROM events WHERE dt = '" + dt + "' AND hr = " + hr + " GROUP BY coalesce(service_name, '(none)')";
        Map<String, Long> flinkCounts = new TreeMap<>();
        for (List<Object> r : flink.query("SELECT coalesce(service_name, '(none)'), COUNT(*)" + where)
                .rows()) {
            flinkCounts.put((String) r.get(0), ((Number) r.get(1)).longValue());
        }
        Map<String, Long> trinoCounts = new TreeMap<>();
        for (List<Object> r : trino("SELECT coalesce(service_name, '(none)'), count(*)" + where)
                .rows()) {
            trinoCounts.put((String) r.get(0), ((Number) r.get(1)).longValue());
        }
        assertThat(duck)
                .as("DuckDB's rows per service in %s against Flink's", partition)
                .isEqualTo(flinkCounts);
        assertThat(trinoCounts)
                .as("Trino's rows per service in %s against Flink's", partition)
                .isEqualTo(flinkCounts);
        return duck;
    }
}
