package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Infers a level from message text in one left-to-right pass, for records that carry no usable
 * level field.
 *
 * <p>The pass collects three kinds of evidence and the strongest kind wins:
 *
 * <ol>
 *   <li><b>Header level</b>: a level token where loggers print one, within the first {@value
 *       #HEADER_TOKENS} whitespace-separated tokens of the first line: a klog/glog header ({@code
 *       E0901 14:00:00.123456}), a syslog PRI ({@code <11>}), a delimited word ({@code [WARN]}, {@code <error>}, {@code (warn)},
 *       {@code |INFO|}, {@code ERROR:}) or a bare word after a timestamp/pid/thread header ({@code
 *       2025-03-14 06:00:00.262  INFO 1 --- [main]}). The first one found wins: it is what the
 *       logger declared, so a later {@code error} in the message cannot override it.
 *   <li><b>Keyed level</b>: logfmt {@code level=warn} or JSON {@code "level":"warn"} anywhere in
 *       the text (keys from {@link #LEVEL_KEYS}, values through {@link LevelWords} or the {@link
 *       LevelScale#AUTO} numbers). The first one wins.
 *   <li><b>Body cues</b>: stack-trace shapes at the start of any line, the status of an access-log
 *       request line ({@code "GET / HTTP/1.1" 503}) and {@link #KEYWORDS} as whole words anywhere, unless negated or zero-counted ({@code no error}, {@code 0 errors},
 *       {@code errors: 0}). The most severe cue wins, because one "failed" in a warning is what a
 *       reader would act on.
 * </ol>
 *
 * Nothing found means {@link LogLevel#DEFAULT}. Lines that start with <code>{</code> are JSON, so
 * they get no header window: a bracketed word inside a JSON string is payload, not a header.
 *
 * <p>Every lookahead is capped by a constant, so the pass reads each char a bounded number of
 * times: linear in the input, no allocation, no regex.
 */
public final class LevelInference {

    /** How many whitespace-separated tokens of the first line can hold the header level. */
    static final int HEADER_TOKENS = 10;

    /** Free-text keywords (whole words, any case) and the level each one suggests. */
    static final List<Keyword> KEYWORDS;

    /** A preceding word that negates a keyword: {@code no error}, {@code without errors}. */
    static final List<String> NEGATORS = Collections.unmodifiableList(List.of("no", "not", "never", "without", "zero"));

    /** A value after {@code error=} / {@code errors:} that means "none happened". */
    static final List<String> ZERO_VALUES = Collections.unmodifiableList(List.of("none", "nil", "null", "false"));

    /** Keys whose value is a level in logfmt ({@code key=value}) or JSON ({@code "key":value}). */
    static final List<String> LEVEL_KEYS = Collections.unmodifiableList(List.of(
            "level",
            "lvl",
            "severity",
            "loglevel",
            "log_level",
            "log.level",
            "levelname",
            "severity_text",
            "severitytext"));

    /** One free-text keyword. */
    static final class Keyword {
        final String word;
        final LogLevel level;

        Keyword(String word, LogLevel level) {
            this.word = word;
            this.level = level;
        }
    }

    static {
        List<Keyword> k = new ArrayList<>();
        // Deliberately small: each word here is something a reader treats as a problem report.
        // "critical" is left out ("critical section", "critical path" are ordinary phrases), and so
        // is "err" (Go's variable name, as in "err=nil").
        for (String w : new String[] {"fatal", "panic"}) {
            k.add(new Keyword(w, LogLevel.FATAL));
        }
        for (String w : new String[] {"error", "errors", "exception", "exceptions", "failed", "failure", "failures"}) {
            k.add(new Keyword(w, LogLevel.ERROR));
        }
        for (String w : new String[] {"warn", "warning", "warnings"}) {
            k.add(new Keyword(w, LogLevel.WARN));
        }
        KEYWORDS = Collections.unmodifiableList(k);
    }

    /** Keywords by first letter ('a'..'z'), so most words are rejected after one char. */
    private static final Keyword[][] KEYWORDS_BY_FIRST_LETTER = new Keyword[26][];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            List<Keyword> bucket = new ArrayList<>();
            for (Keyword k : KEYWORDS) {
                if (k.word.charAt(0) == c) {
                    bucket.add(k);
                }
            }
            KEYWORDS_BY_FIRST_LETTER[c - 'a'] = bucket.toArray(new Keyword[0]);
        }
    }

    private static final String[] NEGATOR_ARRAY = NEGATORS.toArray(new String[0]);
    private static final String[] ZERO_ARRAY = ZERO_VALUES.toArray(new String[0]);
    private static final String[] KEY_ARRAY = LEVEL_KEYS.toArray(new String[0]);

    /** Longest keyed value read: any level word (13 chars and a digit) or an 18-digit number. */
    private static final int MAX_VALUE_LENGTH = 20;

    /** Longest key in {@link #LEVEL_KEYS}; a longer key span cannot match. */
    private static final int MAX_KEY_LENGTH =
            LEVEL_KEYS.stream().mapToInt(String::length).max().getAsInt();

    /** Shortest and longest keyword; other runs are not looked up. */
    private static final int MIN_KEYWORD_LENGTH =
            KEYWORDS.stream().mapToInt(k -> k.word.length()).min().getAsInt();

    private static final int MAX_KEYWORD_LENGTH =
            KEYWORDS.stream().mapToInt(k -> k.word.length()).max().getAsInt();

    /** Spaces skipped around {@code :} / {@code =} in lookaheads; more means "not a pair". */
    private static final int MAX_GAP = 3;

    /** Most zeros read in {@code errors: 000}; a longer value is not read and not a zero. */
    private static final int MAX_ZEROS = 20;

    private static final String TRACEBACK = "Traceback (most recent call last)";
    private static final String JAVA_THREAD_DEATH = "Exception in thread \"";
    private static final String CAUSED_BY = "Caused by:";
    private static final String GO_PANIC = "panic:";
    private static final String GOROUTINE = "goroutine ";

    // The state of one pass, reset by every call: kept in fields so a pass allocates nothing.
    private CharSequence s;
    private int n;
    private LogLevel header;
    private LogLevel keyed;
    private LogLevel body;

    // Header window: open until a header level is found, the window is full or the line ends.
    private boolean headerOpen;
    private int tokenIndex;
    private boolean allHeaderish;
    private boolean prevTokenStrong;

    // The previous run of ASCII letters/digits, for negations ("no error", "0 errors").
    private int prevRunStart;
    private int prevRunEnd;

    /**
     * A reusable scanner. Not thread-safe: keep one per task (a function instance or a
     * deserializer), as every call overwrites its state.
     */
    public LevelInference() {}

    /** The level the text suggests; {@link LogLevel#DEFAULT} when it suggests none. Never null. */
    public LogLevel infer(CharSequence text) {
        if (text == null) {
            return LogLevel.DEFAULT;
        }
        s = text;
        n = text.length();
        header = null;
        keyed = null;
        body = null;
        tokenIndex = 0;
        allHeaderish = true;
        prevTokenStrong = true;
        prevRunStart = -1;
        prevRunEnd = -1;
        try {
            return run();
        } finally {
            s = null; // do not keep the caller's record alive
        }
    }

    private LogLevel run() {
        int i = 0;
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        headerOpen = i < n && s.charAt(i) != '{';
        boolean lineStart = true;
        while (i < n) {
            char c = s.charAt(i);
            if (isSpace(c)) {
                if (c == '\n' || c == '\r') {
                    lineStart = true;
                    headerOpen = false;
                }
                i++;
                continue;
            }
            int start = i;
            if (lineStart || (headerOpen && tokenIndex == 0)) {
                // Only the first token of a line needs its end up front: one extra read of it.
                int end = tokenEnd(start);
                if (lineStart) {
                    lineStartCues(start, end);
                    lineStart = false;
                }
                if (headerOpen && tokenIndex == 0) {
                    klogHeader(start, end);
                    syslogPriority(start, end);
                    logcatTag(start, end);
                }
            }
            i = token(start);
            if (headerOpen) {
                tokenIndex++;
                if (header != null || tokenIndex >= HEADER_TOKENS) {
                    headerOpen = false;
                }
            }
        }
        if (header != null) {
            return header;
        }
        if (keyed != null) {
            return keyed;
        }
        return body != null ? body : LogLevel.DEFAULT;
    }

    /** klog/glog: {@code Lmmdd hh:mm:ss.uuuuuu ...} with L one of I, W, E, F. */
    private void klogHeader(int start, int end) {
        if (end - start != 5 || end + 3 >= n) {
            return;
        }
        char l = s.charAt(start);
        if (l != 'I' && l != 'W' && l != 'E' && l != 'F') {
            return;
        }
        for (int j = start + 1; j < end; j++) {
            if (!Ascii.isDigit(s.charAt(j))) {
                return;
            }
        }
        if (s.charAt(end) == ' '
                && Ascii.isDigit(s.charAt(end + 1))
                && Ascii.isDigit(s.charAt(end + 2))
                && s.charAt(end + 3) == ':') {
            header = LevelWords.lookup(s, start, start + 1, true);
        }
    }

    /**
     * A syslog PRI at the very start, {@code <11>Mar 14 ...} (RFC 3164/5424; also printk {@code
     * <3>[ 1.23] ...}): 8 × facility + severity, so the severity is the value modulo 8.
     */
    private void syslogPriority(int start, int end) {
        if (header != null || s.charAt(start) != '<') {
            return;
        }
        int value = 0;
        int j = start + 1;
        while (j < end && j - start <= 3 && Ascii.isDigit(s.charAt(j))) {
            value = value * 10 + (s.charAt(j) - '0');
            j++;
        }
        if (j > start + 1 && j < end && s.charAt(j) == '>' && value <= 191) {
            header = LevelScale.SYSLOG.level(value % 8);
        }
    }

    /**
     * Android logcat's {@code brief} and {@code tag} formats: {@code D/dalvikvm( 1234): ...},
     * {@code W/ActivityManager: ...}. The first token is a level letter, a slash and a tag that
     * ends in {@code (} or {@code :}, which keeps {@code I/O error} from counting.
     */
    private void logcatTag(int start, int end) {
        if (header != null || end - start < 4 || s.charAt(start + 1) != '/') {
            return;
        }
        char last = s.charAt(end - 1);
        if (!Ascii.isUpper(s.charAt(start)) || !Ascii.isLetter(s.charAt(start + 2)) || (last != ':' && last != '(')) {
            return;
        }
        header = LevelWords.lookup(s, start, start + 1, true);
    }

    /** Stack-trace shapes, recognised at the start of any line of the text. */
    private void lineStartCues(int start, int end) {
        LogLevel cue = null;
        char c = s.charAt(start);
        if (c == 'T' && startsWith(start, TRACEBACK)) {
            cue = LogLevel.ERROR;
        } else if (c == 'E' && startsWith(start, JAVA_THREAD_DEATH)) {
            cue = LogLevel.ERROR;
        } else if (c == 'C' && startsWith(start, CAUSED_BY)) {
            cue = LogLevel.ERROR;
        } else if (c == 'p' && end - start == GO_PANIC.length() && startsWith(start, GO_PANIC)) {
            cue = LogLevel.FATAL;
        } else if (c == 'g' && startsWith(start, GOROUTINE) && goroutineHeader(start)) {
            cue = LogLevel.ERROR;
        } else if (exceptionClass(start, end)) {
            cue = LogLevel.ERROR;
        }
        body = LogLevel.moreSevere(body, cue);
    }

    /** {@code goroutine 1 [running]:} - the first line of a Go stack dump. */
    private boolean goroutineHeader(int start) {
        int j = start + GOROUTINE.length();
        int digits = j;
        while (j < n && j - digits < 20 && Ascii.isDigit(s.charAt(j))) {
            j++;
        }
        return j > digits && j + 1 < n && s.charAt(j) == ' ' && s.charAt(j + 1) == '[';
    }

    /**
     * A token like {@code java.lang.IllegalStateException:} or {@code ValueError:} at a line
     * start: dotted identifier whose last segment starts upper case and ends in {@code
     * Exception} or {@code Error} (longer than the suffix), followed by a colon or the line end.
     */
    private boolean exceptionClass(int start, int end) {
        int stop = end;
        boolean colon = s.charAt(end - 1) == ':';
        if (colon) {
            stop--;
        } else if (end < n && s.charAt(end) != '\n' && s.charAt(end) != '\r') {
            return false;
        }
        int segment = start;
        for (int j = start; j < stop; j++) {
            char c = s.charAt(j);
            if (c == '.') {
                segment = j + 1;
            } else if (!Ascii.isLetter(c) && !Ascii.isDigit(c) && c != '_' && c != '$') {
                return false;
            }
        }
        if (segment >= stop || !Ascii.isUpper(s.charAt(segment))) {
            return false;
        }
        return endsWithSuffix(segment, stop, "Exception") || endsWithSuffix(segment, stop, "Error");
    }

    private boolean endsWithSuffix(int segment, int stop, String suffix) {
        int from = stop - suffix.length();
        if (from <= segment) {
            return false;
        }
        for (int j = 0; j < suffix.length(); j++) {
            if (s.charAt(from + j) != suffix.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    private int tokenEnd(int start) {
        int j = start;
        while (j < n && !isSpace(s.charAt(j))) {
            j++;
        }
        return j;
    }

    /**
     * Looks at every letter/digit run of the whitespace-separated token starting at {@code start}
     * and returns where the token ends. Each char is read once here (the char after a run, which
     * ends it, is the next char looked at).
     */
    private int token(int start) {
        int seen = 0; // CLASS bits of the token's chars
        int j = start;
        char c = s.charAt(j);
        while (true) {
            int cls = classOf(c);
            if ((cls & SPACE) != 0) {
                break;
            }
            if ((cls & (LETTER | DIGIT)) == 0) {
                seen |= cls;
                if (++j == n) {
                    break;
                }
                c = s.charAt(j);
                continue;
            }
            int a = j;
            int firstClass = cls;
            while (true) {
                seen |= cls;
                if (++j == n) {
                    break;
                }
                c = s.charAt(j);
                cls = classOf(c);
                if ((cls & (LETTER | DIGIT)) == 0) {
                    break;
                }
            }
            run(start, a, j, firstClass);
            prevRunStart = a;
            prevRunEnd = j;
            if (j == n) {
                break;
            }
        }
        int end = j;
        boolean hasDigit = (seen & DIGIT) != 0;
        boolean hasLetter = (seen & LETTER) != 0;
        boolean hasLower = (seen & LOWER) != 0;
        if (headerOpen) {
            char first = s.charAt(start);
            boolean headerish = hasDigit || !hasLetter || first == '[' || first == '(';
            allHeaderish &= headerish;
            prevTokenStrong = headerish || !hasLower;
        }
        return end;
    }

    /** One run {@code [a, b)} of ASCII letters/digits inside the token starting at {@code start}. */
    private void run(int start, int a, int b, int firstClass) {
        if ((firstClass & LETTER) == 0) {
            return;
        }
        char left = a == start ? ' ' : s.charAt(a - 1);
        char right = b == n || isSpace(s.charAt(b)) ? ' ' : s.charAt(b); // ' ': the token ends
        if (headerOpen && header == null) {
            headerWord(start, a, b, left, right);
        }
        if (keyed == null && (right == '=' || right == '"' || right == '\'')) {
            keyedValue(start, a, b, right);
        }
        if (right == '/' && a == start && b - a == 4) {
            body = LogLevel.moreSevere(body, httpStatus(a, b));
        }
        int len = b - a;
        if (len >= MIN_KEYWORD_LENGTH
                && len <= MAX_KEYWORD_LENGTH
                && isLeftBoundary(left)
                && isRightBoundary(b, right)) {
            LogLevel k = keyword(a, b);
            if (k != null && (body == null || k.ordinal() > body.ordinal()) && !negated(a) && !zeroValued(b)) {
                body = k;
            }
        }
    }

    /** A level word where a logger prints its level, within the header window. */
    private void headerWord(int start, int a, int b, char left, char right) {
        boolean opener = left == '[' || left == '(' || left == '<' || left == '|';
        boolean delimited = (opener && right == closerOf(left)) || (right == ':' && (a == start || opener));
        boolean bare = a == start && right == ' ';
        if (!delimited && !bare) {
            return;
        }
        boolean upper = isUpperWord(a, b);
        LogLevel level = LevelWords.lookupInText(s, a, b, upper);
        if (level == null) {
            // Android logcat "threadtime": date time pid tid L tag: message.
            if (bare && b - a == 1 && Ascii.isUpper(s.charAt(a)) && allHeaderish && tokenIndex >= 2) {
                header = LevelWords.lookup(s, a, b, true);
            }
            return;
        }
        if (!delimited) {
            boolean afterHeader = allHeaderish && tokenIndex >= 1;
            if (!(upper && (tokenIndex == 0 || prevTokenStrong)) && !afterHeader) {
                return;
            }
        }
        if (!negated(a) && !zeroValued(b)) {
            header = level;
        }
    }

    /** {@code level=warn}, {@code "level": "warn"}, {@code "severity":17} - first one wins. */
    private void keyedValue(int start, int a, int b, char right) {
        int v;
        if (right == '=') {
            v = b + 1;
        } else {
            int j = skipGap(b + 1);
            if (j >= n || s.charAt(j) != ':') {
                return;
            }
            v = skipGap(j + 1);
        }
        int keyStart = a;
        while (keyStart > start && b - keyStart < MAX_KEY_LENGTH && isKeyChar(s.charAt(keyStart - 1))) {
            keyStart--;
        }
        if (keyStart > start && isKeyChar(s.charAt(keyStart - 1))) {
            return; // key longer than any known key
        }
        if (!oneOf(keyStart, b, KEY_ARRAY)) {
            return;
        }
        if (v < n && (s.charAt(v) == '"' || s.charAt(v) == '\'')) {
            v++;
        }
        int ve = v;
        while (ve < n && ve - v <= MAX_VALUE_LENGTH && (Ascii.isLetter(s.charAt(ve)) || Ascii.isDigit(s.charAt(ve)))) {
            ve++;
        }
        if (ve == v || ve - v > MAX_VALUE_LENGTH) {
            return;
        }
        if (Ascii.isDigit(s.charAt(v))) {
            // One digit in text ("lvl=2") is too ambiguous: syslog, or any app's own scale.
            keyed = ve - v == 1 ? null : LevelFieldParser.parse(s, v, ve, LevelScale.AUTO);
        } else {
            keyed = LevelWords.lookup(s, v, ve, true);
        }
    }

    /**
     * The status of an access-log request line, {@code HTTP/1.1" 503}: 5xx is error, 4xx is warn
     * (the convention of the combined log format's consumers; a server's own failure is an error,
     * a rejected request a warning). {@code null} for anything else.
     */
    private LogLevel httpStatus(int a, int b) {
        if (!startsWith(a, "HTTP/")) {
            return null;
        }
        int j = b + 1;
        int limit = Math.min(n, j + 4);
        while (j < limit && (Ascii.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
            j++;
        }
        if (j + 5 > n || j == b + 1 || s.charAt(j) != '"' || s.charAt(j + 1) != ' ') {
            return null;
        }
        j += 2;
        if (!Ascii.isDigit(s.charAt(j)) || !Ascii.isDigit(s.charAt(j + 1)) || !Ascii.isDigit(s.charAt(j + 2))) {
            return null;
        }
        if (j + 3 < n && isWordChar(s.charAt(j + 3))) {
            return null;
        }
        char hundreds = s.charAt(j);
        return hundreds == '5' ? LogLevel.ERROR : hundreds == '4' ? LogLevel.WARN : null;
    }

    private LogLevel keyword(int a, int b) {
        int len = b - a;
        for (Keyword k : KEYWORDS_BY_FIRST_LETTER[LevelWords.lowerAscii(s.charAt(a)) - 'a']) {
            if (k.word.length() == len && LevelWords.regionMatches(s, a, k.word)) {
                return k.level;
            }
        }
        return null;
    }

    /** Whether the run before {@code a}, separated by a little white space, negates it. */
    private boolean negated(int a) {
        if (prevRunEnd < 0 || a - prevRunEnd > MAX_GAP || a == prevRunEnd) {
            return false;
        }
        for (int j = prevRunEnd; j < a; j++) {
            if (!isSpace(s.charAt(j))) {
                return false;
            }
        }
        // A whole word only: the "00" of "06:00:00" is not a zero count.
        if (prevRunStart > 0 && !isLeftBoundary(s.charAt(prevRunStart - 1))) {
            return false;
        }
        // Nor the digits after a separator inside a number: the ",000" of "21:38:32,000 WARN"
        // (log4j's millis) or of "1,000 errors" counts nothing.
        if (prevRunStart > 1
                && isNumberSeparator(s.charAt(prevRunStart - 1))
                && Ascii.isDigit(s.charAt(prevRunStart - 2))) {
            return false;
        }
        return allZeros(prevRunStart, prevRunEnd) || oneOf(prevRunStart, prevRunEnd, NEGATOR_ARRAY);
    }

    /** Whether {@code : 0}, {@code =0}, {@code : none} … follows the run ending at {@code b}. */
    private boolean zeroValued(int b) {
        if (b < n && (s.charAt(b) == '"' || s.charAt(b) == '\'')) {
            b++; // a JSON key: "errors": 0
        }
        int j = skipGap(b);
        if (j >= n || (s.charAt(j) != ':' && s.charAt(j) != '=')) {
            return false;
        }
        j = skipGap(j + 1);
        if (j < n && (s.charAt(j) == '"' || s.charAt(j) == '\'')) {
            j++;
        }
        int e = j;
        while (e < n && e - j < MAX_ZEROS && (Ascii.isLetter(s.charAt(e)) || Ascii.isDigit(s.charAt(e)))) {
            e++;
        }
        if (e == j || (e < n && (Ascii.isLetter(s.charAt(e)) || Ascii.isDigit(s.charAt(e))))) {
            return false;
        }
        return allZeros(j, e) || oneOf(j, e, ZERO_ARRAY);
    }

    private static boolean isNumberSeparator(char c) {
        return c == ',' || c == '.' || c == ':';
    }

    private boolean allZeros(int from, int to) {
        for (int j = from; j < to; j++) {
            if (s.charAt(j) != '0') {
                return false;
            }
        }
        return to > from;
    }

    /** Whether {@code s[from, to)} equals one of the lower-case {@code words}, any case. */
    private boolean oneOf(int from, int to, String[] words) {
        for (String w : words) {
            if (w.length() == to - from && LevelWords.regionMatches(s, from, w)) {
                return true;
            }
        }
        return false;
    }

    private int skipGap(int j) {
        int limit = Math.min(n, j + MAX_GAP);
        while (j < limit && s.charAt(j) == ' ') {
            j++;
        }
        return j;
    }

    private boolean startsWith(int from, String literal) {
        if (from + literal.length() > n) {
            return false;
        }
        for (int j = 0; j < literal.length(); j++) {
            if (s.charAt(from + j) != literal.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    private boolean isUpperWord(int a, int b) {
        for (int j = a; j < b; j++) {
            char c = s.charAt(j);
            if (Ascii.isLetter(c) && !Ascii.isUpper(c)) {
                return false;
            }
        }
        return true;
    }

    /** Before a keyword: start, white space, an opening bracket or quote, {@code =}, {@code ,}. */
    private static boolean isLeftBoundary(char c) {
        return isSpace(c)
                || c == '['
                || c == '('
                || c == '{'
                || c == '<'
                || c == '"'
                || c == '\''
                || c == '='
                || c == '|'
                || c == ','
                || c == ';'
                || c == '`';
    }

    /**
     * After a keyword: end, white space, closing bracket, quote, punctuation; a {@code .} only
     * when no word char follows it ({@code error.} yes, {@code error.log} no).
     */
    private boolean isRightBoundary(int b, char c) {
        switch (c) {
            case ' ':
            case ']':
            case ')':
            case '}':
            case '>':
            case '"':
            case '\'':
            case ',':
            case ';':
            case ':':
            case '=':
            case '!':
            case '?':
            case '|':
            case '`':
                return true;
            case '.':
                return b + 1 >= n || !isWordChar(s.charAt(b + 1));
            default:
                return false;
        }
    }
    // Char classes of ASCII, looked up once per char instead of a chain of comparisons.
    private static final int SPACE = 1;
    private static final int LETTER = 2;
    private static final int DIGIT = 4;
    private static final int LOWER = 8;
    private static final int OTHER = 16;
    private static final byte[] CLASS = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            int cls;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
                cls = SPACE;
            } else if (c >= 'a' && c <= 'z') {
                cls = LETTER | LOWER;
            } else if (c >= 'A' && c <= 'Z') {
                cls = LETTER;
            } else if (c >= '0' && c <= '9') {
                cls = DIGIT;
            } else {
                cls = OTHER;
            }
            CLASS[c] = (byte) cls;
        }
    }

    private static int classOf(char c) {
        return c < 128 ? CLASS[c] : OTHER;
    }

    private static char closerOf(char opener) {
        switch (opener) {
            case '[':
                return ']';
            case '(':
                return ')';
            case '<':
                return '>';
            default:
                return opener;
        }
    }

    private static boolean isSpace(char c) {
        return c < 128 && CLASS[c] == SPACE;
    }

    private static boolean isWordChar(char c) {
        return Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || (c >= 128 && Character.isLetterOrDigit(c));
    }

    private static boolean isKeyChar(char c) {
        return Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '.' || c == '-' || c == '@';
    }
}
