package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

/**
 * The first token of any line of a message that starts a stack trace or a crash report: Python's
 * {@code Traceback}, Java's {@code Exception in thread}, {@code Caused by:} and exception class
 * names, Go's {@code panic:} and {@code goroutine N [...]}. A trace means the record reports an
 * error whatever its words say, so these count as body cues wherever the line is.
 */
final class StackTraceRule {

    private static final String TRACEBACK = "Traceback (most recent call last)";
    private static final String JAVA_THREAD_DEATH = "Exception in thread \"";
    private static final String CAUSED_BY = "Caused by:";
    private static final String GO_PANIC = "panic:";
    private static final String GOROUTINE = "goroutine ";

    /** Most digits of a goroutine number read. */
    private static final int MAX_GOROUTINE_DIGITS = 20;

    private StackTraceRule() {}

    /**
     * The level a line whose first token is {@code s[start, end)} suggests: error for a trace, fatal
     * for a Go panic, null for any other line.
     */
    static LogLevel lineStart(CharSequence s, int n, int start, int end) {
        char c = s.charAt(start);
        if (c == 'T' && TextSpans.startsWith(s, n, start, TRACEBACK)) {
            return LogLevel.ERROR;
        } else if (c == 'E' && TextSpans.startsWith(s, n, start, JAVA_THREAD_DEATH)) {
            return LogLevel.ERROR;
        } else if (c == 'C' && TextSpans.startsWith(s, n, start, CAUSED_BY)) {
            return LogLevel.ERROR;
        } else if (c == 'p' && end - start == GO_PANIC.length() && TextSpans.startsWith(s, n, start, GO_PANIC)) {
            return LogLevel.FATAL;
        } else if (c == 'g' && TextSpans.startsWith(s, n, start, GOROUTINE) && goroutineHeader(s, n, start)) {
            return LogLevel.ERROR;
        } else if (exceptionClass(s, n, start, end)) {
            return LogLevel.ERROR;
        }
        return null;
    }

    /** {@code goroutine 1 [running]:} - the first line of a Go stack dump. */
    private static boolean goroutineHeader(CharSequence s, int n, int start) {
        int j = start + GOROUTINE.length();
        int digits = j;
        while (j < n && j - digits < MAX_GOROUTINE_DIGITS && Ascii.isDigit(s.charAt(j))) {
            j++;
        }
        return j > digits && j + 1 < n && s.charAt(j) == ' ' && s.charAt(j + 1) == '[';
    }

    /**
     * A token like {@code java.lang.IllegalStateException:} or {@code ValueError:} at a line
     * start: dotted identifier whose last segment starts upper case and ends in {@code
     * Exception} or {@code Error} (longer than the suffix), followed by a colon or the line end.
     */
    private static boolean exceptionClass(CharSequence s, int n, int start, int end) {
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
        return endsWithSuffix(s, segment, stop, "Exception") || endsWithSuffix(s, segment, stop, "Error");
    }

    private static boolean endsWithSuffix(CharSequence s, int segment, int stop, String suffix) {
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
}
