package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.time.TimestampParser;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Recognises the shape of a text log line with no configuration and reads its canonical fields
 * into a {@link ParsedLine}: one per task (it keeps scratch state), reused for every line.
 *
 * <p>The line's head (its first character and first run, {@link LineHead}) picks the few shapes that
 * can start so; those are tried in a
 * fixed order, most specific first, and each gives up as soon as the line leaves its grammar, so
 * the work is a small constant number of left-to-right reads of the line: linear in its length,
 * no backtracking. A line no shape takes is {@link LineShape#PLAIN}.
 *
 * <p>Envelopes ({@link LineShape#SYSLOG3164}, {@link LineShape#SYSLOG5424}, {@link LineShape#CRI})
 * carry another program's line as their message: that message is read once more, and when it has a
 * shape of its own, that is the line's shape, its fields fill what the envelope left open, and its
 * free text is the message (an nginx access line sent through syslog is {@link
 * LineShape#COMBINED}, with the syslog host and program).
 */
public final class LineParser {

    /**
     * Reads one shape. Stateless: what it needs besides the line is in the context. An abstract
     * class rather than an interface: {@link #read} is called several times per line on one of
     * twenty classes, and a virtual call through the class's table is cheaper than the
     * interface dispatch stub.
     */
    abstract static class ShapeReader {
        /** The shape this reader recognises. */
        abstract LineShape shape();

        /** Whether a line of this shape can start with {@code c} (the first character after a BOM). */
        abstract boolean mayStartWith(char c);

        /**
         * Finer: whether a line of this shape can start with {@code c} when its first run (see
         * {@link LineHead}) is {@code run} characters long ({@link LineHead#LONG}: that or more) and
         * followed by {@code next} ({@link LineHead#END} at the end of the line); after four digits
         * and {@code -} (an ISO date), {@code tenth} is the character ten in ({@code 'T'} for T or t,
         * {@code ' '}), else {@code '~'}. Asked once per parser for every head, never per line. By
         * default, whatever {@link #mayStartWith(char)} says.
         */
        boolean mayStartWith(char c, int run, char next, char tenth) {
            return mayStartWith(c);
        }

        /**
         * Finer still, for a line that starts with an ISO date, or with {@code [} and one ({@code
         * c}, {@code tenth} T or a space): whether a line of this shape can go on so after the
         * date's time ({@code after}: see {@link LineHead#after(int)}, never {@link
         * LineHead#UNKNOWN_AFTER}). Most readers that take such lines need a few characters there,
         * where the others' lines have theirs. By default, yes.
         */
        boolean mayFollowTime(char c, char after) {
            return true;
        }

        /**
         * Reads {@code line[from, to)}: true when it has this shape, with {@code out}'s fields set
         * (but for the shape, which the parser sets); false when not, in which case the parser
         * clears whatever it set.
         */
        abstract boolean read(CharSequence line, int from, int to, LineContext ctx, ParsedLine out);
    }

    /**
     * Every reader, in the order they are tried. A line is its first taker's, but few lines are
     * taken by two readers: where they are, the winner is listed first (ReaderOrderTest names the
     * pairs). Otherwise the order is free and is chosen for speed: readers that take most of the
     * lines of the heads they share come before those that would give them up (each give-up is a
     * reader's code run in vain, its branches mispredicted in the mix), logfmt, the most general
     * shape, last. CLF right after COMBINED: it reuses COMBINED's failed head.
     */
    static final List<ShapeReader> READERS = List.of(
            new CriReader(),
            new KlogReader(),
            new RubyLoggerReader(),
            NginxErrorReader.INSTANCE,
            new MonologReader(),
            new PhpErrorLogReader(),
            EnvoyReader.INSTANCE,
            new PostgresLogReader(),
            // before MySQL's: hclog's "[ERROR] " after an ISO time with no thread is one MySQL never writes
            new HclogReader(),
            new MysqlErrorReader(),
            new Syslog5424Reader(),
            new Syslog3164Reader(),
            new JavaLayoutReader(),
            new PythonLogReader(),
            new RedisLogReader(),
            HaproxyReader.INSTANCE,
            ApacheErrorReader.INSTANCE,
            AccessLogReader.COMBINED,
            AccessLogReader.CLF,
            new ZapConsoleReader(),
            new SidekiqReader(),
            new GoLogReader(),
            // Before logfmt, which takes its records as pairs.
            new AuditdReader(),
            // The most general shape last: a line of pairs.
            new LogfmtReader());

    private final LineContext context;
    /** The readers to try by head: {@link #headIndex}. */
    private final ShapeReader[][] byHead;

    private final ParsedLine inner = new ParsedLine();
    private final LineChars chars = new LineChars();

    /** False only for {@link #readingInPlace}: the readers read the caller's line itself. */
    private final boolean copy;

    /**
     * A parser for these shapes (the others read as {@link LineShape#PLAIN}); zone-less times are
     * read in {@code times}' default zone.
     */
    public LineParser(TimestampParser times, Collection<LineShape> shapes) {
        this(times, shapes, true, true);
    }

    /**
     * {@code heads} false: the readers are picked by the first character alone, so every reader
     * that may start so tries every line (the tests compare the two).
     */
    LineParser(TimestampParser times, Collection<LineShape> shapes, boolean copy, boolean heads) {
        this.copy = copy;
        this.context = new LineContext(times);
        Set<LineShape> enabled = shapes.isEmpty() ? EnumSet.noneOf(LineShape.class) : EnumSet.copyOf(shapes);
        // The readers are stateless, so parsers of the same shapes share one table: building it
        // asks every reader about every head, too much for each LOG_PARSE_LINE instance.
        this.byHead = TABLES.computeIfAbsent(List.of(enabled, heads), k -> table(enabled, heads));
    }

    /** The tables built so far, by the enabled shapes and the dispatch (a few in any JVM). */
    private static final Map<List<Object>, ShapeReader[][]> TABLES = new ConcurrentHashMap<>();

    private static ShapeReader[][] table(Set<LineShape> enabled, boolean heads) {
        int classes = LineHead.classes();
        ShapeReader[][] byHead = new ShapeReader[129 * LineHead.LONG * classes][];
        Map<List<ShapeReader>, ShapeReader[]> distinct = new HashMap<>();
        for (int c = 0; c <= 128; c++) {
            for (int run = 1; run <= LineHead.LONG; run++) {
                for (int cls = 0; cls < classes; cls++) {
                    List<ShapeReader> candidates = new ArrayList<>();
                    for (ShapeReader r : READERS) {
                        // Index 128 stands for every character beyond ASCII, asked as a letter.
                        char first = c == 128 ? 'é' : (char) c;
                        char after = LineHead.after(cls);
                        if (enabled.contains(r.shape())
                                && r.mayStartWith(first)
                                && (!heads
                                        || (r.mayStartWith(
                                                        first, run, LineHead.representative(cls), LineHead.tenth(cls))
                                                && (after == LineHead.UNKNOWN_AFTER
                                                        || r.mayFollowTime(first, after))))) {
                            candidates.add(r);
                        }
                    }
                    byHead[headIndex(c, run, cls)] =
                            distinct.computeIfAbsent(candidates, k -> k.toArray(new ShapeReader[0]));
                }
            }
        }
        return byHead;
    }

    private static int headIndex(int first, int run, int nextClass) {
        return (first * LineHead.LONG + run - 1) * LineHead.classes() + nextClass;
    }

    /** The readers that may take {@code s[from, to)} ({@code from < to}), by its head. */
    ShapeReader[] candidates(CharSequence s, int from, int to) {
        int e = LineHead.runEnd(s, from, to);
        int next = LineHead.classOf(s, from, e, to);
        return byHead[headIndex(Math.min(s.charAt(from), 128), Math.min(e - from, LineHead.LONG), next)];
    }

    /** A parser for every text shape. */
    public static LineParser all(TimestampParser times) {
        return new LineParser(times, textShapes());
    }

    /**
     * A parser for every text shape whose readers read the caller's line itself, never a copy
     * (slower): for tests that count the characters the readers read.
     */
    public static LineParser readingInPlace(TimestampParser times) {
        return new LineParser(times, textShapes(), false, true);
    }

    /** The shapes {@link LineParser} can recognise, in {@link LineShape}'s order. */
    public static List<LineShape> textShapes() {
        List<LineShape> out = new ArrayList<>();
        for (LineShape s : LineShape.values()) {
            if (s.isTextLine()) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * Reads {@code line}, which arrived at {@code referenceMillis} (epoch millis: year-less times
     * are placed before it), into {@code out}. Returns its shape, {@link LineShape#PLAIN} when none
     * fits. A trailing CR/LF and a leading byte-order mark are not part of the line.
     */
    public LineShape parse(CharSequence line, long referenceMillis, ParsedLine out) {
        out.reset(line);
        context.reference(referenceMillis);
        // The readers read a copy (see LineChars); the fields stay spans of the caller's line.
        CharSequence s = copy && line.length() <= LineChars.MAX_COPY ? chars.set(line) : line;
        int to = line.length();
        while (to > 0 && (s.charAt(to - 1) == '\n' || s.charAt(to - 1) == '\r')) {
            to--;
        }
        int from = 0;
        if (from < to && s.charAt(from) == '\uFEFF') {
            from++;
        }
        LineShape shape = read(s, from, to, out);
        if (shape == LineShape.PLAIN) {
            return prefixed(s, from, to, line, out);
        }
        if (isEnvelope(shape) && out.has(ParsedLine.Field.MESSAGE)) {
            int m = out.start(ParsedLine.Field.MESSAGE);
            int e = out.end(ParsedLine.Field.MESSAGE);
            inner.reset(line);
            LineShape innerShape = read(s, m, e, inner);
            if (innerShape != LineShape.PLAIN && !isEnvelope(innerShape)) {
                out.absorb(inner);
                shape = innerShape;
                out.shape(shape);
            }
        }
        return shape;
    }

    /**
     * A line no reader took behind the prefix a tool that merges containers' output puts before each
     * line: {@code docker compose logs}' {@code web-1  | } (Compose v1: {@code web_1  | }) or {@code
     * kubectl logs --prefix}'s {@code [pod/<pod>/<container>] }, the rest a line of a shape, maybe
     * behind the runtime's time (their {@code --timestamps}); or behind that time alone. Read as the
     * inner line's shape and fields, as for the time alone; Compose's service (the name before the
     * replica index) is the service unless the inner line names one, kubectl's pod and container
     * are the pairs {@code pod_name} and {@code container_name}. A prefix before free text stays
     * plain: the prefix alone says too little to make a row of it.
     */
    private LineShape prefixed(CharSequence s, int from, int to, CharSequence line, ParsedLine out) {
        int rest = from < to && s.charAt(from) == '[' ? kubectlPrefixEnd(s, from, to) : composePrefixEnd(s, from, to);
        if (rest < 0) {
            return timestamped(s, from, to, line, out);
        }
        inner.reset(line);
        LineShape shape = read(s, rest, to, inner);
        if (shape != LineShape.PLAIN && !isEnvelope(shape)) {
            out.absorb(inner);
            out.shape(shape);
        } else {
            shape = timestamped(s, rest, to, line, out);
            if (shape == LineShape.PLAIN) {
                return shape;
            }
        }
        if (s.charAt(from) == '[') {
            out.pair("pod_name", from + POD.length(), prefixSplit, false);
            out.pair("container_name", prefixSplit + 1, rest - 2, false);
        } else if (!out.has(ParsedLine.Field.SERVICE)) {
            out.set(ParsedLine.Field.SERVICE, from, prefixSplit);
        }
        return shape;
    }

    /** What {@code kubectl logs --prefix} writes first: only pods have logs. */
    private static final String POD = "[pod/";

    /**
     * Where the last prefix read splits: before a Compose name's replica index, at the slash
     * between kubectl's pod and container.
     */
    private int prefixSplit;

    /**
     * Where the line after a Compose prefix starts: a container's name as Compose prints it (its
     * service, or in Compose 2.0 to 2.2 the project and service, then {@code -} or {@code _} and the
     * replica index), padded with spaces, {@code |} and a space; else -1. The replica index is
     * required: a word and a bar before a line ({@code INFO  | 2024-01-15 …}) is how some layouts
     * write their level, not a container. Sets {@link #prefixSplit} to the index's separator.
     */
    private int composePrefixEnd(CharSequence s, int from, int to) {
        if (from >= to || !Ascii.isLetterOrDigit(s.charAt(from))) {
            return -1;
        }
        int i = from;
        while (i < to && composeNameChar(s.charAt(i))) {
            i++;
        }
        int nameEnd = i;
        int d = nameEnd;
        while (d > from && Ascii.isDigit(s.charAt(d - 1))) {
            d--;
        }
        if (d == nameEnd || d - 1 <= from || (s.charAt(d - 1) != '-' && s.charAt(d - 1) != '_')) {
            return -1;
        }
        if (nameEnd >= to || s.charAt(nameEnd) != ' ') {
            return -1;
        }
        i = Scan.spaces(s, nameEnd, to);
        if (i + 2 >= to || s.charAt(i) != '|' || s.charAt(i + 1) != ' ') {
            return -1;
        }
        prefixSplit = d - 1;
        return i + 2;
    }

    /** A character of a Compose service or container name (letters, digits, {@code _ . -}). */
    private static boolean composeNameChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.';
    }

    /**
     * Where the line after {@code [pod/<pod>/<container>] } starts, else -1: a pod's name (a DNS
     * subdomain: lower-case letters, digits, {@code -} and {@code .}), a container's (a DNS label).
     * Sets {@link #prefixSplit} to the slash between them.
     */
    private int kubectlPrefixEnd(CharSequence s, int from, int to) {
        if (!Scan.startsWith(s, from, to, POD)) {
            return -1;
        }
        int i = from + POD.length();
        while (i < to && (dnsChar(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        if (i == from + POD.length() || i >= to || s.charAt(i) != '/') {
            return -1;
        }
        int slash = i++;
        while (i < to && dnsChar(s.charAt(i))) {
            i++;
        }
        if (i == slash + 1 || i + 2 >= to || s.charAt(i) != ']' || s.charAt(i + 1) != ' ') {
            return -1;
        }
        prefixSplit = slash;
        return i + 2;
    }

    private static boolean dnsChar(char c) {
        return Ascii.isDigit(c) || (c >= 'a' && c <= 'z') || c == '-';
    }

    /**
     * A line no reader took that is an RFC 3339 time, a space and a line of a shape: what {@code
     * docker logs --timestamps} and {@code kubectl logs --timestamps} print (the runtime's time of
     * each line before the container's own). It is read as the inner line's shape, with the prefix's
     * time unless the inner line's says more, as for a CRI line; otherwise it stays plain (a time
     * and free text is how many programs write a plain line).
     */
    private LineShape timestamped(CharSequence s, int from, int to, CharSequence line, ParsedLine out) {
        if (from >= to || !Ascii.isDigit(s.charAt(from))) {
            return LineShape.PLAIN;
        }
        int timeEnd = Scan.token(s, from, to);
        if (timeEnd + 1 >= to
                || s.charAt(timeEnd) != ' '
                || !Syslog5424Reader.isoDateTime(s, from, timeEnd)
                || !context.time(s, from, timeEnd, out)) {
            out.clearFields();
            return LineShape.PLAIN;
        }
        inner.reset(line);
        LineShape innerShape = read(s, timeEnd + 1, to, inner);
        if (innerShape == LineShape.PLAIN || isEnvelope(innerShape)) {
            out.clearFields();
            return LineShape.PLAIN;
        }
        out.absorb(inner);
        out.shape(innerShape);
        return innerShape;
    }

    private static boolean isEnvelope(LineShape s) {
        return s == LineShape.SYSLOG3164 || s == LineShape.SYSLOG5424 || s == LineShape.CRI;
    }

    /** The first reader that takes {@code line[from, to)}, its fields in {@code out}. */
    private LineShape read(CharSequence line, int from, int to, ParsedLine out) {
        if (from >= to) {
            return LineShape.PLAIN;
        }
        for (ShapeReader r : candidates(line, from, to)) {
            if (r.read(line, from, to, context, out)) {
                out.shape(r.shape());
                return r.shape();
            }
            out.clearFields();
        }
        return LineShape.PLAIN;
    }
}
