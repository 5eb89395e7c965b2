package dev.flinklog.examples.e2e;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The archive example's whole pipeline on this machine: Kafka, S3Proxy, an Iceberg REST catalog
 * (the fixture, or Nessie with its version store on PostgreSQL), a Flink session cluster, and
 * examples/kafka-iceberg-rest/archive.sql
 * submitted to it through examples/sql-client.sh, exactly as a user runs it. Everything it starts
 * is stopped by {@link #close()}; logs stay in {@link #dir()}.
 */
public final class ArchivePipeline implements AutoCloseable {

    public static final String TOPIC = "o11y.logs.v1";
    public static final int PARTITIONS = 4;
    public static final Path ARCHIVE_SQL = SqlClientRun.EXAMPLES.resolve("kafka-iceberg-rest/archive.sql");
    /** The format-version 3 sibling: the payload as a VARIANT, into logs.events_v3. */
    public static final Path ARCHIVE_VARIANT_SQL =
            SqlClientRun.EXAMPLES.resolve("kafka-iceberg-rest/archive-variant.sql");

    /** Which REST catalog serves the table: the fixture (sqlite), or Nessie with the JDBC2 version store on PostgreSQL. */
    public enum Catalog {
        FIXTURE,
        NESSIE
    }

    private final Path dir;
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private Servers.Kafka kafka;
    private Servers.S3 s3;
    private Servers.IcebergRest rest;
    private Postgres postgres;
    private Servers.Nessie nessie;
    private String restUri;
    private String warehouse;
    private FlinkCluster flink;
    private final Map<String, Long> timings = new LinkedHashMap<>();

    /**
     * archive.sql's maintenance variables for the next submissions: its in-job maintenance is off
     * unless a test turns it on, since the other tests maintain the table from Trino, or pin down
     * Nessie's snapshot history, and count the files and snapshots that leaves.
     */
    private final Map<String, String> jobVariables =
            new HashMap<>(Map.of("COMPACTION", "false", "SNAPSHOT_EXPIRY", "false", "ORPHAN_REMOVAL", "false"));

    private ArchivePipeline(Path dir) {
        this.dir = dir;
    }

    /**
     * Starts all servers (in parallel where they do not depend on each other) and one TaskManager.
     * Nessie needs {@code java21} and PostgreSQL's programs ({@link Postgres#binDir()}).
     */
    public static ArchivePipeline start(Path dir, Catalog catalog, Path java21) throws IOException {
        return start(dir, catalog, java21, false);
    }

    /** As above; with {@code prometheus}, the Flink processes run Flink's Prometheus reporter. */
    public static ArchivePipeline start(Path dir, Catalog catalog, Path java21, boolean prometheus) throws IOException {
        ArchivePipeline p = new ArchivePipeline(dir);
        try {
            long t0 = System.nanoTime();
            p.kafka = Servers.startKafka(dir.resolve("kafka"));
            p.toClose.add(p.kafka.process());
            p.s3 = Servers.startS3(dir.resolve("s3proxy"));
            p.toClose.add(p.s3.process());
            ServerProcess catalogProcess;
            if (catalog == Catalog.FIXTURE) {
                Servers.IcebergRest rest = Servers.startIcebergRest(dir.resolve("iceberg-rest"), p.s3);
                p.rest = rest;
                catalogProcess = rest.process();
                p.restUri = rest.uri();
                p.warehouse = rest.warehouse();
                p.toClose.add(catalogProcess);
                Servers.awaitS3(p.s3);
                Servers.awaitIcebergRest(rest);
            } else {
                p.postgres = Postgres.start(
                        dir.resolve("postgres"),
                        Postgres.binDir().orElseThrow(() -> new AssertionError(Postgres.missingMessage())));
                p.toClose.add(p.postgres);
                p.postgres.awaitReady();
                Servers.Nessie nessie = Servers.startNessie(dir.resolve("nessie"), java21, p.s3, p.postgres);
                p.nessie = nessie;
                p.restUri = nessie.uri();
                p.warehouse = nessie.warehouse();
                p.toClose.add(nessie);
                Servers.awaitS3(p.s3);
                Servers.awaitNessie(nessie);
            }
            Servers.awaitKafka(p.kafka);
            p.timings.put("servers up (kafka, s3proxy, catalog)", ms(t0));
            long t1 = System.nanoTime();
            p.flink = FlinkCluster.start(
                    dir.resolve("flink"), SqlClientRun.EXAMPLES.resolve("target/sql-client-lib"), 2, prometheus);
            p.toClose.add(p.flink);
            p.flink.startTaskManager();
            p.timings.put("flink session cluster up (jobmanager + 1 taskmanager)", ms(t1));
            p.createTopic();
            return p;
        } catch (IOException | RuntimeException | Error e) {
            p.close();
            throw e;
        }
    }

    static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    public Path dir() {
        return dir;
    }

    public FlinkCluster flink() {
        return flink;
    }

    public Map<String, Long> timings() {
        return timings;
    }

    public Servers.S3 s3() {
        return s3;
    }

    /** Nessie, or null with the fixture. */
    public Servers.Nessie nessie() {
        return nessie;
    }

    /** Nessie's PostgreSQL, or null with the fixture. */
    public Postgres postgres() {
        return postgres;
    }

    /** The file in S3Proxy's folder that holds an object {@code s3://bucket/key} (its filesystem backend keeps one file per object). */
    public Path localPath(String s3Location) {
        if (!s3Location.startsWith("s3://")) {
            throw new AssertionError("not an s3:// location: " + s3Location);
        }
        return s3.dataDir().resolve(s3Location.substring("s3://".length()));
    }

    /**
     * A file no snapshot references, {@code age} old, in a partition folder of the table
     * ("dt=2026-09-01/hr=3"): what a TaskManager killed before its checkpoint leaves behind. Written
     * straight into S3Proxy's folder with its modification time set back, which S3Proxy reports as
     * the object's LastModified.
     */
    public Path plantOrphan(String partitionFolder, Duration age) {
        Path file = localPath(table().location() + "/data/" + partitionFolder + "/orphan-planted-by-the-test.parquet");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, "not referenced by any snapshot\n");
            Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** A server of the pipeline that a fault test takes away. */
    public enum Server {
        OBJECT_STORAGE,
        CATALOG,
        KAFKA
    }

    /**
     * Takes {@code server} away for {@code down} and brings it back on the same ports and data,
     * waiting until it answers: SIGKILL (a crash, no clean shutdown) when {@code kill}, else
     * SIGTERM (a restart). Only the Iceberg REST fixture as the catalog.
     */
    public void outage(Server server, Duration down, boolean kill) {
        ServerProcess process = switch (server) {
            case OBJECT_STORAGE -> s3.process();
            case CATALOG -> rest.process();
            case KAFKA -> kafka.process();
        };
        if (kill) {
            process.kill();
        } else {
            process.close();
        }
        ServerProcess.sleep(down.toMillis());
        ServerProcess again = process.startAgain();
        toClose.add(again);
        switch (server) {
            case OBJECT_STORAGE -> {
                s3 = new Servers.S3(again, s3.endpoint(), s3.dataDir());
                Servers.awaitS3(s3);
            }
            case CATALOG -> {
                rest = new Servers.IcebergRest(again, rest.uri(), rest.warehouse());
                Servers.awaitIcebergRest(rest);
            }
            case KAFKA -> {
                kafka = new Servers.Kafka(again, kafka.bootstrap());
                Servers.awaitKafka(kafka);
            }
        }
    }

    /** host:port of the Kafka broker. */
    public String kafkaBootstrap() {
        return kafka.bootstrap();
    }

    /** Sets topic-level configs of the archive topic (retention.ms, segment.ms, ...). */
    public void topicConfig(Map<String, String> configs) {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrap()))) {
            List<AlterConfigOp> ops = new ArrayList<>();
            configs.forEach((k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
            admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, TOPIC), ops))
                    .all()
                    .get();
        } catch (Exception e) {
            throw new AssertionError("cannot set " + configs + " on " + TOPIC, e);
        }
    }

    /** Sets archive.sql variables (its maintenance settings) for the jobs submitted from now on. */
    public void jobVariables(Map<String, String> variables) {
        jobVariables.putAll(variables);
    }

    /** The environment archive.sql takes its endpoints, credentials and settings from. */
    public Map<String, String> archiveEnv(String checkpointInterval) {
        Map<String, String> env = new HashMap<>(jobVariables);
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrap());
        env.put("ICEBERG_REST_URI", restUri);
        env.put("ICEBERG_WAREHOUSE", warehouse);
        env.put("S3_ENDPOINT", s3.endpoint());
        env.put("S3_ACCESS_KEY_ID", Servers.S3_ACCESS_KEY);
        env.put("S3_SECRET_ACCESS_KEY", Servers.S3_SECRET_KEY);
        env.put("S3_REGION", "us-east-1");
        env.put("CHECKPOINT_INTERVAL", checkpointInterval);
        env.put("FLINK_JOBMANAGER", flink.restAddress());
        return env;
    }

    private void createTopic() {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrap()))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1)))
                    .all()
                    .get();
        } catch (Exception e) {
            throw new AssertionError("cannot create topic " + TOPIC, e);
        }
    }

    /** Produces these payloads (no key: the producer spreads them over the partitions) and flushes. */
    public void produce(Stream<byte[]> payloads) {
        produce(payloads, null);
    }

    /**
     * Produces these payloads and flushes; {@code written}, when given, gets each payload with the
     * partition and offset the broker wrote it at.
     */
    public void produce(Stream<byte[]> payloads, BiConsumer<byte[], RecordMetadata> written) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, "262144");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        // Not idempotent: once in five loaded runs the 4.1.1 broker rejected every batch of the
        // (4.2 client's) idempotent producer as out of order (sequence 0 against an end sequence
        // of twice the partition's offset) and the test stalled. One request in flight keeps the
        // order; a duplicate would need a retry of a request that was written but whose answer was
        // lost on loopback, and the tests count every id, so it could not pass unseen.
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        // Round the partitions in batch-sized steps regardless of broker speed: every partition gets records.
        props.put(ProducerConfig.PARTITIONER_ADPATIVE_PARTITIONING_ENABLE_CONFIG, "false");
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
            payloads.forEach(v -> producer.send(new ProducerRecord<>(TOPIC, v), (md, e) -> {
                if (e != null) {
                    failure.compareAndSet(null, e);
                } else if (written != null) {
                    written.accept(v, md);
                }
            }));
            producer.flush();
        }
        if (failure.get() != null) {
            throw new AssertionError("producing failed", failure.get());
        }
    }

    /** Runs archive.sql through sql-client.sh against the cluster; returns the job id it printed. */
    public String submitArchive(String label, String checkpointInterval, Path initSql) {
        return submitArchive(label, checkpointInterval, initSql, ARCHIVE_SQL);
    }

    /** Runs {@code sqlFile} (archive.sql or a sibling) through sql-client.sh; returns the job id it printed. */
    public String submitArchive(String label, String checkpointInterval, Path initSql, Path sqlFile) {
        List<String> args = new ArrayList<>();
        if (initSql != null) {
            args.add("-i");
            args.add(initSql.toString());
        }
        // The client's own config (examples/conf) says parallelism 1, and a job takes the client's
        // value, not the cluster's: two readers over the four partitions and two writers.
        args.add("-D");
        args.add("parallelism.default=2");
        args.add("-f");
        args.add(sqlFile.toString());
        long t0 = System.nanoTime();
        SqlClientRun run = SqlClientRun.run(dir, label, archiveEnv(checkpointInterval), args.toArray(String[]::new))
                .assertSucceeded();
        String jobId = run.jobId();
        flink.awaitJob(jobId, Duration.ofMinutes(2), "all tasks running", () -> flink.allTasksRunning(jobId));
        timings.put(label + ": sql-client.sh submitted, tasks running", ms(t0));
        return jobId;
    }

    /** Stops the job with a savepoint through the SQL client (STOP JOB ... WITH SAVEPOINT), waits until it has finished; returns the savepoint's path. */
    public String stopWithSavepoint(String jobId) {
        Path sql = SqlClientRun.sqlFile(dir, "stop-" + jobId + ".sql", "STOP JOB '" + jobId + "' WITH SAVEPOINT;");
        SqlClientRun run = SqlClientRun.run(
                        dir,
                        // One output file per job: a second stop must not read the first one's path.
                        "stop-with-savepoint-" + jobId,
                        Map.of("FLINK_JOBMANAGER", flink.restAddress()),
                        "-f",
                        sql.toString())
                .assertSucceeded();
        Matcher m = Pattern.compile("(file:[^\\s|]+savepoint-[^\\s|]+)").matcher(run.output);
        if (!m.find()) {
            throw new AssertionError("no savepoint path in the output:\n" + run.output);
        }
        flink.awaitJob(
                jobId,
                Duration.ofMinutes(1),
                "job finished",
                () -> flink.jobState(jobId).equals("FINISHED"));
        return m.group(1);
    }

    /** One catalog client for all probes: a new one per poll costs the shared CPU more than the job can spare. */
    private RESTCatalog probe;

    private synchronized RESTCatalog catalog() {
        if (probe != null) {
            return probe;
        }
        RESTCatalog c = new RESTCatalog();
        Map<String, String> props = new HashMap<>();
        props.put("uri", restUri);
        props.put("warehouse", warehouse);
        props.put("io-impl", "org.apache.iceberg.aws.s3.S3FileIO");
        props.put("s3.endpoint", s3.endpoint());
        props.put("s3.path-style-access", "true");
        props.put("s3.access-key-id", Servers.S3_ACCESS_KEY);
        props.put("s3.secret-access-key", Servers.S3_SECRET_KEY);
        props.put("client.region", "us-east-1");
        c.initialize("probe", props);
        probe = c;
        toClose.add(c); // closed in reverse order: before the servers it talks to
        return c;
    }

    /** Rows in the table's current snapshot (its summary's total-records), 0 before the first commit. */
    public long committedRows() {
        RESTCatalog c = catalog();
        TableIdentifier id = TableIdentifier.of("logs", "events");
        if (!c.tableExists(id)) {
            return 0;
        }
        Snapshot s = c.loadTable(id).currentSnapshot();
        return s == null ? 0 : Long.parseLong(s.summary().getOrDefault("total-records", "0"));
    }

    /** The archive table as it is now (loaded afresh). */
    public Table table() {
        return catalog().loadTable(TableIdentifier.of("logs", "events"));
    }

    /** Data files and snapshots of the table (for the report). */
    public String tableStats() {
        Table t = catalog().loadTable(TableIdentifier.of("logs", "events"));
        Snapshot s = t.currentSnapshot();
        int snapshots = 0;
        for (Snapshot ignored : t.snapshots()) {
            snapshots++;
        }
        return "snapshots=" + snapshots + " " + (s == null ? "" : s.summary());
    }

    /** Waits until the table holds at least {@code rows} rows. */
    public void awaitCommittedRows(String jobId, long rows, Duration timeout) {
        long t0 = System.nanoTime();
        flink.awaitJob(jobId, timeout, rows + " committed rows", () -> {
            long n = committedRows();
            if (n > rows) {
                throw new AssertionError("more rows than produced: " + n + " > " + rows + " (duplicates)");
            }
            if (n == rows) {
                return true;
            }
            ServerProcess.sleep(1000);
            return false;
        });
        timings.put("wait for " + rows + " committed rows", ms(t0));
    }

    /** One row of the table as the read-back query writes it. */
    public record Row(
            String rid, Instant eventTime, Instant ingestTime, boolean parseError, String dt, int hr, String level) {}

    private static final DateTimeFormatter FLINK_TS = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();

    private static Instant instant(String s) {
        return s.isEmpty() ? null : LocalDateTime.parse(s, FLINK_TS).toInstant(ZoneOffset.UTC);
    }

    /**
     * Reads the whole table back in batch SQL (sql-client.sh on a local MiniCluster, the same
     * catalog options as the job): one CSV line per row with the record id found in raw_json by
     * {@code idRegex} (its first group).
     */
    public List<Row> readBack(String label, String idRegex, Consumer<SqlClientRun> moreChecks) throws IOException {
        Path out = dir.resolve("readback-" + label);
        Map<String, String> env = archiveEnv("1min");
        env.remove("FLINK_JOBMANAGER");
        env.put("READBACK_DIR", out.toUri().toString());
        env.put("ID_REGEX", idRegex);
        long t0 = System.nanoTime();
        SqlClientRun run = SqlClientRun.run(
                        dir,
                        "readback-" + label,
                        env,
                        "-f",
                        SqlClientRun.EXAMPLES
                                .resolve("src/test/resources/e2e/readback.sql")
                                .toString())
                .assertSucceeded();
        moreChecks.accept(run);
        List<Row> rows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    // No field can hold a comma or a quote (ids, timestamps, booleans, dt, hr, levels);
                    // the CSV writer quotes the ones with spaces.
                    String[] c = line.replace("\"", "").split(",", -1);
                    rows.add(new Row(
                            c[0],
                            instant(c[1]),
                            instant(c[2]),
                            Boolean.parseBoolean(c[3]),
                            c[4],
                            Integer.parseInt(c[5]),
                            c[6]));
                }
            }
        }
        timings.put("read back " + rows.size() + " rows (" + label + ")", ms(t0));
        return rows;
    }

    @Override
    public void close() {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            try {
                toClose.get(i).close();
            } catch (Exception e) {
                System.err.println("closing " + toClose.get(i) + ": " + e);
            }
        }
    }
}
