package dev.flinklog.core.time;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the LOG_TIMESTAMP section of docs/functions.md true: every example row is run through the
 * parser, and the zone-name and epoch-magnitude tables must equal the code's tables.
 */
class TimestampDocsTest {

    private static List<List<List<String>>> tables;

    @BeforeAll
    static void readSection() throws IOException {
        Path doc = Path.of("..", "docs", "functions.md");
        if (!Files.exists(doc)) {
            doc = Path.of("docs", "functions.md");
        }
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int start = text.indexOf("<!-- section: LOG_TIMESTAMP -->");
        int end = text.indexOf("<!-- section:", start + 1);
        assertThat(start).as("LOG_TIMESTAMP section").isGreaterThanOrEqualTo(0);
        tables = markdownTables(text.substring(start, end < 0 ? text.length() : end));
    }

    @Test
    void everyExampleRowIsWhatTheParserReturns() {
        List<List<String>> rows = table("input", "default_zone", "result (UTC)");
        assertThat(rows).hasSizeGreaterThan(40);
        ParsedTime out = new ParsedTime();
        for (List<String> row : rows) {
            String input = code(row.get(0));
            String zone = row.get(1).isEmpty() ? null : code(row.get(1));
            TimestampParser parser = zone == null ? TimestampParser.UTC : TimestampParser.forZone(zone);
            boolean ok = parser != null && parser.parse(input, out);
            if (row.get(2).equals("NULL")) {
                assertThat(ok).as("%s in %s should be NULL", input, zone).isFalse();
            } else {
                assertThat(ok).as("%s in %s", input, zone).isTrue();
                assertThat(out.toInstant()).as("%s in %s", input, zone).isEqualTo(Instant.parse(code(row.get(2))));
            }
        }
    }

    @Test
    void everyRuntimeRowIsWhatTheParserReturns() {
        List<List<String>> rows = table("runtime", "call", "printed", "default_zone", "result (UTC)");
        assertThat(rows).hasSizeGreaterThan(40);
        assertThat(rows.stream().map(r -> r.get(0)).distinct())
                .containsExactly("Java", ".NET", "Go", "Python", "JavaScript", "Rust");
        ParsedTime out = new ParsedTime();
        for (List<String> row : rows) {
            String input = code(row.get(2));
            String zone = row.get(3).isEmpty() ? null : code(row.get(3));
            TimestampParser parser = zone == null ? TimestampParser.UTC : TimestampParser.forZone(zone);
            boolean ok = parser.parse(input, out);
            if (row.get(4).equals("NULL")) {
                assertThat(ok).as("%s %s should be NULL", row.get(1), input).isFalse();
            } else {
                assertThat(ok).as("%s %s", row.get(1), input).isTrue();
                assertThat(out.toInstant()).as("%s %s", row.get(1), input).isEqualTo(Instant.parse(code(row.get(4))));
            }
        }
    }

    @Test
    void zoneNameTableIsTheCodesTable() {
        Map<String, String> documented = new LinkedHashMap<>();
        for (List<String> row : table("zone name", "offset")) {
            documented.put(code(row.get(0)), code(row.get(1)));
        }
        assertThat(documented).containsExactlyEntriesOf(ZoneNames.table());
    }

    @Test
    void epochMagnitudeTableIsTheCodesTable() {
        Map<String, Long> documented = new LinkedHashMap<>();
        for (List<String> row : table("unit", "absolute value below")) {
            String bound = row.get(1);
            documented.put(row.get(0), bound.startsWith("`") ? Long.valueOf(code(bound)) : null);
        }
        assertThat(documented).containsExactlyEntriesOf(EpochMagnitude.table());
    }

    private static List<List<String>> table(String... header) {
        for (List<List<String>> t : tables) {
            if (t.get(0).equals(List.of(header))) {
                return t.subList(1, t.size());
            }
        }
        throw new AssertionError("no table with header " + List.of(header) + " in the LOG_TIMESTAMP section");
    }

    /** The text inside one pair of backticks. */
    private static String code(String cell) {
        assertThat(cell).as("cell in backticks").startsWith("`").endsWith("`");
        return cell.substring(1, cell.length() - 1);
    }

    /** Consecutive lines starting with '|', split into trimmed cells; the |---| row dropped. */
    private static List<List<List<String>>> markdownTables(String markdown) {
        List<List<List<String>>> result = new ArrayList<>();
        List<List<String>> current = null;
        for (String line : markdown.split("\n")) {
            if (!line.startsWith("|")) {
                current = null;
                continue;
            }
            if (current == null) {
                current = new ArrayList<>();
                result.add(current);
            }
            if (line.startsWith("|---")) {
                continue;
            }
            String inner = line.substring(1, line.lastIndexOf('|'));
            List<String> cells = new ArrayList<>();
            for (String c : inner.split("\\|", -1)) {
                cells.add(c.trim());
            }
            current.add(cells);
        }
        return result;
    }
}
