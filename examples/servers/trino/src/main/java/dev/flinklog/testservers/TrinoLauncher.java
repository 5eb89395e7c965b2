package dev.flinklog.testservers;

/**
 * Starts a Trino server in this JVM, as the release tarball's launcher does: {@code
 * io.trino.server.Server#start(version)}, configured by the system properties the tests and
 * examples/stack.sh set ({@code config}, {@code node.*}, {@code log.levels-file}). Called by
 * reflection so that this jar compiles for Java 17 against nothing of Trino's (whose classes need
 * Java 25). The version printed by the server is the one its jars were resolved at.
 */
public final class TrinoLauncher {

    private TrinoLauncher() {}

    public static void main(String[] args) throws Exception {
        String version = args.length > 0 ? args[0] : System.getProperty("trino.version", "unknown");
        Class<?> server = Class.forName("io.trino.server.Server");
        server.getMethod("start", String.class).invoke(server.getConstructor().newInstance(), version);
    }
}
