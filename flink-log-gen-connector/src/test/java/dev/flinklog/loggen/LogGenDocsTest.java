package dev.flinklog.loggen;

import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/log-gen.md against the code: every option with its default, every metadata key with its type. */
class LogGenDocsTest {

    private static final Path DOC = Path.of("../docs/log-gen.md");

    @Test
    void everyOptionIsDocumentedWithItsDefault() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        List<String> keys = new ArrayList<>();
        for (ConfigOption<?> o : new LogGenTableSourceFactory().optionalOptions()) {
            String row =
                    "| `" + o.key() + "` | " + (o.hasDefaultValue() ? "`" + o.defaultValue() + "`" : "none") + " |";
            assertThat(doc).as("option row for %s", o.key()).contains(row);
            keys.add(o.key());
        }
        assertThat(keys).hasSize(LogGenOptions.all().size() + 2);
        // and no documented option that the factory does not know
        String options = doc.substring(doc.indexOf("## Options"), doc.indexOf("## Metadata columns"));
        long rows = options.lines()
                .filter(l -> l.matches("\\| `[a-z.-]+` \\| (`[^`]*`|none) \\| .*"))
                .count();
        assertThat(rows).isEqualTo(keys.size());
    }

    @Test
    void everyMetadataKeyIsDocumentedWithItsType() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        for (LogGenMetadata m : LogGenMetadata.values()) {
            assertThat(doc)
                    .contains("| `" + m.key() + "` | `"
                            + m.type().getLogicalType().asSummaryString() + "` |");
        }
    }
}
