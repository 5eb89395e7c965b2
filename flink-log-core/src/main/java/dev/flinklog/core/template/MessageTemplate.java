package dev.flinklog.core.template;

import java.util.Set;

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
 *
 * <p>This class is the public entry. Where the rest is:
 *
 * <ul>
 *   <li>{@code WordScanner}: the word loop, which settles most words itself;
 *   <li>{@code WordRules}: the complete rules for a word in its context (units after a value,
 *       key=value, bracketed compounds, the empty name after {@code user}, ...);
 *   <li>{@code TokenRules}: whether a token is a variable and of which {@link TokenClass};
 *   <li>{@code Asides}: asides after a value that are dropped;
 *   <li>{@code WordLists}: the word lists (top-level domains, date names, units, prepositions);
 *   <li>{@code CharClasses}: the character tables;
 *   <li>{@code TemplateOutput}: appending to the template or hashing it ({@code Fnv1a});
 *   <li>{@code ScanState}: a scanner's buffer and the state between words.
 * </ul>
 */
public final class MessageTemplate {

    /** What replaces a variable token. */
    public static final String PLACEHOLDER = TemplateOutput.PLACEHOLDER;

    /** The reused copy buffer and the state of a scan. */
    private final ScanState state = new ScanState();

    /**
     * A reusable scanner for one thread at a time (e.g. one per SQL function instance): {@link
     * #fingerprint} then allocates nothing. The static methods make a scanner per call.
     */
    public MessageTemplate() {}

    /**
     * A scanner with the context rules {@code off} switched off: its templates and fingerprints
     * are not those of any {@link Fingerprint#VERSION}. For measuring what each rule is worth on
     * data it was not fitted to; never for stored values.
     */
    public static MessageTemplate without(Set<ContextRule> off) {
        MessageTemplate t = new MessageTemplate();
        t.state.rules = ContextRule.mask(ContextRule.allBut(off));
        return t;
    }

    /**
     * Same as {@link Fingerprint#of}, without allocating. Not for two threads at once. {@code
     * message} must not be null.
     */
    public long fingerprint(CharSequence message) {
        return WordScanner.run(state, message, null);
    }

    /**
     * Same as {@link #template}, reusing this scanner's copy buffer and output builder, so that
     * only the returned string is allocated per message. Not for two threads at once. {@code
     * message} must not be null.
     */
    public String templateOf(CharSequence message) {
        StringBuilder out = builder;
        if (out == null || out.capacity() > ScanState.KEPT_BUFFER_LIMIT) {
            // a builder grown by one huge message is not kept (see KEPT_BUFFER_LIMIT)
            out = new StringBuilder(Math.min(message.length(), ScanState.KEPT_BUFFER_LIMIT));
            builder = out;
        }
        out.setLength(0);
        WordScanner.run(state, message, out);
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
        return WordScanner.run(new ScanState(), s, out);
    }

    // ---------------------------------------------------------------------------------------------
    // For the tests of this package: the names they use, kept where they were before the rules
    // moved to classes of their own (the values live in WordLists and TokenRules).

    /** {@link ScanState#lookahead} of the last message scanned (for tests of linear time). */
    long lookahead() {
        return state.lookahead;
    }

    static final WordSet GENERIC_TLDS = WordLists.GENERIC_TLDS;
    static final WordSet PREPOSITIONS = WordLists.PREPOSITIONS;
    static final WordSet DATE_NAMES = WordLists.DATE_NAMES;
    static final WordSet UNITS = WordLists.UNITS;
    static final char[] UNIT_SYMBOLS = WordLists.UNIT_SYMBOLS;

    /** {@link TokenRules#classify} of a region of any character sequence. */
    static TokenClass classify(CharSequence s, int p, int q) {
        char[] a = new char[q];
        for (int j = p; j < q; j++) {
            a[j] = s.charAt(j);
        }
        return TokenRules.classify(a, p, q);
    }
}
