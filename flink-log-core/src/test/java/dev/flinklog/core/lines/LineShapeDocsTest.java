package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/format.md's table of text-line shapes is the code's: every {@link LineShape}, its
 * description and example, and the fields the example fills, as {@link LineParser} reads it.
 */
class LineShapeDocsTest {

    static String table() {
        LineParser parser = LineParser.all(TimestampParser.UTC);
        long reference = Instant.parse(LineCorpusTest.DEFAULT_REFERENCE).toEpochMilli();
        StringBuilder out = new StringBuilder("| shape | what it is | example | fills |\n|---|---|---|---|\n");
        for (LineShape s : LineShape.values()) {
            out.append("| `")
                    .append(s.sqlName())
                    .append("` | ")
                    .append(s.description())
                    .append(" | ");
            if (s.example() == null) {
                out.append(" | ")
                        .append(
                                s == LineShape.PLAIN
                                        ? "the message (the whole text), a leading time, the inferred level"
                                        : "see above")
                        .append(" |\n");
                continue;
            }
            ParsedLine p = new ParsedLine();
            assertThat(parser.parse(s.example(), reference, p)).as(s.example()).isEqualTo(s);
            out.append("`").append(s.example().replace("|", "\\|")).append("` | ");
            out.append(String.join(", ", fills(p))).append(" |\n");
        }
        return out.toString();
    }

    private static List<String> fills(ParsedLine p) {
        List<String> f = new ArrayList<>();
        if (p.hasTime()) {
            f.add(p.yearInferred() ? "`event_time` (year inferred)" : "`event_time`");
        }
        if (p.level() != null) {
            f.add("`log_level`");
        }
        String[] names = {
            "host_name", "service_name", "pid", "message", "client_ip", "http_method", "http_path", "user_agent"
        };
        ParsedLine.Field[] fields = ParsedLine.Field.values();
        for (int i = 0; i < fields.length; i++) {
            if (p.has(fields[i])) {
                f.add("`" + names[i] + "`");
            }
        }
        if (p.httpStatus() >= 0) {
            f.add("`http_status`");
        }
        if (p.bytes() >= 0) {
            f.add("`response_bytes`");
        }
        if (!Double.isNaN(p.durationMs())) {
            f.add("`duration_ms`");
        }
        Set<String> keys = new LinkedHashSet<>();
        for (int i = 0; i < p.pairCount(); i++) {
            keys.add(p.key(i));
        }
        if (!keys.isEmpty()) {
            f.add("labels (" + String.join(", ", keys) + ")");
        }
        return f;
    }

    @Test
    void theDocumentedTableIsTheCodes() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "format.md"), StandardCharsets.UTF_8);
        String table = table();
        assertThat(doc)
                .as("docs/format.md must contain this table verbatim:%n%s", table)
                .contains(table);
    }

    @Test
    void theFieldNamesFollowTheFieldOrder() {
        assertThat(ParsedLine.Field.values()).hasSize(8);
        assertThat(ParsedLine.Field.values()[7]).isEqualTo(ParsedLine.Field.USER_AGENT);
    }
}
