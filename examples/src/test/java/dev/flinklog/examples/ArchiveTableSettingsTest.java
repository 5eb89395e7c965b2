package dev.flinklog.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Iceberg table settings docs/examples.md recommends (its {@code CREATE TABLE} of the archive
 * schema) are the ones every archive table of the examples is created with: the measured choices
 * (file and row-group sizes, zstd, the dictionary size) live in the docs and in the SQL, and this
 * keeps the two equal.
 */
class ArchiveTableSettingsTest {

    private static final Pattern TABLE = Pattern.compile("CREATE TABLE[^;]*?;", Pattern.DOTALL);
    private static final Pattern WRITE_PROPERTY = Pattern.compile("'(write\\.[a-z.-]+)'\\s*=\\s*'([^']*)'");

    @Test
    void everyArchiveTableHasTheSettingsTheDocsRecommend() throws IOException {
        String docs = Files.readString(ScriptRun.EXAMPLES.resolveSibling("docs/examples.md"), StandardCharsets.UTF_8);
        Matcher snippet = Pattern.compile("CREATE TABLE IF NOT EXISTS logs\\.events[^;]*;", Pattern.DOTALL)
                .matcher(docs);
        assertThat(snippet.find()).isTrue();
        Map<String, String> recommended = writeProperties(snippet.group());
        assertThat(recommended)
                .containsEntry("write.parquet.compression-codec", "zstd")
                .containsEntry("write.parquet.dict-size-bytes", "65536")
                .hasSize(5);

        List<String> checked = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> all = Files.walk(ScriptRun.EXAMPLES)) {
            files = all.filter(f -> f.toString().endsWith(".sql"))
                    .filter(f ->
                            !f.toString().contains("/target/") && !f.toString().contains("/.quickstart/"))
                    .sorted()
                    .toList();
        }
        for (Path file : files) {
            Matcher t = TABLE.matcher(ExampleSql.stripComments(Files.readString(file, StandardCharsets.UTF_8)));
            while (t.find()) {
                String ddl = t.group();
                if (!ddl.contains("PARTITIONED BY (dt, hr)")) {
                    continue;
                }
                assertThat(writeProperties(ddl))
                        .as("%s: %s", ScriptRun.EXAMPLES.relativize(file), ddl)
                        .containsAllEntriesOf(recommended);
                checked.add(ScriptRun.EXAMPLES.relativize(file).toString());
            }
        }
        // rest (plain and VARIANT), Glue (two topics), the quickstart's two loads, the checkpoint measurement
        assertThat(checked).hasSize(7);
    }

    private static Map<String, String> writeProperties(String ddl) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = WRITE_PROPERTY.matcher(ddl);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }
}
