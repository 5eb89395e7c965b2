package dev.flinklog.compat;

import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.MessageTemplate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jar in a user's {@code lib/}: a SQL session in a JVM of its own whose class path is Flink's
 * jars (of the version under test, with what they need) plus the shaded flink-sql-log jar, and
 * nothing of this build's test class path: no thin module jars, no test classes, no JUnit. It runs
 * {@code 'format' = 'log-json'} on a file and queries after {@code LOAD MODULE logs}.
 *
 * <p>The class path comes from {@code dependency:build-classpath} (test scope minus the test
 * libraries) in target/userlib.classpath. The session itself is LibSession.java, run by the
 * source launcher. Its output lines are compared here.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UserLibSessionITCase {

    private static final long TIMEOUT_MINUTES = 8;

    private final String flinkVersion = System.getProperty("compat.flink.version");
    private List<String> classPath;
    private List<String> output;

    @BeforeAll
    void runSession() throws IOException, InterruptedException {
        classPath = Arrays.stream(Files.readString(Path.of(System.getProperty("compat.userlib.classpath")))
                        .trim()
                        .split(File.pathSeparator))
                .collect(Collectors.toList());
        Path work = Files.createDirectories(Path.of(System.getProperty("compat.work.dir")));
        Path logs = work.resolve("logs.jsonl");
        Files.write(
                logs,
                List.of(
                        "{\"time\":\"2025-03-14T06:00:00Z\",\"level\":\"ERROR\","
                                + "\"message\":\"java.net.ConnectException: Connection refused\","
                                + "\"service\":{\"name\":\"api\"}}",
                        "{\"ts\":1741932001000,\"severity\":\"info\","
                                + "\"msg\":\"Connection from 10.0.0.1:8080 closed after 41ms\",\"service_name\":\"web\"}",
                        "this line is not json"),
                StandardCharsets.UTF_8);
        Path script = work.resolve("session.sql");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "CREATE TABLE logs (event_time TIMESTAMP_LTZ(6), log_level STRING, message STRING,",
                        "  service_name STRING, raw_json STRING)",
                        "  WITH ('connector' = 'filesystem', 'path' = '" + logs.toUri() + "', 'format' = 'log-json');",
                        "LOAD MODULE logs;",
                        "SELECT event_time, log_level, service_name, LOG_TEMPLATE(message), LOG_FINGERPRINT(message),",
                        "  LOG_ERROR_CLASS(message) FROM logs;",
                        "SELECT raw_json FROM logs WHERE service_name IS NULL;",
                        "SELECT LOG_LEVEL('2025/03/14 06:00:00 [error] 12#12: upstream timed out'),",
                        "  LOG_LABEL('{\"service\":{\"name\":\"api\"}}', 'service.name');",
                        // the raw payload as a VARIANT: Flink 2.1 and newer
                        "-- may fail",
                        "CREATE TABLE logs_v (log_level STRING, raw_json VARIANT)",
                        "  WITH ('connector' = 'filesystem', 'path' = '" + logs.toUri() + "', 'format' = 'log-json');",
                        "-- may fail",
                        "SELECT log_level, raw_json FROM logs_v;",
                        "-- may fail",
                        "SELECT LOG_LABEL(raw_json, 'service.name'), LOG_PARSE(raw_json).log_level, LOG_LABELS(raw_json)",
                        "  FROM logs_v;",
                        ""),
                StandardCharsets.UTF_8);

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path session = work.resolve("LibSession.java");
        try (var in = UserLibSessionITCase.class.getResourceAsStream("/userlib/LibSession.java")) {
            Files.write(session, in.readAllBytes());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        // Flink's own JVM flags for Java 17 (the same as this test JVM's).
        cmd.addAll(Arrays.asList(System.getProperty("compat.jvm.opts").trim().split("\\s+")));
        cmd.add("-Xmx768m");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add(session.toString());
        cmd.add(script.toString());
        Path out = work.resolve("session.out");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        try {
            boolean done = p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            assertThat(done)
                    .as("session finished within %d min, see %s", TIMEOUT_MINUTES, out)
                    .isTrue();
        } finally {
            p.destroyForcibly();
        }
        output = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue())
                .as("session exit status; its output:\n%s", String.join("\n", output))
                .isZero();
    }

    @Test
    void classPathIsFlinkAndTheShadedJarOnly() {
        List<String> names =
                classPath.stream().map(e -> Path.of(e).getFileName().toString()).collect(Collectors.toList());
        assertThat(names).allMatch(n -> n.endsWith(".jar"), "jars only, no class folders");
        assertThat(names.stream().filter(n -> n.startsWith("flink-sql-log-"))).hasSize(1);
        assertThat(names)
                .noneMatch(n -> n.startsWith("flink-log-"))
                .noneMatch(n -> n.startsWith("junit-") || n.startsWith("assertj-") || n.startsWith("opentest4j"));
        assertThat(names).contains("flink-table-planner-loader-" + flinkVersion + ".jar");
    }

    @Test
    void sessionRunsTheVersionUnderTestWithOurClassesFromTheShadedJar() {
        assertThat(output).contains("flink-version|" + flinkVersion);
        assertThat(output.stream().filter(l -> l.startsWith("loaded-from|")))
                .hasSize(2)
                .allMatch(l -> l.matches("loaded-from\\|[\\w.]+\\|file:.*/flink-sql-log-[^/]*\\.jar"));
    }

    @Test
    void formatAndFunctionsGiveTheirValues() {
        String template = "Connection from <*> closed after <*>";
        assertThat(MessageTemplate.template("Connection from 10.0.0.1:8080 closed after 41ms"))
                .isEqualTo(template);
        assertThat(rows(3))
                .containsExactly(
                        "2025-03-14T06:00:00Z|error|api|java.net.ConnectException: Connection refused|"
                                + Fingerprint.hexOf("java.net.ConnectException: Connection refused")
                                + "|connection_refused",
                        "2025-03-14T06:00:01Z|info|web|" + template + "|"
                                + Fingerprint.hexOf("Connection from 10.0.0.1:8080 closed after 41ms") + "|null",
                        "null|info|null|this line is not json|" + Fingerprint.hexOf("this line is not json") + "|null");
        assertThat(rows(4)).containsExactly("this line is not json");
        assertThat(rows(5)).containsExactly("error|api");
        assertThat(output).contains("ok|1", "ok|2", "ok|5");
    }

    @Test
    void aVariantRawColumnAndVariantFunctionArgumentsOnFlink21AndNewerAndAClearErrorBefore() {
        boolean variant = !flinkVersion.startsWith("1.") && !flinkVersion.startsWith("2.0");
        if (variant) {
            assertThat(output).contains("ok|6");
            assertThat(rows(7))
                    .containsExactly(
                            "error|{\"level\":\"ERROR\",\"message\":\"java.net.ConnectException: Connection refused\","
                                    + "\"service\":{\"name\":\"api\"},\"time\":\"2025-03-14T06:00:00Z\"}",
                            "info|{\"msg\":\"Connection from 10.0.0.1:8080 closed after 41ms\","
                                    + "\"service_name\":\"web\",\"severity\":\"info\",\"ts\":1741932001000}",
                            "info|null");
            // the functions take the VARIANT record as they take its text
            assertThat(rows(8)).containsExactly("api|error|{}", "web|info|{}", "null|null|null");
        } else {
            // Flink's own SQL parser has no such type: the DDL fails before the format is asked
            assertThat(output).anyMatch(l -> l.startsWith("error|6|") && l.contains("VARIANT"));
        }
    }

    /** The rows statement {@code n} printed, without the "row|n|" prefix. */
    private List<String> rows(int n) {
        String prefix = "row|" + n + "|";
        return output.stream()
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()))
                .collect(Collectors.toList());
    }
}
