package dev.flinklog.bench;

import dev.flinklog.core.template.ContextRule;
import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.MessageTemplate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Grouping Accuracy (GA) of {@code LOG_FINGERPRINT} on the loghub 2k samples.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.flinklog.bench.GroupingAccuracy
 * <data-folder> [--explain SYSTEM]}, where the folder holds one sub-folder per system {@code D} with
 * {@code D_2k.log_structured_corrected.csv} (truth: {@code EventId}; input: {@code Content}) and
 * {@code D_2k.log} (the raw lines, the secondary column). Every such sub-folder is evaluated; the
 * code knows no system by name, so nothing can be tuned to one.
 *
 * <p>A line counts as correct when the set of lines sharing its fingerprint is exactly the set of
 * lines sharing its {@code EventId}; GA = correct lines / lines (the definition of logpai's
 * evaluator). {@code --explain D} lists, for system D, the truth groups that were not matched and
 * the templates they were split into or merged with, to see which rule fails (for development
 * only: the data is research-only and is never copied into the project).
 */
public final class GroupingAccuracy {

    private GroupingAccuracy() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: GroupingAccuracy <data-folder> [--explain SYSTEM]");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        String explain = args.length >= 3 && args[1].equals("--explain") ? args[2] : null;

        List<Path> systems = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(Files::isDirectory)
                    .filter(d -> Files.exists(structuredCsv(d)))
                    .sorted()
                    .forEach(systems::add);
        }
        if (systems.isEmpty()) {
            System.err.println("no <D>/<D>_2k.log_structured_corrected.csv under " + root);
            System.exit(2);
        }

        System.out.printf(Locale.ROOT, "Fingerprint version %d%n", Fingerprint.VERSION);
        System.out.printf(
                Locale.ROOT,
                "%-12s %8s %8s %8s %8s %8s %10s %8s%n",
                "system",
                "GA(id)",
                "GA(tpl)",
                "pred",
                "ids",
                "tpls",
                "GA(raw)",
                "pred(raw)");
        MessageTemplate all = new MessageTemplate();
        List<Dataset> datasets = new ArrayList<>();
        double sumGa = 0;
        double sumTpl = 0;
        double sumRaw = 0;
        int rawCount = 0;
        for (Path dir : systems) {
            String name = dir.getFileName().toString();
            Dataset data = Dataset.read(dir);
            datasets.add(data);
            Result content = evaluate(all, data.content, data.eventIds);
            Result byTemplate = evaluate(all, data.content, data.eventTemplates);
            String rawGa = "-";
            String rawPred = "-";
            if (data.raw != null) {
                Result raw = evaluate(all, data.raw, data.eventIds);
                rawGa = String.format(Locale.ROOT, "%.3f", raw.ga);
                rawPred = Integer.toString(raw.predictedGroups);
                sumRaw += raw.ga;
                rawCount++;
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-12s %8.3f %8.3f %8d %8d %8d %10s %8s%n",
                    name,
                    content.ga,
                    byTemplate.ga,
                    content.predictedGroups,
                    content.trueGroups,
                    byTemplate.trueGroups,
                    rawGa,
                    rawPred);
            sumGa += content.ga;
            sumTpl += byTemplate.ga;
            if (name.equals(explain)) {
                explain(data);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%-12s %8.3f %8.3f %8s %8s %8s %10s%n",
                "mean",
                sumGa / systems.size(),
                sumTpl / systems.size(),
                "",
                "",
                "",
                rawCount == systems.size() ? String.format(Locale.ROOT, "%.3f", sumRaw / rawCount) : "-");
        leaveOneSystemOut(systems, datasets);
    }

    /**
     * Leave-one-system-out: the context rules (the ones added after reading which groups failed
     * on these systems) are chosen for each system from the other systems only: of the 16 subsets
     * of {@link ContextRule}, the one with the best mean GA on the others (ties: more rules on,
     * then the lower mask); that subset then scores the held-out system. The rest of the rules
     * have no constant fitted to any system (word lists are generic), so nothing else is refitted.
     */
    private static void leaveOneSystemOut(List<Path> systems, List<Dataset> datasets) {
        int subsets = 1 << ContextRule.values().length;
        // ga[truth][subset][system]: truth 0 = EventId, 1 = EventTemplate
        double[][][] ga = new double[2][subsets][datasets.size()];
        for (int mask = 0; mask < subsets; mask++) {
            MessageTemplate scanner = MessageTemplate.without(offSet(mask));
            for (int d = 0; d < datasets.size(); d++) {
                Dataset data = datasets.get(d);
                ga[0][mask][d] = evaluate(scanner, data.content, data.eventIds).ga;
                ga[1][mask][d] = evaluate(scanner, data.content, data.eventTemplates).ga;
            }
        }
        System.out.println();
        System.out.println("Each context rule off alone (mean GA(id), mean GA(tpl); all on: the table above):");
        for (ContextRule r : ContextRule.values()) {
            int mask = 1 << r.ordinal();
            System.out.printf(Locale.ROOT, "  %-12s %8.3f %8.3f%n", r, mean(ga[0][mask]), mean(ga[1][mask]));
        }
        System.out.println();
        System.out.println("Leave-one-system-out (context rules chosen on the other systems):");
        System.out.printf(
                Locale.ROOT, "%-12s %8s %-34s %8s %-34s%n", "system", "GA(id)", "rules off", "GA(tpl)", "rules off");
        double[] sum = new double[2];
        double[] worst = {1, 1};
        String[] worstName = new String[2];
        for (int d = 0; d < datasets.size(); d++) {
            String[] off = new String[2];
            double[] score = new double[2];
            for (int truth = 0; truth < 2; truth++) {
                int chosen = bestWithout(ga[truth], d);
                score[truth] = ga[truth][chosen][d];
                off[truth] = offSet(chosen).isEmpty() ? "none" : offSet(chosen).toString();
                sum[truth] += score[truth];
                if (score[truth] < worst[truth]) {
                    worst[truth] = score[truth];
                    worstName[truth] = systems.get(d).getFileName().toString();
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-12s %8.3f %-34s %8.3f %-34s%n",
                    systems.get(d).getFileName(),
                    score[0],
                    off[0],
                    score[1],
                    off[1]);
        }
        System.out.printf(
                Locale.ROOT,
                "%-12s %8.3f %-34s %8.3f%n",
                "mean",
                sum[0] / datasets.size(),
                "",
                sum[1] / datasets.size());
        System.out.printf(
                Locale.ROOT, "%-12s %8.3f %-34s %8.3f %s%n", "worst", worst[0], worstName[0], worst[1], worstName[1]);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The subset with the best mean over every system but {@code heldOut}. */
    static int bestWithout(double[][] ga, int heldOut) {
        int best = -1;
        double bestMean = -1;
        for (int mask = 0; mask < ga.length; mask++) {
            double sum = 0;
            for (int d = 0; d < ga[mask].length; d++) {
                if (d != heldOut) {
                    sum += ga[mask][d];
                }
            }
            // ties: fewer rules off (a lower bit count), then the lower mask
            if (best < 0
                    || sum > bestMean + 1e-12
                    || Math.abs(sum - bestMean) <= 1e-12 && Integer.bitCount(mask) < Integer.bitCount(best)) {
                best = mask;
                bestMean = sum;
            }
        }
        return best;
    }

    /** The rules whose bits are set in {@code mask} (bit i = the i-th ContextRule). */
    private static Set<ContextRule> offSet(int mask) {
        Set<ContextRule> off = EnumSet.noneOf(ContextRule.class);
        for (ContextRule r : ContextRule.values()) {
            if ((mask & (1 << r.ordinal())) != 0) {
                off.add(r);
            }
        }
        return off;
    }

    private static Path structuredCsv(Path dir) {
        String d = dir.getFileName().toString();
        return dir.resolve(d + "_2k.log_structured_corrected.csv");
    }

    /** GA and group counts of one fingerprint column against the truth. */
    static final class Result {
        final double ga;
        final int predictedGroups;
        final int trueGroups;

        Result(double ga, int predictedGroups, int trueGroups) {
            this.ga = ga;
            this.predictedGroups = predictedGroups;
            this.trueGroups = trueGroups;
        }
    }

    static Result evaluate(MessageTemplate scanner, List<String> messages, List<String> truth) {
        Map<Long, List<Integer>> predicted = new HashMap<>();
        Map<String, Integer> trueSizes = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            predicted
                    .computeIfAbsent(scanner.fingerprint(messages.get(i)), k -> new ArrayList<>())
                    .add(i);
            trueSizes.merge(truth.get(i), 1, Integer::sum);
        }
        return new Result(groupingAccuracy(predicted.values(), truth, trueSizes), predicted.size(), trueSizes.size());
    }

    /** logpai's rule: a predicted group counts when it is exactly one whole truth group. */
    static double groupingAccuracy(
            Iterable<List<Integer>> predicted, List<String> truth, Map<String, Integer> trueSizes) {
        long correct = 0;
        for (List<Integer> group : predicted) {
            String id = truth.get(group.get(0));
            boolean pure = true;
            for (int i : group) {
                if (!truth.get(i).equals(id)) {
                    pure = false;
                    break;
                }
            }
            if (pure && trueSizes.get(id) == group.size()) {
                correct += group.size();
            }
        }
        return truth.isEmpty() ? 0 : (double) correct / truth.size();
    }

    private static void explain(Dataset data) {
        Map<String, Map<String, Integer>> templatesByTruth = new TreeMap<>();
        Map<String, Set<String>> truthByTemplate = new HashMap<>();
        for (int i = 0; i < data.content.size(); i++) {
            String t = MessageTemplate.template(data.content.get(i));
            String id = data.eventIds.get(i);
            templatesByTruth.computeIfAbsent(id, k -> new LinkedHashMap<>()).merge(t, 1, Integer::sum);
            truthByTemplate.computeIfAbsent(t, k -> new HashSet<>()).add(id);
        }
        for (Map.Entry<String, Map<String, Integer>> e : templatesByTruth.entrySet()) {
            Map<String, Integer> ts = e.getValue();
            boolean merged = false;
            for (String t : ts.keySet()) {
                merged |= truthByTemplate.get(t).size() > 1;
            }
            if (ts.size() > 1 || merged) {
                int lines = ts.values().stream().mapToInt(Integer::intValue).sum();
                System.out.printf(
                        Locale.ROOT,
                        "  %s (%d lines) %s%n",
                        e.getKey(),
                        lines,
                        ts.size() > 1 ? "SPLIT into " + ts.size() : "MERGED");
                int shown = 0;
                for (Map.Entry<String, Integer> t : ts.entrySet()) {
                    if (shown++ == 6) {
                        System.out.println("      ...");
                        break;
                    }
                    Set<String> others = new HashSet<>(truthByTemplate.get(t.getKey()));
                    others.remove(e.getKey());
                    System.out.printf(
                            Locale.ROOT,
                            "    %4d  %s%s%n",
                            t.getValue(),
                            t.getKey(),
                            others.isEmpty() ? "" : "   also " + others);
                }
            }
        }
    }

    /** The columns of one system: input messages, raw lines (or null), truth ids, row-aligned. */
    static final class Dataset {
        final List<String> content = new ArrayList<>();
        final List<String> eventIds = new ArrayList<>();
        final List<String> eventTemplates = new ArrayList<>();
        List<String> raw;

        static Dataset read(Path dir) throws IOException {
            String d = dir.getFileName().toString();
            List<List<String>> rows = Csv.parse(Files.readString(structuredCsv(dir), StandardCharsets.UTF_8));
            List<String> header = rows.get(0);
            int lineIdCol = header.indexOf("LineId");
            int contentCol = header.indexOf("Content");
            int eventCol = header.indexOf("EventId");
            int templateCol = header.indexOf("EventTemplate");
            if (contentCol < 0 || eventCol < 0 || templateCol < 0) {
                throw new IOException(
                        "no Content/EventId/EventTemplate column in " + structuredCsv(dir) + ": " + header);
            }
            Path log = dir.resolve(d + "_2k.log");
            String[] rawLines = null;
            if (Files.exists(log)) {
                rawLines = Files.readString(log, StandardCharsets.UTF_8).split("\n", -1);
            }
            Dataset data = new Dataset();
            data.raw = rawLines == null || lineIdCol < 0 ? null : new ArrayList<>();
            for (List<String> row : rows.subList(1, rows.size())) {
                if (row.size() <= Math.max(contentCol, Math.max(eventCol, templateCol))
                        || row.get(eventCol).isEmpty()) {
                    continue; // logpai skips rows without an EventId
                }
                data.content.add(row.get(contentCol));
                data.eventIds.add(row.get(eventCol));
                data.eventTemplates.add(row.get(templateCol));
                if (data.raw != null) {
                    int lineNo = Integer.parseInt(row.get(lineIdCol).trim());
                    String line = lineNo - 1 < rawLines.length ? rawLines[lineNo - 1] : "";
                    if (line.endsWith("\r")) {
                        line = line.substring(0, line.length() - 1);
                    }
                    data.raw.add(line);
                }
            }
            return data;
        }
    }

    /** RFC 4180 CSV: fields may be quoted, quotes inside quoted fields are doubled, newlines allowed. */
    static final class Csv {
        private Csv() {}

        static List<List<String>> parse(String text) {
            List<List<String>> rows = new ArrayList<>();
            List<String> row = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean any = false;
            int n = text.length();
            for (int i = 0; i < n; i++) {
                char c = text.charAt(i);
                if (quoted) {
                    if (c == '"') {
                        if (i + 1 < n && text.charAt(i + 1) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            quoted = false;
                        }
                    } else {
                        field.append(c);
                    }
                    continue;
                }
                switch (c) {
                    case '"':
                        quoted = true;
                        any = true;
                        break;
                    case ',':
                        row.add(field.toString());
                        field.setLength(0);
                        any = true;
                        break;
                    case '\r':
                        break;
                    case '\n':
                        row.add(field.toString());
                        field.setLength(0);
                        rows.add(row);
                        row = new ArrayList<>();
                        any = false;
                        break;
                    default:
                        field.append(c);
                        any = true;
                }
            }
            if (any || field.length() > 0) {
                row.add(field.toString());
                rows.add(row);
            }
            return rows;
        }
    }
}
