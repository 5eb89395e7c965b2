package dev.flinklog.bench;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.hadoop.HadoopCatalog;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The archive job end to end, as Flink jobs in this JVM (a MiniCluster): records/s of whole
 * pipelines from a file of JSON lines into a blackhole or an Iceberg table, and their ratios.
 *
 * <p>Usage: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED (and java.lang, java.util) -cp
 * benchmarks/target/benchmarks.jar dev.flinklog.bench.JobThroughput
 * DATA.jsonl|DATA-FOLDER [--rounds 3] [--mode batch|streaming] [--parallelism 1] [--sinks blackhole,iceberg]
 * [--pipelines raw,raw_substring,seed,json,logjson,logjson_dthr,logjson_labels,logjson_hidden,logjson_variant,logjson_fn]
 * [--table-settings archive,...] [--object-reuse off,on] [--column-bytes] [--read-cost]
 * [--event-time-precision 6|3] [--explain] [--shared-cluster]}
 * ({@code --table-settings}: named sets of Iceberg table properties, {@link #TABLE_SETTINGS};
 * {@code --object-reuse}: each job without and/or with {@code pipeline.object-reuse};
 * {@code --column-bytes}: each Iceberg run's stored bytes per row by column; {@code --read-cost}:
 * DuckDB's time to read each Iceberg run's files; {@code --event-time-precision}: the precision of
 * {@code event_time} in the source and sink tables, 6 by default, the precision Iceberg stores, so
 * that the planner needs no cast between a log-json source and the table; with 3, as runs before
 * 2026-12-05 declared it, a projection casts it and copies every column of the row on the way;
 * {@code --explain}: print each job's plan; {@code --shared-cluster}: every job on one MiniCluster
 * started once, submitted over its REST endpoint, instead of a MiniCluster per job). The data is {@code
 * ../shared/benchmarks/mixed-logs/gen.py N}, one file or a folder of files (the file source reads
 * each file as one split, by one reader: a folder of P files lets P readers read at parallelism P).
 * Each round runs every pipeline into every sink once,
 * in the same order, so the pipelines alternate; a run's time is the job's net run time on the
 * cluster (from its start to its end, task deployment included, planning and submission not);
 * round 1 warms the JIT and is not counted; the
 * report gives, per pipeline and sink, the worst and best of the counted rounds and the ratios of
 * the worst against {@code raw} (the source's and the writer's floor) and against {@code seed}, and
 * the median of the JVM's CPU time per record over the job (and its ratio to {@code raw}'s).
 *
 * <p>The pipelines, the same columns as the examples' archive (16 columns, {@code dt} and {@code
 * hr} from {@code DATE_FORMAT(event_time, ...)} in SQL, as the examples compute them):
 *
 * <ul>
 *   <li>{@code raw}: {@code 'format' = 'raw'}, nothing parsed. Into Iceberg the same table layout and
 *       partitions: the payload as {@code raw_json}, {@code dt}/{@code hr} cut from the record's
 *       time field by position ({@link TimeFieldCut}, no JSON parsing; gen.py writes the time field
 *       first; the local time as written), the other columns NULL: the writer's own floor.
 *   <li>{@code raw_substring}: {@code raw} with the cut written in SQL ({@code SUBSTRING}), as the
 *       runs before 2026-12-05's twentieth session measured the floor; Flink's {@code SUBSTRING}
 *       counts the whole record's characters first, so this floor is slower than the writer.
 *   <li>{@code seed}: the job users write today, {@code raw} plus one {@code JSON_VALUE} per column
 *       and {@code SUBSTRING(time, 1, 19)} for the time.
 *   <li>{@code json}: Flink's {@code json} format plus the same SQL derivations; it cannot give
 *       {@code raw_json}, which stays NULL.
 *   <li>{@code logjson}: {@code 'format' = 'log-json'} with the 16 columns.
 *   <li>{@code logjson_dthr}: {@code logjson} with {@code dt}/{@code hr} filled by the format from
 *       the event time instead of two {@code DATE_FORMAT} calls per row.
 *   <li>{@code logjson_labels}: {@code logjson_dthr} with the examples' {@code labels MAP<STRING,
 *       STRING>} column (the format collects Kubernetes, Docker and ECS labels into it).
 *   <li>{@code logjson_hidden}: {@code logjson} with no {@code dt}/{@code hr} at all, into a table
 *       that Iceberg partitions by {@code hours(event_time)} (hidden partitioning, set through the
 *       catalog's API after Flink's DDL created the table unpartitioned).
 *   <li>{@code logjson_variant}: {@code logjson} with {@code raw_json VARIANT} (the format parses
 *       the payload into it in the same pass) into a format-version 3 table.
 *   <li>{@code logjson_fn}: the same plus {@code LOG_FINGERPRINT(log)} and {@code
 *       LOG_ERROR_CLASS(log)} (two more columns in its tables).
 * </ul>
 *
 * Iceberg: a Hadoop catalog on a local folder, Parquet with zstd, {@code PARTITIONED BY (dt, hr)},
 * the table dropped and created again before each run; the report adds the stored bytes per row
 * (the data files' sizes over the rows). Streaming mode checkpoints every 10 s (the sink commits
 * on checkpoints and at the end of the input); batch mode writes at the end.
 */
public final class JobThroughput {

    private static final String COLUMNS = "event_time TIMESTAMP_LTZ(P), `log` STRING, `stream` STRING,"
            + " service_name STRING, service_namespace STRING, component STRING, host_name STRING, host_ip STRING,"
            + " env STRING, site_name STRING, job STRING, log_source STRING, log_type STRING, `source` STRING,"
            + " log_level STRING, raw_json STRING";

    private static final String NAMES = "event_time, `log`, `stream`, service_name, service_namespace, component,"
            + " host_name, host_ip, env, site_name, job, log_source, log_type, `source`, log_level, raw_json";

    /** The seed's event time: the first 19 characters of time or @timestamp, read as UTC. */
    private static final String SEED_TIME =
            "CAST(TO_TIMESTAMP(REPLACE(SUBSTRING(COALESCE(JSON_VALUE(raw_json, '$.time'),"
                    + " JSON_VALUE(raw_json, '$.[''@timestamp'']')), 1, 19), 'T', ' ')) AS TIMESTAMP_LTZ(3))";

    private final Path data;
    private final Path work;
    private final long records;
    private final boolean streaming;
    private final int parallelism;
    /** {@code --column-bytes}: after each Iceberg run, print the stored bytes per row of each column. */
    private boolean columnBytes;
    /** {@code --read-cost}: after each Iceberg run, time DuckDB's reads of the written files. */
    private boolean readCost;
    /** {@code --event-time-precision}: event_time's precision in the source and sink tables. */
    private int timePrecision = 6;
    /** {@code --explain}: print each job's plan before it runs. */
    private boolean explain;
    /** {@code --shared-cluster}: where the one MiniCluster of the run takes jobs; null: one per job. */
    private String restAddress;

    private int restPort;

    private JobThroughput(Path data, Path work, long records, boolean streaming, int parallelism) {
        this.data = data;
        this.work = work;
        this.records = records;
        this.streaming = streaming;
        this.parallelism = parallelism;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: JobThroughput DATA.jsonl|DATA-FOLDER [--rounds N] [--mode batch|streaming]"
                    + " [--parallelism P] [--sinks blackhole,iceberg] [--pipelines raw,raw_substring,seed,json,logjson,logjson_dthr,logjson_labels,logjson_hidden,logjson_variant,logjson_fn]"
                    + " [--table-settings defaults,archive,zstd1,zstd2,dict64k,dict16k,dict4k,nometrics,tuned,nodict,nostats,pagev2,page4m,zstd1page4m,v2page4m,zstd1v2page4m] [--column-bytes] [--read-cost] [--object-reuse off,on]"
                    + " [--event-time-precision 6|3] [--explain] [--shared-cluster]");
            System.exit(2);
        }
        Path data = Path.of(args[0]).toAbsolutePath();
        int rounds = 3;
        String mode = "batch";
        int parallelism = 1;
        List<String> sinks = List.of("blackhole", "iceberg");
        List<String> pipelines = List.of("raw", "seed", "json", "logjson", "logjson_fn");
        List<String> settings = List.of("defaults");
        boolean columnBytes = false;
        boolean readCost = false;
        int timePrecision = 6;
        boolean explain = false;
        // pipeline.object-reuse: "on" hands each row to the next chained operator without a copy
        List<String> reuseModes = List.of("off");
        boolean sharedCluster = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(value(args, ++i));
                case "--mode" -> mode = value(args, ++i);
                case "--parallelism" -> parallelism = Integer.parseInt(value(args, ++i));
                case "--sinks" -> sinks = List.of(value(args, ++i).split(","));
                case "--pipelines" -> pipelines = List.of(value(args, ++i).split(","));
                case "--table-settings" -> settings = List.of(value(args, ++i).split(","));
                case "--column-bytes" -> columnBytes = true;
                case "--read-cost" -> readCost = true;
                case "--event-time-precision" -> timePrecision = Integer.parseInt(value(args, ++i));
                case "--explain" -> explain = true;
                case "--object-reuse" -> reuseModes = List.of(value(args, ++i).split(","));
                case "--shared-cluster" -> sharedCluster = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (!mode.equals("batch") && !mode.equals("streaming")) {
            throw new IllegalArgumentException("--mode: batch or streaming, not " + mode);
        }
        if (timePrecision != 3 && timePrecision != 6) {
            throw new IllegalArgumentException("--event-time-precision: 3 or 6, not " + timePrecision);
        }
        List<Path> files = dataFiles(data);
        long records = 0;
        long bytes = 0;
        for (Path f : files) {
            try (Stream<String> lines = Files.lines(f)) {
                records += lines.count();
            }
            bytes += Files.size(f);
        }
        Path work = Files.createTempDirectory("job-throughput");
        JobThroughput bench = new JobThroughput(data, work, records, mode.equals("streaming"), parallelism);
        bench.columnBytes = columnBytes;
        bench.readCost = readCost;
        bench.timePrecision = timePrecision;
        bench.explain = explain;
        MiniCluster cluster = null;
        if (sharedCluster) {
            cluster = sharedCluster(parallelism);
            URI rest = cluster.getRestAddress().get();
            bench.restAddress = rest.getHost();
            bench.restPort = rest.getPort();
        }
        for (String m : reuseModes) {
            if (!m.equals("off") && !m.equals("on")) {
                throw new IllegalArgumentException("--object-reuse: off, on or off,on, not " + m);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "JobThroughput: %,d records (%,d bytes) of %s (%d file(s)), %s, parallelism %d, %d rounds (round 1 not counted),"
                        + " event_time TIMESTAMP_LTZ(%d), Java %s, %d cores, %s%n",
                records,
                bytes,
                data,
                files.size(),
                mode,
                parallelism,
                rounds,
                timePrecision,
                System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                sharedCluster ? "one MiniCluster for all jobs" : "a MiniCluster per job");
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        Map<String, Double> bytesPerRow = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String pipeline : pipelines) {
                for (String sink : sinks) {
                    for (String setting : sink.equals("iceberg") ? settings : List.of("defaults")) {
                        for (String reuse : reuseModes) {
                            if (!TABLE_SETTINGS.containsKey(setting)) {
                                throw new IllegalArgumentException(
                                        "--table-settings: " + TABLE_SETTINGS.keySet() + ", not " + setting);
                            }
                            String key = pipeline + " -> " + sink
                                    + (settings.size() > 1 && sink.equals("iceberg") ? " " + setting : "")
                                    + (reuseModes.size() > 1 ? " reuse " + reuse : "");
                            Run run = bench.run(pipeline, sink, TABLE_SETTINGS.get(setting), reuse.equals("on"));
                            double perSecond = records / run.seconds;
                            System.out.printf(
                                    Locale.ROOT,
                                    "round %d  %-24s %8.1f s %,10.0f records/s %6.1f cpu-us/record%s%n",
                                    round,
                                    key,
                                    run.seconds,
                                    perSecond,
                                    run.cpuMicrosPerRecord,
                                    run.bytesPerRow > 0
                                            ? String.format(Locale.ROOT, "  %.1f bytes/row", run.bytesPerRow)
                                            : "");
                            if (round > 1 || rounds == 1) {
                                rates.computeIfAbsent(key, k -> new ArrayList<>())
                                        .add(perSecond);
                                cpu.computeIfAbsent(key, k -> new ArrayList<>()).add(run.cpuMicrosPerRecord);
                            }
                            if (run.bytesPerRow > 0) {
                                bytesPerRow.put(key, run.bytesPerRow);
                            }
                        }
                    }
                }
            }
        }
        report(rates, bytesPerRow, cpu);
        if (cluster != null) {
            cluster.close();
        }
        deleteTree(work);
        System.exit(0);
    }

    private static void report(
            Map<String, List<Double>> rates, Map<String, Double> bytesPerRow, Map<String, List<Double>> cpu) {
        System.out.println();
        System.out.println("| pipeline | sink | records/s, worst | best | worst / raw's worst | worst / seed's worst"
                + " | cpu-us/record, median | / raw's | bytes/row |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, List<Double>> e : rates.entrySet()) {
            String[] parts = e.getKey().split(" -> ");
            double worst = e.getValue().stream().min(Double::compare).orElseThrow();
            double best = e.getValue().stream().max(Double::compare).orElseThrow();
            double cpuMedian = median(cpu.get(e.getKey()));
            List<Double> rawCpu = cpu.get("raw -> " + parts[1]);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %s | %,.0f | %,.0f | %s | %s | %.1f | %s | %s |%n",
                    parts[0],
                    parts[1],
                    worst,
                    best,
                    ratio(worst, rates.get("raw -> " + parts[1])),
                    ratio(worst, rates.get("seed -> " + parts[1])),
                    cpuMedian,
                    rawCpu == null ? "" : String.format(Locale.ROOT, "%.2f", cpuMedian / median(rawCpu)),
                    bytesPerRow.containsKey(e.getKey())
                            ? String.format(Locale.ROOT, "%.1f", bytesPerRow.get(e.getKey()))
                            : "");
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static String ratio(double worst, List<Double> baseline) {
        if (baseline == null) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "%.2f",
                worst / baseline.stream().min(Double::compare).orElseThrow());
    }

    private record Run(double seconds, double bytesPerRow, double cpuMicrosPerRecord) {}

    /**
     * One MiniCluster for every job of the run ({@code --shared-cluster}), with a slot per unit of
     * parallelism: without it each job starts a cluster of its own (an actor system, a REST
     * endpoint), whose start and the JIT compiling it overlap the job's first second.
     */
    private static MiniCluster sharedCluster(int parallelism) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("rest.port", "0");
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(parallelism)
                .build());
        cluster.start();
        return cluster;
    }

    /**
     * The file, or the files of the folder (not its sub-folders), that the source reads: as Flink's
     * file enumerator, without those whose names start with '.' or '_' (hidden, or in progress).
     */
    private static List<Path> dataFiles(Path data) throws IOException {
        if (!Files.isDirectory(data)) {
            return List.of(data);
        }
        try (Stream<Path> s = Files.list(data)) {
            List<Path> files = s.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith(".")
                            && !f.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
            if (files.isEmpty()) {
                throw new IllegalArgumentException("no files in " + data);
            }
            return files;
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static final String ARCHIVE = ", 'write.parquet.compression-codec' = 'zstd',"
            + " 'write.target-file-size-bytes' = '134217728', 'write.parquet.row-group-size-bytes' = '33554432'";

    private static final String PAGE_4M = ", 'write.parquet.page-size-bytes' = '4194304'";

    /**
     * Table properties of the Iceberg table, by name ({@code --table-settings}): {@code defaults} is
     * Iceberg's own (zstd Parquet since 1.4), {@code archive} what the examples' archive.sql sets,
     * the others one change each on top of it, {@code tuned} the first three of them.
     */
    static final Map<String, String> TABLE_SETTINGS = Map.ofEntries(
            Map.entry("defaults", ""),
            Map.entry("archive", ARCHIVE),
            Map.entry("zstd1", ARCHIVE + ", 'write.parquet.compression-level' = '1'"),
            Map.entry("dict64k", ARCHIVE + ", 'write.parquet.dict-size-bytes' = '65536'"),
            Map.entry("dict16k", ARCHIVE + ", 'write.parquet.dict-size-bytes' = '16384'"),
            Map.entry("dict4k", ARCHIVE + ", 'write.parquet.dict-size-bytes' = '4096'"),
            Map.entry("nometrics", ARCHIVE + ", 'write.metadata.metrics.column.raw_json' = 'none'"),
            Map.entry(
                    "tuned",
                    ARCHIVE + ", 'write.parquet.compression-level' = '1', 'write.parquet.dict-size-bytes' = '65536',"
                            + " 'write.metadata.metrics.column.raw_json' = 'none'"),
            // Parquet's own: no dictionary attempt on any column (the payload's always falls back)
            Map.entry("nodict", ARCHIVE + ", 'parquet.enable.dictionary' = 'false'"),
            // no Parquet min/max statistics (and page index) for the payload column
            Map.entry("nostats", ARCHIVE + ", 'write.parquet.stats-enabled.column.raw_json' = 'false'"),
            // data page v2: a binary column that leaves its dictionary falls back to DELTA_BYTE_ARRAY
            Map.entry("pagev2", ARCHIVE + ", 'write.parquet.page-version' = 'v2'"),
            // 4 MiB pages: fewer, larger zstd frames for the payload (the small columns' pages end
            // at the 20,000-row limit long before 1 MiB, so their pages do not change)
            Map.entry("page4m", ARCHIVE + PAGE_4M),
            Map.entry("zstd1page4m", ARCHIVE + ", 'write.parquet.compression-level' = '1'" + PAGE_4M),
            Map.entry("v2page4m", ARCHIVE + ", 'write.parquet.page-version' = 'v2'" + PAGE_4M),
            Map.entry(
                    "zstd1v2page4m",
                    ARCHIVE + ", 'write.parquet.compression-level' = '1', 'write.parquet.page-version' = 'v2'"
                            + PAGE_4M),
            Map.entry("zstd2", ARCHIVE + ", 'write.parquet.compression-level' = '2'"));

    /** One job: a fresh table environment, the source, the sink, the INSERT; timed to its end. */
    private Run run(String pipeline, String sink, String tableSettings, boolean objectReuse) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("parallelism.default", String.valueOf(parallelism));
        conf.setString("table.local-time-zone", "UTC");
        conf.setString("rest.port", "0");
        // A failed job fails the run instead of restarting for ever (a streaming job's default).
        conf.setString("restart-strategy.type", "none");
        if (objectReuse) {
            conf.setString("pipeline.object-reuse", "true");
        }
        if (restAddress != null) {
            // --shared-cluster: submitted to the one cluster of the run, over its REST endpoint
            conf.setString("execution.target", "remote");
            conf.setString("rest.address", restAddress);
            conf.setString("rest.port", String.valueOf(restPort));
        }
        if (streaming) {
            conf.setString("execution.checkpointing.interval", "10 s");
        }
        EnvironmentSettings settings = (streaming
                        ? EnvironmentSettings.newInstance().inStreamingMode()
                        : EnvironmentSettings.newInstance().inBatchMode())
                .withConfiguration(conf)
                .build();
        TableEnvironment t = TableEnvironment.create(settings);
        t.executeSql("LOAD MODULE logs");
        String uri = data.toUri().toString();
        boolean functions = pipeline.equals("logjson_fn");
        boolean variant = pipeline.equals("logjson_variant");
        boolean hidden = pipeline.equals("logjson_hidden");
        boolean labels = pipeline.equals("logjson_labels");
        String extraColumns =
                functions ? ", fingerprint STRING, error_class STRING" : labels ? ", labels MAP<STRING, STRING>" : "";
        // logjson_variant: the payload as a VARIANT (Flink 2.1+), in a format-version 3 table
        String typed = COLUMNS.replace("TIMESTAMP_LTZ(P)", "TIMESTAMP_LTZ(" + timePrecision + ")");
        String columns = variant ? typed.replace("raw_json STRING", "raw_json VARIANT") : typed;
        Path warehouse = work.resolve("warehouse");
        if (sink.equals("iceberg")) {
            t.executeSql("CREATE CATALOG ice WITH ('type' = 'iceberg', 'catalog-type' = 'hadoop', 'warehouse' = '"
                    + warehouse.toUri() + "')");
            t.executeSql("CREATE DATABASE IF NOT EXISTS ice.logs");
            t.executeSql("DROP TABLE IF EXISTS ice.logs.events");
            if (hidden) {
                // Iceberg's hidden partitioning by the hour of event_time: Flink's DDL can only
                // declare identity partitions, so the spec is set through the catalog's API on the
                // empty table (as a user would with Spark, Trino or the Java API).
                t.executeSql("CREATE TABLE ice.logs.events (" + columns + ") WITH ('format-version' = '2'"
                        + tableSettings + ")");
                HadoopCatalog catalog = new HadoopCatalog(
                        new org.apache.hadoop.conf.Configuration(),
                        warehouse.toUri().toString());
                catalog.loadTable(TableIdentifier.of("logs", "events"))
                        .updateSpec()
                        .addField(Expressions.hour("event_time"))
                        .commit();
            } else {
                t.executeSql("CREATE TABLE ice.logs.events (" + columns + extraColumns + ", dt STRING, hr STRING)"
                        + " PARTITIONED BY (dt, hr) WITH ('format-version' = '" + (variant ? 3 : 2) + "'"
                        + tableSettings + ")");
            }
        } else {
            String sinkColumns = pipeline.startsWith("raw")
                    ? "raw_json STRING"
                    : hidden ? columns : columns + extraColumns + ", dt STRING, hr STRING";
            t.executeSql("CREATE TEMPORARY TABLE sink_out (" + sinkColumns + ") WITH ('connector' = 'blackhole')");
        }
        String target = sink.equals("iceberg") ? "ice.logs.events" : "sink_out";
        String insert;
        switch (pipeline) {
            case "raw", "raw_substring" -> {
                t.executeSql("CREATE TEMPORARY TABLE src (raw_json STRING) WITH ('connector' = 'filesystem',"
                        + " 'path' = '" + uri + "', 'format' = 'raw')");
                if (sink.equals("iceberg") && pipeline.equals("raw")) {
                    // dt and hr cut from the record's leading time field, no JSON parsing, reading
                    // only the record's first characters (see TimeFieldCut)
                    t.createTemporarySystemFunction("TIME_FIELD_CUT", TimeFieldCut.class);
                    insert = "INSERT INTO " + target + " (raw_json, dt, hr) SELECT raw_json,"
                            + " TIME_FIELD_CUT(raw_json, 0, 10), TIME_FIELD_CUT(raw_json, 11, 2) FROM src";
                } else if (sink.equals("iceberg")) {
                    // the same cut in SQL: gen.py writes the time first, as {"time":"2025-03-14T06:...
                    // or {"@timestamp":"2025-03-14T08:...; each SUBSTRING counts the whole record's
                    // characters first
                    String at = "CASE WHEN SUBSTRING(raw_json, 3, 1) = 't' THEN 10 ELSE 16 END";
                    insert = "INSERT INTO " + target + " (raw_json, dt, hr) SELECT raw_json,"
                            + " SUBSTRING(raw_json, " + at + ", 10), SUBSTRING(raw_json, " + at + " + 11, 2)"
                            + " FROM src";
                } else {
                    insert = "INSERT INTO " + target + " SELECT raw_json FROM src";
                }
            }
            case "seed" -> {
                t.executeSql("CREATE TEMPORARY TABLE src (raw_json STRING) WITH ('connector' = 'filesystem',"
                        + " 'path' = '" + uri + "', 'format' = 'raw')");
                t.executeSql("CREATE TEMPORARY VIEW parsed AS SELECT " + SEED_TIME + " AS event_time,"
                        + " JSON_VALUE(raw_json, '$.log') AS `log`, JSON_VALUE(raw_json, '$.stream') AS `stream`,"
                        + " JSON_VALUE(raw_json, '$.service_name') AS service_name,"
                        + " JSON_VALUE(raw_json, '$.service_namespace') AS service_namespace,"
                        + " JSON_VALUE(raw_json, '$.component') AS component,"
                        + " JSON_VALUE(raw_json, '$.host_name') AS host_name, JSON_VALUE(raw_json, '$.host_ip') AS host_ip,"
                        + " JSON_VALUE(raw_json, '$.env') AS env, JSON_VALUE(raw_json, '$.site_name') AS site_name,"
                        + " JSON_VALUE(raw_json, '$.job') AS job, JSON_VALUE(raw_json, '$.log_source') AS log_source,"
                        + " JSON_VALUE(raw_json, '$.log_type') AS log_type, JSON_VALUE(raw_json, '$.source') AS `source`,"
                        + " COALESCE(JSON_VALUE(raw_json, '$.log_level'), JSON_VALUE(raw_json, '$.level'),"
                        + " CASE WHEN LOWER(JSON_VALUE(raw_json, '$.log')) LIKE '%error%' THEN 'error'"
                        + " WHEN LOWER(JSON_VALUE(raw_json, '$.log')) LIKE '%warn%' THEN 'warning' ELSE 'info' END)"
                        + " AS log_level, raw_json FROM src");
                insert = archiveInsert(target, "parsed", "");
            }
            case "json" -> {
                t.executeSql("CREATE TEMPORARY TABLE src (`time` STRING, `@timestamp` STRING, `log` STRING,"
                        + " `stream` STRING, service_name STRING, service_namespace STRING, component STRING,"
                        + " host_name STRING, host_ip STRING, env STRING, site_name STRING, job STRING,"
                        + " log_source STRING, log_type STRING, `source` STRING, log_level STRING, `level` STRING)"
                        + " WITH ('connector' = 'filesystem', 'path' = '" + uri + "', 'format' = 'json',"
                        + " 'json.ignore-parse-errors' = 'true')");
                t.executeSql("CREATE TEMPORARY VIEW parsed AS SELECT CAST(TO_TIMESTAMP(REPLACE(SUBSTRING("
                        + "COALESCE(`time`, `@timestamp`), 1, 19), 'T', ' ')) AS TIMESTAMP_LTZ(3)) AS event_time,"
                        + " `log`, `stream`, service_name, service_namespace, component, host_name, host_ip, env,"
                        + " site_name, job, log_source, log_type, `source`, COALESCE(log_level, `level`,"
                        + " CASE WHEN LOWER(`log`) LIKE '%error%' THEN 'error' WHEN LOWER(`log`) LIKE '%warn%'"
                        + " THEN 'warning' ELSE 'info' END) AS log_level, CAST(NULL AS STRING) AS raw_json FROM src");
                insert = archiveInsert(target, "parsed", "");
            }
            case "logjson_dthr" -> {
                // dt and hr filled by the format from the event time (UTC), not by DATE_FORMAT
                t.executeSql("CREATE TEMPORARY TABLE src (" + columns + ", dt STRING, hr STRING) WITH ("
                        + "'connector' = 'filesystem', 'path' = '" + uri + "', 'format' = 'log-json')");
                insert = "INSERT INTO " + target + " SELECT " + NAMES + ", dt, hr FROM src";
            }
            case "logjson_labels" -> {
                t.executeSql("CREATE TEMPORARY TABLE src (" + columns + extraColumns + ", dt STRING, hr STRING)"
                        + " WITH ('connector' = 'filesystem', 'path' = '" + uri + "', 'format' = 'log-json')");
                insert = "INSERT INTO " + target + " SELECT " + NAMES + ", labels, dt, hr FROM src";
            }
            case "logjson_hidden" -> {
                // no dt/hr columns: the table partitions by hours(event_time) itself
                t.executeSql("CREATE TEMPORARY TABLE src (" + columns + ") WITH ('connector' = 'filesystem',"
                        + " 'path' = '" + uri + "', 'format' = 'log-json')");
                insert = "INSERT INTO " + target + " SELECT " + NAMES + " FROM src";
            }
            case "logjson", "logjson_fn", "logjson_variant" -> {
                t.executeSql("CREATE TEMPORARY TABLE src (" + columns + ") WITH ('connector' = 'filesystem',"
                        + " 'path' = '" + uri + "', 'format' = 'log-json')");
                insert = archiveInsert(
                        target, "src", functions ? ", LOG_FINGERPRINT(`log`), LOG_ERROR_CLASS(`log`)" : "");
            }
            default -> throw new IllegalArgumentException("unknown pipeline " + pipeline);
        }
        // The JVM's CPU time over the job (planning and submission included, a few per cent): what
        // the job costs in core-seconds, less sensitive than its run time to what else the machine runs.
        if (explain) {
            System.out.println(t.explainSql(insert)); // planned again by the INSERT, outside its CPU time
        }
        long cpuBefore = processCpuNanos();
        TableResult result = t.executeSql(insert);
        // The job's own run time, from its start on the cluster to its end (deployment included,
        // planning and submission not): what a long-running job's rate converges to.
        JobExecutionResult done =
                result.getJobClient().orElseThrow().getJobExecutionResult().get();
        double seconds = done.getNetRuntime(TimeUnit.MILLISECONDS) / 1e3;
        double cpuMicrosPerRecord = (processCpuNanos() - cpuBefore) / 1e3 / records;
        double bytesPerRow = 0;
        if (sink.equals("iceberg")) {
            // counted by a batch query (in streaming mode COUNT(*) would be a changelog)
            TableEnvironment check = TableEnvironment.create(EnvironmentSettings.inBatchMode());
            check.executeSql("CREATE CATALOG ice WITH ('type' = 'iceberg', 'catalog-type' = 'hadoop', 'warehouse' = '"
                    + warehouse.toUri() + "')");
            long rows = (Long) check.executeSql("SELECT COUNT(*) FROM ice.logs.events")
                    .collect()
                    .next()
                    .getField(0);
            if (rows != records) {
                throw new IllegalStateException(pipeline + " -> iceberg wrote " + rows + " rows, not " + records);
            }
            Path dataDir = warehouse.resolve("logs").resolve("events").resolve("data");
            bytesPerRow = (double) dataFileBytes(dataDir) / rows;
            if (columnBytes) {
                System.out.println("    bytes/row by column: " + columnBytes(check, rows));
            }
            if (readCost) {
                System.out.println(
                        "    DuckDB reads: " + readCost(dataDir, hidden ? "CAST(event_time AS DATE)" : "dt"));
            }
        }
        return new Run(seconds, bytesPerRow, cpuMicrosPerRecord);
    }

    /**
     * The compressed bytes per row of each column, from the data files' {@code column_sizes}
     * (Iceberg's metrics, by field id) and the table's schema (ids in column order).
     */
    private static String columnBytes(TableEnvironment check, long rows) {
        Map<Integer, Long> sizes = new TreeMap<>();
        check.executeSql("SELECT column_sizes FROM ice.logs.`events$files`")
                .collect()
                .forEachRemaining(r -> {
                    Map<?, ?> m = (Map<?, ?>) r.getField(0);
                    if (m != null) {
                        m.forEach((k, v) -> sizes.merge((Integer) k, (Long) v, Long::sum));
                    }
                });
        List<String> names = check.from("ice.logs.events").getResolvedSchema().getColumnNames();
        StringBuilder out = new StringBuilder();
        sizes.forEach((id, bytes) -> out.append(String.format(
                Locale.ROOT, "%s%s %.1f", out.length() == 0 ? "" : ", ", names.get(id - 1), (double) bytes / rows)));
        return out.toString();
    }

    /**
     * Two reads of the table's data files by DuckDB (in process, one thread, the files read with
     * {@code read_parquet}), each the best of five: the error-rate question (three small
     * dictionary-encoded columns) and a scan of the payload column, the question a table setting
     * for the payload could make slower. Both answers are printed so that settings can be compared
     * for equal results.
     */
    private static String readCost(Path dataDir, String day) throws Exception {
        String files = "read_parquet('" + dataDir + "/**/*.parquet', hive_partitioning = false)";
        String errorRate = "SELECT count(*), sum(e) FROM (SELECT " + day + " AS d, service_name,"
                + " count_if(log_level IN ('error', 'fatal')) AS e FROM " + files
                + " GROUP BY d, service_name)";
        String payload = "SELECT count(*) FROM " + files + " WHERE contains(raw_json, 'timeout')";
        StringBuilder out = new StringBuilder();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute("SET threads = 1");
            for (String[] q : new String[][] {{"error-rate", errorRate}, {"payload scan", payload}}) {
                long best = Long.MAX_VALUE;
                String answer = "";
                for (int i = 0; i < 5; i++) {
                    long start = System.nanoTime();
                    try (ResultSet r = st.executeQuery(q[1])) {
                        r.next();
                        StringBuilder a = new StringBuilder();
                        for (int k = 1; k <= r.getMetaData().getColumnCount(); k++) {
                            a.append(k > 1 ? "/" : "").append(r.getString(k));
                        }
                        answer = a.toString();
                    }
                    best = Math.min(best, System.nanoTime() - start);
                }
                out.append(String.format(
                        Locale.ROOT, "%s%s %.1f ms (%s)", out.length() == 0 ? "" : ", ", q[0], best / 1e6, answer));
            }
        }
        return out.toString();
    }

    private static String archiveInsert(String target, String from, String extra) {
        return "INSERT INTO " + target + " SELECT " + NAMES + extra + ", DATE_FORMAT(event_time, 'yyyy-MM-dd'),"
                + " DATE_FORMAT(event_time, 'HH') FROM " + from;
    }

    private static long dataFileBytes(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .mapToLong(f -> {
                        try {
                            return Files.size(f);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .sum();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
