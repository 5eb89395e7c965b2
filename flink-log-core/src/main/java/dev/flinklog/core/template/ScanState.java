package dev.flinklog.core.template;

/**
 * One scanner's state: the reused copy of the message, and the state of one scan between words,
 * which the word loop ({@code WordScanner}) and the complete word rules ({@code WordRules}) share.
 * A {@code MessageTemplate} keeps one for its life, so that a reused scanner allocates nothing once
 * its buffer fits the messages. Not for two threads at once.
 */
final class ScanState {

    /**
     * Inputs up to this length are copied into a buffer that the scanner keeps for the next
     * message; longer ones into an array of their own, so that one huge message does not pin a
     * huge buffer for the life of the scanner.
     */
    static final int KEPT_BUFFER_LIMIT = 1 << 14;

    /**
     * The reused copy of the message (see {@link #chars}). Empty at first, so that the scanner
     * made per call by {@code MessageTemplate.template} allocates just the length of its message.
     */
    private char[] buffer = NO_CHARS;

    private static final char[] NO_CHARS = new char[0];

    // The state of one scan, between words. Fields rather than locals of the word loop so that the
    // word rules can live in methods of their own: one huge method compiles to slower code. The
    // loop keeps the state in locals and goes through these only around the calls of those rules
    // (see WordScanner). Set by WordScanner.run for each message; s and out are cleared after it.
    // The message's chars (a prefix of the buffer, or an array of its own when longer), its
    // length, and the template's builder (null when the fingerprint is computed instead).
    char[] s;
    int n;
    // The context rules that apply (ContextRule bits): all of them but in measurements.
    int rules = ContextRule.ALL;
    StringBuilder out;
    // The hash of the template so far (with out == null), and whether no word was emitted yet.
    long h;
    boolean first;
    // The output of the previous word was exactly <*>: a run of variable words becomes one <*>,
    // because values with spaces in them (dates, lists) vary in how many words they have.
    boolean prevPlaceholder;
    // Context for the user-name rule: what kind of word came before.
    int prevCue;
    // Parentheses opened before this word and not closed yet (never below 0), counting only the
    // "(" among a word's leading openers and the ")" among its trailing closers. An aside is
    // dropped only outside parentheses. The template keeps every word's leading openers and
    // trailing closers, except the pair of a dropped aside (the closers after it are glued to the
    // word before and so stay trailing closers), so the count is the same at the same place of the
    // template, and an aside nested in a kept one is judged the same way when the template is
    // templated again.
    int parenDepth;
    // Chars looked at ahead of the current word by the aside rule in the last scan: the one look
    // ahead without a fixed bound. Tests check it stays within a small multiple of the length.
    long lookahead;

    /** The state between words, as the loop hands it to a rule (see WordScanner). */
    void store(long h, boolean first, boolean prevPlaceholder, int prevCue) {
        this.h = h;
        this.first = first;
        this.prevPlaceholder = prevPlaceholder;
        this.prevCue = prevCue;
    }

    /**
     * The first {@code n} characters of {@code message} in an array. The scanner reads every
     * character several times (the word pass, then the rules that apply to the word); reading an
     * array costs one load, while each {@link CharSequence#charAt} of a {@code String} checks its
     * coder and bounds again. Copying once with {@code getChars} is cheaper than that; any other
     * {@code CharSequence} is copied with one {@code charAt} per character.
     */
    char[] chars(CharSequence message, int n) {
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
}
