package dev.flinklog.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * examples/docker/submit-sql.sh, the docker-compose job submitter, without Docker: a stand-in for
 * the Flink image's bin/sql-client.sh prints the file it is given, so the test sees exactly what
 * the real client would run. The substitution must agree with sql-client.sh's rule (and with
 * ExampleSql.substitute, which the plan tests use) on the shipped archive files.
 */
class SubmitSqlScriptTest {

    private static final Path SCRIPT = ScriptRun.EXAMPLES.resolve("docker/submit-sql.sh");

    @TempDir
    Path tmp;

    private record Result(int exit, String output) {}

    private Result run(Path sql, Map<String, String> env, String clientOutput) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("flink/bin"));
        // The stand-in client: prints the substituted script (after -f), then what the test wants.
        Path client = Files.writeString(
                bin.resolve("sql-client.sh"),
                "#!/usr/bin/env bash\nset -euo pipefail\nshift\ncat \"$1\"\nprintf '%s\\n' \"$CLIENT_SAYS\"\n");
        Files.setPosixFilePermissions(client, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb =
                new ProcessBuilder(List.of("bash", SCRIPT.toString(), sql.toString())).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv("PATH"));
        pb.environment().put("FLINK_HOME", tmp.resolve("flink").toString());
        pb.environment().put("CLIENT_SAYS", clientOutput);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }

    @Test
    void substitutesTheGlueArchiveLikeTheLocalRuns() throws Exception {
        Path sql = ScriptRun.EXAMPLES.resolve("kafka-iceberg-glue-s3/archive.sql");
        Map<String, String> env = Map.of("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092", "S3_WAREHOUSE", "bucket/wh");

        Result r = run(sql, env, "[INFO] Submitting SQL update statement to the cluster...");

        assertThat(r.exit).as(r.output).isZero();
        String expected = ExampleSql.substitute(ExampleSql.read(sql), env);
        assertThat(r.output).contains(expected.strip());
        assertThat(r.output)
                .contains("'warehouse' = 's3://bucket/wh'", "'3min'")
                .doesNotContain("${");
    }

    @Test
    void aVariableThatIsSetWinsOverItsDefault() throws Exception {
        Path sql = Files.writeString(tmp.resolve("a.sql"), "SET 'x' = '${CHECKPOINT_INTERVAL:-3min}';\n");

        Result r = run(sql, Map.of("CHECKPOINT_INTERVAL", "30s"), "");

        assertThat(r.exit).isZero();
        assertThat(r.output).contains("SET 'x' = '30s';");
    }

    @Test
    void anUnsetVariableWithoutDefaultStopsWithItsName() throws Exception {
        Path sql = ScriptRun.EXAMPLES.resolve("kafka-iceberg-glue-s3/archive.sql");

        Result r = run(sql, Map.of("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092"), "");

        assertThat(r.exit).isEqualTo(2);
        assertThat(r.output).contains("unset variable(s): S3_WAREHOUSE").doesNotContain("CREATE CATALOG");
    }

    @Test
    void anErrorOfTheClientFailsTheSubmitterAlthoughTheClientExitsZero() throws Exception {
        Path sql = Files.writeString(tmp.resolve("b.sql"), "SELECT 1;\n");

        Result r = run(sql, Map.of(), "[ERROR] Could not execute SQL statement. Reason:");

        assertThat(r.exit).isEqualTo(1);
        assertThat(r.output).contains("a statement failed");
    }

    @Test
    void resultTableCellsWithErrorTextDoNotCount() throws Exception {
        Path sql = Files.writeString(tmp.resolve("c.sql"), "SELECT 1;\n");

        Result r = run(sql, Map.of(), "| [ERROR] disk full on node-3 |");

        assertThat(r.exit).as(r.output).isZero();
    }
}
