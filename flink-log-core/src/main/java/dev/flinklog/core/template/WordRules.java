package dev.flinklog.core.template;

import static dev.flinklog.core.template.Asides.asideEnd;
import static dev.flinklog.core.template.Asides.closedBy;
import static dev.flinklog.core.template.Asides.parenDepthAfter;
import static dev.flinklog.core.template.CharClasses.C_BRACKET;
import static dev.flinklog.core.template.CharClasses.C_DIGIT;
import static dev.flinklog.core.template.CharClasses.C_EQUALS;
import static dev.flinklog.core.template.CharClasses.C_HEX_LETTER;
import static dev.flinklog.core.template.CharClasses.C_LETTER;
import static dev.flinklog.core.template.CharClasses.classesOf;
import static dev.flinklog.core.template.CharClasses.isBracket;
import static dev.flinklog.core.template.CharClasses.isCloser;
import static dev.flinklog.core.template.CharClasses.isOpener;
import static dev.flinklog.core.template.CharClasses.isSpace;
import static dev.flinklog.core.template.TemplateOutput.literal;
import static dev.flinklog.core.template.TemplateOutput.placeholder;
import static dev.flinklog.core.template.TemplateOutput.space;
import static dev.flinklog.core.template.TokenRules.CUE_NONE;
import static dev.flinklog.core.template.TokenRules.CUE_USER;
import static dev.flinklog.core.template.TokenRules.classify;
import static dev.flinklog.core.template.TokenRules.cueOf;
import static dev.flinklog.core.template.TokenRules.isDateName;
import static dev.flinklog.core.template.TokenRules.isEmptyPair;
import static dev.flinklog.core.template.TokenRules.isHexOrBoolean;
import static dev.flinklog.core.template.TokenRules.isNameAfterCue;
import static dev.flinklog.core.template.TokenRules.isPlainVariable;
import static dev.flinklog.core.template.TokenRules.isVariable;
import static dev.flinklog.core.template.TokenRules.keyValueSplit;
import static dev.flinklog.core.template.WordLists.PREPOSITIONS;
import static dev.flinklog.core.template.WordLists.UNITS;
import static dev.flinklog.core.template.WordLists.isUnit;

/**
 * The complete rules for one word in its context, for the words that the word loop ({@link
 * WordScanner}) does not settle itself: {@link #plainWord} for words without brackets, quotes,
 * {@code = < > * @ /}, {@link #specialWord} for the others. The loop's fast paths take the same
 * decisions as these for the common shapes of words; these are where to read a rule in full:
 * a unit after a value, an empty name after {@code user}, key=value, bracketed compounds, empty
 * pairs, asides ({@link Asides}), and the token rules ({@link TokenRules}) on the word's core.
 */
final class WordRules {

    private WordRules() {}

    /** A word without brackets, quotes, {@code = < > * @ /}: no openers, closers at the end only. */
    static void plainWord(ScanState st, int ws, int we, int coreEnd, int coreClasses, long wordHash) {
        final char[] s = st.s;
        final int n = st.n;
        final StringBuilder out = st.out;
        long h = st.h;
        boolean first = st.first;
        boolean prevPlaceholder = st.prevPlaceholder;
        int prevCue = st.prevCue;
        // No openers here, so the core starts at the word; it ends before the closers. The
        // word rules are tried only where the classes and the length allow them to match.
        final int p = ws;
        final int q = coreEnd;
        final int len = q - p;
        final boolean letters = len > 0 && (coreClasses & ~(C_LETTER | C_HEX_LETTER)) == 0;
        final boolean digit = (coreClasses & C_DIGIT) != 0;
        final int rules = st.rules;
        int cue = letters && (len == 3 || len == 4) && (rules & ContextRule.USER_NAMES_BIT) != 0
                ? cueOf(s, p, q)
                : CUE_NONE;
        if (prevPlaceholder
                && (rules & ContextRule.UNITS_BIT) != 0
                && (letters ? len <= UNITS.maxLength() : len == 1)
                && !digit
                && isUnit(s, p, q)) {
            if (q < we) {
                h = literal(s, q, we, out, h);
                prevPlaceholder = false;
            }
            st.store(h, false, prevPlaceholder, CUE_NONE);
            return;
        }
        boolean inserted = false;
        if (prevCue == CUE_USER && letters && PREPOSITIONS.contains(s, p, q)) {
            if (!prevPlaceholder) {
                h = space(out, h);
                h = placeholder(out, h);
                inserted = true;
            }
            prevCue = CUE_NONE;
        }
        boolean coreVariable = len > 0
                && (digit || (letters ? isHexOrBoolean(s, p, q, coreClasses) : isPlainVariable(s, p, q, coreClasses)));
        boolean wholeVariable = q == we
                && (coreVariable
                        || (prevCue != CUE_NONE && isNameAfterCue(prevCue, s, p, q, we, n))
                        || (letters && len >= 3 && isDateName(s, p, q, we, n)));
        if (wholeVariable) {
            if (!prevPlaceholder) {
                if (!first) {
                    h = space(out, h);
                }
                h = placeholder(out, h);
            }
            prevPlaceholder = true;
        } else {
            if (coreVariable) {
                if (!first) {
                    h = space(out, h);
                }
                h = placeholder(out, h);
                h = literal(s, q, we, out, h);
            } else if (out == null && !inserted) {
                h = wordHash;
            } else {
                if (!first) {
                    h = space(out, h);
                }
                h = literal(s, ws, we, out, h);
            }
            prevPlaceholder = false;
        }
        st.store(h, false, prevPlaceholder, cue);
    }

    /** Any other word; returns where scanning goes on (after the word, or after a dropped aside). */
    static int specialWord(ScanState st, int ws, int we, int wordClasses, boolean hashed, long wordHash) {
        final char[] s = st.s;
        final int n = st.n;
        final StringBuilder out = st.out;
        long h = st.h;
        boolean first = st.first;
        boolean prevPlaceholder = st.prevPlaceholder;
        int prevCue = st.prevCue;
        int i;

        int p = ws;
        while (p < we && isOpener(s[p])) {
            p++;
        }
        int q = we;
        while (q > p && isCloser(s[q - 1])) {
            q--;
        }
        final int rules = st.rules;
        int cue = (rules & ContextRule.USER_NAMES_BIT) != 0 ? cueOf(s, p, q) : CUE_NONE;

        if (prevPlaceholder) {
            // A unit after a value belongs to it: "5 MB" is one quantity like "5MB".
            if ((rules & ContextRule.UNITS_BIT) != 0 && p == ws && p < q && isUnit(s, p, q)) {
                if (q < we) {
                    h = literal(s, q, we, out, h);
                    prevPlaceholder = false;
                }
                st.store(h, false, prevPlaceholder, CUE_NONE);
                st.parenDepth = parenDepthAfter(s, ws, we, st.parenDepth);
                return we;
            }
            // An aside in parentheses that only restates a value: "1024 bytes (1 KB)".
            int asideEnd = st.parenDepth == 0 && (rules & ContextRule.ASIDES_BIT) != 0 ? asideEnd(st, s, ws, n) : -1;
            if (asideEnd >= 0) {
                int afterParen = asideEnd;
                i = afterParen;
                while (i < n && !isSpace(s[i])) {
                    i++;
                }
                if (afterParen < i) {
                    h = literal(s, afterParen, i, out, h);
                    prevPlaceholder = false;
                }
                // the aside's own pair is gone; the closers after it may close outer ones
                st.parenDepth = closedBy(s, afterParen, i, st.parenDepth);
                st.store(h, false, prevPlaceholder, CUE_NONE);
                return i;
            }
        }

        boolean inserted = false;
        if (prevCue == CUE_USER && p < q && PREPOSITIONS.contains(s, p, q)) {
            // "Invalid user  from ...": the name is empty; keep its slot so that the template
            // is the one of "Invalid user bob from ...".
            if (!prevPlaceholder) {
                h = space(out, h);
                h = placeholder(out, h);
                inserted = true;
            }
            prevCue = CUE_NONE;
        }

        // The core is a bracketed compound, a key=value, or one token. Its classes (one cheap pass)
        // say which of the three, and spare the full classification where it cannot match.
        // The word's classes are the core's when nothing was cut off. They also do when the word
        // has a digit and no bracket: digits are never cut off, so the core is a variable unless it
        // is a key=value, and "=" is never cut off either; no other class is looked at then.
        final int coreClasses = p >= q
                ? 0
                : (p == ws && q == we) || (wordClasses & (C_BRACKET | C_DIGIT)) == C_DIGIT
                        ? wordClasses
                        : classesOf(s, p, q);
        final boolean compound = (coreClasses & C_BRACKET) != 0;
        final int eq = !compound && (coreClasses & C_EQUALS) != 0 ? keyValueSplit(s, p, q) : -1;
        final boolean coreVariable = p < q && !compound && eq < 0 && isVariable(s, p, q, coreClasses);
        final boolean wholeVariable = p < q
                && p == ws
                && q == we
                && !compound
                && eq < 0
                && (coreVariable || isNameAfterCue(prevCue, s, p, q, we, n) || isDateName(s, p, q, we, n));

        if (wholeVariable) {
            if (!prevPlaceholder) {
                if (!first) {
                    h = space(out, h);
                }
                h = placeholder(out, h);
            }
            prevPlaceholder = true;
        } else {
            boolean kept = false;
            if (p == q) {
                if ((rules & ContextRule.EMPTY_PAIRS_BIT) != 0 && isEmptyPair(s, ws, we)) {
                    // "()" or "''": an empty value, the same template as "(value)".
                    h = space(first, out, h);
                    h = literal(s, ws, ws + 1, out, h);
                    h = placeholder(out, h);
                    h = literal(s, ws + 1, we, out, h);
                } else {
                    kept = true;
                }
            } else if (compound) {
                h = space(first, out, h);
                h = literal(s, ws, p, out, h);
                h = core(s, p, q, out, h);
                h = literal(s, q, we, out, h);
            } else if (eq >= 0) {
                h = space(first, out, h);
                h = literal(s, ws, eq + 1, out, h);
                if (eq + 1 < q) {
                    h = placeholder(out, h);
                }
                h = literal(s, q, we, out, h);
            } else if (coreVariable) {
                h = space(first, out, h);
                h = literal(s, ws, p, out, h);
                h = placeholder(out, h);
                h = literal(s, q, we, out, h);
            } else {
                kept = true;
            }
            if (kept) {
                if (out == null && !inserted && hashed) {
                    h = wordHash;
                } else {
                    h = space(first, out, h);
                    h = literal(s, ws, we, out, h);
                }
            }
            prevPlaceholder = false;
        }
        st.store(h, false, prevPlaceholder, cue);
        st.parenDepth = parenDepthAfter(s, ws, we, st.parenDepth);
        return we;
    }

    /** Emits a bracketed compound piece by piece: {@code Thread.run(Thread.java:10)}. */
    private static long core(char[] s, int p, int q, StringBuilder out, long h) {
        int start = p;
        for (int j = p; j < q; j++) {
            if (isBracket(s[j])) {
                h = piece(s, start, j, out, h, C_EQUALS);
                h = literal(s, j, j + 1, out, h);
                start = j + 1;
            }
        }
        return piece(s, start, q, out, h, C_EQUALS);
    }

    /**
     * Emits one piece: {@code key=value} or a token. {@code hint} is a superset of the classes
     * of the piece's characters: without C_EQUALS there is no key to look for, and with C_DIGIT
     * the piece has a digit (callers pass the word's classes only when the piece is the word's
     * whole core, whose digits are the word's digits).
     */
    private static long piece(char[] s, int p, int q, StringBuilder out, long h, int hint) {
        if (p >= q) {
            return h;
        }
        int eq = (hint & C_EQUALS) != 0 ? keyValueSplit(s, p, q) : -1;
        if (eq >= 0) {
            h = literal(s, p, eq + 1, out, h);
            return eq + 1 < q ? placeholder(out, h) : h;
        }
        return (hint & C_DIGIT) != 0 || classify(s, p, q) != null ? placeholder(out, h) : literal(s, p, q, out, h);
    }
}
