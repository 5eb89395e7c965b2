package dev.flinklog.format;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/architecture.md is the map of the code: every class it names in code font ({@code
 * `RecordReader`}, {@code `ParsedTime.nanoOfSecond(int)`}) must exist in some module's sources
 * (tests are named too), with the method where one is named, and every package it names must exist.
 */
class ArchitectureDocsTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern CLASS =
            Pattern.compile("`([A-Z][a-z][A-Za-z0-9]*)(?:\\.([a-z][A-Za-z0-9]*))?(?:\\([^`]*\\))?`");
    private static final Pattern PACKAGE = Pattern.compile("`(dev\\.flinklog(?:\\.[a-z]+)+)`");

    @Test
    void everyNamedClassMethodAndPackageExists() throws IOException {
        String doc = Files.readString(ROOT.resolve("docs/architecture.md"), StandardCharsets.UTF_8);
        Map<String, Path> sources = new HashMap<>();
        List<Path> packages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(p -> (p.toString().contains("/src/main/java/")
                                    || p.toString().contains("/src/test/java/"))
                            && !p.toString().contains("/target/"))
                    .forEach(p -> {
                        if (p.toString().endsWith(".java")) {
                            sources.put(p.getFileName().toString().replace(".java", ""), p);
                        } else if (Files.isDirectory(p)) {
                            packages.add(p);
                        }
                    });
        }
        List<String> missing = new ArrayList<>();
        Matcher m = CLASS.matcher(doc);
        int named = 0;
        while (m.find()) {
            named++;
            Path source = sources.get(m.group(1));
            if (source == null) {
                missing.add("class " + m.group(1));
            } else if (m.group(2) != null && !Files.readString(source).contains(" " + m.group(2) + "(")) {
                missing.add("method " + m.group(1) + "." + m.group(2));
            }
        }
        Matcher pm = PACKAGE.matcher(doc);
        while (pm.find()) {
            String dir = pm.group(1).replace('.', '/');
            if (packages.stream().noneMatch(p -> p.toString().endsWith("/src/main/java/" + dir))) {
                missing.add("package " + pm.group(1));
            }
        }
        assertThat(named).as("classes named in docs/architecture.md").isGreaterThan(40);
        assertThat(missing)
                .as("named in docs/architecture.md but not in the code")
                .isEmpty();
    }
}
