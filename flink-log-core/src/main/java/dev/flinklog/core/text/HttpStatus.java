package dev.flinklog.core.text;

/**
 * Reads the three-digit HTTP status code that follows a protocol or a status word in log text.
 *
 * <p>Two rules use it and read it differently, so there are two entry points over the same pieces
 * (protocol version, code): {@link #afterRequestLine} is strict, for the level of an access-log
 * line, where only the combined log format's {@code HTTP/1.1" 503} shape is trusted; {@link
 * #afterCue} is loose, for error classes, where {@code HTTP 503}, {@code status=503} or {@code
 * "status": 503} all say the same. Both read a bounded number of chars and allocate nothing.
 */
public final class HttpStatus {

    /** Returned when no code is there. */
    public static final int NONE = -1;

    /** Longest protocol version read after the {@code /}: {@code 1.1}, {@code 2}, {@code 1.0}. */
    static final int MAX_VERSION_LENGTH = 4;

    /** Most separators between a status cue and its code ({@code "status" : "503"} has four). */
    static final int MAX_CUE_GAP = 6;

    private static final String PROTOCOL = "HTTP/";

    private HttpStatus() {}

    /**
     * The status of an access-log request line whose protocol starts at {@code protocolStart}:
     * {@code HTTP/}, a version, a closing quote, one space and the code ({@code HTTP/1.1" 503}).
     * Case-sensitive, as servers write it. {@link #NONE} for any other shape.
     */
    public static int afterRequestLine(CharSequence s, int protocolStart) {
        if (!startsWith(s, protocolStart, PROTOCOL)) {
            return NONE;
        }
        int j = versionEnd(s, protocolStart + PROTOCOL.length() - 1);
        if (j == NONE || j + 2 > s.length() || s.charAt(j) != '"' || s.charAt(j + 1) != ' ') {
            return NONE;
        }
        return code(s, j + 2);
    }

    /**
     * The status right after a status cue ending before {@code from} ({@code HTTP}, {@code
     * status}, …): an optional protocol version ({@code /1.1}), then 1 to {@value #MAX_CUE_GAP}
     * separators (space, tab, quote, {@code :} or {@code =}), then the code. {@link #NONE} if
     * anything else follows.
     */
    public static int afterCue(CharSequence s, int from) {
        int j = versionEnd(s, from);
        if (j == NONE) {
            return NONE;
        }
        int n = s.length();
        int gapStart = j;
        while (j < n && j - gapStart < MAX_CUE_GAP && isCueGap(s.charAt(j))) {
            j++;
        }
        if (j == gapStart) {
            return NONE;
        }
        return code(s, j);
    }

    /**
     * After {@code /} and 1 to {@value #MAX_VERSION_LENGTH} digits or dots at {@code at}: where
     * they end; {@code at} itself when no {@code /} is there; {@link #NONE} for a bare {@code /}.
     */
    private static int versionEnd(CharSequence s, int at) {
        int n = s.length();
        if (at >= n || s.charAt(at) != '/') {
            return at;
        }
        int start = at + 1;
        int j = start;
        while (j < n && j - start < MAX_VERSION_LENGTH && (Ascii.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
            j++;
        }
        return j == start ? NONE : j;
    }

    /** Exactly three ASCII digits at {@code at}, not followed by a word char: their value. */
    private static int code(CharSequence s, int at) {
        int n = s.length();
        if (at + 3 > n) {
            return NONE;
        }
        char a = s.charAt(at);
        char b = s.charAt(at + 1);
        char c = s.charAt(at + 2);
        if (!Ascii.isDigit(a) || !Ascii.isDigit(b) || !Ascii.isDigit(c)) {
            return NONE;
        }
        if (at + 3 < n && WordChars.isWordChar(s.charAt(at + 3))) {
            return NONE; // 5031, 503ms: a longer number or a word, not a status
        }
        return (a - '0') * 100 + (b - '0') * 10 + (c - '0');
    }

    private static boolean isCueGap(char c) {
        return c == ' ' || c == '\t' || c == '"' || c == '\'' || c == ':' || c == '=';
    }

    private static boolean startsWith(CharSequence s, int from, String literal) {
        if (from < 0 || from + literal.length() > s.length()) {
            return false;
        }
        for (int j = 0; j < literal.length(); j++) {
            if (s.charAt(from + j) != literal.charAt(j)) {
                return false;
            }
        }
        return true;
    }
}
