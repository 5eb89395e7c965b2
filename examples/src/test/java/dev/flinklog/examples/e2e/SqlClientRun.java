package dev.flinklog.examples.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of examples/sql-client.sh, the way a user runs it, with its output kept in a file under
 * the test's run folder. FLINK_LOG_NO_BUILD=1: under {@code mvn verify} the class path was just
 * packaged, so the script must not start a nested Maven build.
 */
public final class SqlClientRun {

    static final Path EXAMPLES = Path.of(System.getProperty("flinklog.examples.dir", "."))
            .toAbsolutePath()
            .normalize();

    private static final Pattern JOB_ID = Pattern.compile("Job ID: ([0-9a-f]{32})");

    public final int exitCode;
    public final String output;
    public final Duration took;

    private SqlClientRun(int exitCode, String output, Duration took) {
        this.exitCode = exitCode;
        this.output = output;
        this.took = took;
    }

    /**
     * Runs {@code examples/sql-client.sh args...} with these environment variables; its run folder
     * and output go under {@code runDir}.
     */
    public static SqlClientRun run(Path runDir, String label, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add("bash");
        command.add(EXAMPLES.resolve("sql-client.sh").toString());
        command.addAll(List.of(args));
        Path out = runDir.resolve(label + ".out");
        Map<String, String> all = new HashMap<>();
        all.put("FLINK_LOG_NO_BUILD", "1");
        all.put("FLINK_LOG_RUN_ROOT", runDir.resolve("sql-client-runs").toString());
        all.put("SQL_CLIENT_TIMEOUT", "300");
        all.putAll(env);
        long t0 = System.nanoTime();
        ServerProcess p = ServerProcess.start("sql-client " + label, command, all, out);
        // The script kills its own client at SQL_CLIENT_TIMEOUT; this is only a backstop.
        int exit = p.awaitExit(Duration.ofMinutes(8));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        try {
            String text = Files.readString(out, StandardCharsets.UTF_8);
            System.out.println("---- sql-client.sh " + String.join(" ", args) + " -> exit " + exit + " in "
                    + took.toMillis() + " ms\n" + text);
            return new SqlClientRun(exit, text, took);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails with the output unless the script exited 0. */
    public SqlClientRun assertSucceeded() {
        if (exitCode != 0) {
            throw new AssertionError("sql-client.sh exited " + exitCode + ":\n" + output);
        }
        return this;
    }

    /** The id of the job the script submitted (the client prints it for a detached INSERT). */
    public String jobId() {
        Matcher m = JOB_ID.matcher(output);
        if (!m.find()) {
            throw new AssertionError("no job id in the output:\n" + output);
        }
        return m.group(1);
    }

    /** Writes a SQL file. */
    public static Path sqlFile(Path dir, String name, String... lines) {
        try {
            Files.createDirectories(dir);
            return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
