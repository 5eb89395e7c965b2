package dev.flinklog.core.template;

import dev.flinklog.core.text.Ascii;

/**
 * Turns a log message into its template: the message with every variable token replaced by
 * {@code <*>}, so that all messages printed by one logging statement share one template.
 *
 * <p>The rules are stateless (no learning across messages, unlike Drain) and work token by token:
 * a token is either kept as it is or replaced as a whole, never in part, because partial masks
 * split one statement into several templates ({@code blk_-12} and {@code blk_34} must agree). The
 * exact algorithm is specified in docs/functions.md (section LOG_TEMPLATE); it is versioned by
 * {@link Fingerprint#VERSION} because fingerprints of templates are stored for years.
 *
 * <p>Everything is one left-to-right pass over the words of the message with a constant number of
 * extra looks at each word: linear in the input length, no regular expressions. The message is
 * first copied once into a char array that a reused instance keeps (read with {@code getChars} for
 * a {@code String} or {@code StringBuilder}, with one {@link CharSequence#charAt} per character
 * otherwise), and the rules read the array. A reused instance computing a fingerprint ({@link
 * #fingerprint}) allocates nothing once its buffer fits the messages.
 */
public final class MessageTemplate {

    /** What replaces a variable token. */
    public static final String PLACEHOLDER = "<*>";

    /**
     * A reusable scanner for one thread at a time (e.g. one per SQL function instance): {@link
     * #fingerprint} then allocates nothing. The static methods make a scanner per call.
     */
    public MessageTemplate() {}

    /**
     * Same as {@link Fingerprint#of}, without allocating. Not for two threads at once. {@code
     * message} must not be null.
     */
    public long fingerprint(CharSequence message) {
        return run(message, null);
    }

    /**
     * Same as {@link #template}, reusing this scanner's copy buffer and output builder, so that
     * only the returned string is allocated per message. Not for two threads at once. {@code
     * message} must not be null.
     */
    public String templateOf(CharSequence message) {
        StringBuilder out = builder;
        if (out == null || out.capacity() > KEPT_BUFFER_LIMIT) {
            // a builder grown by one huge message is not kept (see KEPT_BUFFER_LIMIT)
            out = new StringBuilder(Math.min(message.length(), KEPT_BUFFER_LIMIT));
            builder = out;
        }
        out.setLength(0);
        run(message, out);
        return out.toString();
    }

    /** The output builder of {@link #templateOf}, made on first use. */
    private StringBuilder builder;

    /** The template of {@code message}; {@code null} for {@code null}. Never throws. */
    public static String template(CharSequence message) {
        if (message == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(message.length());
        scan(message, out);
        return out.toString();
    }

    /**
     * The one scanner behind both functions. With {@code out != null} it appends the template to
     * {@code out}; with {@code out == null} it hashes the template instead and returns the hash,
     * without building it. Both paths go through the same decisions, which is what makes {@code
     * fingerprint(m) == hash(template(m))} hold by construction (and a test checks it).
     */
    static long scan(CharSequence s, StringBuilder out) {
        return new MessageTemplate().run(s, out);
    }

    /**
     * Inputs up to this length are copied into a buffer that the scanner keeps for the next
     * message; longer ones into an array of their own, so that one huge message does not pin a
     * huge buffer for the life of the scanner.
     */
    private static final int KEPT_BUFFER_LIMIT = 1 << 14;

    /**
     * The reused copy of the message (see {@link #chars}). Empty at first, so that the scanner
     * made per call by {@link #template} allocates just the length of its message.
     */
    private char[] buffer = NO_CHARS;

    private static final char[] NO_CHARS = new char[0];

    // The state of one scan, between words. Instance fields rather than locals so that the word
    // rules can live in methods of their own: one huge method compiles to slower code.
    private char[] s;
    private int n;
    private StringBuilder out;
    private long h;
    private boolean first;
    // The output of the previous word was exactly <*>: a run of variable words becomes one <*>,
    // because values with spaces in them (dates, lists) vary in how many words they have.
    private boolean prevPlaceholder;
    // Context for the user-name rule: what kind of word came before.
    private int prevCue;
    // Parentheses opened before this word and not closed yet (never below 0), counting only the
    // "(" among a word's leading openers and the ")" among its trailing closers. An aside is
    // dropped only outside parentheses. The template keeps every word's leading openers and
    // trailing closers, except the pair of a dropped aside (the closers after it are glued to the
    // word before and so stay trailing closers), so the count is the same at the same place of the
    // template, and an aside nested in a kept one is judged the same way when the template is
    // templated again.
    private int parenDepth;
    // Chars looked at ahead of the current word by the aside rule in the last scan: the one look
    // ahead without a fixed bound. Tests check it stays within a small multiple of the length.
    private long lookahead;

    /** {@link #lookahead} of the last message scanned (for tests of linear time). */
    long lookahead() {
        return lookahead;
    }

    private void store(long h, boolean first, boolean prevPlaceholder, int prevCue) {
        this.h = h;
        this.first = first;
        this.prevPlaceholder = prevPlaceholder;
        this.prevCue = prevCue;
    }

    /**
     * Scans {@code s}: appends its template to {@code out}, or with {@code out == null} returns
     * the fingerprint. Reusable (the fields are reset here), but not by two threads at once.
     */
    long run(CharSequence message, StringBuilder out) {
        final int n = message.length();
        final char[] s = chars(message, n);
        this.s = s;
        this.n = n;
        this.out = out;
        // The state between words lives in locals here, and in the fields only around the calls
        // of the rare rules (plainWord, specialWord): the hash is one long dependency chain through
        // the message, and a round trip through memory per word would lengthen it.
        long h = Fnv1a.OFFSET;
        boolean first = true;
        boolean prevPlaceholder = false;
        int prevCue = CUE_NONE;
        this.parenDepth = 0;
        this.lookahead = 0;
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
                    kept = kept && !(prevPlaceholder && isUnitSymbol(s[ws]));
                } else if (kept
                        && len > 0
                        && (coreClasses & ~(C_LETTER | C_HEX_LETTER)) == 0
                        && len <= WordSet.MAX_LETTERS
                        && mayBeListed(s[ws], len, prevPlaceholder)) {
                    // Letters only, and a word that one of the word lists can hold. Other
                    // characters (e.g. "-") can only be a one-character unit.
                    final long key = WordSet.keyOf(s, ws, coreEnd);
                    if (prevPlaceholder && UNITS.containsKey(key, len)) {
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
                    cue = key == KEY_USER ? CUE_USER : key == KEY_FOR ? CUE_FOR : CUE_NONE;
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
                    store(h, first, prevPlaceholder, prevCue);
                    plainWord(ws, we, coreEnd, coreClasses, wordHash);
                    h = this.h;
                    first = false;
                    prevPlaceholder = this.prevPlaceholder;
                    prevCue = this.prevCue;
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
                    shape = isEmptyPair(s, ws, we) ? 0 : 4;
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
                    store(h, first, prevPlaceholder, prevCue);
                    i = specialWord(ws, we, wordClasses, hashed, wordHash);
                    h = this.h;
                    first = false;
                    prevPlaceholder = this.prevPlaceholder;
                    prevCue = this.prevCue;
                    continue;
                }
                if ((wordClasses & C_BRACKET) != 0) {
                    parenDepth = parenDepthAfter(s, ws, we, parenDepth);
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
                prevCue = shape == 1 ? CUE_NONE : cueOf(s, p, q);
                first = false;
            }
        }
        this.s = null;
        this.out = null;
        return h;
    }

    /** A word without brackets, quotes, {@code = < > * @ /}: no openers, closers at the end only. */
    private void plainWord(int ws, int we, int coreEnd, int coreClasses, long wordHash) {
        final char[] s = this.s;
        final int n = this.n;
        final StringBuilder out = this.out;
        long h = this.h;
        boolean first = this.first;
        boolean prevPlaceholder = this.prevPlaceholder;
        int prevCue = this.prevCue;
        // No openers here, so the core starts at the word; it ends before the closers. The
        // word rules are tried only where the classes and the length allow them to match.
        final int p = ws;
        final int q = coreEnd;
        final int len = q - p;
        final boolean letters = len > 0 && (coreClasses & ~(C_LETTER | C_HEX_LETTER)) == 0;
        final boolean digit = (coreClasses & C_DIGIT) != 0;
        int cue = letters && (len == 3 || len == 4) ? cueOf(s, p, q) : CUE_NONE;
        if (prevPlaceholder && (letters ? len <= UNITS.maxLength() : len == 1) && !digit && isUnit(s, p, q)) {
            if (q < we) {
                h = literal(s, q, we, out, h);
                prevPlaceholder = false;
            }
            store(h, false, prevPlaceholder, CUE_NONE);
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
        store(h, false, prevPlaceholder, cue);
    }

    /** Any other word; returns where scanning goes on (after the word, or after a dropped aside). */
    private int specialWord(int ws, int we, int wordClasses, boolean hashed, long wordHash) {
        final char[] s = this.s;
        final int n = this.n;
        final StringBuilder out = this.out;
        long h = this.h;
        boolean first = this.first;
        boolean prevPlaceholder = this.prevPlaceholder;
        int prevCue = this.prevCue;
        int i;

        int p = ws;
        while (p < we && isOpener(s[p])) {
            p++;
        }
        int q = we;
        while (q > p && isCloser(s[q - 1])) {
            q--;
        }
        int cue = cueOf(s, p, q);

        if (prevPlaceholder) {
            // A unit after a value belongs to it: "5 MB" is one quantity like "5MB".
            if (p == ws && p < q && isUnit(s, p, q)) {
                if (q < we) {
                    h = literal(s, q, we, out, h);
                    prevPlaceholder = false;
                }
                store(h, false, prevPlaceholder, CUE_NONE);
                parenDepth = parenDepthAfter(s, ws, we, parenDepth);
                return we;
            }
            // An aside in parentheses that only restates a value: "1024 bytes (1 KB)".
            int asideEnd = parenDepth == 0 ? asideEnd(s, ws, n) : -1;
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
                parenDepth = closedBy(s, afterParen, i, parenDepth);
                store(h, false, prevPlaceholder, CUE_NONE);
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
                if (isEmptyPair(s, ws, we)) {
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
        store(h, false, prevPlaceholder, cue);
        parenDepth = parenDepthAfter(s, ws, we, parenDepth);
        return we;
    }

    // ---------------------------------------------------------------------------------------------
    // Character classes for the one-pass word scan

    private static final int C_SPACE = 1;
    private static final int C_DIGIT = 2;
    /** {@code a-f A-F}. */
    private static final int C_HEX_LETTER = 4;
    /** The other ASCII letters. */
    private static final int C_LETTER = 8;
    /** Characters that need the general path: brackets, quotes, {@code = < > * @ /}. */
    private static final int C_EQUALS = 16;

    private static final int C_BRACKET = 128;
    private static final int C_QUOTE = 256;
    private static final int C_MARK = 512;
    private static final int C_SPECIAL = C_EQUALS | C_BRACKET | C_QUOTE | C_MARK;
    /** Closing punctuation that is not special: {@code , ; : . ! ?}. */
    private static final int C_CLOSER_SHIFT = 5;

    private static final int C_CLOSER = 1 << C_CLOSER_SHIFT;
    /** Everything else, including all non-ASCII characters. */
    private static final int C_OTHER = 64;

    /** Not in CLASSES: a non-ASCII char that is not a space, in KINDS only. */
    private static final int C_NON_ASCII = 1024;

    private static final int[] CLASSES = classes();

    /**
     * CLASSES for every char: the ASCII ones as there, non-ASCII spaces C_SPACE, any other
     * non-ASCII char C_NON_ASCII. One lookup then tells the word loop all it needs to know about
     * a char without a separate test for ASCII. 128 KiB, of which the loop touches the first 256
     * bytes for ASCII text.
     */
    private static final char[] KINDS = kinds();

    private static char[] kinds() {
        char[] t = new char[0x10000];
        for (int c = 0; c < t.length; c++) {
            t[c] = (char) (c < 0x80 ? CLASSES[c] : isSpace((char) c) ? C_SPACE : C_NON_ASCII);
        }
        return t;
    }

    /** {@link #isOpener} and {@link #isCloser} as one table lookup each. */
    private static final int EDGE_OPENER = 1;

    private static final int EDGE_CLOSER = 2;
    private static final byte[] EDGES = edges();

    private static byte[] edges() {
        byte[] t = new byte[0x80];
        for (char c = 0; c < 0x80; c++) {
            t[c] = (byte) ((isOpener(c) ? EDGE_OPENER : 0) | (isCloser(c) ? EDGE_CLOSER : 0));
        }
        return t;
    }

    private static boolean isAsciiOpener(char c) {
        return c < 0x80 && (EDGES[c] & EDGE_OPENER) != 0;
    }

    private static boolean isAsciiCloser(char c) {
        return c < 0x80 && (EDGES[c] & EDGE_CLOSER) != 0;
    }

    private static boolean hasBracket(char[] s, int p, int q) {
        for (int j = p; j < q; j++) {
            if ((KINDS[s[j]] & C_BRACKET) != 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPlainCloser(char c) {
        return c < 0x80 && CLASSES[c] == C_CLOSER;
    }

    private static int[] classes() {
        int[] t = new int[0x80];
        for (int c = 0; c < 0x80; c++) {
            if (isSpace((char) c)) {
                t[c] = C_SPACE;
            } else if (c >= '0' && c <= '9') {
                t[c] = C_DIGIT;
            } else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
                t[c] = C_HEX_LETTER;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                t[c] = C_LETTER;
            } else if (c == '=') {
                t[c] = C_EQUALS;
            } else if ("()[]{}".indexOf(c) >= 0) {
                t[c] = C_BRACKET;
            } else if (c == '"' || c == '\'') {
                t[c] = C_QUOTE;
            } else if ("<>*@/".indexOf(c) >= 0) {
                t[c] = C_MARK;
            } else if (",;:.!?".indexOf(c) >= 0) {
                t[c] = C_CLOSER;
            } else {
                t[c] = C_OTHER;
            }
        }
        return t;
    }

    /**
     * {@code classify(s, p, q) != null} for a core of ASCII letters only, which can be nothing but
     * hex or a boolean.
     */
    private static boolean isHexOrBoolean(char[] s, int p, int q, int classes) {
        int len = q - p;
        return (len >= 8 && (classes & C_LETTER) == 0) || ((len == 4 || len == 5) && isBoolean(s, p, q));
    }

    /**
     * {@code classify(s, p, q) != null} for a non-empty core of a plain word (no brackets, quotes,
     * {@code = < > * @ /}) without digits. Of the token classes only hex, host name and boolean
     * can match such a core, and the last two need a {@code .} or {@code :} in it: without a
     * closer inside the core, only hex is left, which needs 8 characters and no letter beyond f.
     * Most such words ({@code ---}, {@code node-agent}) are settled here without a full pass.
     */
    private static boolean isPlainVariable(char[] s, int p, int q, int classes) {
        final boolean hexPossible = q - p >= 8 && (classes & C_LETTER) == 0;
        if ((classes & C_CLOSER) == 0) {
            return hexPossible && classify(s, p, q) != null;
        }
        // With a closer inside, e.g. the dotted names of classes and loggers: each class is tried
        // only where a cheap necessary condition holds, and then decided by classify itself.
        if (isBooleanAfterColon(s, p, q) || hexPossible && classify(s, p, q) != null) {
            return true;
        }
        // A host name is made of letters, "-" and ".", so its last label runs back from the end to
        // a "."; it needs that label to be two letters or a generic TLD, or its first label to be one.
        int lastLabel = q;
        while (lastLabel > p && (Ascii.isLetter(s[lastLabel - 1]) || s[lastLabel - 1] == '-')) {
            lastLabel--;
        }
        if (lastLabel == p || s[lastLabel - 1] != '.') {
            return false;
        }
        int firstLabelEnd = p;
        while (firstLabelEnd < q && (Ascii.isLetter(s[firstLabelEnd]) || s[firstLabelEnd] == '-')) {
            firstLabelEnd++;
        }
        boolean tldPossible = q - lastLabel == 2
                || GENERIC_TLDS.contains(s, lastLabel, q)
                || GENERIC_TLDS.contains(s, p, firstLabelEnd);
        return tldPossible && classify(s, p, q) != null;
    }

    /**
     * The boolean rule of {@link #classify} ({@code true} or {@code false} after the last {@code :}
     * or as the whole token), read from the end: neither word contains a {@code :}, so the colon,
     * if any, is the character just before it.
     */
    private static boolean isBooleanAfterColon(char[] s, int p, int q) {
        return q - p >= 4 && equalsIgnoreCase(s, q - 4, TRUE) && (q - 4 == p || s[q - 5] == ':')
                || q - p >= 5 && equalsIgnoreCase(s, q - 5, FALSE) && (q - 5 == p || s[q - 6] == ':');
    }

    // ---------------------------------------------------------------------------------------------
    // Word structure

    /**
     * Characters that wrap a token and are kept around it: {@code (id)} keeps its parentheses and
     * masks {@code id}. {@code <} is not one, so that {@code <*>} stays a single token.
     */
    private static boolean isOpener(char c) {
        return c == '(' || c == '[' || c == '{' || c == '"' || c == '\'';
    }

    /** Characters that close a token or end a clause, kept after it: {@code 42,} and {@code 42.}. */
    private static boolean isCloser(char c) {
        return c == ')' || c == ']' || c == '}' || c == '"' || c == '\'' || c == ',' || c == ';' || c == ':' || c == '.'
                || c == '!' || c == '?';
    }

    /** Brackets inside a token split it into pieces: {@code Thread.run(Thread.java:10)}. */
    private static boolean isBracket(char c) {
        return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}';
    }

    /**
     * A core without {@code key=} and without inner brackets: the only kind of token that can be
     * replaced as a whole (and so take part in collapsing runs of {@code <*>}).
     */
    private static boolean isSimple(char[] s, int p, int q, int wordClasses) {
        if ((wordClasses & C_EQUALS) != 0 && keyValueSplit(s, p, q) >= 0) {
            return false;
        }
        if ((wordClasses & C_BRACKET) == 0) {
            return true;
        }
        for (int j = p; j < q; j++) {
            if (isBracket(s[j])) {
                return false;
            }
        }
        return true;
    }

    /** The classes of the characters of {@code s[p, q)}, OR-ed. */
    private static int classesOf(char[] s, int p, int q) {
        int classes = 0;
        for (int j = p; j < q; j++) {
            char c = s[j];
            classes |= c < 0x80 ? CLASSES[c] : C_OTHER;
        }
        return classes;
    }

    /**
     * {@code classify(s, p, q) != null}, given the classes of {@code s[p, q)}: a digit settles it,
     * and letters (with quotes) can only be hex or a boolean; the rest is classified in full.
     */
    private static boolean isVariable(char[] s, int p, int q, int classes) {
        if ((classes & C_DIGIT) != 0) {
            return true;
        }
        if ((classes & ~(C_LETTER | C_HEX_LETTER | C_QUOTE)) == 0) {
            return (classes & C_QUOTE) == 0 && isHexOrBoolean(s, p, q, classes);
        }
        return classify(s, p, q) != null;
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

    /**
     * The index of the {@code =} of a {@code key=value} token, or -1. The key must look like a
     * name (a letter first, then letters, digits, {@code _ - .}), so that {@code ==>} or {@code
     * a+b=c} are not taken for settings.
     */
    private static int keyValueSplit(char[] s, int p, int q) {
        if (p >= q || !Ascii.isLetter(s[p])) {
            return -1;
        }
        for (int j = p + 1; j < q; j++) {
            char c = s[j];
            if (c == '=') {
                return j;
            }
            if (!(Ascii.isLetter(c) || Ascii.isDigit(c) || c == '_' || c == '-' || c == '.')) {
                return -1;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------------------------------------
    // Token classes

    /**
     * The class of a variable token, or {@code null} for a token kept as it is. One pass collects
     * what the rules need; the rules are then tried in {@link TokenClass} order.
     */
    static TokenClass classify(char[] s, int p, int q) {
        boolean placeholder = false;
        boolean digit = false;
        boolean scheme = false;
        int at = -1;
        int dotsAfterAt = 0;
        int hexLetters = 0;
        boolean onlyHex = true;
        boolean hostChars = true;
        int dots = 0;
        int lastDot = -1;
        int firstDot = -1;
        boolean emptyLabel = false;
        int slashes = 0;
        int lastColon = p - 1;
        for (int j = p; j < q; j++) {
            char c = s[j];
            if (c == ':') {
                lastColon = j;
            }
            if (c >= '0' && c <= '9') {
                digit = true;
                continue;
            }
            if (c == '*' && j > p && j + 1 < q && s[j - 1] == '<' && s[j + 1] == '>') {
                placeholder = true;
            }
            if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
                hexLetters++;
            } else if (c != ':' && c != '-' && c != '.') {
                onlyHex = false;
            }
            if (!(Ascii.isLetter(c) || c == '-' || c == '.')) {
                hostChars = false;
            }
            if (c == '.') {
                if (j == p || j == lastDot + 1) {
                    emptyLabel = true;
                }
                dots++;
                lastDot = j;
                if (firstDot < 0) {
                    firstDot = j;
                }
                if (at >= 0) {
                    dotsAfterAt++;
                }
            } else if (c == '@') {
                at = j;
                dotsAfterAt = 0;
            } else if (c == '/') {
                slashes++;
                if (j >= p + 1 && s[j - 1] == '/' && j >= p + 2 && s[j - 2] == ':') {
                    scheme = true;
                }
            }
        }
        if (placeholder) {
            return TokenClass.PLACEHOLDER;
        }
        if (digit) {
            return TokenClass.DIGITS;
        }
        if (scheme) {
            return TokenClass.URL;
        }
        if (at > p && dotsAfterAt > 0) {
            return TokenClass.EMAIL;
        }
        if (onlyHex && hexLetters >= 8) {
            return TokenClass.HEX;
        }
        if (hostChars
                && dots > 0
                && !emptyLabel
                && lastDot < q - 1
                && (isTopLevelDomain(s, lastDot + 1, q, dots) || dots >= 2 && isGenericTld(s, p, firstDot))) {
            return TokenClass.HOST_NAME;
        }
        if (isPath(s, p, q, slashes)) {
            return TokenClass.PATH;
        }
        if (isBoolean(s, lastColon + 1, q)) {
            return TokenClass.BOOLEAN;
        }
        return null;
    }

    /** Generic top-level domains; country codes (two letters) count after two dots. */
    static final WordSet GENERIC_TLDS = new WordSet(
            "com",
            "net",
            "org",
            "edu",
            "gov",
            "mil",
            "int",
            "info",
            "biz",
            "io",
            "dev",
            "app",
            "local",
            "internal",
            "lan",
            "home",
            "corp",
            "arpa");

    private static boolean isTopLevelDomain(char[] s, int p, int q, int dots) {
        if (q - p == 2 && dots >= 2) {
            return true;
        }
        return isGenericTld(s, p, q);
    }

    private static boolean isGenericTld(char[] s, int p, int q) {
        return GENERIC_TLDS.contains(s, p, q);
    }

    /** {@code true} or {@code false}, alone or as the value of {@code key:value}. */
    private static boolean isBoolean(char[] s, int p, int q) {
        return (q - p == 4 && equalsIgnoreCase(s, p, TRUE)) || (q - p == 5 && equalsIgnoreCase(s, p, FALSE));
    }

    private static boolean isPath(char[] s, int p, int q, int slashes) {
        char c0 = s[p];
        if (c0 == '/') {
            return slashes >= 2 && q - p > 1 && s[p + 1] != '/';
        }
        if ((c0 == '.' || c0 == '~') && q - p > 2 && s[p + 1] == '/') {
            return true;
        }
        return c0 == '.' && q - p > 3 && s[p + 1] == '.' && s[p + 2] == '/';
    }

    // ---------------------------------------------------------------------------------------------
    // User names: the one context rule

    private static final int CUE_NONE = 0;
    private static final int CUE_USER = 1;
    private static final int CUE_FOR = 2;

    /** Words that cannot be a name after {@code user}: the name was empty. */
    static final WordSet PREPOSITIONS = new WordSet("from", "by", "on", "at", "to", "in", "for", "of", "with");

    private static int cueOf(char[] s, int p, int q) {
        if (q - p == 4 && equalsIgnoreCase(s, p, USER)) {
            return CUE_USER;
        }
        if (q - p == 3 && equalsIgnoreCase(s, p, FOR)) {
            return CUE_FOR;
        }
        return CUE_NONE;
    }

    /**
     * A user name: the word after {@code user}, or the word between {@code for} and {@code from}.
     * Plain English cues that many programs use when they print who did something.
     */
    private static boolean isNameAfterCue(int prevCue, char[] s, int p, int q, int wordEnd, int n) {
        if (prevCue == CUE_USER) {
            return !PREPOSITIONS.contains(s, p, q);
        }
        if (prevCue != CUE_FOR) {
            return false;
        }
        int a = wordEnd;
        while (a < n && isSpace(s[a])) {
            a++;
        }
        return a + 4 <= n && equalsIgnoreCase(s, a, FROM) && (a + 4 == n || isSpace(s[a + 4]));
    }

    // ---------------------------------------------------------------------------------------------
    // Dates written with names, quantities with units, asides

    /** Month and weekday names, lower case; a word matches with its first letter in upper case. */
    static final WordSet DATE_NAMES = new WordSet(
            "jan",
            "feb",
            "mar",
            "apr",
            "may",
            "jun",
            "jul",
            "aug",
            "sep",
            "sept",
            "oct",
            "nov",
            "dec",
            "january",
            "february",
            "march",
            "april",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
            "mon",
            "tue",
            "tues",
            "wed",
            "thu",
            "thur",
            "thurs",
            "fri",
            "sat",
            "sun",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday");

    /**
     * Units written as a separate word after a number, compared ignoring case; the one-character
     * units are in {@link #UNIT_SYMBOLS} and compared exactly (so that "b" or "S" are not units).
     */
    static final WordSet UNITS = new WordSet(
            "byte", "bytes", "kb", "kib", "mb", "mib", "gb", "gib", "tb", "tib", "ns", "us", "ms", "sec", "secs",
            "second", "seconds", "min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours", "day", "days");

    /** One-character units, compared exactly. */
    static final char[] UNIT_SYMBOLS = {'B', 's', '%'};

    /**
     * Whether a word of {@code length} letters starting with {@code first} can be a unit after a
     * value, a boolean, a cue word or a date name (capital first letter): the first letter and
     * the length rule out most words before their key is computed.
     */
    private static boolean mayBeListed(char first, int length, boolean afterValue) {
        return (afterValue && UNITS.mayContain(first, length))
                || (length >= 3 && length <= 5 && (FIRST_OF_BOOLEAN_OR_CUE & (1 << (first & 31))) != 0)
                || (first <= 'Z' && DATE_NAMES.mayContain(first, length));
    }

    /** First letters of true, false, user and for (bits of {@code c & 31}). */
    private static final int FIRST_OF_BOOLEAN_OR_CUE = 1 << ('t' & 31) | 1 << ('f' & 31) | 1 << ('u' & 31);

    private static boolean isUnit(char[] s, int p, int q) {
        return q - p == 1 ? isUnitSymbol(s[p]) : UNITS.contains(s, p, q);
    }

    private static boolean isUnitSymbol(char c) {
        for (char u : UNIT_SYMBOLS) {
            if (c == u) {
                return true;
            }
        }
        return false;
    }

    /**
     * A month or weekday name that is part of a date: the next word starts with a digit or is
     * itself such a name ({@code Fri Jun 17 20:14:55 2005}). The capital first letter keeps the
     * verb "may" and the like out.
     */
    private static boolean isDateName(char[] s, int p, int q, int wordEnd, int n) {
        char c0 = s[p];
        if (!(c0 >= 'A' && c0 <= 'Z') || !DATE_NAMES.contains(s, p, q)) {
            return false;
        }
        int a = wordEnd;
        while (a < n && isSpace(s[a])) {
            a++;
        }
        if (a >= n) {
            return false;
        }
        if (Ascii.isDigit(s[a])) {
            return true;
        }
        int b = a;
        while (b < n && b - a <= 10 && !isSpace(s[b])) {
            b++;
        }
        while (b > a && isCloser(s[b - 1])) {
            b--;
        }
        return b > a && (c0 = s[a]) >= 'A' && c0 <= 'Z' && DATE_NAMES.contains(s, a, b);
    }

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
    private int asideEnd(char[] s, int ws, int n) {
        int t = asideScan(s, ws, n);
        // the chars looked at: up to where the scan stopped (the end of the aside when it is one)
        lookahead += (t < 0 ? -t - 1 : t) - ws;
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
     * then minus the {@code )} among its trailing closers, never below 0 (see {@link #parenDepth}).
     */
    private static int parenDepthAfter(char[] s, int ws, int we, int depth) {
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
    private static int closedBy(char[] s, int from, int to, int depth) {
        for (int j = from; j < to && depth > 0; j++) {
            if (s[j] == ')') {
                depth--;
            }
        }
        return depth;
    }

    /** Whether the word goes on from {@code j} with closing punctuation only, up to its end. */
    private static boolean onlyClosersFollow(char[] s, int j, int n) {
        for (; j < n; j++) {
            char c = s[j];
            if (isSpace(c)) {
                return true;
            }
            if (!isCloser(c)) {
                return false;
            }
        }
        return true;
    }

    /** {@code ()}, {@code []}, {@code {}}, {@code ""} or {@code ''}, then only closing punctuation. */
    private static boolean isEmptyPair(char[] s, int ws, int we) {
        if (we - ws < 2) {
            return false;
        }
        char a = s[ws];
        char b = s[ws + 1];
        boolean pair = (a == '(' && b == ')')
                || (a == '[' && b == ']')
                || (a == '{' && b == '}')
                || (a == '"' && b == '"')
                || (a == '\'' && b == '\'');
        return pair && onlyClosersFollow(s, ws + 2, we);
    }

    // ---------------------------------------------------------------------------------------------
    // Emitting: either append to the template or feed the hash (see scan)

    private static long literal(char[] s, int from, int to, StringBuilder out, long h) {
        if (out != null) {
            out.append(s, from, to - from);
            return h;
        }
        return Fnv1a.hashChars(h, s, from, to);
    }

    /**
     * {@link #literal} of a region known to be ASCII (openers, closers, a key before "="): the
     * hash without the UTF-8 cases, small enough to be inlined where the word loop calls it.
     */
    private static long asciiLiteral(char[] s, int from, int to, StringBuilder out, long h) {
        if (out != null) {
            out.append(s, from, to - from);
            return h;
        }
        for (int j = from; j < to; j++) {
            h = (h ^ s[j]) * Fnv1a.PRIME;
        }
        return h;
    }

    private static long placeholder(StringBuilder out, long h) {
        if (out != null) {
            out.append(PLACEHOLDER);
            return h;
        }
        return Fnv1a.hashPlaceholder(h);
    }

    /** A space before a word, unless it is the first. */
    private static long space(boolean first, StringBuilder out, long h) {
        return first ? h : space(out, h);
    }

    private static long space(StringBuilder out, long h) {
        if (out != null) {
            out.append(' ');
            return h;
        }
        return Fnv1a.hashByte(h, ' ');
    }

    // ---------------------------------------------------------------------------------------------
    // The copy of the message that the rules read

    /**
     * The first {@code n} characters of {@code message} in an array. The scanner reads every
     * character several times (the word pass, then the rules that apply to the word); reading an
     * array costs one load, while each {@link CharSequence#charAt} of a {@code String} checks its
     * coder and bounds again. Copying once with {@code getChars} is cheaper than that; any other
     * {@code CharSequence} is copied with one {@code charAt} per character.
     */
    private char[] chars(CharSequence message, int n) {
        char[] a = buffer;
        if (n > a.length) {
            if (n <= KEPT_BUFFER_LIMIT) {
                a = new char[Math.min(Math.max(n, a.length * 2), KEPT_BUFFER_LIMIT)];
                buffer = a;
            } else {
                a = new char[n];
            }
        }
        if (message instanceof String) {
            ((String) message).getChars(0, n, a, 0);
        } else if (message instanceof StringBuilder) {
            ((StringBuilder) message).getChars(0, n, a, 0);
        } else {
            for (int j = 0; j < n; j++) {
                a[j] = message.charAt(j);
            }
        }
        return a;
    }

    /** {@link #classify(char[], int, int)} of a region of any character sequence (for tests). */
    static TokenClass classify(CharSequence s, int p, int q) {
        char[] a = new char[q];
        for (int j = p; j < q; j++) {
            a[j] = s.charAt(j);
        }
        return classify(a, p, q);
    }

    // ---------------------------------------------------------------------------------------------
    // Characters

    /**
     * Word separators: ASCII controls and space, DEL, and the Unicode spaces. Runs of them become
     * one space and they never appear in a template (so control characters are dropped).
     */
    static boolean isSpace(char c) {
        if (c <= ' ') {
            return true;
        }
        if (c < 0x7F) {
            return false;
        }
        return c == 0x7F
                || c == 0x85
                || c == 0xA0
                || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A)
                || c == 0x2028
                || c == 0x2029
                || c == 0x202F
                || c == 0x205F
                || c == 0x3000
                || c == 0xFEFF;
    }

    // The few fixed words that the rules compare with, as arrays: comparing with a String constant
    // goes through String.charAt (coder and bounds checks) for every letter.
    private static final char[] TRUE = "true".toCharArray();
    private static final char[] FALSE = "false".toCharArray();
    private static final char[] USER = "user".toCharArray();
    private static final char[] FOR = "for".toCharArray();
    private static final char[] FROM = "from".toCharArray();
    // The same words as keys for the word pass (see WordSet#keyOf): a word of letters is one of
    // them exactly when its key is equal, whatever its case.
    private static final long KEY_TRUE = WordSet.keyOf(TRUE, 0, 4);
    private static final long KEY_FALSE = WordSet.keyOf(FALSE, 0, 5);
    private static final long KEY_USER = WordSet.keyOf(USER, 0, 4);
    private static final long KEY_FOR = WordSet.keyOf(FOR, 0, 3);

    /**
     * Whether {@code s} at {@code p} holds {@code lowerWord} (lower-case ASCII letters) in any
     * case. {@code c | 0x20} equals a lower-case letter exactly for that letter and its upper case,
     * so it is the same test as lowering A-Z and comparing.
     */
    private static boolean equalsIgnoreCase(char[] s, int p, char[] lowerWord) {
        for (int k = 0; k < lowerWord.length; k++) {
            if ((s[p + k] | 0x20) != lowerWord[k]) {
                return false;
            }
        }
        return true;
    }
}
