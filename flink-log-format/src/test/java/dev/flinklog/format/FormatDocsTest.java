package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;

import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/format.md} is checked against the code: the alias table is rendered from {@link
 * FieldAliases} and must appear verbatim, and every option is documented with its default.
 */
class FormatDocsTest {

    private static final Path DOC = Path.of("../docs/format.md");

    /** The alias table as the documentation shows it. */
    static String aliasTable() {
        StringBuilder b = new StringBuilder();
        b.append("| column names | filled from, in order of preference | notes |\n");
        b.append("|---|---|---|\n");
        for (FieldAliases.Column c : FieldAliases.columns()) {
            b.append("| ")
                    .append(c.names().stream().map(n -> "`" + n + "`").collect(Collectors.joining(", ")))
                    .append(" | ")
                    .append(c.paths().stream().map(FormatDocsTest::path).collect(Collectors.joining(", ")))
                    .append(" | ")
                    .append(c.note())
                    .append(" |\n");
        }
        return b.toString();
    }

    private static String path(List<String> keys) {
        return "`" + keys.stream().map(k -> k.contains(".") ? "[" + k + "]" : k).collect(Collectors.joining(".")) + "`";
    }

    @Test
    void aliasTableMatchesTheCode() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        assertThat(doc)
                .as("docs/format.md must contain this table verbatim:%n%s", aliasTable())
                .contains(aliasTable());
    }

    @Test
    void everyOptionIsDocumentedWithItsDefault() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        for (ConfigOption<?> o : new LogJsonFormatFactory().optionalOptions()) {
            String expected = "| `log-json." + o.key() + "` | "
                    + (o.hasDefaultValue() ? "`" + o.defaultValue() + "`" : "none") + " |";
            assertThat(doc).as("option row for %s", o.key()).contains(expected);
        }
    }
}
