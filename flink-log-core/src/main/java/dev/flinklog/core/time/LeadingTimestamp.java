package dev.flinklog.core.time;

import dev.flinklog.core.text.Ascii;

/**
 * Finds a timestamp at the start of a plain-text log line ({@code 2026-09-16T12:34:56Z INFO …},
 * {@code 2026-09-16 12:34:56,789 - app - INFO - …}, {@code [2026-09-16 12:34:56] …}), so a record
 * that is not JSON still gets an event time.
 *
 * <p>The work is bounded whatever the line: only the first {@value #MAX_CHARS} characters are
 * looked at, and at most {@value #MAX_TOKENS} candidate ends (each a space or a closing bracket)
 * are tried, longest first, so {@code 2026-09-16 12:34:56} wins over the bare date before it.
 */
public final class LeadingTimestamp {

    /** Longest prefix looked at: longer than any timestamp form the parser reads. */
    static final int MAX_CHARS = 48;

    /** Most whitespace-separated tokens a timestamp spans (RFC 1123 with weekday and zone: 6). */
    static final int MAX_TOKENS = 6;

    private LeadingTimestamp() {}

    /**
     * Parses the longest timestamp that starts the line (after leading whitespace and one opening
     * {@code [}) and ends at a token boundary. Returns false when there is none.
     */
    public static boolean parse(CharSequence line, TimestampParser parser, ParsedTime out) {
        if (line == null) {
            return false;
        }
        int n = Math.min(line.length(), MAX_CHARS);
        int start = 0;
        while (start < n && line.charAt(start) == ' ') {
            start++;
        }
        if (start < n && line.charAt(start) == '[') {
            start++;
        }
        if (start >= n || !Ascii.isLetterOrDigit(line.charAt(start))) {
            return false;
        }
        // Candidate ends: before each space or ']' (and the end of the looked-at prefix when the
        // whole line is that short), at most MAX_TOKENS of them.
        int[] ends = new int[MAX_TOKENS + 1];
        int count = 0;
        for (int i = start + 1; i < n && count < MAX_TOKENS; i++) {
            char c = line.charAt(i);
            if ((c == ' ' || c == ']' || c == '\t') && line.charAt(i - 1) != ' ') {
                ends[count++] = i;
            }
        }
        if (count < MAX_TOKENS && n == line.length()) {
            ends[count++] = n;
        }
        for (int k = count - 1; k >= 0; k--) {
            if (parser.parse(line, start, ends[k], out)) {
                return true;
            }
        }
        return false;
    }
}
