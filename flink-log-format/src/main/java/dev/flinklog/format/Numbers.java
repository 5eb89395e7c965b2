package dev.flinklog.format;

import dev.flinklog.core.text.Ascii;

import java.math.BigDecimal;

/** Number text as producers write it, read without exceptions for the common failure cases. */
final class Numbers {

    /** Longer numbers are not worth the cost of reading exactly (and are not realistic values). */
    private static final int MAX_DIGITS = 400;

    private Numbers() {}

    /**
     * Parses a plain JSON-style decimal number ({@code -12}, {@code 3.5}, {@code 1e3}); null for
     * anything else, checked by a scan first so that BigDecimal's exception is never the path.
     */
    static BigDecimal parseDecimal(String s) {
        int n = s.length();
        if (n == 0 || n > MAX_DIGITS) {
            return null;
        }
        int i = 0;
        if (s.charAt(i) == '-' || s.charAt(i) == '+') {
            i++;
        }
        int digits = 0;
        while (i < n && Ascii.isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Ascii.isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
                i++;
            }
            int expStart = i;
            while (i < n && Ascii.isDigit(s.charAt(i))) {
                i++;
            }
            // Exponents beyond a few digits would make BigDecimal allocate huge values later.
            if (i == expStart || i - expStart > 4) {
                return null;
            }
        }
        if (i != n) {
            return null;
        }
        return new BigDecimal(s);
    }
}
