package dev.flinklog.bench;

import dev.flinklog.core.level.LevelFieldParser;
import dev.flinklog.core.level.LevelInference;
import dev.flinklog.core.level.LogLevel;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Accuracy of {@link LevelInference} on the loghub 2k samples: for every system whose structured
 * CSV has a {@code Level} column, infer the level of each raw {@code .log} line and compare it with
 * that column (read through {@link LevelFieldParser}, so {@code SEVERE} is error, {@code WARNING} is
 * warn). Also reported, on the same lines: inference on the {@code Content} column alone (the header
 * cut off, so only keywords and stack-trace cues can help) and a re-implementation of Loki's
 * free-text rule as described in ../shared/research/levels-fingerprints.md A.1, as a baseline.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.flinklog.bench.LevelAccuracy
 * ../shared/benchmarks/loghub-2k}. The data is research-only and stays outside the project.
 *
 * <p>Given a {@code .jsonl} file from {@code ../shared/benchmarks/mixed-logs/gen.py} instead, it
 * compares the level inferred from each record's {@code log} text with the record's own {@code
 * level} / {@code log_level} field (present in about half the records), per {@code log_type}.
 */
public final class LevelAccuracy {

    private LevelAccuracy() {}

    public static void main(String[] args) throws IOException {
        Path root = Paths.get(args.length > 0 ? args[0] : "../shared/benchmarks/loghub-2k");
        if (root.toString().endsWith(".jsonl")) {
            mixedLogs(root);
            return;
        }
        List<Path> systems = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(Files::isDirectory).sorted().forEach(systems::add);
        }
        System.out.println("| system | lines | raw line | content only | Loki free-text rule |");
        System.out.println("|---|---|---|---|---|");
        LevelInference inference = new LevelInference();
        for (Path dir : systems) {
            String name = dir.getFileName().toString();
            Path log = dir.resolve(name + "_2k.log");
            Path csv = dir.resolve(name + "_2k.log_structured_corrected.csv");
            if (!Files.exists(log) || !Files.exists(csv)) {
                continue;
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
            List<String> header = parseCsvRow(rows.get(0));
            int levelColumn = header.indexOf("Level");
            int contentColumn = header.indexOf("Content");
            if (levelColumn < 0) {
                continue;
            }
            int total = 0;
            int raw = 0;
            int content = 0;
            int loki = 0;
            for (int i = 1; i < rows.size() && i - 1 < lines.size(); i++) {
                List<String> row = parseCsvRow(rows.get(i));
                LogLevel truth = LevelFieldParser.parse(row.get(levelColumn));
                if (truth == null) {
                    continue; // e.g. Linux "combo": not a level
                }
                String line = lines.get(i - 1);
                total++;
                if (inference.infer(line) == truth) {
                    raw++;
                }
                if (inference.infer(row.get(contentColumn)) == truth) {
                    content++;
                }
                if (lokiFreeText(line) == truth) {
                    loki++;
                }
            }
            if (total == 0) {
                continue;
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %d | %.3f | %.3f | %.3f |%n",
                    name,
                    total,
                    raw / (double) total,
                    content / (double) total,
                    loki / (double) total);
        }
    }

    /** Inferred level of {@code log} vs the record's level field, per {@code log_type}. */
    private static void mixedLogs(Path file) throws IOException {
        JsonFactory factory = new JsonFactory();
        LevelInference inference = new LevelInference();
        Map<String, int[]> byType = new TreeMap<>();
        Map<String, Integer> confusions = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String log = null;
            String level = null;
            String type = "?";
            try (JsonParser p = factory.createParser(line)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    continue;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    if (v != JsonToken.VALUE_STRING) {
                        p.skipChildren();
                    } else if (name.equals("log")) {
                        log = p.getText();
                    } else if (name.equals("level") || name.equals("log_level")) {
                        level = p.getText();
                    } else if (name.equals("log_type")) {
                        type = p.getText();
                    }
                }
            }
            LogLevel truth = LevelFieldParser.parse(level);
            if (log == null || truth == null) {
                continue;
            }
            int[] counts = byType.computeIfAbsent(type, t -> new int[2]);
            counts[0]++;
            LogLevel inferred = inference.infer(log);
            if (inferred == truth) {
                counts[1]++;
            } else {
                confusions.merge(
                        type + ": " + truth.sqlName() + " read as " + (inferred == null ? "NULL" : inferred.sqlName()),
                        1,
                        Integer::sum);
            }
        }
        System.out.println("| log_type | records with a level field | inferred from text = field |");
        System.out.println("|---|---|---|");
        int total = 0;
        int right = 0;
        for (Map.Entry<String, int[]> e : byType.entrySet()) {
            int[] c = e.getValue();
            total += c[0];
            right += c[1];
            System.out.printf(Locale.ROOT, "| %s | %d | %.3f |%n", e.getKey(), c[0], c[1] / (double) c[0]);
        }
        System.out.printf(Locale.ROOT, "| all | %d | %.3f |%n", total, right / (double) Math.max(1, total));
        System.out.println();
        confusions.forEach((k, v) -> System.out.println(k + ": " + v));
    }

    /** A CSV row: comma-separated, fields optionally in double quotes with {@code ""} escapes. */
    static List<String> parseCsvRow(String row) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < row.length(); i++) {
            char c = row.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < row.length() && row.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }

    private static final String[] LOKI_KEYWORDS = {
        "trace", "debug", "fatal", "critical", "error", "err", "warning", "warn", "info"
    };

    /**
     * Loki's {@code detectLevelFromLogLine} (main, 2026-08) as the research notes describe it: the
     * earliest bounded keyword wins, list order breaks ties, {@code critical} is kept as fatal here
     * so it can match our six levels; nothing found is "unknown" ({@code null}).
     */
    static LogLevel lokiFreeText(String line) {
        String lower = line.toLowerCase(Locale.ROOT);
        int best = Integer.MAX_VALUE;
        LogLevel level = null;
        for (String k : LOKI_KEYWORDS) {
            int from = 0;
            while (true) {
                int at = lower.indexOf(k, from);
                if (at < 0 || at >= best) {
                    break;
                }
                int end = at + k.length();
                if ((at == 0 || " \t\n[({\"'=|".indexOf(lower.charAt(at - 1)) >= 0)
                        && (end == lower.length() || " \t\n[](){}:,!\"'=|".indexOf(lower.charAt(end)) >= 0)) {
                    best = at;
                    level = k.equals("critical") ? LogLevel.FATAL : LevelFieldParser.parse(k);
                    break;
                }
                from = at + 1;
            }
        }
        return level;
    }
}
