package dev.flinklog.core.template;

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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The LOG_TEMPLATE section of docs/functions.md shows the code's tables: the token classes and the
 * word lists. This test reads the markdown and compares, so that neither can change alone.
 */
class TemplateDocsTest {

    private static String section() throws IOException {
        Path doc = Path.of("..", "docs", "functions.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int start = text.indexOf("<!-- section: LOG_TEMPLATE -->");
        assertThat(start).as("section marker in %s", doc).isGreaterThanOrEqualTo(0);
        int end = text.indexOf("<!--", start + 10);
        return text.substring(start, end);
    }

    /** The body rows of the markdown table whose header row starts with {@code header}. */
    private static List<List<String>> table(String section, String header) {
        List<List<String>> rows = new ArrayList<>();
        String[] lines = section.split("\n");
        int k = 0;
        while (k < lines.length && !lines[k].startsWith(header)) {
            k++;
        }
        assertThat(k).as("table %s", header).isLessThan(lines.length);
        for (k += 2; k < lines.length && lines[k].startsWith("|"); k++) {
            String line = lines[k].trim();
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split(" \\| ", -1)) {
                cells.add(cell.trim());
            }
            rows.add(cells);
        }
        return rows;
    }

    @Test
    void tokenClassTableMatchesTheCode() throws IOException {
        List<List<String>> rows = table(section(), "| class | what it matches | example |");
        List<List<String>> expected = new ArrayList<>();
        for (TokenClass c : TokenClass.values()) {
            expected.add(List.of(c.label(), c.matches(), c.example()));
        }
        assertThat(rows).isEqualTo(expected);
    }

    @Test
    void wordListTableMatchesTheCode() throws IOException {
        Map<String, List<String>> documented = new LinkedHashMap<>();
        for (List<String> row : table(section(), "| list | words |")) {
            List<String> words = new ArrayList<>();
            Matcher m = Pattern.compile("`([^`]+)`").matcher(row.get(1));
            while (m.find()) {
                words.add(m.group(1));
            }
            documented.put(row.get(0), words);
        }
        List<String> symbols = new ArrayList<>();
        for (char c : MessageTemplate.UNIT_SYMBOLS) {
            symbols.add(String.valueOf(c));
        }
        Map<String, List<String>> code = new LinkedHashMap<>();
        code.put("generic top-level domains", MessageTemplate.GENERIC_TLDS.words());
        code.put("date names (first letter must be upper case in the message)", MessageTemplate.DATE_NAMES.words());
        code.put("units", MessageTemplate.UNITS.words());
        code.put("unit symbols (exact case)", symbols);
        code.put("prepositions", MessageTemplate.PREPOSITIONS.words());
        assertThat(documented).isEqualTo(code);
    }

    @Test
    void documentedExampleFingerprintIsTheRealOne() throws IOException {
        String s = section();
        assertThat(s).contains("version " + Fingerprint.VERSION);
        assertThat(s).contains(Fingerprint.hexOf("Connection from 10.0.0.1:8080 closed after 41ms"));
        assertThat(s).contains(Fingerprint.toHex(Fingerprint.ofTemplate("")));
    }
}
