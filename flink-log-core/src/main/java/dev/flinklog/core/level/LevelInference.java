package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.text.HttpStatus;

import java.util.List;

/**
 * Infers a level from message text in one left-to-right pass, for records that carry no usable
 * level field.
 *
 * <p>The pass collects three kinds of evidence and the strongest kind wins:
 *
 * <ol>
 *   <li><b>Header level</b>: a level token where loggers print one, within the first {@value
 *       #HEADER_TOKENS} whitespace-separated tokens of the first line ({@link HeaderRules}): a
 *       klog/glog header ({@code E0901 14:00:00.123456}), a syslog PRI ({@code <11>}), a delimited
 *       word ({@code [WARN]}, {@code <error>}, {@code (warn)}, {@code |INFO|}, {@code ERROR:}) or a
 *       bare word after a timestamp/pid/thread header ({@code 2025-03-14 06:00:00.262  INFO 1 ---
 *       [main]}). The first one found wins: it is what the logger declared, so a later {@code
 *       error} in the message cannot override it.
 *   <li><b>Keyed level</b>: logfmt {@code level=warn} or JSON {@code "level":"warn"} anywhere in
 *       the text (keys from {@link #LEVEL_KEYS}, values through {@link LevelWords} or the {@link
 *       LevelScale#AUTO} numbers; {@link LevelKeys}). The first one wins.
 *   <li><b>Body cues</b>: stack-trace shapes at the start of any line ({@link StackTraceRule}),
 *       the status of an access-log request line ({@code "GET / HTTP/1.1" 503}) and {@link
 *       #KEYWORDS} as whole words anywhere ({@link LevelKeywords}), unless negated or zero-counted
 *       ({@code no error}, {@code 0 errors}, {@code errors: 0}; {@link NegationRules}). The most
 *       severe cue wins, because one "failed" in a warning is what a reader would act on.
 * </ol>
 *
 * Text with no cue means {@link LogLevel#DEFAULT}: a message was written and nothing marks it, so
 * it is most likely routine. No text at all (null, empty or only whitespace) means null: there is
 * nothing to infer from, and a guess would count the record where it may not belong. Lines that
 * start with <code>{</code> are JSON, so
 * they get no header window: a bracketed word inside a JSON string is payload, not a header.
 *
 * <p>This class is the pass itself: it walks tokens and letter runs, keeps the state and asks the
 * rule classes about what it meets. Every lookahead is capped by a constant, so the pass reads
 * each char a bounded number of times: linear in the input, no allocation, no regex.
 */
public final class LevelInference {

    /** How many whitespace-separated tokens of the first line can hold the header level. */
    static final int HEADER_TOKENS = 10;

    /** Free-text keywords (whole words, any case) and the level each one suggests. */
    static final List<Keyword> KEYWORDS = LevelKeywords.ALL;

    /** A preceding word that negates a keyword: {@code no error}, {@code without errors}. */
    static final List<String> NEGATORS = NegationRules.NEGATORS;

    /** A value after {@code error=} / {@code errors:} that means "none happened". */
    static final List<String> ZERO_VALUES = NegationRules.ZERO_VALUES;

    /** Keys whose value is a level in logfmt ({@code key=value}) or JSON ({@code "key":value}). */
    static final List<String> LEVEL_KEYS = LevelKeys.KEYS;

    /**
     * One free-text keyword of {@link LevelKeywords}. Declared here because the docs test reads the
     * table as the inference's ({@code LevelInference.Keyword}).
     */
    static final class Keyword {
        final String word;
        final LogLevel level;

        Keyword(String word, LogLevel level) {
            this.word = word;
            this.level = level;
        }
    }

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

    /**
     * The level the text suggests; {@link LogLevel#DEFAULT} when it suggests none; null when there
     * is no text (null, empty or only whitespace).
     */
    public LogLevel infer(CharSequence text) {
        if (text == null) {
            return null;
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
        while (i < n && Ascii.isSpace(s.charAt(i))) {
            i++;
        }
        if (i == n) {
            return null;
        }
        headerOpen = i < n && s.charAt(i) != '{';
        boolean lineStart = true;
        while (i < n) {
            char c = s.charAt(i);
            if (Ascii.isSpace(c)) {
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
                    body = LogLevel.moreSevere(body, StackTraceRule.lineStart(s, n, start, end));
                    lineStart = false;
                }
                if (headerOpen && tokenIndex == 0) {
                    header = HeaderRules.firstToken(s, n, start, end);
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

    private int tokenEnd(int start) {
        int j = start;
        while (j < n && !Ascii.isSpace(s.charAt(j))) {
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
            boolean plain = !hasLetter || first == '[' || first == '(';
            // An upper-case level may follow any token with a digit (an unbracketed thread name,
            // "pool-1-thread-3 DEBUG"). A lower-case one only follows a header of times, dates, pids
            // and brackets, mostly digits: after a word that merely holds a digit ("W3C",
            // "worker-1", "IPv6") it is a noun ("W3C trace context ...").
            prevTokenStrong = plain || hasDigit || !hasLower;
            allHeaderish = allHeaderish && (plain || (hasDigit && digitsAtLeastLetters(start, end)));
        }
        return end;
    }

    /**
     * Whether {@code s[start, end)} has at least as many digits as letters. Read again only for
     * tokens of the header window that hold both while every token before was header-like, so
     * each char is read at most twice.
     */
    private boolean digitsAtLeastLetters(int start, int end) {
        int balance = 0;
        for (int j = start; j < end; j++) {
            int cls = classOf(s.charAt(j));
            if ((cls & DIGIT) != 0) {
                balance++;
            } else if ((cls & LETTER) != 0) {
                balance--;
            }
        }
        return balance >= 0;
    }

    /** One run {@code [a, b)} of ASCII letters/digits inside the token starting at {@code start}. */
    private void run(int start, int a, int b, int firstClass) {
        if ((firstClass & LETTER) == 0) {
            return;
        }
        char left = a == start ? ' ' : s.charAt(a - 1);
        char right = b == n || Ascii.isSpace(s.charAt(b)) ? ' ' : s.charAt(b); // ' ': the token ends
        if (headerOpen && header == null) {
            headerWord(start, a, b, left, right);
        }
        // The rules below touch different results (body, keyed), so their order does not change
        // the outcome; the keyword test, which every run meets, comes first so that the JIT
        // compiles it into this method before its size budget goes to the rarer rules.
        // Cheapest test first: most runs have no keyword's length and cost one compare.
        if (LevelKeywords.hasKeywordLength(b - a)
                && LevelKeywords.isLeftBoundary(left)
                && LevelKeywords.isRightBoundary(s, n, b, right)) {
            LogLevel k = LevelKeywords.lookup(s, a, b);
            if (k != null && (body == null || k.ordinal() > body.ordinal()) && !negated(a) && !zeroValued(b)) {
                body = k;
            }
        }
        if (keyed == null && (right == '=' || right == '"' || right == '\'')) {
            keyed = LevelKeys.valueAfter(s, n, start, a, b, right);
        }
        if (right == '/' && a == start && b - a == 4) {
            body = LogLevel.moreSevere(body, accessLogStatus(a));
        }
    }

    /** A level word where a logger prints its level, within the header window. */
    private void headerWord(int start, int a, int b, char left, char right) {
        LogLevel level = HeaderRules.word(s, start, a, b, left, right, tokenIndex, allHeaderish, prevTokenStrong);
        if (level == null) {
            header = HeaderRules.threadtimeLetter(s, start, a, b, right, tokenIndex, allHeaderish);
        } else if (!negated(a) && !zeroValued(b)) {
            header = level;
        }
    }

    /**
     * The status of an access-log request line, {@code HTTP/1.1" 503}: 5xx is error, 4xx is warn
     * (the convention of the combined log format's consumers; a server's own failure is an error,
     * a rejected request a warning). {@code null} for anything else.
     */
    private LogLevel accessLogStatus(int a) {
        int hundreds = HttpStatus.afterRequestLine(s, a) / 100; // NONE (-1) gives 0
        return hundreds == 5 ? LogLevel.ERROR : hundreds == 4 ? LogLevel.WARN : null;
    }

    private boolean negated(int a) {
        return NegationRules.negated(s, prevRunStart, prevRunEnd, a);
    }

    private boolean zeroValued(int b) {
        return NegationRules.zeroValued(s, n, b);
    }

    // Char classes of ASCII, looked up once per char of a token instead of a chain of comparisons.
    private static final int SPACE = 1;
    private static final int LETTER = 2;
    private static final int DIGIT = 4;
    private static final int LOWER = 8;
    private static final int OTHER = 16;
    private static final byte[] CLASS = new byte[128];

    static {
        for (char c = 0; c < 128; c++) {
            int cls;
            if (Ascii.isSpace(c)) {
                cls = SPACE;
            } else if (Ascii.isLetter(c)) {
                cls = Ascii.isUpper(c) ? LETTER : LETTER | LOWER;
            } else if (Ascii.isDigit(c)) {
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
}
