package dev.flinklog.examples.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * A real Flink 2.1 session cluster from Maven jars: one JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code TaskManagerRunner}), each
 * its own JVM on examples/target/sql-client-lib (the same jars a Flink lib/ folder would hold for
 * the examples), configured by a generated config.yaml. A TaskManager failure is a real SIGKILL of
 * its process.
 */
public final class FlinkCluster implements AutoCloseable {

    /** Flink's own JVM flags for Java 17 (Kryo and a few internals reflect into JDK classes). */
    private static final List<String> JAVA17_OPTS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Path confDir;
    private final String classPath;
    private final int restPort;
    private ServerProcess jobManager;
    private final List<ServerProcess> taskManagers = new ArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private int taskManagersStarted;
    /** host:port of each process's Prometheus reporter (JobManager first), empty without one. */
    private final List<String> prometheusTargets = new CopyOnWriteArrayList<>();

    private final boolean prometheus;

    private FlinkCluster(
            Path dir, Path confDir, String classPath, int restPort, ServerProcess jobManager, boolean prometheus) {
        this.dir = dir;
        this.confDir = confDir;
        this.classPath = classPath;
        this.restPort = restPort;
        this.jobManager = jobManager;
        this.prometheus = prometheus;
    }

    public static FlinkCluster start(Path dir, Path libDir, int slotsPerTaskManager) throws IOException {
        return start(dir, libDir, slotsPerTaskManager, false);
    }

    /**
     * Starts the JobManager with a config for this machine: loopback only, free ports, checkpoints
     * and savepoints under {@code dir}, and a restart strategy that keeps restarting a failed job.
     * With {@code prometheus}, every process also runs Flink's Prometheus reporter (the jar a Flink
     * distribution ships in plugins/metrics-prometheus, here from the test class path) on a port of
     * its own: {@link #prometheusTargets()}.
     */
    public static FlinkCluster start(Path dir, Path libDir, int slotsPerTaskManager, boolean prometheus)
            throws IOException {
        Path confDir = Files.createDirectories(dir.resolve("conf"));
        int restPort = Servers.freePort();
        int rpcPort = Servers.freePort();
        int jobManagerMetricsPort = Servers.freePort();
        List<String> reporter = !prometheus
                ? List.of()
                : List.of(
                        "metrics:",
                        "  reporter:",
                        "    prom:",
                        "      factory:",
                        "        class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory",
                        // The JobManager's; each TaskManager gets its own with -D. Quoted: the reporter
                        // reads the port as a string property, and a YAML number is not one (it then
                        // takes its default, 9249).
                        "      port: \"" + jobManagerMetricsPort + "\"");
        Files.writeString(
                confDir.resolve("config.yaml"),
                String.join(
                        "\n",
                        "jobmanager:",
                        "  rpc:",
                        "    address: 127.0.0.1",
                        "    port: " + rpcPort,
                        "  bind-host: 127.0.0.1",
                        "  memory:",
                        "    process:",
                        "      size: 768m",
                        "  execution:",
                        "    failover-strategy: region",
                        "rest:",
                        "  address: 127.0.0.1",
                        "  bind-address: 127.0.0.1",
                        "  port: " + restPort,
                        "taskmanager:",
                        "  host: 127.0.0.1",
                        "  bind-host: 127.0.0.1",
                        "  numberOfTaskSlots: " + slotsPerTaskManager,
                        // TaskManagerRunner wants every memory component given explicitly (Flink's start
                        // scripts compute and pass them); these add up to the JVM flags used below.
                        "  cpu:",
                        "    cores: " + slotsPerTaskManager,
                        "  memory:",
                        "    framework:",
                        "      heap:",
                        "        size: 128m",
                        "      off-heap:",
                        "        size: 128m",
                        "    task:",
                        "      heap:",
                        "        size: 384m",
                        "      off-heap:",
                        "        size: 0m",
                        "    managed:",
                        "      size: 64m",
                        "    network:",
                        "      min: 64m",
                        "      max: 64m",
                        "    jvm-metaspace:",
                        "      size: 256m",
                        "    jvm-overhead:",
                        "      min: 192m",
                        "      max: 192m",
                        "parallelism:",
                        "  default: " + slotsPerTaskManager,
                        "execution:",
                        "  checkpointing:",
                        "    dir: " + dir.resolve("checkpoints").toUri(),
                        "    savepoint-dir: " + dir.resolve("savepoints").toUri(),
                        // A restarted job resumes from its last completed checkpoint; keep trying while the
                        // test brings a new TaskManager up.
                        "restart-strategy:",
                        "  type: fixed-delay",
                        "  fixed-delay:",
                        "    attempts: 1000",
                        "    delay: 1s",
                        // Notice a killed TaskManager within seconds, not the default 50 s.
                        "heartbeat:",
                        "  interval: 1000",
                        "  timeout: 6000",
                        "slot:",
                        "  request:",
                        "    timeout: 120000",
                        String.join("\n", reporter),
                        ""));
        Files.writeString(
                confDir.resolve("log4j.properties"),
                String.join(
                        "\n",
                        "monitorInterval = 0",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = FileAppender",
                        "appender.file.name = FileAppender",
                        "appender.file.type = FILE",
                        "appender.file.append = true",
                        "appender.file.fileName = ${sys:log.file}",
                        "appender.file.layout.type = PatternLayout",
                        "appender.file.layout.pattern = %d{HH:mm:ss,SSS} %-5p %-60c %x - %m%n",
                        "logger.kafka.name = org.apache.kafka",
                        "logger.kafka.level = WARN",
                        // Where a restored source finds its offset deleted by retention and where it
                        // resets to: the lost range (docs/operations.md, Kafka retention).
                        "logger.kafkareset.name = org.apache.kafka.clients.consumer.internals.SubscriptionState",
                        "logger.kafkareset.level = INFO",
                        "logger.kafkarange.name = org.apache.kafka.clients.consumer.internals.FetchCollector",
                        "logger.kafkarange.level = INFO",
                        "logger.hadoop.name = org.apache.hadoop",
                        "logger.hadoop.level = WARN",
                        "logger.pekko.name = org.apache.pekko",
                        "logger.pekko.level = WARN",
                        ""));
        String cp = libDir.toAbsolutePath() + "/*";
        if (prometheus) {
            cp += File.pathSeparator + reporterJar();
        }
        Path log = dir.resolve("jobmanager.log");
        List<String> jvm = new ArrayList<>(JAVA17_OPTS);
        jvm.addAll(List.of(
                "-XX:+UseSerialGC",
                "-Dlog.file=" + log,
                "-Dlog4j.configurationFile=" + confDir.resolve("log4j.properties"),
                "-Dlog4j2.configurationFile=" + confDir.resolve("log4j.properties")));
        ServerProcess jm = ServerProcess.start(
                "flink-jobmanager",
                ServerProcess.javaCommand(
                        ServerProcess.java(),
                        "512m",
                        cp,
                        jvm,
                        "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                        List.of("--configDir", confDir.toString(), "--executionMode", "cluster")),
                Map.of("FLINK_CONF_DIR", confDir.toString()),
                dir.resolve("jobmanager.out"));
        FlinkCluster cluster = new FlinkCluster(dir, confDir, cp, restPort, jm, prometheus);
        if (prometheus) {
            cluster.prometheusTargets.add("127.0.0.1:" + jobManagerMetricsPort);
        }
        jm.awaitReady(Duration.ofSeconds(90), () -> cluster.get("/overview") != null);
        return cluster;
    }

    /** The jar of flink-metrics-prometheus (a test dependency of examples/pom.xml). */
    private static String reporterJar() {
        try {
            return Path.of(Class.forName("org.apache.flink.metrics.prometheus.PrometheusReporterFactory")
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (ReflectiveOperationException | java.net.URISyntaxException e) {
            throw new AssertionError("flink-metrics-prometheus is not on the test class path", e);
        }
    }

    /** host:port of the Prometheus reporter of the JobManager and of every TaskManager started so far. */
    public List<String> prometheusTargets() {
        return List.copyOf(prometheusTargets);
    }

    /** host:port of the REST endpoint, for sql-client.sh --jobmanager. */
    public String restAddress() {
        return "127.0.0.1:" + restPort;
    }

    public Path dir() {
        return dir;
    }

    public ServerProcess jobManager() {
        return jobManager;
    }

    /** Starts one more TaskManager and waits until it has registered at the JobManager. */
    public ServerProcess startTaskManager() {
        int n = ++taskManagersStarted;
        // A known resource id: right after a kill the JobManager still counts the dead TaskManager
        // until its heartbeat times out, so counting cannot tell when the new one has registered.
        String resourceId = "e2e-tm-" + n;
        Path log = dir.resolve("taskmanager-" + n + ".log");
        List<String> jvm = new ArrayList<>(JAVA17_OPTS);
        // Heap = framework + task heap, direct = framework + task off-heap + network (config above).
        jvm.addAll(List.of(
                "-Xms512m",
                "-XX:MaxDirectMemorySize=192m",
                "-XX:MaxMetaspaceSize=256m",
                "-XX:+UseSerialGC",
                "-Dlog.file=" + log,
                "-Dlog4j.configurationFile=" + confDir.resolve("log4j.properties"),
                "-Dlog4j2.configurationFile=" + confDir.resolve("log4j.properties")));
        List<String> args = new ArrayList<>(
                List.of("--configDir", confDir.toString(), "-D", "taskmanager.resource-id=" + resourceId));
        if (prometheus) {
            int port = Servers.freePort();
            args.addAll(List.of("-D", "metrics.reporter.prom.port=" + port));
            prometheusTargets.add("127.0.0.1:" + port);
        }
        ServerProcess tm = ServerProcess.start(
                "flink-taskmanager-" + n,
                ServerProcess.javaCommand(
                        ServerProcess.java(),
                        "512m",
                        classPath,
                        jvm,
                        "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                        args),
                Map.of("FLINK_CONF_DIR", confDir.toString()),
                dir.resolve("taskmanager-" + n + ".out"));
        taskManagers.add(tm);
        tm.awaitReady(Duration.ofSeconds(90), () -> {
            JsonNode tms = get("/taskmanagers");
            if (tms != null) {
                for (JsonNode t : tms.path("taskmanagers")) {
                    if (resourceId.equals(t.path("id").asText())) {
                        return true;
                    }
                }
            }
            return false;
        });
        return tm;
    }

    /** SIGKILLs a TaskManager: its tasks die mid-record, nothing is flushed or committed. */
    public void killTaskManager(ServerProcess tm) {
        tm.kill();
        taskManagers.remove(tm);
    }

    /**
     * SIGKILLs the JobManager. Without high availability its jobs are gone with it; the
     * TaskManagers stay and register again with the next JobManager on the same address.
     */
    public void killJobManager() {
        jobManager.kill();
    }

    /** Starts the JobManager again (same configuration, ports and directories) and waits for its REST API. */
    public void startJobManagerAgain() {
        jobManager = jobManager.startAgain();
        jobManager.awaitReady(Duration.ofSeconds(90), () -> get("/overview") != null);
    }

    /**
     * The newest completed checkpoint of a job still on disk (a {@code chk-N} folder with its
     * {@code _metadata}: one in progress has none), as a path for {@code execution.savepoint.path}.
     */
    public Optional<Path> latestCheckpoint(String jobId) {
        Path jobDir = dir.resolve("checkpoints").resolve(jobId);
        try (Stream<Path> chks = Files.list(jobDir)) {
            return chks.filter(c -> c.getFileName().toString().startsWith("chk-"))
                    .filter(c -> Files.exists(c.resolve("_metadata")))
                    .max(Comparator.comparingLong(
                            c -> Long.parseLong(c.getFileName().toString().substring(4))));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The log4j log of a TaskManager this cluster started (its .out file has only stdout). */
    public Path logOf(ServerProcess tm) {
        return dir.resolve(tm.name().substring("flink-".length()) + ".log");
    }

    public List<ServerProcess> taskManagers() {
        return List.copyOf(taskManagers);
    }

    /** GET on the REST API; null when it does not answer 200. */
    public JsonNode get(String path) {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + path))
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** PATCH /jobs/{id}?mode=cancel. */
    public void cancel(String jobId) {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + restPort + "/jobs/" + jobId + "?mode=cancel"))
                            .method("PATCH", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 202) {
                throw new AssertionError("cancel " + jobId + ": HTTP " + r.statusCode() + " " + r.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The job's state (RUNNING, RESTARTING, FINISHED, CANCELED, ...), or "UNKNOWN". */
    public String jobState(String jobId) {
        JsonNode job = get("/jobs/" + jobId);
        return job == null ? "UNKNOWN" : job.path("state").asText("UNKNOWN");
    }

    /** Whether every task of the job is RUNNING (a job is RUNNING before its tasks are deployed). */
    public boolean allTasksRunning(String jobId) {
        JsonNode job = get("/jobs/" + jobId);
        if (job == null || !"RUNNING".equals(job.path("state").asText())) {
            return false;
        }
        for (JsonNode v : job.path("vertices")) {
            if (!"RUNNING".equals(v.path("status").asText())) {
                return false;
            }
        }
        return true;
    }

    /** Completed checkpoints of the job so far (since its submission, across restarts). */
    public long completedCheckpoints(String jobId) {
        JsonNode c = get("/jobs/" + jobId + "/checkpoints");
        return c == null ? -1 : c.path("counts").path("completed").asLong(-1);
    }

    /**
     * Whether the job has gone through RESTARTING at or after {@code epochMillis} (the JobManager's
     * job details: the latest time of each state). Read from the execution graph, unlike {@link
     * #restarts}, whose metric the REST API serves from a cache that can lag far behind under load.
     */
    public boolean restartedSince(String jobId, long epochMillis) {
        JsonNode job = get("/jobs/" + jobId);
        return job != null && job.path("timestamps").path("RESTARTING").asLong(0) >= epochMillis;
    }

    /** How often the job restarted (after failures). */
    public long restarts(String jobId) {
        JsonNode m = get("/jobs/" + jobId + "/metrics?get=numRestarts");
        if (m == null || !m.isArray() || m.isEmpty()) {
            return -1;
        }
        return m.get(0).path("value").asLong(-1);
    }

    public void awaitJob(String jobId, Duration timeout, String what, BooleanSupplier ok) {
        jobManager.awaitReady(timeout, () -> {
            if (ok.getAsBoolean()) {
                return true;
            }
            String state = jobState(jobId);
            if (state.equals("FAILED") || state.equals("CANCELED")) {
                throw new AssertionError("job " + jobId + " is " + state + " while waiting for " + what + "\n"
                        + get("/jobs/" + jobId + "/exceptions"));
            }
            return false;
        });
    }

    /** Kills the TaskManagers and the JobManager (SIGTERM, then SIGKILL). */
    @Override
    public void close() {
        for (ServerProcess tm : taskManagers) {
            tm.close();
        }
        jobManager.close();
    }
}
