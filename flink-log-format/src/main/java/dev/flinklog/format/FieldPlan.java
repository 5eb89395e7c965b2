package dev.flinklog.format;

import dev.flinklog.core.FieldAliases;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import com.jayway.jsonpath.JsonPath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which JSON keys feed which column, compiled once per schema into one trie that the streaming
 * parse walks key by key.
 *
 * <p>The trie is over the canonical spelling of a path: keys are joined with {@code _} and a
 * {@code .} inside a key also reads as {@code _}. So {@code "service_name"}, {@code
 * "service.name"} and {@code {"service":{"name":…}}} all reach the same node, which is the
 * snake_case ↔ dotted ↔ nested equivalence the format promises, at the cost of one array lookup
 * per key character and no allocation.
 */
final class FieldPlan {

    /** A column that a trie node feeds, and how preferred that path is for it (0 = best). */
    static final class Target {
        final int column;
        final int rank;

        Target(int column, int rank) {
            this.column = column;
            this.rank = rank;
        }
    }

    /** One state of the key trie. Children are few, so a linear scan of a char array is fastest. */
    static final class Node {
        char[] edges = new char[0];
        Node[] next = new Node[0];
        Target[] targets;
        /** The child reached by the nesting separator, cached: entering an object starts there. */
        Node nested;

        Node child(char c) {
            char[] e = edges;
            for (int i = 0; i < e.length; i++) {
                if (e[i] == c) {
                    return next[i];
                }
            }
            return null;
        }

        Node childOrCreate(char c) {
            Node n = child(c);
            if (n == null) {
                n = new Node();
                edges = Arrays.copyOf(edges, edges.length + 1);
                next = Arrays.copyOf(next, next.length + 1);
                edges[edges.length - 1] = c;
                next[next.length - 1] = n;
            }
            return n;
        }

        /**
         * Walks one JSON key from this node; returns the node reached if something can follow it
         * (a target here, or deeper paths), else null so the caller skips the value.
         */
        Node key(String name) {
            Node n = this;
            for (int i = 0, len = name.length(); i < len && n != null; i++) {
                char c = name.charAt(i);
                n = n.child(c == '.' ? SEP : c);
            }
            if (n == null || (n.targets == null && n.nested == null)) {
                return null;
            }
            return n;
        }
    }

    /** The separator between nested keys in the canonical spelling. */
    static final char SEP = '_';

    /** A column's compiled plan. */
    static final class ColumnPlan {
        final int index;
        final String name;
        final LogicalType type;
        /** The canonical role, or null for an ordinary column. */
        final FieldAliases.Role role;
        /** JSONPath expressions that need an engine, with their rank among the column's paths. */
        final int[] jsonPathRanks;
        final String[] jsonPathExpressions;

        ColumnPlan(
                int index,
                String name,
                LogicalType type,
                FieldAliases.Role role,
                int[] jsonPathRanks,
                String[] jsonPathExpressions) {
            this.index = index;
            this.name = name;
            this.type = type;
            this.role = role;
            this.jsonPathRanks = jsonPathRanks;
            this.jsonPathExpressions = jsonPathExpressions;
        }
    }

    final Node root = new Node();
    final ColumnPlan[] columns;
    /** Index of the raw payload column, or -1. */
    final int rawColumn;
    /** Index of the column that receives the text of records that are not JSON objects, or -1. */
    final int messageColumn;
    /** Whether any column needs a JSONPath engine (then each record is also given to it). */
    final boolean needsJsonPath;

    private FieldPlan(ColumnPlan[] columns, int rawColumn, int messageColumn, boolean needsJsonPath) {
        this.columns = columns;
        this.rawColumn = rawColumn;
        this.messageColumn = messageColumn;
        this.needsJsonPath = needsJsonPath;
    }

    static FieldPlan build(
            RowType rowType, String rawColumnName, Map<String, List<String>> overrides) {
        List<String> names = rowType.getFieldNames();
        ColumnPlan[] plans = new ColumnPlan[names.size()];
        List<List<String>[]> streamingPaths = new ArrayList<>();
        int raw = -1;
        int message = -1;
        boolean needsJsonPath = false;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            LogicalType type = rowType.getTypeAt(i);
            if (name.equals(rawColumnName)) {
                raw = i;
                plans[i] = new ColumnPlan(i, name, type, null, new int[0], new String[0]);
                streamingPaths.add(null);
                continue;
            }
            FieldAliases.Column canonical = FieldAliases.forColumn(name);
            FieldAliases.Role role = canonical == null ? null : canonical.role();
            List<String> override = overrides.get(name);
            List<List<String>> paths = new ArrayList<>();
            List<Integer> jpRanks = new ArrayList<>();
            List<String> jpExprs = new ArrayList<>();
            if (override != null) {
                for (String expr : override) {
                    List<String> members = JsonPaths.members(expr);
                    if (members != null) {
                        paths.add(members);
                    } else {
                        jpRanks.add(paths.size() + jpExprs.size());
                        jpExprs.add(expr);
                        paths.add(null); // keeps ranks aligned with the user's order
                    }
                }
            } else {
                Set<List<String>> seen = new LinkedHashSet<>();
                seen.add(List.of(name));
                if (canonical != null) {
                    seen.addAll(canonical.paths());
                }
                paths.addAll(seen);
            }
            if (role == FieldAliases.Role.MESSAGE && message < 0) {
                message = i;
            }
            needsJsonPath |= !jpExprs.isEmpty();
            plans[i] =
                    new ColumnPlan(
                            i,
                            name,
                            type,
                            role,
                            jpRanks.stream().mapToInt(Integer::intValue).toArray(),
                            jpExprs.toArray(new String[0]));
            @SuppressWarnings("unchecked")
            List<String>[] arr = paths.toArray(new List[0]);
            streamingPaths.add(arr);
        }
        FieldPlan plan = new FieldPlan(plans, raw, message, needsJsonPath);
        for (int i = 0; i < plans.length; i++) {
            List<String>[] paths = streamingPaths.get(i);
            if (paths == null) {
                continue;
            }
            for (int rank = 0; rank < paths.length; rank++) {
                if (paths[rank] != null) {
                    plan.add(paths[rank], new Target(i, rank));
                }
            }
        }
        return plan;
    }

    /** One trie step; a separator step is remembered as the node where nested objects start. */
    private static Node step(Node parent, char c) {
        Node n = parent.childOrCreate(c);
        if (c == SEP) {
            parent.nested = n;
        }
        return n;
    }

    /** Compiles JSONPath expressions; called in {@code open()}, since JsonPath is not serializable. */
    static JsonPath[] compile(ColumnPlan c) {
        JsonPath[] out = new JsonPath[c.jsonPathExpressions.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = JsonPath.compile(c.jsonPathExpressions[i]);
        }
        return out;
    }

    private void add(List<String> path, Target target) {
        Node n = root;
        for (int k = 0; k < path.size(); k++) {
            if (k > 0) {
                n = step(n, SEP);
            }
            String key = path.get(k);
            for (int i = 0; i < key.length(); i++) {
                char c = key.charAt(i);
                n = step(n, c == '.' ? SEP : c);
            }
        }
        Target[] t = n.targets == null ? new Target[0] : n.targets;
        for (Target existing : t) {
            if (existing.column == target.column) {
                return; // the same canonical path listed twice for one column: keep the first rank
            }
        }
        t = Arrays.copyOf(t, t.length + 1);
        t[t.length - 1] = target;
        n.targets = t;
    }
}
