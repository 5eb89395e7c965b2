package dev.flinklog.examples.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of Debian's package (postgresql-15 or newer, {@code apt-get install
 * postgresql}) for one test: {@code initdb} into its own data folder, then {@code postgres} in the
 * foreground on 127.0.0.1 and a free port, with no Unix socket (a socket path under target/ can
 * exceed the 107-byte limit), password authentication for the one user {@link #USER}.
 *
 * <p>PostgreSQL refuses to run as root, and CI runs as root: then both commands run as the
 * {@code postgres} user that the Debian package creates (through util-linux's {@code setpriv}, which
 * execs, so the server is this process itself and signals reach it), and the data folder is given
 * to that user. As any other user they run as that user.
 *
 * <p>Stop and start again on the same port and data ({@link #stop()}, {@link #start()}): a database
 * restart. {@link #stop()} is PostgreSQL's fast shutdown (SIGINT): the default SIGTERM would wait for
 * the clients (a connection pool never lets go) to disconnect.
 */
public final class Postgres implements AutoCloseable {

    public static final String USER = "flinklog";
    public static final String PASSWORD = "flinklog-e2e-secret";
    public static final String NESSIE_DB = "nessie";

    private final Path dataDir;
    private final int port;
    private volatile ServerProcess process;

    private Postgres(Path dataDir, int port, ServerProcess process) {
        this.dataDir = dataDir;
        this.port = port;
        this.process = process;
    }

    /** The folder of PostgreSQL's server programs (initdb, postgres): the newest under /usr/lib/postgresql. */
    public static Optional<Path> binDir() {
        String explicit = System.getProperty("flinklog.postgres.bin", System.getenv("POSTGRES_BIN"));
        if (explicit != null && !explicit.isBlank()) {
            Path bin = Path.of(explicit);
            return Files.isExecutable(bin.resolve("postgres")) ? Optional.of(bin) : Optional.empty();
        }
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.filter(v -> v.getFileName().toString().matches("[0-9]+"))
                    .filter(v -> Files.isExecutable(v.resolve("bin/postgres"))
                            && Files.isExecutable(v.resolve("bin/initdb")))
                    .max(Comparator.comparingInt(
                            v -> Integer.parseInt(v.getFileName().toString())))
                    .map(v -> v.resolve("bin"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether this JVM runs as root (uid 0), where PostgreSQL has to run as another user. */
    static boolean runningAsRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | ClassCastException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    /** The command prefix that runs a program as the unprivileged {@code postgres} user when we are root. */
    private static List<String> asServerUser() {
        if (!runningAsRoot()) {
            return List.of();
        }
        return List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--");
    }

    /**
     * initdb and start. {@code dir} holds the log; the data folder is {@code dir/data}, or, when we
     * run as root and the postgres user cannot reach {@code dir} (a home folder of mode 700), a
     * folder under the system's temporary folder.
     */
    public static Postgres start(Path dir, Path binDir) throws IOException {
        Files.createDirectories(dir);
        Path data = dir.resolve("data");
        Files.createDirectories(data);
        if (runningAsRoot()) {
            giveToServerUser(data);
            if (!serverUserCanWrite(data)) {
                data = Files.createTempDirectory("flinklog-postgres-");
                giveToServerUser(data);
                Files.writeString(dir.resolve("data-dir.txt"), data + "\n");
            }
        }
        Path pwFile = data.resolve("initdb-password");
        Files.writeString(pwFile, PASSWORD + "\n");
        if (runningAsRoot()) {
            giveToServerUser(pwFile);
        }
        Path pgData = data.resolve("pgdata");
        List<String> initdb = new ArrayList<>(asServerUser());
        initdb.addAll(List.of(
                binDir.resolve("initdb").toString(),
                "-D",
                pgData.toString(),
                "-U",
                USER,
                "--pwfile=" + pwFile,
                "--auth=scram-sha-256",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync"));
        ServerProcess.start("postgres-initdb", initdb, Map.of(), dir.resolve("initdb.log"))
                .awaitSuccess(Duration.ofMinutes(2));
        Files.delete(pwFile);
        int port = Servers.freePort();
        List<String> cmd = new ArrayList<>(asServerUser());
        cmd.addAll(List.of(
                binDir.resolve("postgres").toString(),
                "-D",
                pgData.toString(),
                "-p",
                Integer.toString(port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "unix_socket_directories=",
                // A test database: a killed server loses nothing (the OS has the pages), only a
                // crashed machine would, and that is not what these tests are about.
                "-c",
                "fsync=off",
                "-c",
                "max_connections=50"));
        ServerProcess p = ServerProcess.start("postgres", cmd, Map.of(), dir.resolve("postgres.log"));
        return new Postgres(pgData, port, p);
    }

    private static void giveToServerUser(Path path) throws IOException {
        UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal user = users.lookupPrincipalByName("postgres");
        GroupPrincipal group = users.lookupPrincipalByGroupName("postgres");
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        view.setOwner(user);
        view.setGroup(group);
    }

    private static boolean serverUserCanWrite(Path dir) {
        List<String> cmd = new ArrayList<>(asServerUser());
        cmd.addAll(List.of("test", "-w", dir.toString(), "-a", "-x", dir.toString()));
        try {
            return new ProcessBuilder(cmd).inheritIO().start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits until it accepts connections. */
    public void awaitReady() {
        process.awaitReady(Duration.ofSeconds(60), () -> {
            try (Connection c = connect("postgres")) {
                return c.isValid(2);
            } catch (SQLException e) {
                return false;
            }
        });
    }

    public ServerProcess process() {
        return process;
    }

    public int port() {
        return port;
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), USER, PASSWORD);
    }

    /** CREATE DATABASE, unless it exists. */
    public void createDatabase(String name) {
        try (Connection c = connect("postgres");
                Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
                if (r.next()) {
                    return;
                }
            }
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new AssertionError("CREATE DATABASE " + name + " on " + jdbcUrl("postgres"), e);
        }
    }

    /** The rows of a query (each column as its string form), for checks on what a server stored. */
    public List<List<String>> query(String database, String sql) {
        try (Connection c = connect(database);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            int n = r.getMetaData().getColumnCount();
            while (r.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(r.getString(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new AssertionError(sql + " on " + jdbcUrl(database), e);
        }
    }

    /** Fast shutdown (SIGINT): open transactions roll back, clients are disconnected. */
    public void stop() {
        if (process.isAlive()) {
            process.signal("INT");
        }
        process.awaitGone(Duration.ofSeconds(30));
    }

    /** Starts it again on the same port and data. */
    public void start() {
        process = process.startAgain();
        awaitReady();
    }

    public Path dataDir() {
        return dataDir;
    }

    @Override
    public void close() {
        stop();
    }

    /** Why a test cannot run PostgreSQL here, for its assumption message. */
    static String missingMessage() {
        return "PostgreSQL's server programs were not found (no /usr/lib/postgresql/<version>/bin/postgres; "
                + "install them with `apt-get install postgresql`, as .ci/run does, or set POSTGRES_BIN)";
    }
}
