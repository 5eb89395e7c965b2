package dev.flinklog.usage;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/maven.md shows the code MavenUsageITCase runs: each {@code <!-- doc:NAME -->} block of the
 * page equals the test's {@code // doc:NAME} region (indentation removed), so the page cannot drift
 * from code that compiles and passes.
 */
class MavenDocsTest {

    private static final Path DOC = Path.of("../docs/maven.md");
    private static final Path CODE = Path.of("src/test/java/dev/flinklog/usage/MavenUsageITCase.java");

    @Test
    void everyCodeBlockOfThePageIsARegionOfTheTest() throws IOException {
        Map<String, String> doc = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<!-- doc:([\\w-]+) -->\\s*```java\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(DOC, StandardCharsets.UTF_8));
        while (m.find()) {
            doc.put(m.group(1), m.group(2).strip());
        }
        Map<String, String> code = new LinkedHashMap<>();
        Matcher c = Pattern.compile("// doc:([\\w-]+)\\n(.*?)\\n\\s*// /doc:\\1", Pattern.DOTALL)
                .matcher(Files.readString(CODE, StandardCharsets.UTF_8));
        while (c.find()) {
            code.put(c.group(1), dedent(c.group(2)));
        }
        assertThat(code.keySet()).containsExactly("table-api", "datastream-table", "datastream-schema");
        assertThat(doc).isEqualTo(code);
    }

    @Test
    void dependencySnippetNamesTheModulesAndTheProjectVersion() throws IOException {
        String page = Files.readString(DOC, StandardCharsets.UTF_8);
        String version = System.getProperty("project.version", "0.1.0-SNAPSHOT");
        assertThat(page)
                .contains("<artifactId>flink-log-format</artifactId>")
                .contains("<artifactId>flink-log-sql-functions</artifactId>")
                .contains("<artifactId>flink-log-core</artifactId>")
                .contains("<version>" + version + "</version>")
                .contains("<scope>provided</scope>");
    }

    private static String dedent(String block) {
        List<String> lines = block.lines().collect(Collectors.toList());
        int indent = lines.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        return lines.stream()
                .map(l -> l.isBlank() ? "" : l.substring(indent))
                .collect(Collectors.joining("\n"))
                .strip();
    }
}
