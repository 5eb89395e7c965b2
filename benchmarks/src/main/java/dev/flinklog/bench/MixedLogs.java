package dev.flinklog.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the benchmark data made by {@code ../shared/benchmarks/mixed-logs/gen.py N > FILE}: one JSON
 * record per line. Benchmarks load it once in their {@code @Setup} and work on the values in memory,
 * so that every variant of a run sees the same records.
 */
public final class MixedLogs {

    /** The system property or JMH parameter that names the file. */
    public static final String DATA_PROPERTY = "flinklog.bench.data";

    private MixedLogs() {}

    /** The raw lines (JSON text) of the file, at most {@code limit}. */
    public static List<String> lines(Path file, int limit) {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while (out.size() < limit && (line = r.readLine()) != null) {
                if (!line.isEmpty()) {
                    out.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read " + file + " (make it with ../shared/benchmarks/mixed-logs/gen.py)", e);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no records in " + file);
        }
        return out;
    }

    /**
     * The string values of the first top-level key among {@code keys} in each line, for lines that
     * have one (e.g. {@code "log"} for messages, {@code "time", "@timestamp"} for timestamps).
     */
    public static List<String> topLevelStrings(List<String> lines, String... keys) {
        JsonFactory factory = new JsonFactory();
        List<String> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            String found = null;
            try (JsonParser p = factory.createParser(line)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    continue;
                }
                while (found == null && p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (v == JsonToken.VALUE_STRING && contains(keys, name)) {
                        found = p.getText();
                    } else {
                        p.skipChildren();
                    }
                }
            } catch (IOException e) {
                continue;
            }
            if (found != null) {
                out.add(found);
            }
        }
        return out;
    }

    private static boolean contains(String[] keys, String name) {
        for (String k : keys) {
            if (k.equals(name)) {
                return true;
            }
        }
        return false;
    }
}
