package dev.flinklog.core.template;

import java.util.EnumSet;
import java.util.Set;

/**
 * The template rules that look at a word's neighbours and were added after reading which groups
 * failed on the loghub samples. Every fingerprint uses all of them; {@link
 * MessageTemplate#without} switches some off so that a leave-one-system-out measurement can decide
 * each rule without the system it is scored on (benchmarks' {@code GroupingAccuracy}).
 */
public enum ContextRule {
    /** The word after {@code user}, or between {@code for} and {@code from}, is a variable. */
    USER_NAMES,
    /** A unit after a value belongs to the value ({@code 995 ms}, {@code 5 MB}). */
    UNITS,
    /** An aside in parentheses after a value that restates it is dropped ({@code 1024 bytes (1 KB)}). */
    ASIDES,
    /** An empty pair ({@code ()}, {@code ''}) is an empty value: the template of {@code (value)}. */
    EMPTY_PAIRS;

    /** This rule's bit in {@link #mask}. */
    int bit() {
        return 1 << ordinal();
    }

    // The bits as constants, for the scanner's tests.
    static final int USER_NAMES_BIT = 1;
    static final int UNITS_BIT = 2;
    static final int ASIDES_BIT = 4;
    static final int EMPTY_PAIRS_BIT = 8;

    /** Every rule on. */
    static final int ALL = USER_NAMES_BIT | UNITS_BIT | ASIDES_BIT | EMPTY_PAIRS_BIT;

    /** The bits of {@code rules}. */
    static int mask(Set<ContextRule> rules) {
        int m = 0;
        for (ContextRule r : rules) {
            m |= r.bit();
        }
        return m;
    }

    /** Every rule but {@code off}. */
    static Set<ContextRule> allBut(Set<ContextRule> off) {
        EnumSet<ContextRule> on = EnumSet.allOf(ContextRule.class);
        on.removeAll(off);
        return on;
    }
}
