package dev.flinklog.core.errors;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.flinklog.core.DocsTables.codes;
import static dev.flinklog.core.DocsTables.section;
import static dev.flinklog.core.DocsTables.table;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code LOG_ERROR_CLASS} section of docs/functions.md shows exactly {@link ErrorCues}: every
 * class with its meaning and cues, every status keyword and specific status, and each example
 * really has its class.
 */
class ErrorClassDocsTest {

    private static String display(ErrorCues.Cue cue) {
        switch (cue.kind()) {
            case TAIL:
                return "*" + cue.text();
            case CAMEL_TAIL:
                return "<Name>" + cue.text();
            default:
                return cue.text();
        }
    }

    @Test
    void classTableMatchesTheCode() throws IOException {
        List<String[]> rows = table(section("LOG_ERROR_CLASS"), "class");
        List<String> docClasses = new ArrayList<>();
        for (String[] row : rows) {
            ErrorClass c = ErrorClass.fromLabel(codes(row[0]).get(0));
            assertThat(c).as(row[0]).isNotNull();
            docClasses.add(c.label());
            assertThat(row[1]).isEqualTo(c.meaning());
            Set<String> codeCues = new LinkedHashSet<>();
            for (ErrorCues.Cue cue : ErrorCues.CUES) {
                if (cue.errorClass() == c) {
                    codeCues.add(display(cue));
                }
            }
            assertThat(new LinkedHashSet<>(codes(row[2])))
                    .as("cues of " + c.label())
                    .isEqualTo(codeCues);
            String example = codes(row[3]).get(0);
            assertThat(ErrorClassifier.classify(example)).as(example).isEqualTo(c);
        }
        // Same classes, in precedence order.
        List<String> enumOrder = new ArrayList<>();
        for (ErrorClass c : ErrorClass.values()) {
            enumOrder.add(c.label());
        }
        assertThat(docClasses).isEqualTo(enumOrder);
    }

    @Test
    void statusTablesMatchTheCode() throws IOException {
        String section = section("LOG_ERROR_CLASS");
        List<String> keywords = new ArrayList<>();
        for (String[] row : table(section, "status keyword")) {
            keywords.add(codes(row[0]).get(0));
        }
        List<String> codeKeywords = new ArrayList<>();
        for (ErrorCues.Cue cue : ErrorCues.CUES) {
            if (cue.kind() == ErrorCues.Kind.STATUS) {
                codeKeywords.add(cue.text());
            }
        }
        assertThat(keywords).containsExactlyInAnyOrderElementsOf(codeKeywords);

        Map<Integer, ErrorClass> documented = new LinkedHashMap<>();
        for (String[] row : table(section, "status")) {
            documented.put(
                    Integer.parseInt(codes(row[0]).get(0)),
                    ErrorClass.fromLabel(codes(row[1]).get(0)));
        }
        assertThat(documented).isEqualTo(ErrorCues.STATUS_CLASSES);
        for (Map.Entry<Integer, ErrorClass> e : documented.entrySet()) {
            assertThat(ErrorClassifier.classify("status=" + e.getKey())).isEqualTo(e.getValue());
        }
    }
}
