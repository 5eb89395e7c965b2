package dev.flinklog.core.lines;

/**
 * What the two syslog readers share: RFC 6587 octet-counting, the PRI and its facility, and RFC 5424
 * structured data (which rsyslog also puts at the start of RFC 3164 messages).
 */
final class Syslog {

    private Syslog() {}

    /** Facility names by number, as RFC 5424 §6.2.1 lists them (15 is "clock daemon", 16-23 local use). */
    private static final String[] FACILITIES = {
        "kern",
        "user",
        "mail",
        "daemon",
        "auth",
        "syslog",
        "lpr",
        "news",
        "uucp",
        "cron",
        "authpriv",
        "ftp",
        "ntp",
        "audit",
        "alert",
        "clock",
        "local0",
        "local1",
        "local2",
        "local3",
        "local4",
        "local5",
        "local6",
        "local7"
    };

    /** Highest PRI value: facility 23 (local7) × 8 + severity 7. */
    private static final int MAX_PRI = 191;

    /**
     * Where the syslog message of an RFC 6587 octet-counted frame ({@code 215 <86>1 …}) starts: after
     * {@code MSG-LEN SP} when the line starts so and a {@code <} follows; otherwise {@code from}. The
     * count is not checked against the length: it counts bytes, the line holds characters.
     */
    static int afterOctetCount(CharSequence s, int from, int to) {
        int d = Scan.digits(s, from, to, 9);
        if (d > from && s.charAt(from) != '0' && d + 1 < to && s.charAt(d) == ' ' && s.charAt(d + 1) == '<') {
            return d + 1;
        }
        return from;
    }

    /** The index after a PRI ({@code <0>} … {@code <191>}) at {@code i}, or -1 when there is none. */
    static int priEnd(CharSequence s, int i, int to) {
        if (i >= to || s.charAt(i) != '<') {
            return -1;
        }
        int d = Scan.digits(s, i + 1, to, 3);
        if (d == i + 1 || d >= to || s.charAt(d) != '>' || Scan.number(s, i + 1, d) > MAX_PRI) {
            return -1;
        }
        return d + 1;
    }

    /** The level (severity, PRI % 8) and the {@code facility} pair (PRI / 8, by name) of {@code s[start, end)}. */
    static void priority(CharSequence s, int start, int end, ParsedLine out) {
        int pri = (int) Scan.number(s, start + 1, end - 1);
        out.level(LineLevels.syslog(pri % 8));
        out.pair("facility", FACILITIES[pri / 8]);
    }

    /**
     * The end of the RFC 5424 SD-ELEMENTs starting at {@code i} (a {@code [}), following each other
     * with no space, or -1 when they leave the grammar. With {@code out}, each SD-PARAM becomes a pair
     * keyed by its name (the SD-ID is not kept). Lenient as receivers are: spaces after {@code =} and
     * between parameters. {@code needParams}: each element must have a parameter (in an RFC 3164
     * message, where a bracketed word such as {@code [INFO]} is text).
     */
    static int structuredData(CharSequence s, int i, int to, boolean needParams, ParsedLine out) {
        if (i >= to || s.charAt(i) != '[') {
            return -1;
        }
        while (i < to && s.charAt(i) == '[') {
            int k = i + 1;
            int idStart = k;
            while (k < to && isSdName(s.charAt(k))) {
                k++;
            }
            if (k == idStart) {
                return -1;
            }
            int params = 0;
            while (true) {
                if (k >= to) {
                    return -1;
                }
                char c = s.charAt(k);
                if (c == ']') {
                    k++;
                    break;
                }
                if (c != ' ') {
                    return -1;
                }
                k = Scan.spaces(s, k, to);
                int nameStart = k;
                while (k < to && isSdName(s.charAt(k))) {
                    k++;
                }
                if (k == nameStart || k >= to || s.charAt(k) != '=') {
                    return -1;
                }
                int nameEnd = k;
                k = Scan.spaces(s, k + 1, to);
                if (k >= to || s.charAt(k) != '"') {
                    return -1;
                }
                int close = Scan.closingQuote(s, k + 1, to);
                if (close < 0) {
                    return -1;
                }
                if (out != null) {
                    out.pair(nameStart, nameEnd, k + 1, close, rfc5424Escapes(s, k + 1, close));
                }
                params++;
                k = close + 1;
            }
            if (needParams && params == 0) {
                return -1;
            }
            i = k;
        }
        return i;
    }

    /** SD-NAME: printable US-ASCII but {@code =}, space, {@code ]} and {@code "} (RFC 5424 §6). */
    private static boolean isSdName(char c) {
        return c > ' ' && c < 127 && c != '=' && c != ']' && c != '"';
    }

    /**
     * Whether the value is to be unescaped: RFC 5424 §6.3.3 escapes only {@code \"}, {@code \\} and
     * {@code \]}, and any other backslash is itself ({@code C:\temp}). A value with a backslash of
     * the second kind is kept as written, since {@link Escapes} would read {@code \t} as a tab.
     */
    private static boolean rfc5424Escapes(CharSequence s, int from, int to) {
        boolean any = false;
        for (int k = from; k < to; k++) {
            if (s.charAt(k) == '\\') {
                char e = k + 1 < to ? s.charAt(k + 1) : 0;
                if (e != '"' && e != '\\' && e != ']') {
                    return false;
                }
                any = true;
                k++;
            }
        }
        return any;
    }
}
