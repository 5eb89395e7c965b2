package dev.flinklog.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * After `mvn package`: the folder both docker-compose files mount into the Flink image's lib/
 * (examples/target/flink-lib) holds what the image lacks for the examples, and none of Flink's own
 * jars, which would put a second copy of Flink's classes next to the image's flink-dist.
 */
class ExamplesComposeITCase {

    @Test
    void flinkLibHoldsTheConnectorsAndNoFlinkCoreJars() throws IOException {
        Path lib = ExamplesComposeTest.flinkLib(ExamplesCompose.of("kafka-iceberg-rest"));
        assertThat(lib)
                .as("built by mvn package (examples/pom.xml, execution flink-lib)")
                .isDirectory();
        List<String> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String prefix : List.of(
                "flink-sql-log-",
                "flink-connector-kafka-",
                "kafka-clients-",
                "iceberg-flink-runtime-2.1-",
                "iceberg-aws-bundle-",
                "hadoop-common-",
                "hadoop-hdfs-client-",
                "hadoop-mapreduce-client-core-")) {
            assertThat(jars).as("flink-lib has %s*", prefix).anyMatch(j -> j.startsWith(prefix));
        }
        assertThat(jars)
                .noneMatch(
                        j -> j.matches(
                                "flink-(runtime|core|table|streaming|clients|dist|json|csv|connector-files|sql-client|sql-gateway)[-.].*"));
        // Only the project's shaded jar, never its thin module jars.
        assertThat(jars).noneMatch(j -> j.startsWith("flink-log-"));
        // One copy of lz4 (kafka-clients' at.yawk fork; flink-dist has org.lz4's).
        assertThat(jars.stream().filter(j -> j.startsWith("lz4-java-"))).hasSize(1);
    }
}
