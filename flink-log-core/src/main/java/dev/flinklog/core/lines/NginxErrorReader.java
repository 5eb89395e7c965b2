package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.text.Ascii;

/**
 * nginx's error log ({@link LineShape#NGINX_ERROR}), as {@code ngx_log_error_core} writes it:
 *
 * <pre>
 * yyyy/mm/dd hh:mm:ss [level] pid#tid: [*connection ]message[, client: addr][, server: name]
 *     [, request: "line"][, subrequest: "uri"][, upstream: "url"][, host: "host"][, referrer: "url"]
 * </pre>
 *
 * The time is local, without zone or fraction. The level is one of nginx's words ({@code debug
 * info notice warn error crit alert emerg}), read through {@link LineLevels#word}. The context after
 * the message starts at the first {@code ", client: "}; its values are found by their keys (the
 * message and the values themselves may hold commas): client and server are single words, the
 * others quoted, a quoted value ending at the quote that is followed by the next key or the end of
 * the line (nginx does not escape quotes here). When the context does not read as one, it stays in
 * the message. The mail module's {@code login} key is
 * known too.
 *
 * <p>Fields: the time, the level, {@link ParsedLine.Field#PID}, the message, the client ({@link
 * ParsedLine.Field#CLIENT_IP}, or {@code client_host} when not an IP literal), method and target of
 * the request. Pairs: {@code thread} (the tid), {@code connection} (the {@code *number}), {@code
 * server}, {@code http_protocol}, {@code subrequest}, {@code upstream}, {@code host}, {@code
 * referer} (nginx spells the key {@code referrer}), {@code login}.
 */
final class NginxErrorReader extends LineParser.ShapeReader {

    static final NginxErrorReader INSTANCE = new NginxErrorReader();

    /** Longest level word nginx writes ({@code notice}), with room. */
    private static final int MAX_LEVEL = 8;

    /** Longest pid and tid. */
    private static final int MAX_ID = 20;

    /** The context keys, in nginx's order, each written {@code ", key: "}. */
    private static final String[] KEYS = {
        "client", "server", "login", "request", "subrequest", "upstream", "host", "referrer"
    };

    private static final String[] PAIR_KEYS = {
        null, "server", "login", null, "subrequest", "upstream", "host", "referer"
    };

    private static final int CLIENT = 0;
    private static final int SERVER = 1;
    private static final int LOGIN = 2;
    private static final int REQUEST = 3;
    private static final int SUBREQUEST = 4;
    private static final int UPSTREAM = 5;
    private static final int HOST = 6;
    private static final int REFERRER = 7;

    private NginxErrorReader() {}

    @Override
    public LineShape shape() {
        return LineShape.NGINX_ERROR;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c);
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return run == 4 && next == '/';
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == '['; // "[error]"
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (from >= to) {
            return false;
        }
        // yyyy/mm/dd hh:mm:ss
        if (from + 19 >= to
                || !Scan.isDigits(s, from, 4, to)
                || s.charAt(from + 4) != '/'
                || s.charAt(from + 7) != '/'
                || s.charAt(from + 10) != ' '
                || s.charAt(from + 13) != ':'
                || !Scan.startsWith(s, from + 19, to, " [")) {
            return false;
        }
        int level = from + 21;
        int levelEnd = Scan.indexOf(s, ']', level, Math.min(to, level + MAX_LEVEL + 1));
        if (levelEnd < 0 || !Scan.startsWith(s, levelEnd, to, "] ")) {
            return false;
        }
        LogLevel lv = LineLevels.word(s, level, levelEnd);
        if (lv == null || s.charAt(level) == ' ' || !ctx.time(s, from, from + 19, out)) {
            return false;
        }
        out.level(lv);

        // pid#tid:
        int pid = levelEnd + 2;
        int pidEnd = Scan.digits(s, pid, to, MAX_ID);
        if (pidEnd == pid || pidEnd >= to || s.charAt(pidEnd) != '#') {
            return false;
        }
        int tidEnd = Scan.digits(s, pidEnd + 1, to, MAX_ID);
        if (tidEnd == pidEnd + 1 || !Scan.startsWith(s, tidEnd, to, ": ")) {
            return false;
        }
        out.set(ParsedLine.Field.PID, pid, pidEnd);
        out.pair("thread", pidEnd + 1, tidEnd, false);

        int m = tidEnd + 2;
        if (m < to && s.charAt(m) == '*') {
            int cidEnd = Scan.digits(s, m + 1, to, MAX_ID);
            if (cidEnd > m + 1 && cidEnd < to && s.charAt(cidEnd) == ' ') {
                out.pair("connection", m + 1, cidEnd, false);
                m = cidEnd + 1;
            }
        }

        // The context is read once, filling as it goes; a line whose tail only looks like one
        // keeps it in the message, with what it filled undone (the header set none of those fields).
        int context = firstClient(s, m, to);
        long mark = out.mark();
        if (context >= 0 && context(s, context, to, out)) {
            out.set(ParsedLine.Field.MESSAGE, m, context);
        } else {
            out.rollback(mark);
            out.set(ParsedLine.Field.MESSAGE, m, to);
        }
        return true;
    }

    /** The index of the first {@code ", client: "} from {@code i}, or -1. */
    private static int firstClient(CharSequence s, int i, int to) {
        for (int k = i; k < to; k++) {
            if (s.charAt(k) == ',' && keyAt(s, k, to) == CLIENT) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Reads the context from {@code i} (at {@code ", client: "}) to the end of the line into
     * {@code out}: whether it is one (when not, the caller undoes what it set).
     */
    private static boolean context(CharSequence s, int i, int to, ParsedLine out) {
        while (i < to) {
            int key = keyAt(s, i, to);
            if (key < 0) {
                return false;
            }
            int v = i + KEYS[key].length() + 4;
            int end;
            int next;
            if (key > SERVER) {
                if (v >= to || s.charAt(v) != '"') {
                    return false;
                }
                end = quotedEnd(s, v, to);
                if (end < 0) {
                    return false;
                }
                next = end + 1;
                v++;
            } else {
                // An address and a server name: one word each (the name may be empty).
                end = v;
                while (end < to && !(s.charAt(end) == ',' && keyAt(s, end, to) >= 0)) {
                    if (s.charAt(end) == ' ') {
                        return false;
                    }
                    end++;
                }
                next = end;
            }
            if (key == CLIENT) {
                HttpText.client(s, v, end, out);
            } else if (key == REQUEST) {
                HttpText.request(s, v, end, false, out);
            } else {
                out.pair(PAIR_KEYS[key], v, end, false);
            }
            i = next;
        }
        return true;
    }

    /** The closing quote of the value quoted at {@code v}: followed by the next key or the end; -1 if none. */
    private static int quotedEnd(CharSequence s, int v, int to) {
        for (int k = v + 1; k < to; k++) {
            if (s.charAt(k) == '"' && (k + 1 == to || (s.charAt(k + 1) == ',' && keyAt(s, k + 1, to) >= 0))) {
                return k;
            }
        }
        return -1;
    }

    /** Which of {@link #KEYS} is written {@code ", key: "} at {@code i}, or -1. */
    private static int keyAt(CharSequence s, int i, int to) {
        if (i + 4 >= to || s.charAt(i) != ',' || s.charAt(i + 1) != ' ') {
            return -1;
        }
        // The key's first letters tell it: asked at every comma of the context, twice.
        int k;
        switch (s.charAt(i + 2)) {
            case 'c':
                k = CLIENT;
                break;
            case 's':
                k = s.charAt(i + 3) == 'u' ? SUBREQUEST : SERVER;
                break;
            case 'l':
                k = LOGIN;
                break;
            case 'r':
                k = s.charAt(i + 4) == 'f' ? REFERRER : REQUEST;
                break;
            case 'u':
                k = UPSTREAM;
                break;
            case 'h':
                k = HOST;
                break;
            default:
                return -1;
        }
        String key = KEYS[k];
        return Scan.startsWith(s, i + 2, to, key) && Scan.startsWith(s, i + 2 + key.length(), to, ": ") ? k : -1;
    }
}
