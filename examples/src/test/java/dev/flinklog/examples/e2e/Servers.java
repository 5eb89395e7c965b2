package dev.flinklog.examples.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import java.util.stream.Stream;

/**
 * Starts the servers of the Kafka to Iceberg pipeline on 127.0.0.1, each in its own JVM on the class
 * path that its module under examples/servers resolved (target/classpath.txt): a Kafka broker in
 * KRaft mode, S3Proxy on a local folder, the Iceberg REST catalog fixture (sqlite) writing through
 * S3FileIO to S3Proxy, and Nessie (on PostgreSQL: {@link Postgres}). Trino is {@link TrinoServer}.
 * Ports are chosen free at start, never fixed, so that parallel builds on one machine do not collide.
 */
public final class Servers {

    /** The S3 credentials S3Proxy enforces (SigV4): the clients must sign with these. */
    public static final String S3_ACCESS_KEY = "flinklog-e2e";

    public static final String S3_SECRET_KEY = "flinklog-e2e-secret";
    public static final String BUCKET = "warehouse";

    static final Path SERVERS = Path.of(System.getProperty(
                    "flinklog.servers.dir",
                    Path.of(System.getProperty("flinklog.examples.dir", "."))
                            .resolve("servers")
                            .toString()))
            .toAbsolutePath()
            .normalize();

    private Servers() {}

    /** A port nobody listens on right now (the server binds it a moment later; collisions are unlikely). */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether examples/servers/{module} has written its class path (it is left out of some builds). */
    public static boolean hasClassPath(String module) {
        return Files.isRegularFile(SERVERS.resolve(module).resolve("target/classpath.txt"));
    }

    /** The class path written by examples/servers/{module} at package time. */
    public static String classPath(String module) {
        Path file = SERVERS.resolve(module).resolve("target/classpath.txt");
        try {
            String cp = Files.readString(file).strip();
            if (cp.isEmpty()) {
                throw new AssertionError(file + " is empty");
            }
            return cp;
        } catch (IOException e) {
            throw new AssertionError(
                    "no class path for the " + module
                            + " server: build its module first, for example `mvn package -pl examples/servers/" + module
                            + " -am` (" + file + " missing)",
                    e);
        }
    }

    /** HTTP GET status, or -1 when nothing answers. */
    public static int httpStatus(String url) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
            c.setConnectTimeout(1000);
            c.setReadTimeout(5000);
            try {
                return c.getResponseCode();
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return -1;
        }
    }

    // --- Kafka ---------------------------------------------------------------------------------

    /** A single KRaft node (broker and controller in one process). */
    public record Kafka(ServerProcess process, String bootstrap) {}

    public static Kafka startKafka(Path dir) throws IOException {
        Files.createDirectories(dir);
        int port = freePort();
        int controllerPort = freePort();
        Path props = dir.resolve("server.properties");
        Files.writeString(
                props,
                String.join(
                        "\n",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                        "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                        "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                        "controller.listener.names=CONTROLLER",
                        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                        "log.dirs=" + dir.resolve("data"),
                        "num.partitions=4",
                        "offsets.topic.replication.factor=1",
                        "offsets.topic.num.partitions=4",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "share.coordinator.state.topic.replication.factor=1",
                        "share.coordinator.state.topic.min.isr=1",
                        "group.initial.rebalance.delay.ms=0",
                        "auto.create.topics.enable=false",
                        // A topic with a short retention.ms (ArchiveAlertsFaultITCase) loses its old
                        // segments within a second of their expiry, not after the default 5 minutes.
                        "log.retention.check.interval.ms=1000",
                        ""));
        Path log4j = dir.resolve("log4j2.properties");
        Files.writeString(
                log4j,
                String.join(
                        "\n",
                        "rootLogger.level=INFO",
                        "rootLogger.appenderRef.stdout.ref=STDOUT",
                        "appender.stdout.type=Console",
                        "appender.stdout.name=STDOUT",
                        "appender.stdout.layout.type=PatternLayout",
                        "appender.stdout.layout.pattern=[%d] %p %m (%c)%n",
                        "logger.state.name=state.change.logger",
                        "logger.state.level=WARN",
                        ""));
        String cp = classPath("kafka");
        List<String> jvm = List.of("-Dlog4j2.configurationFile=" + log4j);
        // The storage must be formatted with a cluster id before a KRaft node starts.
        ServerProcess.start(
                        "kafka-storage-format",
                        ServerProcess.javaCommand(
                                ServerProcess.java(),
                                "256m",
                                cp,
                                jvm,
                                "kafka.tools.StorageTool",
                                List.of("format", "-t", Uuid.randomUuid().toString(), "-c", props.toString())),
                        Map.of(),
                        dir.resolve("storage-format.log"))
                .awaitSuccess(Duration.ofMinutes(1));
        ServerProcess p = ServerProcess.start(
                "kafka",
                ServerProcess.javaCommand(
                        ServerProcess.java(), "512m", cp, jvm, "kafka.Kafka", List.of(props.toString())),
                Map.of(),
                dir.resolve("kafka.log"));
        return new Kafka(p, "127.0.0.1:" + port);
    }

    public static void awaitKafka(Kafka k) {
        k.process().awaitReady(Duration.ofSeconds(90), () -> k.process().logContains("Kafka Server started"));
    }

    // --- S3Proxy -------------------------------------------------------------------------------

    public record S3(ServerProcess process, String endpoint, Path dataDir) {}

    /** S3Proxy on a local folder; the bucket exists from the start (a bucket is a folder there). */
    public static S3 startS3(Path dir) throws IOException {
        Path data = dir.resolve("data");
        Files.createDirectories(data.resolve(BUCKET));
        int port = freePort();
        Path conf = dir.resolve("s3proxy.conf");
        Files.writeString(
                conf,
                String.join(
                        "\n",
                        "s3proxy.endpoint=http://127.0.0.1:" + port,
                        "s3proxy.authorization=aws-v2-or-v4",
                        "s3proxy.identity=" + S3_ACCESS_KEY,
                        "s3proxy.credential=" + S3_SECRET_KEY,
                        // Trino's ListObjectsV2 sends x-amz-optional-object-attributes, which S3Proxy
                        // otherwise answers with 501 (reads still work, listings and CREATE TABLE fail).
                        "s3proxy.ignore-unknown-headers=true",
                        "jclouds.provider=filesystem",
                        "jclouds.filesystem.basedir=" + data,
                        ""));
        // Its built-in logback configuration logs every request at DEBUG (8 MB in 5 minutes of
        // Trino); -Dlogback.configurationFile=/dev/null does not stop it, a configuration at INFO does.
        Path logback = dir.resolve("logback.xml");
        Files.writeString(
                logback,
                String.join(
                        "\n",
                        "<configuration>",
                        "  <appender name=\"STDOUT\" class=\"ch.qos.logback.core.ConsoleAppender\">",
                        "    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n</pattern></encoder>",
                        "  </appender>",
                        "  <root level=\"INFO\"><appender-ref ref=\"STDOUT\"/></root>",
                        "</configuration>",
                        ""));
        ServerProcess p = ServerProcess.start(
                "s3proxy",
                ServerProcess.javaCommand(
                        ServerProcess.java(),
                        "256m",
                        classPath("s3proxy"),
                        List.of("-Dlogback.configurationFile=" + logback),
                        "org.gaul.s3proxy.Main",
                        List.of("--properties", conf.toString())),
                Map.of(),
                dir.resolve("s3proxy.log"));
        return new S3(p, "http://127.0.0.1:" + port, data);
    }

    public static void awaitS3(S3 s3) {
        // Any HTTP answer will do: anonymous requests get 403, which proves it is up and checks auth.
        s3.process().awaitReady(Duration.ofSeconds(60), () -> httpStatus(s3.endpoint() + "/") > 0);
    }

    // --- Iceberg REST catalog fixture ------------------------------------------------------------

    public record IcebergRest(ServerProcess process, String uri, String warehouse) {}

    /** The REST catalog of iceberg-open-api's test fixtures: a JDBC catalog on sqlite behind it. */
    public static IcebergRest startIcebergRest(Path dir, S3 s3) throws IOException {
        Files.createDirectories(dir);
        int port = freePort();
        String warehouse = "s3://" + BUCKET + "/";
        // The fixture reads its whole configuration from CATALOG_* variables (lower-cased, '__' -> '-',
        // '_' -> '.').
        Map<String, String> env = Map.ofEntries(
                Map.entry("CATALOG_REST_PORT", Integer.toString(port)),
                Map.entry("CATALOG_CATALOG__IMPL", "org.apache.iceberg.jdbc.JdbcCatalog"),
                Map.entry("CATALOG_URI", "jdbc:sqlite:file:" + dir.resolve("catalog.db")),
                Map.entry("CATALOG_JDBC_SCHEMA__VERSION", "V1"),
                Map.entry("CATALOG_WAREHOUSE", warehouse),
                Map.entry("CATALOG_IO__IMPL", "org.apache.iceberg.aws.s3.S3FileIO"),
                Map.entry("CATALOG_S3_ENDPOINT", s3.endpoint()),
                Map.entry("CATALOG_S3_PATH__STYLE__ACCESS", "true"),
                Map.entry("CATALOG_S3_ACCESS__KEY__ID", S3_ACCESS_KEY),
                Map.entry("CATALOG_S3_SECRET__ACCESS__KEY", S3_SECRET_KEY),
                Map.entry("CATALOG_CLIENT_REGION", "us-east-1"),
                Map.entry("CATALOG_HTTP__CLIENT_TYPE", "urlconnection"));
        ServerProcess p = ServerProcess.start(
                "iceberg-rest",
                ServerProcess.javaCommand(
                        ServerProcess.java(),
                        "256m",
                        classPath("iceberg-rest"),
                        List.of(),
                        "org.apache.iceberg.rest.RESTCatalogServer",
                        List.of()),
                env,
                dir.resolve("iceberg-rest.log"));
        return new IcebergRest(p, "http://127.0.0.1:" + port, warehouse);
    }

    public static void awaitIcebergRest(IcebergRest rest) {
        rest.process().awaitReady(Duration.ofSeconds(60), () -> httpStatus(rest.uri() + "/v1/config") == 200);
    }

    // --- JDKs ------------------------------------------------------------------------------------

    /**
     * A launcher of Java {@code minFeature} or newer for a server the build's Java 17 cannot run
     * (Nessie 0.99 needs 21, Trino 483 needs 25): the system property {@code property} or the
     * environment variable {@code envVar} if set (a JDK home), else the newest such JDK under
     * /usr/lib/jvm (these machines have Temurin 25 there).
     */
    public static Optional<Path> java(int minFeature, String property, String envVar) {
        String explicit = System.getProperty(property, System.getenv(envVar));
        if (explicit != null && !explicit.isBlank()) {
            Path java = Path.of(explicit, "bin", "java");
            return Files.isExecutable(java) && featureVersion(Path.of(explicit)) >= minFeature
                    ? Optional.of(java)
                    : Optional.empty();
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> featureVersion(h) >= minFeature)
                    .max(Comparator.comparingInt(Servers::featureVersion))
                    .map(h -> h.resolve("bin/java"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A Java 21+ launcher for Nessie: {@code -Dflinklog.java21.home}, {@code JAVA21_HOME} or /usr/lib/jvm. */
    public static Optional<Path> java21() {
        return java(21, "flinklog.java21.home", "JAVA21_HOME");
    }

    /** A Java 25+ launcher for Trino 483: {@code -Dflinklog.java25.home}, {@code JAVA25_HOME} or /usr/lib/jvm. */
    public static Optional<Path> java25() {
        return java(25, "flinklog.java25.home", "JAVA25_HOME");
    }

    /** JAVA_VERSION's feature number from a JDK's release file, 0 when unknown. */
    private static int featureVersion(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    // --- Nessie --------------------------------------------------------------------------------

    /**
     * Nessie's server; {@link #uri()} is its Iceberg REST endpoint (what ICEBERG_REST_URI gets).
     * It can be stopped and started again on the same port and version store, as a catalog
     * outage: clients keep their URI.
     */
    public static final class Nessie implements AutoCloseable {
        private volatile ServerProcess process;
        private final String baseUri;

        Nessie(ServerProcess process, String baseUri) {
            this.process = process;
            this.baseUri = baseUri;
        }

        public ServerProcess process() {
            return process;
        }

        /** The Iceberg REST endpoint, http://127.0.0.1:port/iceberg/. */
        public String uri() {
            return baseUri + "/iceberg/";
        }

        /** Nessie's own REST API (v2), e.g. {@code api() + "trees/main/history"}. */
        public String api() {
            return baseUri + "/api/v2/";
        }

        /** The warehouse name the clients give (ICEBERG_WAREHOUSE). */
        public String warehouse() {
            return BUCKET;
        }

        /** The hash of the branch main (GET api/v2/trees/main). */
        public String mainHash() {
            return get("trees/main").path("reference").path("hash").asText();
        }

        /** One commit of main: its hash and message. */
        public record Commit(String hash, String message) {}

        /** The commits of main, newest first (GET api/v2/trees/main/history, every page). */
        public List<Commit> history() {
            List<Commit> hashes = new ArrayList<>();
            String token = null;
            do {
                JsonNode page =
                        get("trees/main/history?max-records=500" + (token == null ? "" : "&page-token=" + token));
                for (JsonNode e : page.path("logEntries")) {
                    hashes.add(new Commit(
                            e.path("commitMeta").path("hash").asText(),
                            e.path("commitMeta").path("message").asText()));
                }
                token = page.path("hasMore").asBoolean() ? page.path("token").asText() : null;
            } while (token != null);
            return hashes;
        }

        private JsonNode get(String path) {
            try {
                HttpResponse<String> r = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(api() + path))
                                        .GET()
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    throw new AssertionError("Nessie GET " + path + ": HTTP " + r.statusCode() + " " + r.body());
                }
                return new ObjectMapper().readTree(r.body());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        /** Stops it (SIGTERM: Quarkus shuts down gracefully; SIGKILL after 15 s). */
        public void stop() {
            process.close();
        }

        /** Starts it again with the same command line (port, version store, warehouse). */
        public void start() {
            process = process.startAgain();
        }

        /** Stops it, then starts it again and waits until it answers. */
        public void restart() {
            stop();
            start();
            awaitNessie(this);
        }

        @Override
        public void close() {
            process.close();
        }
    }

    /**
     * Nessie 0.99 on Java 21+, its Iceberg REST endpoint writing through S3FileIO to S3Proxy. With
     * {@code postgres} its version store is {@code JDBC2} on that server's database {@code nessie}
     * (as the production set-up runs it: commits survive a restart of Nessie), else in memory.
     */
    public static Nessie startNessie(Path dir, Path java21, S3 s3, Postgres postgres) throws IOException {
        Files.createDirectories(dir);
        int port = freePort();
        int managementPort = freePort();
        List<String> jvm = new ArrayList<>(List.of(
                "-Dquarkus.http.host=127.0.0.1",
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.management.host=127.0.0.1",
                // Its default management port, 9000, is a popular S3 port.
                "-Dquarkus.management.port=" + managementPort,
                // One line per request (the tests poll the table every second): 2 MB per run.
                "-Dquarkus.http.access-log.enabled=false",
                "-Dnessie.catalog.default-warehouse=" + BUCKET,
                "-Dnessie.catalog.warehouses." + BUCKET + ".location=s3://" + BUCKET + "/nessie/",
                "-Dnessie.catalog.service.s3.default-options.endpoint=" + s3.endpoint() + "/",
                "-Dnessie.catalog.service.s3.default-options.path-style-access=true",
                "-Dnessie.catalog.service.s3.default-options.region=us-east-1",
                "-Dnessie.catalog.service.s3.default-options.access-key=urn:nessie-secret:quarkus:e2e-secrets.s3",
                "-De2e-secrets.s3.name=" + S3_ACCESS_KEY,
                "-De2e-secrets.s3.secret=" + S3_SECRET_KEY));
        if (postgres == null) {
            jvm.add("-Dnessie.version.store.type=IN_MEMORY");
        } else {
            postgres.createDatabase(Postgres.NESSIE_DB);
            jvm.addAll(List.of(
                    "-Dnessie.version.store.type=JDBC2",
                    "-Dnessie.version.store.persist.jdbc.datasource=postgresql",
                    "-Dquarkus.datasource.postgresql.jdbc.url=" + postgres.jdbcUrl(Postgres.NESSIE_DB),
                    "-Dquarkus.datasource.postgresql.username=" + Postgres.USER,
                    "-Dquarkus.datasource.postgresql.password=" + Postgres.PASSWORD));
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(java21.toString());
        cmd.add("-Xmx512m");
        // Java 24+ warns on every start about Netty's and Brotli's native access otherwise.
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvm);
        cmd.add("-jar");
        cmd.add(classPath("nessie"));
        ServerProcess p = ServerProcess.start("nessie", cmd, Map.of(), dir.resolve("nessie.log"));
        return new Nessie(p, "http://127.0.0.1:" + port);
    }

    public static void awaitNessie(Nessie n) {
        n.process().awaitReady(Duration.ofSeconds(120), () -> httpStatus(n.uri() + "v1/config") == 200);
    }
}
