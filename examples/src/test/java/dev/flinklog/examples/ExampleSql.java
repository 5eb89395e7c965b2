package dev.flinklog.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shipped example SQL file as the tests see it: variables substituted the way sql-client.sh does
 * it, split into statements the way the SQL client does it, and with single statements swapped
 * (the catalog, a source's connector) so that a file written for AWS or for a server runs here.
 * The tests only ever swap whole statements or a source's connector options, never the INSERTs,
 * views or table DDL, so what they plan and run is the file's own SQL.
 */
final class ExampleSql {

    /** ${NAME} or ${NAME:-default}, as examples/sql-client.sh replaces them. */
    static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");

    private static final Pattern STATEMENT_SET_START =
            Pattern.compile("(?is)^(EXECUTE\\s+)?(STATEMENT\\s+SET\\s+BEGIN|BEGIN\\s+STATEMENT\\s+SET)\\b.*");
    private static final Pattern STATEMENT_SET_END = Pattern.compile("(?is).*;\\s*END$");
    private static final Pattern CREATE_CATALOG = Pattern.compile(
            "(?is)^CREATE\\s+CATALOG\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(`[^`]+`|\\w+)\\s+WITH\\s*\\(.*\\)$");
    private static final Pattern SET = Pattern.compile("(?is)^SET\\s+'([^']+)'\\s*=\\s*'([^']*)'$");

    private ExampleSql() {}

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names of all ${NAME} / ${NAME:-default} variables in the text, in order of appearance. */
    static Set<String> variables(String sql) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(stripComments(sql));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Each variable with its default ("" for none), as the statements (not the comments) use them. */
    static Map<String, String> defaults(String sql) {
        Map<String, String> out = new java.util.TreeMap<>();
        Matcher m = VARIABLE.matcher(stripComments(sql));
        while (m.find()) {
            out.put(m.group(1), m.group(2) == null ? "" : m.group(2));
        }
        return out;
    }

    /** The variables of {@link #variables} that have no default somewhere: a run must set them. */
    static Set<String> requiredVariables(String sql) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(stripComments(sql));
        while (m.find()) {
            if (m.group(2) == null) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /**
     * Replaces every variable by its value in {@code env}, else by its default; a variable with
     * neither is an error naming it (sql-client.sh exits 2 there).
     */
    static String substitute(String sql, Map<String, String> env) {
        Matcher m = VARIABLE.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = env.get(m.group(1));
            if (value == null) {
                value = m.group(2);
            }
            if (value == null) {
                throw new IllegalArgumentException("variable ${" + m.group(1) + "} is not set and has no default");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The text without {@code --} comments (those inside single-quoted strings are kept). */
    static String stripComments(String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        boolean quoted = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'') {
                quoted = !quoted; // '' inside a string toggles twice: still inside
            } else if (!quoted && c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
                while (i < sql.length() && sql.charAt(i) != '\n') {
                    i++;
                }
                out.append('\n');
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * The statements, without comments and the closing semicolon. A statement set (EXECUTE
     * STATEMENT SET BEGIN ... END) is one statement although its INSERTs end with semicolons.
     */
    static List<String> statements(String sql) {
        String text = stripComments(sql);
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == ';' && !quoted) {
                String statement = current.toString().strip();
                if (STATEMENT_SET_START.matcher(statement).matches()
                        && !STATEMENT_SET_END.matcher(statement).matches()
                        && !statement.toUpperCase(Locale.ROOT).endsWith("BEGIN END")) {
                    current.append(c);
                    continue;
                }
                if (!statement.isEmpty()) {
                    statements.add(statement);
                }
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalArgumentException(
                    "statement without a closing ';': " + current.toString().strip());
        }
        return statements;
    }

    static boolean isStatementSet(String statement) {
        return STATEMENT_SET_START.matcher(statement).matches();
    }

    static boolean isCreateCatalog(String statement) {
        return CREATE_CATALOG.matcher(statement).matches();
    }

    /** The catalog a CREATE CATALOG statement creates. */
    static String catalogName(String createCatalog) {
        Matcher m = CREATE_CATALOG.matcher(createCatalog);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a CREATE CATALOG statement: " + createCatalog);
        }
        return m.group(1);
    }

    /** The key and value of a {@code SET 'key' = 'value'} statement, or null for any other. */
    static String[] setting(String statement) {
        Matcher m = SET.matcher(statement);
        return m.matches() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /** The leading keywords that tell the statement's kind, upper case (CREATE TEMPORARY TABLE, INSERT...). */
    static String kind(String statement) {
        String[] words = statement.strip().split("\\s+");
        StringBuilder kind = new StringBuilder();
        for (int i = 0; i < Math.min(words.length, 3); i++) {
            String w = words[i].toUpperCase(Locale.ROOT);
            if (!w.matches("[A-Z]+")
                    || (i > 0
                            && !w.matches(
                                    "TEMPORARY|TABLE|VIEW|CATALOG|DATABASE|MODULE|STATEMENT|SET|FUNCTION|SYSTEM"))) {
                break;
            }
            kind.append(kind.length() == 0 ? "" : " ").append(w);
        }
        return kind.toString();
    }

    /**
     * The statements with the one CREATE CATALOG replaced by a catalog of the same name built by
     * {@code replacement} (given the name); fails unless the file has exactly one.
     */
    static List<String> swapCatalog(List<String> statements, UnaryOperator<String> replacement) {
        List<String> out = new ArrayList<>();
        int swapped = 0;
        for (String s : statements) {
            if (isCreateCatalog(s)) {
                out.add(replacement.apply(catalogName(s)));
                swapped++;
            } else {
                out.add(s);
            }
        }
        if (swapped != 1) {
            throw new IllegalArgumentException("expected exactly one CREATE CATALOG, found " + swapped);
        }
        return out;
    }

    /** An Iceberg Hadoop catalog on a local folder, the stand-in for Glue or a REST catalog. */
    static String localCatalog(String name, Path warehouse) {
        return "CREATE CATALOG " + name + " WITH ('type' = 'iceberg', 'catalog-type' = 'hadoop', " + "'warehouse' = '"
                + warehouse.toUri() + "')";
    }
}
