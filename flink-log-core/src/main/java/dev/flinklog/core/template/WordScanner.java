package dev.flinklog.core.template;

import static dev.flinklog.core.template.Asides.parenDepthAfter;
import static dev.flinklog.core.template.CharClasses.CLASSES;
import static dev.flinklog.core.template.CharClasses.C_BRACKET;
import static dev.flinklog.core.template.CharClasses.C_CLOSER;
import static dev.flinklog.core.template.CharClasses.C_DIGIT;
import static dev.flinklog.core.template.CharClasses.C_EQUALS;
import static dev.flinklog.core.template.CharClasses.C_HEX_LETTER;
import static dev.flinklog.core.template.CharClasses.C_LETTER;
import static dev.flinklog.core.template.CharClasses.C_NON_ASCII;
import static dev.flinklog.core.template.CharClasses.C_OTHER;
import static dev.flinklog.core.template.CharClasses.C_QUOTE;
import static dev.flinklog.core.template.CharClasses.C_SPACE;
import static dev.flinklog.core.template.CharClasses.C_SPECIAL;
import static dev.flinklog.core.template.CharClasses.KINDS;
import static dev.flinklog.core.template.CharClasses.classesOf;
import static dev.flinklog.core.template.CharClasses.hasBracket;
import static dev.flinklog.core.template.CharClasses.isAsciiCloser;
import static dev.flinklog.core.template.CharClasses.isAsciiOpener;
import static dev.flinklog.core.template.CharClasses.isPlainCloser;
import static dev.flinklog.core.template.CharClasses.isSpace;
import static dev.flinklog.core.template.TemplateOutput.asciiLiteral;
import static dev.flinklog.core.template.TemplateOutput.literal;
import static dev.flinklog.core.template.TemplateOutput.placeholder;
import static dev.flinklog.core.template.TemplateOutput.space;
import static dev.flinklog.core.template.TokenRules.CUE_FOR;
import static dev.flinklog.core.template.TokenRules.CUE_NONE;
import static dev.flinklog.core.template.TokenRules.CUE_USER;
import static dev.flinklog.core.template.TokenRules.cueOf;
import static dev.flinklog.core.template.TokenRules.isDateName;
import static dev.flinklog.core.template.TokenRules.isEmptyPair;
import static dev.flinklog.core.template.TokenRules.isVariable;
import static dev.flinklog.core.template.TokenRules.keyValueSplit;
import static dev.flinklog.core.template.WordLists.DATE_NAMES;
import static dev.flinklog.core.template.WordLists.KEY_FALSE;
import static dev.flinklog.core.template.WordLists.KEY_FOR;
import static dev.flinklog.core.template.WordLists.KEY_TRUE;
import static dev.flinklog.core.template.WordLists.KEY_USER;
import static dev.flinklog.core.template.WordLists.UNITS;
import static dev.flinklog.core.template.WordLists.isUnitSymbol;
import static dev.flinklog.core.template.WordLists.mayBeListed;
import static dev.flinklog.core.template.WordRules.plainWord;
import static dev.flinklog.core.template.WordRules.specialWord;

/**
 * The word loop: one left-to-right pass over the words of a message, the hot path of both {@code
 * LOG_FINGERPRINT} and {@code LOG_TEMPLATE}. For each word it finds the end, collects the classes
 * of its chars (see {@link CharClasses}) and hashes it as if it were kept, in one tight loop; then
 * it settles the common shapes of words by bit tests on those classes, and hands the rest to the
 * complete rules in {@link WordRules}.
 *
 * <p>{@link #run} is one big method on purpose, and the fast paths in it take for their shapes of
 * words exactly the decisions of {@link WordRules}: the state between words (the running hash
 * above all, one long dependency chain through the message) stays in locals across the whole
 * message, which a call per word would break; and splitting the method or growing it both measured
 * slower (docs/performance.md, section fingerprints). A change to a rule in {@link WordRules} or
 * {@link TokenRules} must be checked against the fast path here that stands in for it (the
 * differential and property tests compare the output on many messages).
 */
final class WordScanner {

    private WordScanner() {}

    /**
     * Scans {@code message}: appends its template to {@code out}, or with {@code out == null}
     * returns the fingerprint. {@code st} is reusable (its fields are reset here), but not by two
     * threads at once.
     */
    static long run(ScanState st, CharSequence message, StringBuilder out) {
        final int n = message.length();
        final char[] s = st.chars(message, n);
        st.s = s;
        st.n = n;
        st.out = out;
        // The state between words lives in locals here, and in the fields only around the calls
        // of the rare rules (plainWord, specialWord): the hash is one long dependency chain through
        // the message, and a round trip through memory per word would lengthen it.
        long h = Fnv1a.OFFSET;
        boolean first = true;
        boolean prevPlaceholder = false;
        int prevCue = CUE_NONE;
        st.parenDepth = 0;
        st.lookahead = 0;
        // The context rules (all on but in measurements, see ContextRule).
        final int rules = st.rules;
        final boolean userNames = (rules & ContextRule.USER_NAMES_BIT) != 0;
        final boolean units = (rules & ContextRule.UNITS_BIT) != 0;
        final boolean emptyPairs = (rules & ContextRule.EMPTY_PAIRS_BIT) != 0;
        int i = 0;
        while (true) {
            // KINDS marks exactly the chars of isSpace as C_SPACE: one load instead of the tests
            while (i < n && (KINDS[s[i]] & C_SPACE) != 0) {
                i++;
            }
            if (i >= n) {
                break;
            }
            final int ws = i;

            // One tight pass over the word: find its end, collect its character classes and hash
            // it as if it were kept (see below). Most words are then settled in this method by bit
            // tests on the classes and a few looks at the word; the rest by plainWord and
            // specialWord, which hold the complete rules.
            int wordClasses = 0;
            // The hash the output would have if the word were kept as it is: computed in the same
            // pass, because a second pass over every kept word costs more than the multiplications
            // wasted on the words that turn out to be variables.
            long wordHash = first ? h : (h ^ ' ') * Fnv1a.PRIME;
            // Whether wordHash covers the whole word (the general loop stops hashing at a digit).
            boolean hashed = true;
            // The loop over ASCII words. Measured: each operation per character costs, because
            // the loop runs for every character of every message; so it does only the table
            // lookup (one table for all chars, so no separate test for non-ASCII), the exit test,
            // the hash step and the OR of the classes. What else a rule needs (trailing closers,
            // the letters of a short word) is looked up at the word's end, for the words that
            // need it. It stops at a space or at a non-ASCII char; the general loop then takes
            // the rest of such a word.
            // The kind of the char that ended the loop (0 at the end of the message).
            int stop = 0;
            for (; i < n; i++) {
                char c = s[i];
                int f = KINDS[c];
                if ((f & (C_SPACE | C_NON_ASCII)) != 0) {
                    stop = f;
                    break;
                }
                wordHash = (wordHash ^ c) * Fnv1a.PRIME;
                wordClasses |= f;
            }
            if (stop == C_NON_ASCII) {
                while (i < n) {
                    char c = s[i];
                    int f;
                    if (c < 0x80) {
                        f = CLASSES[c];
                        if (f == C_SPACE) {
                            break;
                        }
                        if ((f & C_DIGIT) != 0) {
                            hashed = false;
                            wordClasses |= f;
                            i++;
                            // The rest of the word: classes only; a word with a digit is settled by
                            // its digit and its trailing closers, or by specialWord, which hashes
                            // the parts it keeps.
                            for (; i < n; i++) {
                                c = s[i];
                                if (c < 0x80) {
                                    f = CLASSES[c];
                                    if (f == C_SPACE) {
                                        break;
                                    }
                                } else {
                                    if (isSpace(c)) {
                                        break;
                                    }
                                    f = C_OTHER;
                                }
                                wordClasses |= f;
                            }
                            break;
                        }
                        wordHash = (wordHash ^ c) * Fnv1a.PRIME;
                    } else {
                        if (isSpace(c)) {
                            break;
                        }
                        f = C_OTHER;
                        char d;
                        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(d = s[i + 1])) {
                            wordHash = Fnv1a.hashPair(wordHash, c, d);
                            i++;
                        } else {
                            wordHash = Fnv1a.hashNonAscii(wordHash, c);
                        }
                    }
                    wordClasses |= f;
                    i++;
                }
            }
            final int we = i;
            // The closers at the word's end ("42," "done.") are not part of its core.
            int coreEnd = we;
            if ((wordClasses & C_CLOSER) != 0) {
                while (coreEnd > ws && isPlainCloser(s[coreEnd - 1])) {
                    coreEnd--;
                }
            }

            if ((wordClasses & (C_SPECIAL | C_DIGIT)) == 0) {
                // A plain word without a digit, most of them kept as they are. The rules of
                // plainWord that can apply are decided here by bit tests and one table lookup per
                // word list; a word that one of them may match goes to plainWord itself.
                // The classes of the core: those of the word, with C_CLOSER only if a closer
                // occurs before the trailing ones.
                final int coreClasses = coreEnd == we ? wordClasses : classesOf(s, ws, coreEnd);
                final int len = coreEnd - ws;
                int cue = CUE_NONE;
                // An empty core (a word of closers only, ":") is kept whatever came before.
                boolean kept = len == 0
                        || prevCue == CUE_NONE
                                && (coreClasses & C_CLOSER) == 0
                                // hex without digits needs 8 characters and no letter beyond f
                                && (len < 8 || (coreClasses & C_LETTER) != 0);
                if (len == 1) {
                    kept = kept && !(units && prevPlaceholder && isUnitSymbol(s[ws]));
                } else if (kept
                        && len > 0
                        && (coreClasses & ~(C_LETTER | C_HEX_LETTER)) == 0
                        && len <= WordSet.MAX_LETTERS
                        && mayBeListed(s[ws], len, prevPlaceholder)) {
                    // Letters only, and a word that one of the word lists can hold. Other
                    // characters (e.g. "-") can only be a one-character unit.
                    final long key = WordSet.keyOf(s, ws, coreEnd);
                    if (units && prevPlaceholder && UNITS.containsKey(key, len)) {
                        // A unit after a value belongs to it ("995 ms"), as in plainWord.
                        if (coreEnd < we) {
                            h = asciiLiteral(s, coreEnd, we, out, h);
                            prevPlaceholder = false;
                        }
                        first = false;
                        prevCue = CUE_NONE;
                        continue;
                    }
                    kept = key != KEY_TRUE
                            && key != KEY_FALSE
                            && !(len >= 3 && s[ws] <= 'Z' && DATE_NAMES.containsKey(key, len));
                    cue = !userNames ? CUE_NONE : key == KEY_USER ? CUE_USER : key == KEY_FOR ? CUE_FOR : CUE_NONE;
                }
                if (kept) {
                    if (out == null) {
                        h = wordHash;
                    } else {
                        if (!first) {
                            h = space(out, h);
                        }
                        h = literal(s, ws, we, out, h);
                    }
                    first = false;
                    prevPlaceholder = false;
                    prevCue = cue;
                } else {
                    st.store(h, first, prevPlaceholder, prevCue);
                    plainWord(st, ws, we, coreEnd, coreClasses, wordHash);
                    h = st.h;
                    first = false;
                    prevPlaceholder = st.prevPlaceholder;
                    prevCue = st.prevCue;
                }
            } else if ((wordClasses & C_SPECIAL) == 0) {
                // The commonest variable, settled here without a call: a plain word with a
                // digit is <*> (merged into a preceding <*>), its trailing closers kept. The
                // other rules of plainWord cannot apply to it (they need letters only, or no
                // digit).
                if (coreEnd == we) {
                    if (!prevPlaceholder) {
                        if (!first) {
                            h = space(out, h);
                        }
                        h = placeholder(out, h);
                    }
                    prevPlaceholder = true;
                } else {
                    if (!first) {
                        h = space(out, h);
                    }
                    h = placeholder(out, h);
                    h = asciiLiteral(s, coreEnd, we, out, h);
                    prevPlaceholder = false;
                }
                first = false;
                prevCue = CUE_NONE;
            } else {
                // A word with brackets, quotes, "=", "<", ">", "*", "@" or "/". Two common shapes
                // are settled here with the decisions specialWord would take for them; the rest
                // goes to specialWord. (a) A core with a digit and no "=" or inner bracket, in
                // openers and closers ("[14/Mar/2025:06:22:45", "HTTP/1.1\"", "111]"): a value.
                // (b) A word whose only special characters are quotes ("\"GET", "'status':").
                int p = ws;
                while (p < we && isAsciiOpener(s[p])) {
                    p++;
                }
                int q = we;
                while (q > p && isAsciiCloser(s[q - 1])) {
                    q--;
                }
                // Which of the shapes below the word has; 0 for none (specialWord decides).
                int shape = 0;
                int eq = -1;
                if (prevPlaceholder && s[ws] == '(') {
                    // maybe an aside that restates the value: specialWord
                } else if (p == q) {
                    // Only openers and closers ("[", "\"\","): kept, unless an empty pair.
                    shape = emptyPairs && isEmptyPair(s, ws, we) ? 0 : 4;
                } else if ((wordClasses & C_BRACKET) != 0 && hasBracket(s, p, q)) {
                    // a bracketed compound: specialWord
                } else if ((wordClasses & C_EQUALS) != 0) {
                    // key=value ("level=info", "time=\"2025-03-14T06:08:40Z\""): no cue or unit
                    // can have a "=".
                    eq = keyValueSplit(s, p, q);
                    shape = eq >= 0 ? 3 : 0;
                } else if ((wordClasses & C_DIGIT) != 0) {
                    // A value; no unit or preposition has a digit.
                    shape = 1;
                } else if ((wordClasses & C_SPECIAL & ~(C_QUOTE | C_BRACKET)) == 0
                        && prevCue == CUE_NONE
                        && !(prevPlaceholder && p == ws)) {
                    // Quoted or bracketed words ("\"GET", "[INFO]", "'status':").
                    shape = 2;
                }
                if (shape == 0) {
                    st.store(h, first, prevPlaceholder, prevCue);
                    i = specialWord(st, ws, we, wordClasses, hashed, wordHash);
                    h = st.h;
                    first = false;
                    prevPlaceholder = st.prevPlaceholder;
                    prevCue = st.prevCue;
                    continue;
                }
                if ((wordClasses & C_BRACKET) != 0) {
                    st.parenDepth = parenDepthAfter(s, ws, we, st.parenDepth);
                }
                if (shape >= 3) {
                    // Kept but for the value of a key=value.
                    h = space(first, out, h);
                    if (shape == 3) {
                        h = asciiLiteral(s, ws, eq + 1, out, h);
                        if (eq + 1 < q) {
                            h = placeholder(out, h);
                        }
                        h = asciiLiteral(s, q, we, out, h);
                    } else {
                        h = out == null && hashed ? wordHash : asciiLiteral(s, ws, we, out, h);
                    }
                    prevPlaceholder = false;
                    prevCue = CUE_NONE;
                    first = false;
                    continue;
                }
                final boolean coreVariable;
                final boolean wholeVariable;
                if (shape == 1) {
                    coreVariable = true;
                    wholeVariable = p == ws && q == we;
                } else {
                    final boolean whole = p == ws && q == we;
                    coreVariable = isVariable(s, p, q, whole ? wordClasses : classesOf(s, p, q));
                    wholeVariable = whole && (coreVariable || isDateName(s, p, q, we, n));
                }
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
                        h = space(first, out, h);
                        h = asciiLiteral(s, ws, p, out, h);
                        h = placeholder(out, h);
                        h = asciiLiteral(s, q, we, out, h);
                    } else if (out == null && hashed) {
                        h = wordHash;
                    } else {
                        h = space(first, out, h);
                        h = literal(s, ws, we, out, h);
                    }
                    prevPlaceholder = false;
                }
                // A core with a digit is no cue word.
                prevCue = shape == 1 || !userNames ? CUE_NONE : cueOf(s, p, q);
                first = false;
            }
        }
        st.s = null;
        st.out = null;
        return h;
    }
}
