package dev.flinklog.gen;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generator stays plain Java: the CLI, the format's tests and the log-gen connector all use it,
 * and only the connector module (flink-log-gen-connector) may know Flink. Its sources import no
 * Flink class, and the module declares no Flink dependency.
 */
class GeneratorIsPlainJavaTest {

    private static final Path GEN = Path.of("src/main/java/dev/flinklog/gen");

    @Test
    void generatorSourcesImportNoFlink() throws IOException {
        assertThat(GEN).isDirectory();
        List<String> offenders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(GEN)) {
            for (Path p : (Iterable<Path>) paths.filter(f -> f.toString().endsWith(".java"))::iterator) {
                files++;
                for (String line : Files.readAllLines(p)) {
                    if (line.contains("org.apache.flink")) {
                        offenders.add(p.getFileName() + ": " + line.trim());
                    }
                }
            }
        }
        assertThat(files).as("generator source files found").isGreaterThan(10);
        assertThat(offenders).isEmpty();
    }

    @Test
    void pomHasNoFlinkDependency() throws IOException {
        assertThat(Files.readString(Path.of("pom.xml"))).doesNotContain("org.apache.flink");
    }
}
