package dev.flinklog.core.fields;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.flinklog.core.DocsTables.codes;
import static dev.flinklog.core.DocsTables.section;
import static dev.flinklog.core.DocsTables.table;
import static org.assertj.core.api.Assertions.assertThat;

/** The {@code LOG_LABELS} section of docs/functions.md shows exactly {@link LabelSource} and the key rules. */
class LabelDocsTest {

    @Test
    void sourceTableMatchesTheCodeInPrecedenceOrder() throws IOException {
        List<String[]> rows = table(section("LOG_LABELS"), "#");
        List<String> documented = new ArrayList<>();
        for (String[] row : rows) {
            LabelSource s = LabelSource.valueOf(codes(row[1]).get(0).toUpperCase(Locale.ROOT));
            assertThat(Integer.parseInt(row[0])).isEqualTo(s.ordinal() + 1);
            assertThat(row[2].replace("`", "")).isEqualTo(s.where().replace("`", ""));
            assertThat(row[3]).isEqualTo(s.shape());
            documented.add(s.name());
        }
        List<String> code = new ArrayList<>();
        for (LabelSource s : LabelSource.values()) {
            code.add(s.name());
        }
        assertThat(documented).isEqualTo(code);
    }

    @Test
    void keyExamplesAreWhatTheCodeDoes() throws IOException {
        for (String[] row : table(section("LOG_LABELS"), "key in the record")) {
            assertThat(FieldNames.canonical(codes(row[0]).get(0)))
                    .isEqualTo(codes(row[1]).get(0));
        }
    }

    @Test
    void documentedLimitsAreTheCodes() throws IOException {
        String section = section("LOG_LABELS");
        assertThat(section)
                .contains("nested deeper than " + LabelExtractor.MAX_DEPTH + " levels")
                .contains("At most " + LabelCollector.MAX_LABELS + " labels");
    }
}
