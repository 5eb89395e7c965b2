package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

import java.util.Collections;
import java.util.List;

/**
 * When a level word in message text does not count: it is negated ({@code no error}, {@code
 * without errors}, {@code 0 warnings}) or zero-counted ({@code error=0}, {@code errors: none}).
 * docs/functions.md lists both word lists; a test keeps them equal.
 */
final class NegationRules {

    /** A preceding word that negates a keyword: {@code no error}, {@code without errors}. */
    static final List<String> NEGATORS = Collections.unmodifiableList(List.of("no", "not", "never", "without", "zero"));

    /** A value after {@code error=} / {@code errors:} that means "none happened". */
    static final List<String> ZERO_VALUES = Collections.unmodifiableList(List.of("none", "nil", "null", "false"));

    private static final String[] NEGATOR_ARRAY = NEGATORS.toArray(new String[0]);
    private static final String[] ZERO_ARRAY = ZERO_VALUES.toArray(new String[0]);

    /** Most zeros read in {@code errors: 000}; a longer value is not read and not a zero. */
    private static final int MAX_ZEROS = 20;

    private NegationRules() {}

    /**
     * Whether the letter/digit run {@code s[prevRunStart, prevRunEnd)} before the word at {@code a},
     * separated from it by a little white space, negates it. {@code prevRunEnd < 0}: no run yet.
     */
    static boolean negated(CharSequence s, int prevRunStart, int prevRunEnd, int a) {
        if (prevRunEnd < 0 || a - prevRunEnd > TextSpans.MAX_GAP || a == prevRunEnd) {
            return false;
        }
        for (int j = prevRunEnd; j < a; j++) {
            if (!Ascii.isSpace(s.charAt(j))) {
                return false;
            }
        }
        // A whole word only: the "00" of "06:00:00" is not a zero count.
        if (prevRunStart > 0 && !LevelKeywords.isLeftBoundary(s.charAt(prevRunStart - 1))) {
            return false;
        }
        // Nor the digits after a separator inside a number: the ",000" of "21:38:32,000 WARN"
        // (log4j's millis) or of "1,000 errors" counts nothing.
        if (prevRunStart > 1
                && isNumberSeparator(s.charAt(prevRunStart - 1))
                && Ascii.isDigit(s.charAt(prevRunStart - 2))) {
            return false;
        }
        return allZeros(s, prevRunStart, prevRunEnd) || TextSpans.oneOf(s, prevRunStart, prevRunEnd, NEGATOR_ARRAY);
    }

    /** Whether {@code : 0}, {@code =0}, {@code : none} … follows the word ending at {@code b}. */
    static boolean zeroValued(CharSequence s, int n, int b) {
        if (b < n && (s.charAt(b) == '"' || s.charAt(b) == '\'')) {
            b++; // a JSON key: "errors": 0
        }
        int j = TextSpans.skipGap(s, n, b);
        if (j >= n || (s.charAt(j) != ':' && s.charAt(j) != '=')) {
            return false;
        }
        j = TextSpans.skipGap(s, n, j + 1);
        if (j < n && (s.charAt(j) == '"' || s.charAt(j) == '\'')) {
            j++;
        }
        int e = j;
        while (e < n && e - j < MAX_ZEROS && Ascii.isLetterOrDigit(s.charAt(e))) {
            e++;
        }
        if (e == j || (e < n && Ascii.isLetterOrDigit(s.charAt(e)))) {
            return false;
        }
        return allZeros(s, j, e) || TextSpans.oneOf(s, j, e, ZERO_ARRAY);
    }

    private static boolean isNumberSeparator(char c) {
        return c == ',' || c == '.' || c == ':';
    }

    private static boolean allZeros(CharSequence s, int from, int to) {
        for (int j = from; j < to; j++) {
            if (s.charAt(j) != '0') {
                return false;
            }
        }
        return to > from;
    }
}
