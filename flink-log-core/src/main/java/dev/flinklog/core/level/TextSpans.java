package dev.flinklog.core.level;

/**
 * Small bounded tests on spans of message text that several level rules share (keys, zero
 * values, stack-trace markers). None reads more than its span plus a constant.
 */
final class TextSpans {

    /** Spaces skipped around {@code :} / {@code =} in lookaheads; more means "not a pair". */
    static final int MAX_GAP = 3;

    private TextSpans() {}

    /** Whether {@code s[from, to)} equals one of the lower-case {@code words}, any case. */
    static boolean oneOf(CharSequence s, int from, int to, String[] words) {
        for (String w : words) {
            if (w.length() == to - from && LevelWords.regionMatches(s, from, w)) {
                return true;
            }
        }
        return false;
    }

    /** After at most {@link #MAX_GAP} spaces from {@code j}. */
    static int skipGap(CharSequence s, int n, int j) {
        int limit = Math.min(n, j + MAX_GAP);
        while (j < limit && s.charAt(j) == ' ') {
            j++;
        }
        return j;
    }

    /** Whether {@code s} has {@code literal} at {@code from}, case-sensitively. */
    static boolean startsWith(CharSequence s, int n, int from, String literal) {
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
}
