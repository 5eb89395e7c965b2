package dev.flinklog.examples.e2e;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.File;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/stack.sh as a user runs it, with its default catalog (Nessie on PostgreSQL): up, up
 * again (nothing started twice), load (the archive job submitted, the records committed), trino,
 * status, down (no process left, data kept), up and load again (the job restored from the savepoint
 * down took: nothing lost or doubled), down --wipe. And a server that cannot start: up fails with its
 * log's tail. The pipeline itself is the end-to-end suite's subject; this test is about the script.
 */
class StackScriptITCase {

    private final List<Path> stacks = new ArrayList<>();

    /** One run of the script: exit status and what it printed (stdout and stderr together). */
    record Run(int exit, String output) {}

    private Run stack(Path stackDir, Map<String, String> env, Duration timeout, String... args) {
        List<String> cmd = new ArrayList<>(
                List.of("bash", SqlClientRun.EXAMPLES.resolve("stack.sh").toString()));
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile(stackDir.getParent(), "stack-", ".out");
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().put("FLINK_LOG_STACK_DIR", stackDir.toString());
            pb.environment().put("FLINK_LOG_NO_BUILD", "1");
            pb.environment().putAll(env);
            long t0 = System.nanoTime();
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("stack.sh " + String.join(" ", args) + " did not finish within " + timeout
                        + "\n" + Files.readString(out));
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            System.out.println("---- stack.sh " + String.join(" ", args) + " -> exit " + p.exitValue() + " in "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms\n" + text);
            return new Run(p.exitValue(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The pids the stack's pid files name that still run. */
    private static List<Long> alive(Path stackDir) {
        Path run = stackDir.resolve("run");
        if (!Files.isDirectory(run)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(run)) {
            return files.map(f -> {
                        try {
                            return Long.parseLong(Files.readString(f).strip());
                        } catch (IOException | NumberFormatException e) {
                            return -1L;
                        }
                    })
                    .filter(pid -> pid > 0
                            && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void nothingLeftRunning() {
        List<Long> leftovers = new ArrayList<>();
        for (Path dir : stacks) {
            if (Files.isDirectory(dir) && !alive(dir).isEmpty()) {
                stack(dir, Map.of(), Duration.ofMinutes(3), "down");
            }
            for (long pid : alive(dir)) {
                leftovers.add(pid);
                ProcessHandle.of(pid).ifPresent(h -> {
                    h.descendants().forEach(ProcessHandle::destroyForcibly);
                    h.destroyForcibly();
                });
            }
        }
        assertThat(leftovers).as("stack processes still running after the test").isEmpty();
    }

    private static void assumeServers() {
        Assumptions.assumeTrue(Servers.java21().isPresent(), "Nessie needs Java 21+: none found; skipping stack.sh");
        Assumptions.assumeTrue(
                TrinoServer.unavailable().isEmpty(),
                () -> TrinoServer.unavailable().get() + "; skipping stack.sh");
        Assumptions.assumeTrue(Postgres.binDir().isPresent(), () -> Postgres.missingMessage() + "; skipping stack.sh");
        Assumptions.assumeTrue(
                Servers.hasClassPath("nessie"), "examples/servers/nessie was not built; skipping stack.sh");
    }

    private static final Pattern COMMITTED = Pattern.compile("table logs\\.events has ([0-9]+) rows");
    private static final Pattern PRODUCED = Pattern.compile("produced ([0-9]+) records \\(([0-9]+) rows");

    @Test
    void upLoadTrinoStatusDownAndARestoredLoad() throws IOException {
        assumeServers();
        Path dir = E2E.runDir("stack").resolve("stack");
        stacks.add(dir);
        Map<String, String> env = Map.of("STACK_CHECKPOINT_INTERVAL", "5s");

        Run up = stack(dir, env, Duration.ofMinutes(6), "up");
        assertThat(up.exit()).as(up.output()).isZero();
        for (String server : List.of("kafka", "s3proxy", "postgres", "nessie", "jobmanager", "taskmanager", "trino")) {
            assertThat(up.output()).containsPattern("(?m)^  " + server + " +\\S");
        }
        assertThat(alive(dir)).hasSize(7);

        Run again = stack(dir, env, Duration.ofMinutes(2), "up");
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output())
                .contains("kafka: running (pid")
                .contains("trino: running (pid")
                .doesNotContainPattern("stack.sh: [a-z-]+ up in");
        assertThat(alive(dir)).hasSize(7);

        Run load = stack(dir, env, Duration.ofMinutes(6), "load", "3000");
        assertThat(load.exit()).as(load.output()).isZero();
        Matcher produced = PRODUCED.matcher(load.output());
        assertThat(produced.find()).as(load.output()).isTrue();
        long rows = Long.parseLong(produced.group(2));
        Matcher committed = COMMITTED.matcher(load.output());
        assertThat(committed.find()).as(load.output()).isTrue();
        assertThat(Long.parseLong(committed.group(1))).isEqualTo(rows);

        Run trino = stack(
                dir,
                env,
                Duration.ofMinutes(2),
                "trino",
                "SELECT count(*) AS total, count(DISTINCT regexp_extract(raw_json, 'log-[0-9]{12}')) AS records FROM events");
        assertThat(trino.exit()).as(trino.output()).isZero();
        assertThat(trino.output())
                .containsPattern("(?m)^ *total *\\| *records *$")
                .containsPattern("(?m)^ *" + rows + " *\\| *3000 *$");

        Run status = stack(dir, env, Duration.ofMinutes(1), "status");
        assertThat(status.exit()).as(status.output()).isZero();
        assertThat(status.output())
                .containsPattern("(?m)^trino +running")
                .containsPattern("(?m)^archive job +RUNNING")
                .containsPattern("(?m)^logs.events +" + rows + " rows");

        Run down = stack(dir, env, Duration.ofMinutes(3), "down");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(down.output()).contains("stopped with savepoint");
        assertThat(alive(dir)).as("processes after down").isEmpty();
        assertThat(dir.resolve("data")).isDirectory();

        // A second life of the same stack: the job comes back from the savepoint down took.
        Run up2 = stack(dir, env, Duration.ofMinutes(6), "up");
        assertThat(up2.exit()).as(up2.output()).isZero();
        Run load2 = stack(dir, env, Duration.ofMinutes(6), "load", "1000");
        assertThat(load2.exit()).as(load2.output()).isZero();
        assertThat(load2.output()).contains("restored from");
        Matcher produced2 = PRODUCED.matcher(load2.output());
        assertThat(produced2.find()).isTrue();
        Matcher committed2 = COMMITTED.matcher(load2.output());
        assertThat(committed2.find()).as(load2.output()).isTrue();
        assertThat(Long.parseLong(committed2.group(1)))
                .as("rows after the second load: nothing lost or doubled")
                .isEqualTo(rows + Long.parseLong(produced2.group(2)));

        Run wipe = stack(dir, env, Duration.ofMinutes(3), "down", "--wipe");
        assertThat(wipe.exit()).as(wipe.output()).isZero();
        assertThat(alive(dir)).isEmpty();
        assertThat(dir).doesNotExist();
    }

    @Test
    void upFailsWithTheLogOfTheServerThatDidNotStart() throws IOException {
        assumeServers();
        Path dir = E2E.runDir("stack-broken").resolve("stack");
        stacks.add(dir);
        // A heap Kafka's JVM cannot start with: the first server dies at once.
        Run up = stack(dir, Map.of("STACK_KAFKA_HEAP", "1k"), Duration.ofMinutes(3), "up");
        assertThat(up.exit()).as(up.output()).isEqualTo(1);
        assertThat(up.output()).contains("kafka died; the end of").contains("  | ");
        Run down = stack(dir, new HashMap<>(), Duration.ofMinutes(3), "down", "--wipe");
        assertThat(down.exit()).as(down.output()).isZero();
        assertThat(alive(dir)).isEmpty();
    }
}
