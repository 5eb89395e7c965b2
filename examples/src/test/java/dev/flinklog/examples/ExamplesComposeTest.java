package dev.flinklog.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docker-compose files cannot run here (no Docker), so this keeps them honest instead: what
 * they mount exists in the repository (or is the build output the pom declares; the ITCase checks
 * its contents after `mvn package`), the job submitter gets every variable of the SQL file it
 * submits, every variable the compose file needs is in .env.example, and every image is pinned.
 */
class ExamplesComposeTest {

    /** Host paths that `mvn package` produces rather than the repository holds. */
    static final String FLINK_LIB = "../target/flink-lib";

    /** Credentials compose passes through from the user's shell, by design never in a file. */
    private static final Pattern FROM_SHELL = Pattern.compile("AWS_[A-Z_]+");

    @ParameterizedTest
    @ValueSource(strings = {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"})
    void everyMountedHostPathIsInTheRepositoryOrABuildOutput(String example) {
        ExamplesCompose compose = ExamplesCompose.of(example);
        List<String> checked = new ArrayList<>();
        compose.services().forEach((name, service) -> {
            for (ExamplesCompose.Mount mount : ExamplesCompose.mounts(service)) {
                if (mount.host().equals(FLINK_LIB)) {
                    continue; // ExamplesComposeITCase, after package
                }
                Path host = compose.dir.resolve(mount.host()).normalize();
                assertThat(host)
                        .as("%s: service %s mounts %s", compose.file, name, mount.host())
                        .exists();
                assertThat(host.startsWith(ScriptRun.EXAMPLES))
                        .as("%s: %s lies outside examples/", name, mount.host())
                        .isTrue();
                checked.add(mount.host());
            }
        });
        assertThat(checked).contains("./archive.sql", "../docker/submit-sql.sh", "../docker/submitter-conf");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"})
    void theFlinkServicesGetTheBuiltJarsInLib(String example) throws Exception {
        ExamplesCompose compose = ExamplesCompose.of(example);
        for (String name : List.of("jobmanager", "taskmanager", "submitter")) {
            assertThat(ExamplesCompose.mounts(compose.service(name)))
                    .as("%s in %s", name, example)
                    .contains(new ExamplesCompose.Mount(FLINK_LIB, "/opt/flink/lib/flink-log"));
        }
        // The build output the mount names is the one examples/pom.xml declares.
        assertThat(Files.readString(ScriptRun.EXAMPLES.resolve("pom.xml")))
                .contains("<flink.lib>${project.build.directory}/flink-lib</flink.lib>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"})
    void theSubmitterRunsTheExamplesOwnSqlFileWithEveryVariableItUses(String example) {
        ExamplesCompose compose = ExamplesCompose.of(example);
        Map<String, Object> submitter = compose.service("submitter");

        // The SQL file it runs is this example's archive.sql, mounted as is.
        List<String> command = ExamplesCompose.list(submitter, "command");
        assertThat(command).hasSize(1);
        ExamplesCompose.Mount sql = ExamplesCompose.mounts(submitter).stream()
                .filter(m -> m.container().equals(command.get(0)))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the submitter's SQL file " + command + " is not mounted"));
        assertThat(compose.dir.resolve(sql.host()).normalize()).isEqualTo(compose.dir.resolve("archive.sql"));
        // ... by the submitter script, which substitutes like sql-client.sh, and is mounted too.
        List<String> entrypoint = ExamplesCompose.list(submitter, "entrypoint");
        assertThat(ExamplesCompose.mounts(submitter))
                .contains(new ExamplesCompose.Mount("../docker/submit-sql.sh", entrypoint.get(entrypoint.size() - 1)));
        Map<String, String> env = ExamplesCompose.environment(submitter);
        assertThat(ExamplesCompose.mounts(submitter).stream().map(ExamplesCompose.Mount::container))
                .contains(env.get("FLINK_CONF_DIR"));

        Set<String> used = ExampleSql.requiredVariables(ExampleSql.read(compose.dir.resolve("archive.sql")));
        assertThat(used).isNotEmpty();
        for (String name : used) {
            assertThat(env)
                    .as("%s: the submitter's environment sets ${%s} of archive.sql", example, name)
                    .containsKey(name);
            // Under the same name: KAFKA_BOOTSTRAP_SERVERS: ${KAFKA_BOOTSTRAP_SERVERS}
            assertThat(ExamplesCompose.references(env.get(name)))
                    .as("%s in %s", name, example)
                    .containsExactly(name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"})
    void everyVariableWithoutDefaultIsInEnvExampleOrComesFromTheShell(String example) {
        ExamplesCompose compose = ExamplesCompose.of(example);
        Map<String, String> envExample = compose.envExample();
        for (String name : ExamplesCompose.requiredReferences(compose.text)) {
            if (FROM_SHELL.matcher(name).matches()) {
                assertThat(envExample)
                        .as("%s: AWS credentials never go into .env", example)
                        .doesNotContainKey(name);
            } else {
                assertThat(envExample)
                        .as("%s: ${%s} of docker-compose.yml in .env.example", example, name)
                        .containsKey(name);
            }
        }
        // And .env.example holds nothing the compose file does not use.
        assertThat(ExamplesCompose.references(compose.text)).containsAll(envExample.keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"})
    void imagesArePinnedToVersions(String example) {
        ExamplesCompose compose = ExamplesCompose.of(example);
        Pattern pinned = Pattern.compile("[a-z0-9./-]+:(?!latest)[A-Za-z0-9._-]*[0-9][A-Za-z0-9._-]*");
        compose.services().forEach((name, service) -> {
            Object image = service.get("image");
            assertThat(image).as("%s: service %s has an image", example, name).isNotNull();
            assertThat(String.valueOf(image))
                    .as("%s: image of %s", example, name)
                    .matches(pinned);
        });
        // The Flink image is the Flink version the jars are built for.
        assertThat(compose.service("jobmanager").get("image")).isEqualTo("flink:2.1.0-java17");
    }

    @Test
    void restExampleRunsTheFullStackAndTrinoSeesTheSameCatalog() {
        ExamplesCompose compose = ExamplesCompose.of("kafka-iceberg-rest");
        assertThat(compose.services().keySet())
                .contains(
                        "kafka",
                        "postgres",
                        "rustfs",
                        "bucket-init",
                        "nessie",
                        "jobmanager",
                        "taskmanager",
                        "submitter",
                        "trino");
        Map<String, String> envExample = compose.envExample();
        // The REST URI is Nessie's Iceberg endpoint, and the warehouse the name Nessie defines.
        assertThat(envExample.get("ICEBERG_REST_URI")).isEqualTo("http://nessie:19120/iceberg/");
        Map<String, String> nessie = ExamplesCompose.environment(compose.service("nessie"));
        assertThat(nessie.get("nessie.catalog.default-warehouse")).isEqualTo(envExample.get("ICEBERG_WAREHOUSE"));
        assertThat(nessie)
                .containsKey("nessie.catalog.warehouses." + envExample.get("ICEBERG_WAREHOUSE") + ".location");
        assertThat(nessie.get("nessie.version.store.persist.jdbc.datasource")).isEqualTo("postgresql");
        // Kafka in KRaft mode, no ZooKeeper.
        assertThat(ExamplesCompose.environment(compose.service("kafka")).get("KAFKA_PROCESS_ROLES"))
                .isEqualTo("broker,controller");

        // Trino: its catalog file and the shared Trino queries are mounted, and every ${ENV:X} of
        // the catalog file is set in its environment.
        Map<String, Object> trino = compose.service("trino");
        assertThat(ExamplesCompose.mounts(trino))
                .contains(
                        new ExamplesCompose.Mount(
                                "./trino/catalog/iceberg.properties", "/etc/trino/catalog/iceberg.properties"),
                        new ExamplesCompose.Mount("../queries/trino", "/opt/flink-log/queries"));
        String catalog = ExampleSql.read(compose.dir.resolve("trino/catalog/iceberg.properties"));
        Matcher env = Pattern.compile("\\$\\{ENV:([A-Za-z_][A-Za-z0-9_]*)}").matcher(catalog);
        Map<String, String> trinoEnv = ExamplesCompose.environment(trino);
        int refs = 0;
        while (env.find()) {
            assertThat(trinoEnv)
                    .as("trino sets %s for iceberg.properties", env.group(1))
                    .containsKey(env.group(1));
            refs++;
        }
        assertThat(refs).isGreaterThanOrEqualTo(5);
        assertThat(catalog).contains("iceberg.catalog.type=rest").contains("s3.path-style-access=true");
        // The image runs the Trino the end-to-end tests ran (examples/servers' trino.version): the
        // variant query of ../queries/trino-variant needs 481 or newer.
        Matcher version = Pattern.compile("<trino.version>([0-9]+)</trino.version>")
                .matcher(ExampleSql.read(compose.dir.resolve("../servers/pom.xml")));
        assertThat(version.find()).isTrue();
        assertThat((String) trino.get("image")).isEqualTo("trinodb/trino:" + version.group(1));
        assertThat(Integer.parseInt(version.group(1))).isGreaterThanOrEqualTo(481);
    }

    @Test
    void glueExamplePassesAwsCredentialsThroughAndRunsNoCatalogOrStore() {
        ExamplesCompose compose = ExamplesCompose.of("kafka-iceberg-glue-s3");
        assertThat(compose.services().keySet())
                .containsExactlyInAnyOrder("kafka", "jobmanager", "taskmanager", "submitter");
        for (String name : List.of("jobmanager", "taskmanager", "submitter")) {
            Map<String, String> env = ExamplesCompose.environment(compose.service(name));
            for (String aws :
                    List.of("AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")) {
                assertThat(env).as("%s passes %s through", name, aws).containsKey(aws);
                assertThat(ExamplesCompose.references(env.get(aws))).containsExactly(aws);
            }
        }
    }

    static Path flinkLib(ExamplesCompose compose) {
        return compose.dir.resolve(FLINK_LIB).normalize();
    }
}
