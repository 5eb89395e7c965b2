package dev.flinklog.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log semantics must stay usable without Flink (the format and the functions both call them,
 * and so can a DataStream job or a test): no class in {@code dev.flinklog.core} may import Flink,
 * and none may use {@code java.util.regex}, which backtracks on untrusted log text.
 */
class CoreIsPlainJavaTest {

    private static final Path CORE = Path.of("src/main/java/dev/flinklog/core");

    @Test
    void coreSourcesImportNeitherFlinkNorRegex() throws IOException {
        assertThat(CORE).isDirectory();
        List<String> offenders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(CORE)) {
            for (Path p : (Iterable<Path>) paths.filter(f -> f.toString().endsWith(".java"))::iterator) {
                files++;
                for (String line : Files.readAllLines(p)) {
                    String l = line.trim();
                    if (l.startsWith("import org.apache.flink")
                            || l.startsWith("import java.util.regex")
                            || l.contains("java.util.regex.")
                            || l.contains(".matches(\"")
                            || l.contains(".replaceAll(\"")
                            || l.contains(".split(\"")) {
                        offenders.add(p.getFileName() + ": " + l);
                    }
                }
            }
        }
        assertThat(files).as("core source files found").isPositive();
        assertThat(offenders).isEmpty();
    }
}
