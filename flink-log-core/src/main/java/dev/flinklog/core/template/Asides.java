package dev.flinklog.core.template;

import static dev.flinklog.core.template.CharClasses.C_SPECIAL;
import static dev.flinklog.core.template.CharClasses.isCloser;
import static dev.flinklog.core.template.CharClasses.isOpener;
import static dev.flinklog.core.template.CharClasses.isSpace;
import static dev.flinklog.core.template.CharClasses.onlyClosersFollow;
import static dev.flinklog.core.template.TokenRules.classify;
import static dev.flinklog.core.template.TokenRules.isDateName;
import static dev.flinklog.core.template.TokenRules.isEmptyPair;
import static dev.flinklog.core.template.TokenRules.isSimple;
import static dev.flinklog.core.template.WordLists.isUnit;

/**
 * The aside rule: right after a value, a parenthesised aside that only restates it ({@code 1024
 * bytes (1 KB)}) is dropped, so that a statement has one template with or without it. And the
 * depth of parentheses that decides where an aside may be dropped (see {@link ScanState#parenDepth}).
 * The only look ahead without a fixed bound; {@link ScanState#lookahead} counts it for the tests
 * of linear time.
 */
final class Asides {

    private Asides() {}

    /**
     * The end (after its {@code )}) of a parenthesised aside starting at {@code ws} that holds
     * only values and units ({@code (1 KB)}, {@code (0x1f)}, {@code (1.0 MB, 2 s)}); -1 if the word
     * at {@code ws} does not start one. Called only right after a value, whose aside it drops:
     * with or without it, a statement has one template.
     *
     * <p>Each token is judged the way the word rules would render it (see {@link #isAsideToken}),
     * and there is no limit on the number of tokens: so the template of an aside that is kept
     * never becomes a droppable aside when it is templated again (templating is idempotent). The
     * scan stops at the first {@code (} or {@code )} after the opening one, so the ranges scanned
     * for two asides never overlap and the work stays linear in the message.
     */
    static int asideEnd(ScanState st, char[] s, int ws, int n) {
        int t = asideScan(s, ws, n);
        // the chars looked at: up to where the scan stopped (the end of the aside when it is one)
        st.lookahead += (t < 0 ? -t - 1 : t) - ws;
        return t;
    }

    /** {@link #asideEnd}'s scan; where it stops as {@code -1 - position} when there is no aside. */
    private static int asideScan(char[] s, int ws, int n) {
        if (s[ws] != '(') {
            return -1 - ws;
        }
        int j = ws + 1;
        for (int w = 0; ; w++) {
            int t = j;
            while (t < n && !isSpace(s[t]) && s[t] != ')' && s[t] != '(') {
                t++;
            }
            if (w == 0 && t < n && t == j && s[t] == ')') {
                // "()": an empty aside, the same as a missing or a filled one
                return onlyClosersFollow(s, t + 1, n) ? t + 1 : -1 - t;
            }
            if (t == j || !isAsideToken(s, j, t, w, n)) {
                return -1 - t;
            }
            if (t < n && s[t] == ')') {
                return onlyClosersFollow(s, t + 1, n) ? t + 1 : -1 - t;
            }
            if (t >= n || s[t] == '(') {
                return -1 - t;
            }
            while (t < n && isSpace(s[t])) {
                t++;
            }
            j = t;
        }
    }

    /**
     * Whether token {@code w} of an aside, {@code s[p0, q0)}, is one that the word rules render
     * as {@code <*>} (in its openers and closers) or as a unit: its core (without openers and
     * closers) is a value, or an empty pair ({@code ""}), or, after the first token, a unit or a
     * date name that is a word of its own. Kept tokens are rendered as they are, so a token that
     * fails here fails again in the template, and one that passes passes again.
     */
    private static boolean isAsideToken(char[] s, int p0, int q0, int w, int n) {
        int p = p0;
        while (p < q0 && isOpener(s[p])) {
            p++;
        }
        int q = q0;
        while (q > p && isCloser(s[q - 1])) {
            q--;
        }
        if (p == q) {
            return isEmptyPair(s, p0, q0);
        }
        if (!isSimple(s, p, q, C_SPECIAL)) {
            return false;
        }
        if (classify(s, p, q) != null) {
            return true;
        }
        if (w == 0) {
            return false;
        }
        if (p == p0 && isUnit(s, p, q)) {
            return true;
        }
        return p == p0 && q == q0 && q0 < n && isSpace(s[q0]) && isDateName(s, p, q, q0, n);
    }

    /**
     * {@code depth} after the word {@code s[ws, we)}: plus the {@code (} among its leading openers,
     * then minus the {@code )} among its trailing closers, never below 0 (see {@link ScanState#parenDepth}).
     */
    static int parenDepthAfter(char[] s, int ws, int we, int depth) {
        for (int j = ws; j < we && isOpener(s[j]); j++) {
            if (s[j] == '(') {
                depth++;
            }
        }
        int k = we;
        while (k > ws && isCloser(s[k - 1])) {
            k--;
        }
        return closedBy(s, k, we, depth);
    }

    /** {@code depth} minus the {@code )} in {@code s[from, to)}, never below 0. */
    static int closedBy(char[] s, int from, int to, int depth) {
        for (int j = from; j < to && depth > 0; j++) {
            if (s[j] == ')') {
                depth--;
            }
        }
        return depth;
    }
}
