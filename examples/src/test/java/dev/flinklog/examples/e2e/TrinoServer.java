package dev.flinklog.examples.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A real Trino server (483, from examples/servers/trino: trino-main's jars, and
 * examples/servers/trino-iceberg: the Iceberg connector's plugin folder) in its own JVM on a Java 25
 * runtime, coordinator and worker in one, on
 * 127.0.0.1 and a free port. Catalogs are added and dropped at run time ({@code
 * catalog.management=dynamic}), so one server serves every test of a class, each test's Iceberg
 * catalog with that test's REST endpoint and S3Proxy.
 *
 * <p>Queries go through Trino's client REST protocol ({@code POST /v1/statement}, then the
 * {@code nextUri} chain until the last page), from the test JVM: no CLI JVM per query. The client
 * declares the capability {@code PARAMETRIC_DATETIME}, without which Trino rounds every timestamp it
 * sends to milliseconds.
 */
public final class TrinoServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path MODULE = Servers.SERVERS.resolve("trino/target");
    private static final Path PLUGINS = Servers.SERVERS.resolve("trino-iceberg/target/trino-plugin");
    /** The shipped catalog file of the REST example: its properties are what every test catalog gets. */
    public static final Path SHIPPED_CATALOG =
            SqlClientRun.EXAMPLES.resolve("kafka-iceberg-rest/trino/catalog/iceberg.properties");

    /** The version examples/servers/trino resolved (its lib/ holds trino-main-VERSION.jar). */
    public static final String VERSION = "483";

    private final ServerProcess process;
    private final String uri;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private TrinoServer(ServerProcess process, String uri) {
        this.process = process;
        this.uri = uri;
    }

    /** Whether examples/servers/trino has unpacked the server (it is left out of some builds). */
    public static boolean isBuilt() {
        return Files.isDirectory(MODULE.resolve("trino-server/lib")) && Files.isDirectory(PLUGINS.resolve("iceberg"));
    }

    /**
     * Starts the server (returns at once; {@link #awaitReady()} waits): 23-50 s on 2 busy cores with
     * C1 only ({@code TieredStopAtLevel=1}, half the time of the default for a short-lived test
     * server), 0.5-1 GB resident.
     */
    public static TrinoServer start(Path dir, Path java25) throws IOException {
        Path etc = Files.createDirectories(dir.resolve("etc"));
        Path data = Files.createDirectories(dir.resolve("data"));
        int port = Servers.freePort();
        Files.writeString(
                etc.resolve("config.properties"),
                String.join(
                        "\n",
                        "coordinator=true",
                        "node-scheduler.include-coordinator=true",
                        "http-server.http.port=" + port,
                        // There is no http-server.http.host: the bind address is node.bind-ip.
                        "node.bind-ip=127.0.0.1",
                        "node.internal-address=127.0.0.1",
                        "discovery.uri=http://127.0.0.1:" + port,
                        "query.max-memory=1GB",
                        "query.max-memory-per-node=768MB",
                        "plugin.dir=" + PLUGINS.toAbsolutePath(),
                        "catalog.management=dynamic",
                        "catalog.store=memory",
                        // Its request log, relative to the working directory by default.
                        "http-server.log.path=" + dir.resolve("http-request.log"),
                        ""));
        Files.writeString(etc.resolve("log.properties"), "io.trino=INFO\n");
        List<String> jvm = List.of(
                "-XX:+UseG1GC",
                // Trino 483 refuses to start without the Vector API.
                "--add-modules=jdk.incubator.vector",
                "-XX:TieredStopAtLevel=1",
                "-XX:+ExitOnOutOfMemoryError",
                "-XX:ReservedCodeCacheSize=256M",
                "-Djdk.attach.allowAttachSelf=true",
                "-Dfile.encoding=UTF-8",
                "-XX:+EnableDynamicAgentLoading",
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-Dnode.environment=e2e",
                "-Dnode.id=e2e-1",
                "-Dnode.data-dir=" + data,
                "-Dlog.levels-file=" + etc.resolve("log.properties"),
                "-Dconfig=" + etc.resolve("config.properties"));
        ServerProcess p = ServerProcess.start(
                "trino",
                ServerProcess.javaCommand(
                        java25.toString(),
                        "2g",
                        MODULE.resolve("trino-server/lib").toAbsolutePath() + "/*",
                        jvm,
                        "dev.flinklog.testservers.TrinoLauncher",
                        List.of(VERSION)),
                Map.of(),
                dir.resolve("trino.log"));
        return new TrinoServer(p, "http://127.0.0.1:" + port);
    }

    public void awaitReady() {
        process.awaitReady(Duration.ofSeconds(180), () -> process.logContains("======== SERVER STARTED ========"));
    }

    public ServerProcess process() {
        return process;
    }

    public String uri() {
        return uri;
    }

    /**
     * The shipped catalog file's properties with its {@code ${ENV:NAME}} values taken from
     * {@code env} (the same names archive.sql uses), plus {@code extra} (test-only settings).
     */
    public static Map<String, String> catalogProperties(Map<String, String> env, Map<String, String> extra) {
        Map<String, String> props = new LinkedHashMap<>();
        Pattern ref = Pattern.compile("\\$\\{ENV:([A-Z0-9_]+)}");
        try {
            for (String line : Files.readAllLines(SHIPPED_CATALOG, StandardCharsets.UTF_8)) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                int eq = l.indexOf('=');
                String value = l.substring(eq + 1).strip();
                Matcher m = ref.matcher(value);
                StringBuilder out = new StringBuilder();
                while (m.find()) {
                    String v = env.get(m.group(1));
                    if (v == null) {
                        throw new AssertionError(
                                SHIPPED_CATALOG + " uses ${ENV:" + m.group(1) + "}, which the test does not set");
                    }
                    m.appendReplacement(out, Matcher.quoteReplacement(v));
                }
                m.appendTail(out);
                String key = l.substring(0, eq).strip();
                // CREATE CATALOG ... USING iceberg names the connector; the file's connector.name would be refused.
                if (!key.equals("connector.name")) {
                    props.put(key, out.toString());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        props.putAll(extra);
        return props;
    }

    /** CREATE CATALOG name USING iceberg WITH (the properties). */
    public void createCatalog(String name, Map<String, String> properties) {
        String with = properties.entrySet().stream()
                .map(e -> "\"" + e.getKey() + "\" = '" + e.getValue().replace("'", "''") + "'")
                .collect(Collectors.joining(", "));
        execute("CREATE CATALOG " + name + " USING iceberg WITH (" + with + ")");
    }

    public void dropCatalog(String name) {
        execute("DROP CATALOG IF EXISTS " + name);
    }

    /** A finished query: column names and Trino types, rows as the JSON protocol gives them, and its statistics. */
    public record Result(List<String> columns, List<String> types, List<List<Object>> rows, JsonNode stats) {
        public int column(String name) {
            int i = columns.indexOf(name);
            if (i < 0) {
                throw new AssertionError("no column " + name + " in " + columns);
            }
            return i;
        }

        /** The one value of a one-row, one-column result. */
        public Object single() {
            if (rows.size() != 1 || rows.get(0).size() != 1) {
                throw new AssertionError("not a single value: " + columns + " " + rows);
            }
            return rows.get(0).get(0);
        }

        public long physicalInputBytes() {
            return stats.path("physicalInputBytes").asLong(-1);
        }
    }

    public Result execute(String sql) {
        return query(null, null, Map.of(), sql);
    }

    /**
     * Runs one statement with this session catalog and schema (either may be null) and session
     * properties; fails with Trino's message if the query fails.
     */
    public Result query(String catalog, String schema, Map<String, String> session, String sql) {
        HttpRequest.Builder first = HttpRequest.newBuilder(URI.create(uri + "/v1/statement"))
                .timeout(Duration.ofMinutes(5))
                .POST(HttpRequest.BodyPublishers.ofString(sql, StandardCharsets.UTF_8));
        first.header("X-Trino-User", "flinklog-e2e");
        first.header("X-Trino-Client-Capabilities", "PARAMETRIC_DATETIME");
        if (catalog != null) {
            first.header("X-Trino-Catalog", catalog);
        }
        if (schema != null) {
            first.header("X-Trino-Schema", schema);
        }
        for (Map.Entry<String, String> e : session.entrySet()) {
            first.header("X-Trino-Session", e.getKey() + "=" + e.getValue());
        }
        JsonNode page = send(first.build(), sql);
        List<String> columns = null;
        List<String> types = null;
        List<List<Object>> rows = new ArrayList<>();
        while (true) {
            if (page.has("error")) {
                JsonNode err = page.get("error");
                throw new AssertionError("Trino: " + err.path("message").asText() + " ("
                        + err.path("errorName").asText() + ")\nquery: " + sql);
            }
            if (columns == null && page.has("columns")) {
                columns = new ArrayList<>();
                types = new ArrayList<>();
                for (JsonNode c : page.get("columns")) {
                    columns.add(c.path("name").asText());
                    types.add(c.path("type").asText());
                }
            }
            for (JsonNode r : page.path("data")) {
                List<Object> row = new ArrayList<>();
                for (JsonNode v : r) {
                    row.add(JSON.convertValue(v, Object.class));
                }
                rows.add(row);
            }
            JsonNode next = page.get("nextUri");
            if (next == null || next.isNull()) {
                return new Result(
                        columns == null ? List.of() : columns,
                        types == null ? List.of() : types,
                        rows,
                        page.path("stats"));
            }
            page = send(
                    HttpRequest.newBuilder(URI.create(next.asText()))
                            .timeout(Duration.ofMinutes(5))
                            .header("X-Trino-User", "flinklog-e2e")
                            .GET()
                            .build(),
                    sql);
        }
    }

    private JsonNode send(HttpRequest request, String sql) {
        try {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new AssertionError("Trino answered HTTP " + r.statusCode() + " " + r.body() + "\nquery: " + sql);
            }
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new AssertionError("Trino at " + uri + ": " + e + "\nquery: " + sql + "\n" + process.tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        process.close();
    }

    /** Why a test cannot run Trino here, or empty when it can. */
    public static Optional<String> unavailable() {
        if (Servers.java25().isEmpty()) {
            return Optional.of("Trino 483 needs Java 25+: no JDK 25+ under /usr/lib/jvm and neither JAVA25_HOME "
                    + "nor -Dflinklog.java25.home set");
        }
        if (!isBuilt()) {
            return Optional.of("examples/servers/trino was not built (left out of the reactor?): no "
                    + MODULE.resolve("trino-server"));
        }
        return Optional.empty();
    }
}
