package dev.flinklog.core.level;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tables in the LOG_LEVEL section of docs/functions.md against the tables in code: every
 * entry in code is in the docs and vice versa, so the two cannot drift apart.
 */
class LevelDocsTest {

    private static String section;

    @BeforeAll
    static void readSection() throws IOException {
        Path docs = Paths.get("..", "docs", "functions.md");
        String all = new String(Files.readAllBytes(docs), StandardCharsets.UTF_8);
        int start = all.indexOf("<!-- section: LOG_LEVEL -->");
        int end = all.indexOf("<!-- section:", start + 1);
        assertThat(start).as("LOG_LEVEL section").isGreaterThanOrEqualTo(0);
        section = all.substring(start, end < 0 ? all.length() : end);
    }

    @Test
    void wordTableMatchesCode() {
        Map<String, List<String>> rows = rows("| level | words | letters | with suffix 2–4 |");
        assertThat(rows.keySet()).containsExactly(sqlNames());
        for (LogLevel level : LogLevel.values()) {
            List<String> cells = rows.get(level.sqlName());
            assertThat(backticked(cells.get(1)))
                    .as("words of %s", level)
                    .containsExactlyElementsOf(words(level, LevelWords.Kind.WORD));
            assertThat(backticked(cells.get(2)))
                    .as("letters of %s", level)
                    .containsExactlyElementsOf(words(level, LevelWords.Kind.LETTER).stream()
                            .map(w -> w.toUpperCase(Locale.ROOT))
                            .collect(Collectors.toList()));
            assertThat(backticked(cells.get(3)))
                    .as("numbered words of %s", level)
                    .containsExactlyElementsOf(LevelWords.ENTRIES.stream()
                            .filter(e -> e.level == level && e.numbered)
                            .map(e -> e.word)
                            .collect(Collectors.toList()));
        }
    }

    @Test
    void scaleTableMatchesCode() {
        Map<String, List<String>> rows = rows("| scale | values |");
        assertThat(rows.keySet())
                .containsExactly(Arrays.stream(LevelScale.values())
                        .map(LevelScale::sqlName)
                        .toArray(String[]::new));
        for (LevelScale scale : LevelScale.values()) {
            assertThat(rows.get(scale.sqlName()).get(1))
                    .as("values of %s", scale)
                    .isEqualTo(describe(scale));
        }
    }

    @Test
    void keywordTableMatchesCode() {
        Map<String, List<String>> rows = rows("| level | keywords |");
        Map<String, List<String>> code = new LinkedHashMap<>();
        for (LevelInference.Keyword k : LevelInference.KEYWORDS) {
            code.computeIfAbsent(k.level.sqlName(), x -> new ArrayList<>()).add(k.word);
        }
        assertThat(rows.keySet()).containsExactlyElementsOf(code.keySet());
        for (Map.Entry<String, List<String>> e : code.entrySet()) {
            assertThat(backticked(rows.get(e.getKey()).get(1)))
                    .as("keywords of %s", e.getKey())
                    .containsExactlyElementsOf(e.getValue());
        }
    }

    @Test
    void ruleTableMatchesCode() {
        Map<String, List<String>> rows = rows("| rule | words |");
        assertThat(backticked(rows.get("level keys").get(1))).containsExactlyElementsOf(LevelInference.LEVEL_KEYS);
        assertThat(backticked(rows.get("negations before a keyword").get(1)))
                .containsExactlyElementsOf(LevelInference.NEGATORS);
        assertThat(backticked(rows.get("zero values after `:` or `=`").get(1)))
                .containsExactlyElementsOf(LevelInference.ZERO_VALUES);
        assertThat(backticked(rows.get("level words that count in text only in upper case")
                        .get(1)))
                .containsExactlyElementsOf(LevelWords.ENTRIES.stream()
                        .filter(e -> e.upperCaseInText)
                        .map(e -> e.word)
                        .collect(Collectors.toList()));
    }

    @Test
    void headerWindowSizeIsTheDocumentedOne() {
        assertThat(section).contains("within the first " + LevelInference.HEADER_TOKENS + " whitespace-separated");
    }

    /** The scale row as the docs write it, generated from the code's bands. */
    private static String describe(LevelScale scale) {
        if (scale == LevelScale.AUTO) {
            List<String> parts = new ArrayList<>();
            for (LevelScale.AutoRange r : LevelScale.AUTO_RANGES) {
                String range = r.low == r.high ? Long.toString(r.low) : r.low + "–" + r.high;
                parts.add(range + " as `" + r.scale.sqlName() + "`");
            }
            return String.join(", ", parts);
        }
        List<String> parts = new ArrayList<>();
        for (LevelScale.Band b : scale.bands) {
            String range = b.low == b.high ? Long.toString(b.low) : b.low + "–" + b.high;
            parts.add(range + " " + b.level.sqlName());
        }
        return String.join(", ", parts);
    }

    private static String[] sqlNames() {
        return Arrays.stream(LogLevel.values()).map(LogLevel::sqlName).toArray(String[]::new);
    }

    private static List<String> words(LogLevel level, LevelWords.Kind kind) {
        return LevelWords.ENTRIES.stream()
                .filter(e -> e.level == level && e.kind == kind)
                .map(e -> e.word)
                .collect(Collectors.toList());
    }

    /**
     * The rows of the table whose header line is {@code header}, keyed by the first cell (without
     * backquotes when it is a single code span); values are all cells of the row.
     */
    private static Map<String, List<String>> rows(String header) {
        String[] lines = section.split("\n");
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].trim().equals(header)) {
                continue;
            }
            for (int j = i + 2; j < lines.length && lines[j].startsWith("|"); j++) {
                List<String> cells = new ArrayList<>();
                String row = lines[j].trim();
                for (String cell : row.substring(1, row.length() - 1).split("\\|", -1)) {
                    cells.add(cell.trim());
                }
                String key = cells.get(0);
                if (key.startsWith("`") && key.endsWith("`") && key.indexOf('`', 1) == key.length() - 1) {
                    key = key.substring(1, key.length() - 1);
                }
                rows.put(key, cells);
            }
            return rows;
        }
        throw new AssertionError("no table with header " + header + " in the LOG_LEVEL section");
    }

    /** The code spans of a cell, in order. */
    private static List<String> backticked(String cell) {
        List<String> out = new ArrayList<>();
        int i = cell.indexOf('`');
        while (i >= 0) {
            int j = cell.indexOf('`', i + 1);
            if (j < 0) {
                break;
            }
            out.add(cell.substring(i + 1, j));
            i = cell.indexOf('`', j + 1);
        }
        return out;
    }
}
