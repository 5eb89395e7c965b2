package dev.flinklog.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of examples/queries/trino-variant: one query on the VARIANT archive (events_v3), and its
 * twin on the STRING archive (events) written as {@code -- string: } comment lines, so that the file
 * runs as it is in the Trino CLI and the tests can run both.
 */
public final class TrinoVariantQuery {

    public static final Path FOLDER = ScriptRun.EXAMPLES.resolve("queries/trino-variant");

    private TrinoVariantQuery() {}

    /** The query on the variant (the lines outside comments), or its twin, without the final ';'. */
    public static String statement(Path file, boolean stringTwin) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder sql = new StringBuilder();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (stringTwin ? l.startsWith("-- string:") : !l.startsWith("--")) {
                sql.append(stringTwin ? l.substring("-- string:".length()) : l).append('\n');
            }
        }
        String out = sql.toString().strip();
        return out.endsWith(";") ? out.substring(0, out.length() - 1) : out;
    }
}
