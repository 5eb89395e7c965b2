package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.ParsedTime;

import java.util.Arrays;
import java.util.Locale;

/**
 * What {@link LineParser} read from one text line: its shape, and the canonical fields the shape
 * carries. A caller-owned, reusable result ({@link #reset}): text fields are spans of the line,
 * turned into Strings only when asked for, so a reader that wants two fields pays for two.
 *
 * <p>Fields the line does not have are absent: {@link #text} gives null, numbers give -1 (NaN for
 * the duration), {@link #level()} null (the line said none: infer it from {@link Field#MESSAGE}).
 * Besides the named fields a line may carry key/value pairs ({@link #pairCount()}): logfmt pairs,
 * RFC 5424 structured-data parameters, and a layout's extras (logger, thread, referer …).
 */
public final class ParsedLine {

    /** The text fields of a line, each the source of one canonical column. */
    public enum Field {
        /** The host that wrote the line (syslog HOSTNAME, a layout's host). */
        HOST,
        /** The program or application (syslog TAG or APP-NAME, …). */
        SERVICE,
        /** The process id as written. */
        PID,
        /** The free text after the header. */
        MESSAGE,
        /** The client address of an access log. */
        CLIENT_IP,
        HTTP_METHOD,
        /** The request target as written (path and query). */
        HTTP_PATH,
        USER_AGENT
    }

    private static final int FIELDS = Field.values().length;

    /** Most key/value pairs kept per line; more are ignored, so a hostile line cannot grow it. */
    public static final int MAX_PAIRS = 256;

    private CharSequence line;
    private LineShape shape = LineShape.PLAIN;

    private final ParsedTime time = new ParsedTime();
    private boolean hasTime;
    private boolean yearInferred;
    private LogLevel level;
    private int httpStatus;
    private long bytes;
    private double durationMs;

    /**
     * One bit per {@link Field} that is set. The spans of unset fields are stale, not cleared:
     * a reset (once per reader that gives up, several times per line) then costs one store.
     */
    private int present;

    private final int[] starts = new int[FIELDS];
    private final int[] ends = new int[FIELDS];
    private final boolean[] escaped = new boolean[FIELDS];

    private int pairs;
    private String[] keyNames = new String[8];
    private int[] keyStarts = new int[8];
    private int[] keyEnds = new int[8];
    private int[] valueStarts = new int[8];
    private int[] valueEnds = new int[8];
    private boolean[] valueEscaped = new boolean[8];
    /** A pair's value when it is fixed text rather than a span of the line (a syslog facility's name). */
    private String[] valueTexts = new String[8];

    /** Forgets everything read before and takes {@code line} as the line to be read. */
    public ParsedLine reset(CharSequence line) {
        this.line = line;
        shape = LineShape.PLAIN;
        hasTime = false;
        yearInferred = false;
        level = null;
        httpStatus = -1;
        bytes = -1;
        durationMs = Double.NaN;
        present = 0;
        pairs = 0;
        return this;
    }

    /**
     * Forgets the fields a failed attempt at one shape set, keeping the line: a shape reader that
     * gives up leaves a clean result for the next.
     */
    void clearFields() {
        reset(line);
    }

    /**
     * The text fields and pairs set so far, for {@link #rollback}: a reader that fills an optional
     * part in the one pass that checks it can then undo the part when it turns out not to be there.
     */
    long mark() {
        return ((long) present << 32) | pairs;
    }

    /**
     * Forgets the text fields and pairs set since {@code mark}. A field set both before and after
     * the mark is not restored: the part undone must set only fields the reader had not set.
     */
    void rollback(long mark) {
        present = (int) (mark >>> 32);
        pairs = (int) mark;
    }

    // ------------------------------------------------------------------------------------------
    // Reading
    // ------------------------------------------------------------------------------------------

    /** The line as given to {@link #reset}. */
    public CharSequence line() {
        return line;
    }

    public LineShape shape() {
        return shape;
    }

    /** Whether the line carried a time; then {@link #time()} holds it. */
    public boolean hasTime() {
        return hasTime;
    }

    /** The time of the line (valid when {@link #hasTime()}). */
    public ParsedTime time() {
        return time;
    }

    /** Whether the line's time had no year and got the one that puts it closest before the reference. */
    public boolean yearInferred() {
        return yearInferred;
    }

    /** The level the line states (a severity, a level word, a status class), or null. */
    public LogLevel level() {
        return level;
    }

    /** The HTTP status of an access log, or -1. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The response size in bytes of an access log, or -1 (also when the log writes {@code -}). */
    public long bytes() {
        return bytes;
    }

    /** How long the request took, in milliseconds, or NaN. */
    public double durationMs() {
        return durationMs;
    }

    public boolean has(Field f) {
        return has(f.ordinal());
    }

    private boolean has(int ordinal) {
        return (present & (1 << ordinal)) != 0;
    }

    /** A text field as a String (escapes resolved), or null when the line has none. */
    public String text(Field f) {
        int i = f.ordinal();
        if (!has(i)) {
            return null;
        }
        return escaped[i]
                ? Escapes.unescape(line, starts[i], ends[i])
                : line.subSequence(starts[i], ends[i]).toString();
    }

    /** Where a text field starts in the line, or -1. */
    public int start(Field f) {
        return has(f) ? starts[f.ordinal()] : -1;
    }

    /** Where a text field ends in the line, or -1. */
    public int end(Field f) {
        return has(f) ? ends[f.ordinal()] : -1;
    }

    /** Number of key/value pairs read. */
    public int pairCount() {
        return pairs;
    }

    /** The key of pair {@code i} as the line writes it. */
    public String key(int i) {
        return keyNames[i] != null
                ? keyNames[i]
                : line.subSequence(keyStarts[i], keyEnds[i]).toString();
    }

    /** The value of pair {@code i}, escapes resolved. */
    public String value(int i) {
        if (valueTexts[i] != null) {
            return valueTexts[i];
        }
        return valueEscaped[i]
                ? Escapes.unescape(line, valueStarts[i], valueEnds[i])
                : line.subSequence(valueStarts[i], valueEnds[i]).toString();
    }

    /** The value of the first pair with this key (exactly as written), or null. */
    public String value(String key) {
        for (int i = 0; i < pairs; i++) {
            if (keyNames[i] != null ? keyNames[i].equals(key) : regionEquals(keyStarts[i], keyEnds[i], key)) {
                return value(i);
            }
        }
        return null;
    }

    private boolean regionEquals(int from, int to, String s) {
        if (to - from != s.length()) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (line.charAt(from + k) != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------
    // Writing, by the shape readers
    // ------------------------------------------------------------------------------------------

    void shape(LineShape shape) {
        this.shape = shape;
    }

    /** The time is in {@link #time()} now. */
    void timeSet(boolean yearInferred) {
        this.hasTime = true;
        this.yearInferred = yearInferred;
    }

    ParsedTime timeTarget() {
        return time;
    }

    void level(LogLevel level) {
        this.level = level;
    }

    void httpStatus(int status) {
        this.httpStatus = status;
    }

    void bytes(long bytes) {
        this.bytes = bytes;
    }

    void durationMs(double ms) {
        this.durationMs = ms;
    }

    /** Sets a text field to {@code line[start, end)}; an empty span or a lone {@code -} leaves it absent. */
    void set(Field f, int start, int end) {
        set(f, start, end, false);
    }

    /** As {@link #set(Field, int, int)}, the span holding backslash escapes to resolve when read. */
    void set(Field f, int start, int end, boolean withEscapes) {
        if (end <= start || (end == start + 1 && line.charAt(start) == '-')) {
            return;
        }
        int i = f.ordinal();
        starts[i] = start;
        ends[i] = end;
        escaped[i] = withEscapes;
        present |= 1 << i;
    }

    /** Adds a pair whose key is a span of the line. */
    void pair(int keyStart, int keyEnd, int valueStart, int valueEnd, boolean withEscapes) {
        if (pairs == MAX_PAIRS) {
            return;
        }
        grow();
        keyNames[pairs] = null;
        keyStarts[pairs] = keyStart;
        keyEnds[pairs] = keyEnd;
        valueStarts[pairs] = valueStart;
        valueEnds[pairs] = valueEnd;
        valueEscaped[pairs] = withEscapes;
        valueTexts[pairs] = null;
        pairs++;
    }

    /** Adds a pair with a fixed key ({@code logger}, {@code thread} …); an empty value or a lone {@code -} is skipped. */
    void pair(String key, int valueStart, int valueEnd, boolean withEscapes) {
        if (pairs == MAX_PAIRS
                || valueEnd <= valueStart
                || (valueEnd == valueStart + 1 && line.charAt(valueStart) == '-')) {
            return;
        }
        grow();
        keyNames[pairs] = key;
        valueStarts[pairs] = valueStart;
        valueEnds[pairs] = valueEnd;
        valueEscaped[pairs] = withEscapes;
        valueTexts[pairs] = null;
        pairs++;
    }

    /** Adds a pair whose key and value are fixed text, not spans of the line (syslog's {@code facility} name). */
    void pair(String key, String value) {
        if (pairs == MAX_PAIRS) {
            return;
        }
        grow();
        keyNames[pairs] = key;
        valueTexts[pairs] = value;
        valueEscaped[pairs] = false;
        pairs++;
    }

    private void grow() {
        if (pairs == keyNames.length) {
            int n = Math.min(MAX_PAIRS, pairs * 2);
            keyNames = Arrays.copyOf(keyNames, n);
            keyStarts = Arrays.copyOf(keyStarts, n);
            keyEnds = Arrays.copyOf(keyEnds, n);
            valueStarts = Arrays.copyOf(valueStarts, n);
            valueEnds = Arrays.copyOf(valueEnds, n);
            valueEscaped = Arrays.copyOf(valueEscaped, n);
            valueTexts = Arrays.copyOf(valueTexts, n);
        }
    }

    /** 2: its own year and zone; 1: its own year, the default zone; 0: a year or day inferred. */
    private static int completeness(ParsedLine p) {
        return p.yearInferred ? 0 : p.time.usedDefaultZone() ? 1 : 2;
    }

    /**
     * Takes what the line an envelope carried says ({@code inner} read a part of the same line): its
     * free text is the message; its level wins over the envelope's (a relay's PRI is mostly a fixed
     * setting: journald and nginx send {@code info} whatever the line says); its time wins only
     * when it says more (a year and a zone where RFC 3164's header has neither), otherwise the
     * envelope's stands (what the sender stamped); its other fields and pairs are added where
     * absent.
     */
    void absorb(ParsedLine inner) {
        if (inner.hasTime && (!hasTime || completeness(inner) > completeness(this))) {
            time.set(inner.time);
            hasTime = true;
            yearInferred = inner.yearInferred;
        }
        if (inner.level != null) {
            level = inner.level;
        }
        if (httpStatus < 0) {
            httpStatus = inner.httpStatus;
        }
        if (bytes < 0) {
            bytes = inner.bytes;
        }
        if (Double.isNaN(durationMs)) {
            durationMs = inner.durationMs;
        }
        for (int i = 0; i < FIELDS; i++) {
            if (inner.has(i) && (!has(i) || i == Field.MESSAGE.ordinal())) {
                starts[i] = inner.starts[i];
                ends[i] = inner.ends[i];
                escaped[i] = inner.escaped[i];
                present |= 1 << i;
            }
        }
        for (int i = 0; i < inner.pairs && pairs < MAX_PAIRS; i++) {
            grow();
            keyNames[pairs] = inner.keyNames[i];
            keyStarts[pairs] = inner.keyStarts[i];
            keyEnds[pairs] = inner.keyEnds[i];
            valueStarts[pairs] = inner.valueStarts[i];
            valueEnds[pairs] = inner.valueEnds[i];
            valueEscaped[pairs] = inner.valueEscaped[i];
            valueTexts[pairs] = inner.valueTexts[i];
            pairs++;
        }
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(shape.sqlName());
        if (hasTime) {
            b.append(" time=").append(time);
        }
        if (level != null) {
            b.append(" level=").append(level.sqlName());
        }
        for (Field f : Field.values()) {
            if (has(f)) {
                b.append(' ')
                        .append(f.name().toLowerCase(Locale.ROOT))
                        .append("=[")
                        .append(text(f))
                        .append(']');
            }
        }
        if (httpStatus >= 0) {
            b.append(" status=").append(httpStatus);
        }
        if (bytes >= 0) {
            b.append(" bytes=").append(bytes);
        }
        if (!Double.isNaN(durationMs)) {
            b.append(" duration_ms=").append(durationMs);
        }
        for (int i = 0; i < pairs; i++) {
            b.append(' ').append(key(i)).append("=[").append(value(i)).append(']');
        }
        return b.toString();
    }
}
