package dev.flinklog.examples.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where the end-to-end tests keep their servers' data and logs (under target/, for post-mortems). */
final class E2E {

    private static final Path RUNS = Path.of(System.getProperty(
            "flinklog.e2e.runs",
            SqlClientRun.EXAMPLES.resolve("target/e2e-runs").toString()));

    private E2E() {}

    /** A fresh folder for one test: target/e2e-runs/{name}-{time}. */
    static Path runDir(String name) {
        try {
            return Files.createDirectories(RUNS.resolve(
                    name + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
