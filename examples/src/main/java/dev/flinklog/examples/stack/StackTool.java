package dev.flinklog.examples.stack;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What examples/stack.sh does in Java, on the class path of examples/sql-client.sh (kafka-clients,
 * the Iceberg runtime, the generator inside flink-sql-log):
 *
 * <pre>
 *   create-topic            the archive's topic, if missing (4 partitions)
 *   rows                    rows in the table's current snapshot (0 before the first commit)
 *   load N FIRST_SEQUENCE   N records of the project's log generator into the topic, then waits until
 *                           the running archive job has committed them to the table: the consumer
 *                           group's offsets reach the topic's end (the checkpoint that covers every
 *                           record completed), then a snapshot of the job with that checkpoint id or
 *                           a later one
 * </pre>
 *
 * Endpoints come from the environment, under the names archive.sql uses (KAFKA_BOOTSTRAP_SERVERS,
 * ICEBERG_REST_URI, ICEBERG_WAREHOUSE, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_REGION), plus FLINK_JOBMANAGER (host:port) and LOAD_TIMEOUT (seconds, default 300). Exit
 * status 0, 1 on a timeout or failure (with the reason), 2 on usage errors.
 */
public final class StackTool {

    static final String TOPIC = "o11y.logs.v1";
    static final String GROUP = "o11y.logs.archive";
    static final String JOB_NAME = "o11y.logs.archive";
    static final int PARTITIONS = 4;
    /** The generator's seed for the stack's records (the e2e tests use their own). */
    static final long SEED = 7;

    private StackTool() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
        }
        try {
            switch (args[0]) {
                case "create-topic" -> createTopic();
                case "rows" -> System.out.println(rows());
                case "load" -> {
                    if (args.length != 3) {
                        usage();
                    }
                    load(Long.parseLong(args[1]), Long.parseLong(args[2]));
                }
                default -> usage();
            }
        } catch (Failure e) {
            System.err.println("stack.sh: " + e.getMessage());
            System.exit(1);
        }
        System.exit(0);
    }

    private static void usage() {
        System.err.println("usage: StackTool create-topic | rows | load N FIRST_SEQUENCE");
        System.exit(2);
    }

    /** A failure with a message for the user, no stack trace. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    private static String env(String name) throws Failure {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            throw new Failure("environment variable " + name + " is not set");
        }
        return v;
    }

    static void createTopic() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", env("KAFKA_BOOTSTRAP_SERVERS")))) {
            try {
                admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1)))
                        .all()
                        .get();
                System.out.println("topic " + TOPIC + " created (" + PARTITIONS + " partitions)");
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
                System.out.println("topic " + TOPIC + " exists");
            }
        }
    }

    private static RESTCatalog catalog() throws Failure {
        RESTCatalog c = new RESTCatalog();
        Map<String, String> props = new HashMap<>();
        props.put("uri", env("ICEBERG_REST_URI"));
        props.put("warehouse", env("ICEBERG_WAREHOUSE"));
        props.put("io-impl", "org.apache.iceberg.aws.s3.S3FileIO");
        props.put("s3.endpoint", env("S3_ENDPOINT"));
        props.put("s3.path-style-access", "true");
        props.put("s3.access-key-id", env("S3_ACCESS_KEY_ID"));
        props.put("s3.secret-access-key", env("S3_SECRET_ACCESS_KEY"));
        props.put("client.region", System.getenv().getOrDefault("S3_REGION", "us-east-1"));
        c.initialize("stack", props);
        return c;
    }

    private static final TableIdentifier EVENTS = TableIdentifier.of("logs", "events");

    static long rows() throws Exception {
        try (RESTCatalog c = catalog()) {
            return rows(c);
        }
    }

    private static long rows(RESTCatalog c) {
        if (!c.tableExists(EVENTS)) {
            return 0;
        }
        Snapshot s = c.loadTable(EVENTS).currentSnapshot();
        return s == null ? 0 : Long.parseLong(s.summary().getOrDefault("total-records", "0"));
    }

    /**
     * The generator of the stack: 2 days ending at the next midnight UTC, at least 200,000 records
     * per span (so N records of a small load fall into the latest hours, those of a later load after
     * them), the usual mix of producers and 0.5 % malformed records.
     */
    static LogGenerator generator(long end) {
        Instant midnight = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(1, ChronoUnit.DAYS);
        return new LogGenerator(GeneratorConfig.builder()
                .seed(SEED)
                .start(midnight.minus(2, ChronoUnit.DAYS))
                .days(2)
                .recordsPerSpan(Math.max(200_000, end))
                .build());
    }

    static void load(long records, long first) throws Exception {
        long timeoutS = Long.parseLong(System.getenv().getOrDefault("LOAD_TIMEOUT", "300"));
        long deadline = System.nanoTime() + Duration.ofSeconds(timeoutS).toNanos();
        String bootstrap = env("KAFKA_BOOTSTRAP_SERVERS");
        String jobId = runningArchiveJob();
        LogGenerator gen = generator(first + records);
        long rows = 0;
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        AtomicReference<Exception> failure = new AtomicReference<>();
        long t0 = System.nanoTime();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
            for (long seq = first; seq < first + records; seq++) {
                GeneratedLog log = gen.generate(seq);
                rows += log.rows();
                producer.send(new ProducerRecord<>(TOPIC, log.payload()), (md, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new Failure("producing to " + TOPIC + " at " + bootstrap + " failed: " + failure.get());
        }
        System.out.printf(
                "produced %d records (%d rows; sequences %d-%d) to %s in %.1f s%n",
                records, rows, first, first + records - 1, TOPIC, (System.nanoTime() - t0) / 1e9);

        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap));
                RESTCatalog catalog = catalog()) {
            Map<TopicPartition, Long> end = endOffsets(admin);
            // 1. The group's committed offsets reach the end: the checkpoint that covers every
            // record has completed (Flink commits offsets when a checkpoint completes).
            while (!caughtUp(admin, end)) {
                await(deadline, "the archive job's consumer group to reach the end of " + TOPIC + " " + end);
            }
            long checkpoint = latestCheckpoint(jobId);
            // 2. The Iceberg commit of that checkpoint (or a later one) is in the table.
            while (committedCheckpoint(catalog, jobId) < checkpoint) {
                await(deadline, "the table to hold checkpoint " + checkpoint + " of job " + jobId);
            }
            System.out.printf(
                    "committed: checkpoint %d of job %s; table logs.events has %d rows (%.1f s)%n",
                    checkpoint, jobId, rows(catalog), (System.nanoTime() - t0) / 1e9);
        }
    }

    private static void await(long deadline, String what) throws Failure {
        if (System.nanoTime() > deadline) {
            throw new Failure("timed out (LOAD_TIMEOUT) waiting for " + what);
        }
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure("interrupted");
        }
    }

    private static Map<TopicPartition, Long> endOffsets(Admin admin) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new LinkedHashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            latest.put(new TopicPartition(TOPIC, p), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> end = new LinkedHashMap<>();
        admin.listOffsets(latest).all().get().forEach((tp, info) -> end.put(tp, info.offset()));
        return end;
    }

    private static boolean caughtUp(Admin admin, Map<TopicPartition, Long> end) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(GROUP)
                .partitionsToOffsetAndMetadata()
                .get();
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            OffsetAndMetadata c = committed.get(e.getKey());
            long at = c == null ? 0 : c.offset();
            if (at < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** The newest flink.max-committed-checkpoint-id of the job's snapshots, -1 when none. */
    private static long committedCheckpoint(RESTCatalog catalog, String jobId) {
        if (!catalog.tableExists(EVENTS)) {
            return -1;
        }
        Table t = catalog.loadTable(EVENTS);
        long max = -1;
        for (Snapshot s : t.snapshots()) {
            if (jobId.equals(s.summary().get("flink.job-id"))) {
                max = Math.max(
                        max, Long.parseLong(s.summary().getOrDefault("flink.max-committed-checkpoint-id", "-1")));
            }
        }
        return max;
    }

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static String flinkGet(String path) throws Failure {
        String jm = env("FLINK_JOBMANAGER");
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://" + jm + path))
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new Failure("Flink REST " + path + ": HTTP " + r.statusCode());
            }
            return r.body();
        } catch (IOException e) {
            throw new Failure("Flink's JobManager at " + jm + " does not answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure("interrupted");
        }
    }

    private static final Pattern JOB = Pattern.compile(
            "\\{\"jid\":\"([0-9a-f]{32})\",\"name\":\"" + Pattern.quote(JOB_NAME) + "\"[^}]*?\"state\":\"RUNNING\"");

    /** The id of the RUNNING job named o11y.logs.archive (stack.sh submits it before loading). */
    static String runningArchiveJob() throws Failure {
        Matcher m = JOB.matcher(flinkGet("/jobs/overview"));
        if (!m.find()) {
            throw new Failure("no RUNNING job named " + JOB_NAME + " on " + env("FLINK_JOBMANAGER"));
        }
        return m.group(1);
    }

    private static final Pattern LATEST_COMPLETED =
            Pattern.compile("\"latest\":\\{\"completed\":\\{[^}]*?\"id\":([0-9]+)");

    /** The id of the job's latest completed checkpoint. */
    private static long latestCheckpoint(String jobId) throws Failure {
        Matcher m = LATEST_COMPLETED.matcher(flinkGet("/jobs/" + jobId + "/checkpoints"));
        if (!m.find()) {
            throw new Failure("job " + jobId + " has no completed checkpoint");
        }
        return Long.parseLong(m.group(1));
    }
}
