package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.fields.FieldNames;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

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
 * <p>The trie is over the canonical spelling of a path ({@link FieldNames}): each key's letters and
 * digits lower-cased, words split at separators and camelCase, keys joined with {@code _}. So
 * {@code "service_name"}, {@code "service.name"}, {@code "serviceName"}, {@code "Service-Name"} and
 * {@code {"service":{"name":…}}} all reach the same node, by the same rule {@code LOG_LABEL} uses.
 * A key's walk is remembered per node, so after the first record it costs one hash lookup.
 */
final class FieldPlan {

    /**
     * A column that a trie node feeds, how preferred that path is for it (0 = best), and the
     * converter bound to it (a level's numeric scale follows from the path).
     */
    static final class Target {
        final int column;
        final int rank;
        final ValueConverters.Converter converter;

        Target(int column, int rank, ValueConverters.Converter converter) {
            this.column = column;
            this.rank = rank;
            this.converter = converter;
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
         * Keys already walked from this node and where they led ({@link #NO_MATCH} for nowhere), in
         * an open-addressed table ({@code memoKeys[i]} leads to {@code memoNodes[i]}). The reader's
         * tokenizer (and Jackson, for the records left to it) hands out the same String for a key on
         * every record, so after the first record a key costs one probe, usually a reference
         * compare, instead of one edge scan per character. Bounded, so a record with a million
         * distinct keys cannot grow it: past the bound keys are walked.
         */
        private String[] memoKeys = new String[16];

        private Node[] memoNodes = new Node[16];
        private int memoSize;

        /**
         * Walks one JSON key from this node; returns the node reached if something can follow it
         * (a target here, or deeper paths), else null so the caller skips the value.
         */
        Node key(String name) {
            String[] keys = memoKeys;
            int mask = keys.length - 1;
            for (int i = slot(name) & mask; ; i = (i + 1) & mask) {
                String k = keys[i];
                if (k == null) {
                    break;
                }
                if (k == name || k.equals(name)) {
                    Node known = memoNodes[i];
                    return known == NO_MATCH ? null : known;
                }
            }
            Node found = walk(name);
            if (memoSize < MEMO_LIMIT) {
                remember(name, found == null ? NO_MATCH : found);
            }
            return found;
        }

        private static int slot(String name) {
            int h = name.hashCode();
            return h ^ (h >>> 16);
        }

        private void remember(String name, Node node) {
            if (2 * (memoSize + 1) > memoKeys.length) {
                String[] keys = memoKeys;
                Node[] nodes = memoNodes;
                memoKeys = new String[keys.length * 2];
                memoNodes = new Node[keys.length * 2];
                memoSize = 0;
                for (int i = 0; i < keys.length; i++) {
                    if (keys[i] != null) {
                        remember(keys[i], nodes[i]);
                    }
                }
            }
            int mask = memoKeys.length - 1;
            int i = slot(name) & mask;
            while (memoKeys[i] != null) {
                i = (i + 1) & mask;
            }
            memoKeys[i] = name;
            memoNodes[i] = node;
            memoSize++;
        }

        private Node walk(String name) {
            Node n = this;
            FieldNames.Chars chars = new FieldNames.Chars(name);
            int c = chars.next();
            if (c < 0) {
                return null; // a key without letters or digits names nothing
            }
            for (; c >= 0 && n != null; c = chars.next()) {
                n = n.child((char) c);
            }
            if (n == null || (n.targets == null && n.nested == null)) {
                return null;
            }
            return n;
        }
    }

    /** Most distinct keys remembered per trie node (see {@link Node#key}). */
    static final int MEMO_LIMIT = 512;

    /** Marks a remembered key that leads nowhere. */
    private static final Node NO_MATCH = new Node();

    /** The separator between nested keys in the canonical spelling. */
    static final char SEP = '_';

    /** A column's compiled plan. */
    static final class ColumnPlan {
        final int index;
        final String name;
        final LogicalType type;
        /** The canonical role, or null for an ordinary column. */
        final FieldAliases.Role role;
        /** The column's converter (for a level: on the {@code auto} scale); null for raw and labels. */
        final ValueConverters.Converter converter;
        /** JSONPath expressions that need an engine, with their rank among the column's paths. */
        final int[] jsonPathRanks;

        final String[] jsonPathExpressions;

        ColumnPlan(
                int index,
                String name,
                LogicalType type,
                FieldAliases.Role role,
                ValueConverters.Converter converter,
                int[] jsonPathRanks,
                String[] jsonPathExpressions) {
            this.index = index;
            this.name = name;
            this.type = type;
            this.role = role;
            this.converter = converter;
            this.jsonPathRanks = jsonPathRanks;
            this.jsonPathExpressions = jsonPathExpressions;
        }
    }

    final Node root = new Node();
    /**
     * The declared columns, then possibly one hidden message column (at index {@link
     * #physicalCount}) that is read only so a level can be inferred from the text.
     */
    final ColumnPlan[] columns;
    /** Number of declared (emitted) columns. */
    final int physicalCount;
    /** Index of the raw payload column, or -1. */
    final int rawColumn;
    /** Index of the message column (declared or hidden), or -1. */
    final int messageColumn;
    /** Whether any column needs a JSONPath engine (then each record is also given to it). */
    final boolean needsJsonPath;
    /** Whether the raw column is a VARIANT: the record's tokens then also build it. */
    final boolean rawVariant;

    private FieldPlan(
            ColumnPlan[] columns,
            int physicalCount,
            int rawColumn,
            int messageColumn,
            boolean needsJsonPath,
            boolean rawVariant) {
        this.columns = columns;
        this.rawVariant = rawVariant;
        this.physicalCount = physicalCount;
        this.rawColumn = rawColumn;
        this.messageColumn = messageColumn;
        this.needsJsonPath = needsJsonPath;
    }

    /**
     * Whether a type is Flink's VARIANT (2.1 and newer), by name: the constant does not exist in
     * older versions, where this class must still load.
     */
    static boolean isVariant(LogicalTypeRoot root) {
        return root.name().equals("VARIANT");
    }

    /**
     * The role a canonical column plays when its type fits the role; otherwise the column is
     * filled like any other (an {@code event_time STRING} gets the text as is).
     */
    static FieldAliases.Role effectiveRole(FieldAliases.Role role, LogicalType type) {
        if (role == null) {
            return null;
        }
        LogicalTypeRoot root = type.getTypeRoot();
        boolean text = root == LogicalTypeRoot.VARCHAR || root == LogicalTypeRoot.CHAR;
        switch (role) {
            case TIME:
                return root == LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE
                                || root == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                        ? role
                        : null;
            case LEVEL:
            case MESSAGE:
            case SHAPE:
            case DAY:
                return text ? role : null;
            case HOUR:
                return text || root == LogicalTypeRoot.INTEGER ? role : null;
            case LABELS:
                if (root == LogicalTypeRoot.MAP) {
                    MapType m = (MapType) type;
                    LogicalTypeRoot k = m.getKeyType().getTypeRoot();
                    LogicalTypeRoot v = m.getValueType().getTypeRoot();
                    return k == LogicalTypeRoot.VARCHAR && v == LogicalTypeRoot.VARCHAR ? role : null;
                }
                return null;
            default:
                return role;
        }
    }

    /**
     * Compiles the plan of a schema: which keys feed which column, and each column's converter.
     * {@code in} is the input the text converters take their bytes from; {@code times} reads
     * timestamps (zone-less text in its default zone).
     *
     * @throws ValueConverters.UnsupportedTypeException for a column type the format cannot fill
     */
    static FieldPlan build(
            RowType rowType,
            String rawColumnName,
            Map<String, List<String>> overrides,
            Input in,
            TimestampParser times) {
        List<String> names = rowType.getFieldNames();
        int n = names.size();
        List<ColumnPlan> plans = new ArrayList<>();
        List<List<List<String>>> streamingPaths = new ArrayList<>();
        int raw = -1;
        int message = -1;
        boolean level = false;
        boolean needsJsonPath = false;
        boolean rawVariant = false;
        for (int i = 0; i < n; i++) {
            String name = names.get(i);
            LogicalType type = rowType.getTypeAt(i);
            if (name.equals(rawColumnName)) {
                raw = i;
                rawVariant = isVariant(type.getTypeRoot());
                plans.add(new ColumnPlan(i, name, type, null, null, new int[0], new String[0]));
                streamingPaths.add(null);
                continue;
            }
            FieldAliases.Column canonical = FieldAliases.forColumn(name);
            FieldAliases.Role role = effectiveRole(canonical == null ? null : canonical.role(), type);
            List<String> override = overrides.get(name);
            List<List<String>> paths = new ArrayList<>();
            List<Integer> jpRanks = new ArrayList<>();
            List<String> jpExprs = new ArrayList<>();
            if (override != null) {
                for (String expr : override) {
                    List<String> members = JsonPaths.members(expr);
                    if (members == null) {
                        jpRanks.add(paths.size());
                        jpExprs.add(expr);
                    }
                    paths.add(members); // null keeps ranks aligned with the user's order
                }
            } else if (role == FieldAliases.Role.LABELS || role == FieldAliases.Role.SHAPE) {
                // Labels come from the label collector, the shape from the reader: not from paths.
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
            level |= role == FieldAliases.Role.LEVEL;
            needsJsonPath |= !jpExprs.isEmpty();
            ValueConverters.Converter converter;
            try {
                converter = converter(type, role, in, times);
            } catch (ValueConverters.UnsupportedTypeException e) {
                throw new ValidationException(String.format(
                        "Column '%s' has type %s, which 'log-json' cannot fill (%s). "
                                + "Supported: STRING, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, "
                                + "FLOAT, DOUBLE, DECIMAL, DATE, TIMESTAMP, TIMESTAMP_LTZ, VARIANT, "
                                + "and MAP, ARRAY and ROW of these.",
                        name, type, e.getMessage()));
            }
            plans.add(new ColumnPlan(i, name, type, role, converter, ints(jpRanks), jpExprs.toArray(new String[0])));
            streamingPaths.add(paths);
        }
        boolean time = plans.stream().anyMatch(c -> c.role == FieldAliases.Role.TIME);
        for (ColumnPlan c : plans) {
            if (!time && (c.role == FieldAliases.Role.DAY || c.role == FieldAliases.Role.HOUR)) {
                throw new ValidationException(String.format(
                        "Column '%s' is filled from the event time when the record has no field of that "
                                + "name: declare an event time column too (event_time TIMESTAMP_LTZ(3), or "
                                + "another name of it, see docs/format.md).",
                        c.name));
            }
        }
        if (level && message < 0) {
            // A level is inferred from the message when no level field is present: read the
            // message even though it is not a declared column.
            FieldAliases.Column m = FieldAliases.forColumn("log");
            List<List<String>> paths = new ArrayList<>(m.paths());
            message = n;
            LogicalType text = new VarCharType(VarCharType.MAX_LENGTH);
            plans.add(new ColumnPlan(
                    n, "log", text, m.role(), converter(text, m.role(), in, times), new int[0], new String[0]));
            streamingPaths.add(paths);
        }
        FieldPlan plan = new FieldPlan(plans.toArray(new ColumnPlan[0]), n, raw, message, needsJsonPath, rawVariant);
        for (int i = 0; i < streamingPaths.size(); i++) {
            List<List<String>> paths = streamingPaths.get(i);
            if (paths == null) {
                continue;
            }
            ColumnPlan c = plan.columns[i];
            for (int rank = 0; rank < paths.size(); rank++) {
                List<String> path = paths.get(rank);
                if (path == null) {
                    continue;
                }
                ValueConverters.Converter bound = c.role == FieldAliases.Role.LEVEL
                        ? new ValueConverters.Level(FieldAliases.levelScaleOf(path))
                        : c.converter;
                if (bound != null) { // a labels column takes nothing from paths
                    plan.add(path, new Target(i, rank, bound));
                }
            }
        }
        return plan;
    }

    /** A column's converter, by its role where its type fits one, else by its type. */
    private static ValueConverters.Converter converter(
            LogicalType type, FieldAliases.Role role, Input in, TimestampParser times) {
        if (role == FieldAliases.Role.LEVEL) {
            return new ValueConverters.Level(LevelScale.AUTO);
        }
        if (role == FieldAliases.Role.LABELS || role == FieldAliases.Role.SHAPE) {
            return null; // filled from the label collector, or by the reader
        }
        if (role == FieldAliases.Role.TIME) {
            return ValueConverters.eventTime(type, times);
        }
        return ValueConverters.forType(type, role == FieldAliases.Role.MESSAGE, in, times);
    }

    private static int[] ints(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether some declared column has this role. */
    boolean has(FieldAliases.Role role) {
        for (int i = 0; i < physicalCount; i++) {
            if (columns[i].role == role) {
                return true;
            }
        }
        return false;
    }

    /** One trie step; a separator step is remembered as the node where nested objects start. */
    private static Node step(Node parent, char c) {
        Node n = parent.childOrCreate(c);
        if (c == SEP) {
            parent.nested = n;
        }
        return n;
    }

    private void add(List<String> path, Target target) {
        Node n = root;
        boolean first = true;
        FieldNames.Chars chars = new FieldNames.Chars("");
        for (String key : path) {
            chars.reset(key);
            int c = chars.next();
            if (c < 0) {
                continue;
            }
            if (!first) {
                n = step(n, SEP);
            }
            first = false;
            for (; c >= 0; c = chars.next()) {
                n = step(n, (char) c);
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
