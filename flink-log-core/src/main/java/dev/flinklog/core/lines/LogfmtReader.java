package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.text.Ascii;

/**
 * logfmt: a line of {@code key=value} pairs (logrus without a terminal, Go kit, Go's {@code
 * log/slog} TextHandler, Heroku's router, dockerd), the grammar of go-logfmt: a key is a run of
 * characters but space, {@code =} and {@code "}; a value is bare (up to the next space) or quoted
 * with backslash escapes; {@code key=} has an empty value, a lone {@code key} is a bare key (a pair
 * with an empty value).
 *
 * <p>A line is logfmt only when its first word is a pair, it has two pairs or more, and, so that
 * prose with a {@code k=v} or two stays prose, either a well-known key ({@code level}, {@code msg},
 * {@code time}, {@code caller}, {@code method} …, see {@link #KEYS}) and more pairs than bare
 * words, or at most one bare word per five pairs.
 *
 * <p>Leniencies of real writers: a quote closes only before a space or the end, so old dockerd's
 * unescaped {@code msg="loading plugin "io.containerd…"..."} is one value; a bare value that opens
 * with <code>&#123;</code>, <code>&amp;&#123;</code>, {@code [} or {@code map[} (Go's {@code %v} of
 * a struct, pointer, slice or map, as in logrus's {@code err=&{0x2082280c0 map[animal:orca] …}})
 * runs to its balanced close when that is followed by a space or the end.
 *
 * <p>Fields: level from {@code level}, {@code lvl}, {@code severity} or {@code at} (Heroku's {@code
 * at=info}) when the value is a level word; time from {@code time}, {@code ts}, {@code t}, {@code
 * timestamp}, {@code @timestamp}; MESSAGE from {@code msg} or {@code message}; HTTP_METHOD from
 * {@code method}, HTTP_PATH from {@code path}, CLIENT_IP from {@code fwd}, status from {@code status}
 * (100-599), bytes from {@code bytes}, the duration from {@code service} when it is a number with a
 * unit ({@code service=3629ms}, Heroku's time the app took). The first of each wins. Every pair,
 * those included, is kept as a pair, as written.
 *
 * <p>Also logrus's text format on a terminal: {@code LEVL[time] message<padding>  k=v …}, the level
 * upper-cased and cut to four letters ({@code ERRO}, {@code WARN}), the bracket holding seconds
 * since the start (no time) or a timestamp; the message ends at the first run of two spaces that
 * the pairs follow.
 */
final class LogfmtReader extends LineParser.ShapeReader {

    private static final int NONE = 0;
    private static final int LEVEL = 1;
    private static final int TIME = 2;
    private static final int MESSAGE = 3;
    private static final int METHOD = 4;
    private static final int PATH = 5;
    private static final int STATUS = 6;
    private static final int BYTES = 7;
    private static final int FORWARDED = 8;
    private static final int SERVICE_TIME = 9;
    private static final int OTHER = 10;

    /** The well-known keys by what they fill: {@code KEYS[kind]}, {@link #OTHER} the ones that fill nothing. */
    private static final String[][] KEYS = {
        {},
        {"level", "lvl", "severity", "at"},
        {"time", "ts", "t", "timestamp", "@timestamp"},
        {"msg", "message"},
        {"method"},
        {"path"},
        {"status"},
        {"bytes"},
        {"fwd"},
        {"service"},
        {"err", "error", "caller", "logger", "source", "component", "module"}
    };

    /** {@link #KEYS} by key length (at most 10), each with its kind: a key is compared only with keys of its length. */
    private static final String[][] KEYS_BY_LENGTH = new String[11][];

    private static final int[][] KINDS_BY_LENGTH = new int[11][];

    static {
        for (int n = 0; n <= 10; n++) {
            int count = 0;
            for (String[] keys : KEYS) {
                for (String key : keys) {
                    count += key.length() == n ? 1 : 0;
                }
            }
            KEYS_BY_LENGTH[n] = new String[count];
            KINDS_BY_LENGTH[n] = new int[count];
            int k = 0;
            for (int kind = 1; kind < KEYS.length; kind++) {
                for (String key : KEYS[kind]) {
                    if (key.length() == n) {
                        KEYS_BY_LENGTH[n][k] = key;
                        KINDS_BY_LENGTH[n][k++] = kind;
                    }
                }
            }
        }
    }

    /** A time value shorter than this ({@code ts=5}, {@code t=0.5}) is no timestamp, whatever its epoch reading. */
    private static final int MIN_TIME_LENGTH = 10;

    @Override
    public LineShape shape() {
        return LineShape.LOGFMT;
    }

    @Override
    public boolean mayStartWith(char c) {
        // A key: letters of any script, '_' and '@' ("@timestamp"). Keys starting with a digit or
        // other punctuation are left out: lines so starting are other shapes far more often.
        return Ascii.isLetter(c) || c == '_' || c == '@' || (c > 127 && Character.isLetter(c));
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        LogLevel ttyLevel = logrusTerminalLevel(s, from, to);
        if (ttyLevel != null) {
            return logrusTerminal(s, from, to, ttyLevel, ctx, out);
        }
        long stats = scan(s, from, to, ctx, out, true);
        if (stats < 0) {
            return false;
        }
        int pairs = pairs(stats);
        int bare = bare(stats);
        return pairs >= 2 && (known(stats) ? pairs > bare : bare * 5 <= pairs);
    }

    // ------------------------------------------------------------------------------------------
    // The pairs, shared with klog's structured messages
    // ------------------------------------------------------------------------------------------

    /**
     * Reads the logfmt words of {@code s[from, to)}, the first of which must be a pair: -1 when the
     * text leaves the grammar, else a summary for {@link #pairs}, {@link #bare} and {@link #known}.
     * With {@code out}, adds every pair; with {@code fields} too, fills the fields of well-known keys.
     */
    static long scan(CharSequence s, int from, int to, LineContext ctx, ParsedLine out, boolean fields) {
        int pairs = 0;
        int bare = 0;
        boolean known = false;
        // One failed search for a balanced close is enough: another could fail over the same text.
        boolean brackets = true;
        int i = from;
        while (true) {
            i = blanks(s, i, to);
            if (i >= to) {
                break;
            }
            int keyStart = i;
            char c = s.charAt(i);
            while (c != ' ' && c != '\t' && c != '=' && c != '"') {
                if (++i == to) {
                    break;
                }
                c = s.charAt(i);
            }
            if (i == keyStart || (i < to && c == '"')) {
                return -1;
            }
            if (i == to || c != '=') {
                if (pairs == 0) {
                    return -1;
                }
                bare++;
                if (out != null) {
                    out.pair(keyStart, i, i, i, false);
                }
                continue;
            }
            int keyEnd = i;
            int valueStart = i + 1;
            int valueEnd = -1;
            int next;
            boolean escapes = false;
            if (valueStart < to && s.charAt(valueStart) == '"') {
                int close = closingQuote(s, valueStart + 1, to);
                if (close < 0) {
                    return -1;
                }
                valueStart++;
                valueEnd = close;
                next = close + 1;
                escapes = out != null && Scan.indexOf(s, '\\', valueStart, valueEnd) >= 0;
            } else {
                if (brackets) {
                    valueEnd = balancedEnd(s, valueStart, to);
                    brackets = valueEnd != -2;
                }
                if (valueEnd < 0) {
                    valueEnd = valueStart;
                    while (valueEnd < to && s.charAt(valueEnd) != ' ' && s.charAt(valueEnd) != '\t') {
                        valueEnd++;
                    }
                }
                next = valueEnd;
            }
            pairs++;
            int kind = kind(s, keyStart, keyEnd);
            known |= kind != NONE;
            if (out != null) {
                out.pair(keyStart, keyEnd, valueStart, valueEnd, escapes);
                if (fields) {
                    fill(kind, s, valueStart, valueEnd, escapes, ctx, out);
                }
            }
            i = next;
        }
        return pairs | ((long) bare << 31) | (known ? 1L << 62 : 0);
    }

    /** The number of pairs in a {@link #scan} summary. */
    static int pairs(long stats) {
        return (int) (stats & 0x7fff_ffff);
    }

    /** The number of bare words (keys without {@code =}) in a {@link #scan} summary. */
    static int bare(long stats) {
        return (int) ((stats >>> 31) & 0x7fff_ffff);
    }

    /** Whether a {@link #scan} summary saw a well-known key. */
    static boolean known(long stats) {
        return ((stats >>> 62) & 1) != 0;
    }

    private static int blanks(CharSequence s, int i, int to) {
        while (i < to && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** The quote closing a value opened before {@code i}: unescaped, and followed by a blank or the end; or -1. */
    private static int closingQuote(CharSequence s, int i, int to) {
        for (int k = i; k < to; k++) {
            char c = s.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == '"' && (k + 1 == to || s.charAt(k + 1) == ' ' || s.charAt(k + 1) == '\t')) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The end of a bare value that opens a Go {@code %v} bracket (<code>&#123;</code>, <code>
     * &amp;&#123;</code>, {@code [}, {@code map[}) at its balanced close followed by a blank or the
     * end; -1 when it opens none; -2 when the search failed.
     */
    private static int balancedEnd(CharSequence s, int i, int to) {
        int k = i;
        if (k < to && s.charAt(k) == '&') {
            k++;
        } else if (Scan.startsWith(s, k, to, "map[")) {
            k += 3;
        }
        if (k >= to || (s.charAt(k) != '{' && s.charAt(k) != '[')) {
            return -1;
        }
        int depth = 0;
        for (; k < to; k++) {
            char c = s.charAt(k);
            if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return k + 1 == to || s.charAt(k + 1) == ' ' || s.charAt(k + 1) == '\t' ? k + 1 : -2;
            }
        }
        return -2;
    }

    private static int kind(CharSequence s, int from, int to) {
        int n = to - from;
        if (n < 0 || n > 10) {
            return NONE;
        }
        String[] keys = KEYS_BY_LENGTH[n];
        for (int k = 0; k < keys.length; k++) {
            if (Scan.startsWith(s, from, to, keys[k])) {
                return KINDS_BY_LENGTH[n][k];
            }
        }
        return NONE;
    }

    private static void fill(
            int kind, CharSequence s, int from, int to, boolean escapes, LineContext ctx, ParsedLine out) {
        switch (kind) {
            case LEVEL:
                if (out.level() == null) {
                    out.level(LineLevels.word(s, from, to));
                }
                break;
            case TIME:
                if (!out.hasTime() && !escapes && to - from >= MIN_TIME_LENGTH) {
                    ctx.time(s, from, to, out);
                }
                break;
            case MESSAGE:
                setOnce(ParsedLine.Field.MESSAGE, from, to, escapes, out);
                break;
            case METHOD:
                setOnce(ParsedLine.Field.HTTP_METHOD, from, to, escapes, out);
                break;
            case PATH:
                setOnce(ParsedLine.Field.HTTP_PATH, from, to, escapes, out);
                break;
            case FORWARDED:
                setOnce(ParsedLine.Field.CLIENT_IP, from, to, escapes, out);
                break;
            case STATUS:
                long status = to - from == 3 ? Scan.number(s, from, to) : -1;
                if (out.httpStatus() < 0 && status >= 100 && status <= 599) {
                    out.httpStatus((int) status);
                }
                break;
            case BYTES:
                long bytes = Scan.number(s, from, to);
                if (out.bytes() < 0 && bytes >= 0) {
                    out.bytes(bytes);
                }
                break;
            case SERVICE_TIME:
                if (Double.isNaN(out.durationMs())) {
                    out.durationMs(durationMs(s, from, to));
                }
                break;
            default:
                break;
        }
    }

    private static void setOnce(ParsedLine.Field f, int from, int to, boolean escapes, ParsedLine out) {
        if (!out.has(f)) {
            out.set(f, from, to, escapes);
        }
    }

    /** A number with a unit ({@code 3629ms}, {@code 1.5s}, {@code 350µs}) in milliseconds, or NaN. */
    static double durationMs(CharSequence s, int from, int to) {
        int i = Scan.digits(s, from, to, 12);
        if (i == from) {
            return Double.NaN;
        }
        double v = Scan.number(s, from, i);
        if (i < to && s.charAt(i) == '.') {
            int f = i + 1;
            i = Scan.digits(s, f, to, 9);
            if (i == f) {
                return Double.NaN;
            }
            v += Scan.number(s, f, i) / Math.pow(10, i - f);
        }
        int unit = to - i;
        if (unit == 2 && s.charAt(i) == 'm' && s.charAt(i + 1) == 's') {
            return v;
        }
        if (unit == 1 && s.charAt(i) == 's') {
            return v * 1000;
        }
        if (unit == 2 && (s.charAt(i) == 'u' || s.charAt(i) == 'µ') && s.charAt(i + 1) == 's') {
            return v / 1000;
        }
        if (unit == 2 && s.charAt(i) == 'n' && s.charAt(i + 1) == 's') {
            return v / 1_000_000;
        }
        return Double.NaN;
    }

    // ------------------------------------------------------------------------------------------
    // logrus on a terminal
    // ------------------------------------------------------------------------------------------

    /**
     * The level of logrus's terminal header ({@code INFO[}), or null. logrus's TextFormatter prints
     * the level upper-cased and cut to four letters, so that {@code ERRO}, {@code DEBU}, {@code
     * TRAC}, {@code FATA} and {@code PANI} are its words for error, debug, trace, fatal and panic;
     * with {@code DisableLevelTruncation} the whole word.
     */
    private static LogLevel logrusTerminalLevel(CharSequence s, int from, int to) {
        int i = from;
        while (i < to && i - from < 8 && Ascii.isUpper(s.charAt(i))) {
            i++;
        }
        if (i - from < 4 || i >= to || s.charAt(i) != '[') {
            return null;
        }
        if (i - from == 4) {
            String word = Scan.startsWith(s, from, to, "ERRO")
                    ? "error"
                    : Scan.startsWith(s, from, to, "DEBU")
                            ? "debug"
                            : Scan.startsWith(s, from, to, "TRAC")
                                    ? "trace"
                                    : Scan.startsWith(s, from, to, "FATA")
                                            ? "fatal"
                                            : Scan.startsWith(s, from, to, "PANI") ? "panic" : null;
            if (word != null) {
                return LineLevels.word(word, 0, word.length());
            }
        }
        return LineLevels.word(s, from, i);
    }

    private static boolean logrusTerminal(
            CharSequence s, int from, int to, LogLevel level, LineContext ctx, ParsedLine out) {
        int open = Scan.indexOf(s, '[', from, to);
        // The bracket holds seconds (%04d) or a timestamp: a few dozen characters at most.
        int close = Scan.indexOf(s, ']', open + 1, Math.min(to, open + 48));
        if (close < 0 || close == open + 1) {
            return false;
        }
        if (Scan.digits(s, open + 1, close, close) != close && !ctx.time(s, open + 1, close, out)) {
            return false;
        }
        out.level(level);
        if (close + 1 == to) {
            return true;
        }
        if (s.charAt(close + 1) != ' ') {
            return false;
        }
        int msg = close + 2;
        int end = to;
        int run = doubleSpace(s, msg, to);
        if (run >= 0) {
            int pairs = Scan.spaces(s, run, to);
            long stats = pairs < to ? scan(s, pairs, to, ctx, null, false) : -1;
            if (stats >= 0 && bare(stats) == 0) {
                scan(s, pairs, to, ctx, out, false);
                end = run;
            }
        }
        while (end > msg && s.charAt(end - 1) == ' ') {
            end--;
        }
        out.set(ParsedLine.Field.MESSAGE, msg, end);
        return true;
    }

    /** The index of the first of two spaces in a row in {@code s[from, to)}, or -1. */
    private static int doubleSpace(CharSequence s, int from, int to) {
        for (int k = from; k + 1 < to; k++) {
            if (s.charAt(k) == ' ' && s.charAt(k + 1) == ' ') {
                return k;
            }
        }
        return -1;
    }
}
