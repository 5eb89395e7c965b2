package dev.flinklog.examples;

import io.trino.sql.parser.ParsingException;
import io.trino.sql.parser.SqlParser;
import io.trino.sql.tree.Query;
import io.trino.sql.tree.Statement;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Without a server: Trino's own parser (trino-parser 435, the last release built for Java 17) checks
 * that each Trino version of the analytics is one valid Trino query, and that the Flink and Trino
 * folders answer the same questions (same file names). The end-to-end suite runs them on a real
 * Trino and compares their rows with Flink's (ReadSide in the e2e package).
 */
class TrinoQueriesTest {

    private static final Path QUERIES = ScriptRun.EXAMPLES.resolve("queries");
    private static final SqlParser PARSER = new SqlParser();

    private static List<String> names(String dialect) throws IOException {
        try (Stream<Path> files = Files.list(QUERIES.resolve(dialect))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".sql"))
                    .sorted()
                    .toList();
        }
    }

    /** The file's one statement, without the terminating semicolon the Trino CLI wants. */
    static String statement(Path file) throws IOException {
        String sql = Files.readString(file).strip();
        assertThat(sql).as("%s ends with ;", file).endsWith(";");
        String body = sql.substring(0, sql.length() - 1);
        assertThat(body).as("%s holds one statement", file).doesNotContain(";");
        return body;
    }

    @Test
    void everyTrinoQueryParsesAsOneQuery() throws IOException {
        List<String> names = names("trino");
        assertThat(names).hasSize(7);
        for (String name : names) {
            Statement s =
                    PARSER.createStatement(statement(QUERIES.resolve("trino").resolve(name)));
            assertThat(s).as(name).isInstanceOf(Query.class);
        }
    }

    /** Each query on the VARIANT archive and its twin on the STRING archive parse as queries. */
    @Test
    void everyVariantQueryAndItsStringTwinParse() throws IOException {
        List<String> names = names("trino-variant");
        assertThat(names).contains("errors_per_logger.sql");
        for (String name : names) {
            Path file = TrinoVariantQuery.FOLDER.resolve(name);
            String variant = TrinoVariantQuery.statement(file, false);
            String string = TrinoVariantQuery.statement(file, true);
            assertThat(PARSER.createStatement(variant)).as(name).isInstanceOf(Query.class);
            assertThat(PARSER.createStatement(string))
                    .as(name + ", string twin")
                    .isInstanceOf(Query.class);
            assertThat(variant).contains("events_v3").doesNotContain("json_extract");
            assertThat(string).contains("FROM events\n").contains("json_extract_scalar(raw_json");
        }
    }

    @Test
    void flinkAndTrinoAnswerTheSameQuestions() throws IOException {
        assertThat(names("flink")).isEqualTo(names("trino"));
    }

    @Test
    void theParserRejectsFlinkOnlySyntax() {
        // Backtick identifiers are Flink's (and MySQL's), not Trino's: the check above is a real one.
        assertThatThrownBy(() -> PARSER.createStatement("SELECT `partition`.dt FROM `events$files`"))
                .isInstanceOf(ParsingException.class);
    }
}
