package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.fields.LabelSource;
import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.table.data.StringData;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Text lines in the format: the columns a {@link ParsedLine} fills, decided once per schema, and
 * the parser that reads the lines ({@code log-json.lines} says which shapes). A record that is not
 * JSON is read as a line; a JSON record's message is read as one when it leaves a column open that
 * a line could fill. A line's fields fill only what is still open: the JSON's own fields win.
 */
final class LineColumns {

    /** What of a parsed line a column takes. */
    private enum Source {
        TIME,
        MESSAGE,
        HOST,
        SERVICE,
        PID,
        CLIENT_IP,
        HTTP_METHOD,
        HTTP_PATH,
        USER_AGENT,
        HTTP_STATUS,
        BYTES,
        DURATION
    }

    private final FieldPlan plan;
    private final LineParser parser;
    /** When a record arrived: year-less line times are placed before it. Processing time. */
    private final LongSupplier clock;

    private final int[] columns;
    private final Source[] sources;
    private final int shapeColumn;
    private final int[] levelColumns;

    private LineColumns(FieldPlan plan, LineParser parser, LongSupplier clock) {
        this.plan = plan;
        this.parser = parser;
        this.clock = clock;
        List<Integer> cols = new ArrayList<>();
        List<Source> srcs = new ArrayList<>();
        int shape = -1;
        List<Integer> levels = new ArrayList<>();
        for (int i = 0; i < plan.physicalCount; i++) {
            FieldPlan.ColumnPlan c = plan.columns[i];
            if (c.role == FieldAliases.Role.SHAPE) {
                shape = i;
                continue;
            }
            if (c.role == FieldAliases.Role.LEVEL) {
                levels.add(i);
                continue;
            }
            Source s = sourceOf(c);
            if (s != null && c.converter != null) {
                cols.add(i);
                srcs.add(s);
            }
        }
        this.columns = cols.stream().mapToInt(Integer::intValue).toArray();
        this.sources = srcs.toArray(new Source[0]);
        this.shapeColumn = shape;
        this.levelColumns = levels.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The line columns of a plan, reading {@code shapes} (none: lines are not read); {@code clock}
     * gives the arrival time of a record in epoch millis.
     */
    static LineColumns of(FieldPlan plan, TimestampParser times, Collection<LineShape> shapes, LongSupplier clock) {
        return shapes.isEmpty() ? null : new LineColumns(plan, new LineParser(times, shapes), clock);
    }

    private static Source sourceOf(FieldPlan.ColumnPlan c) {
        if (c.role == FieldAliases.Role.TIME) {
            return Source.TIME;
        }
        if (c.role == FieldAliases.Role.MESSAGE) {
            return Source.MESSAGE;
        }
        FieldAliases.Column canonical = FieldAliases.forColumn(c.name);
        if (canonical == null) {
            return null;
        }
        switch (canonical.names().get(0)) {
            case "host_name":
                return Source.HOST;
            case "service_name":
                return Source.SERVICE;
            case "pid":
                return Source.PID;
            case "client_ip":
                return Source.CLIENT_IP;
            case "http_method":
                return Source.HTTP_METHOD;
            case "http_path":
                return Source.HTTP_PATH;
            case "user_agent":
                return Source.USER_AGENT;
            case "http_status":
                return Source.HTTP_STATUS;
            case "response_bytes":
                return Source.BYTES;
            case "duration_ms":
                return Source.DURATION;
            default:
                return null;
        }
    }

    /** Reads {@code text}; its shape, {@link LineShape#PLAIN} when none fits. */
    LineShape parse(CharSequence text, ParsedLine out) {
        return parser.parse(text, clock.getAsLong(), out);
    }

    /**
     * Whether a JSON record's message is worth reading as a line: the labels or the shape are
     * declared, or some column a line could fill is open (a level among them: a line's own level
     * beats inference from its text).
     */
    boolean wantsMessageOf(RowState row) {
        if (row.labels != null || shapeColumn >= 0) {
            return true;
        }
        for (int c : columns) {
            if (row.values[c] == null) {
                return true;
            }
        }
        for (int c : levelColumns) {
            if (row.values[c] == null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Fills the open columns of {@code row} from {@code line}, and the labels and same-named columns
     * from its pairs; {@code message}: whether the line's free text is the message (a text record),
     * or the message is the JSON's own (a JSON record's message line).
     */
    void fill(ParsedLine line, RowState row, boolean message, RecordReader reader) {
        int preference = RowState.LINE;
        for (int k = 0; k < columns.length; k++) {
            int c = columns[k];
            if (!row.wants(c, preference)) {
                continue;
            }
            Object v = value(line, sources[k], plan.columns[c].converter, message);
            if (v != null) {
                reader.offer(c, preference, v);
            }
        }
        for (int i = 0; i < line.pairCount(); i++) {
            String key = line.key(i);
            FieldPlan.Node node = plan.root.key(key);
            String value = null;
            if (node != null && node.targets != null) {
                value = line.value(i);
                for (FieldPlan.Target t : node.targets) {
                    if (row.wants(t.column, preference)) {
                        reader.offer(t.column, preference, t.converter.text(value));
                    }
                }
            }
            if (row.labels != null) {
                row.labels.put(LabelSource.LINE, key, value != null ? value : line.value(i));
            }
        }
    }

    private static Object value(ParsedLine line, Source source, ValueConverters.Converter converter, boolean message) {
        switch (source) {
            case TIME:
                return line.hasTime() ? ((ValueConverters.Time) converter).value(line.time()) : null;
            case MESSAGE:
                if (!message) {
                    return null;
                }
                // A shape without free text (an access line) is its own message.
                return line.has(ParsedLine.Field.MESSAGE)
                        ? text(line, ParsedLine.Field.MESSAGE, converter)
                        : converter.text(line.line().toString());
            case HOST:
                return text(line, ParsedLine.Field.HOST, converter);
            case SERVICE:
                return text(line, ParsedLine.Field.SERVICE, converter);
            case PID:
                return text(line, ParsedLine.Field.PID, converter);
            case CLIENT_IP:
                return text(line, ParsedLine.Field.CLIENT_IP, converter);
            case HTTP_METHOD:
                return text(line, ParsedLine.Field.HTTP_METHOD, converter);
            case HTTP_PATH:
                return text(line, ParsedLine.Field.HTTP_PATH, converter);
            case USER_AGENT:
                return text(line, ParsedLine.Field.USER_AGENT, converter);
            case HTTP_STATUS:
                return line.httpStatus() < 0 ? null : converter.text(Integer.toString(line.httpStatus()));
            case BYTES:
                return line.bytes() < 0 ? null : converter.text(Long.toString(line.bytes()));
            case DURATION:
                return Double.isNaN(line.durationMs()) ? null : converter.text(Double.toString(line.durationMs()));
            default:
                return null;
        }
    }

    private static Object text(ParsedLine line, ParsedLine.Field f, ValueConverters.Converter converter) {
        String s = line.text(f);
        return s == null ? null : converter.text(s);
    }

    /** Sets the shape column, when declared. */
    void shape(RowState row, LineShape shape) {
        if (shapeColumn >= 0) {
            row.values[shapeColumn] = SHAPES[shape.ordinal()];
        }
    }

    /** The shape column of a format without line reading. */
    static void shape(FieldPlan plan, RowState row, LineShape shape) {
        for (int i = 0; i < plan.physicalCount; i++) {
            if (plan.columns[i].role == FieldAliases.Role.SHAPE) {
                row.values[i] = SHAPES[shape.ordinal()];
            }
        }
    }

    static final StringData[] SHAPES = new StringData[LineShape.values().length];

    static {
        for (LineShape s : LineShape.values()) {
            SHAPES[s.ordinal()] = StringData.fromString(s.sqlName());
        }
    }
}
