package dev.flinklog.core.template;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A fixed set of short ASCII words, looked up case-insensitively in a region of a {@link
 * CharSequence} with one read per character: the region's letters are packed into a {@code long}
 * (6 bits each, at most 10 letters) and searched in a sorted array built once. Comparing the region
 * against each word in turn would read it once per word, which for a list of 40 words is the
 * difference between a cheap and an expensive scanner.
 */
final class WordSet {

    static final int MAX_LETTERS = 10;

    private final List<String> words;
    private final long[] keys;
    /** Cheap rejections before packing: word lengths and first letters (bit 1..26) in the set. */
    private final int minLength;

    private final int maxLength;
    private final int firstLetters;

    WordSet(String... words) {
        this.words = Collections.unmodifiableList(Arrays.asList(words.clone()));
        long[] k = new long[words.length];
        for (int i = 0; i < words.length; i++) {
            k[i] = key(words[i], 0, words[i].length());
            if (k[i] < 0) {
                throw new IllegalArgumentException("not a word of at most 10 ASCII letters: " + words[i]);
            }
        }
        Arrays.sort(k);
        this.keys = k;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int first = 0;
        for (String w : words) {
            min = Math.min(min, w.length());
            max = Math.max(max, w.length());
            first |= 1 << letterValue(w.charAt(0));
        }
        this.minLength = min;
        this.maxLength = max;
        this.firstLetters = first;
        // The smallest table (at least twice the words) for which some multiplier of a fixed
        // sequence maps every key to its own slot. Empty slots hold 0, which is no word's key.
        long[] t = null;
        long m = 0;
        int s = 0;
        search:
        for (int bits = Math.max(4, 33 - Integer.numberOfLeadingZeros(2 * words.length - 1)); ; bits++) {
            s = 64 - bits;
            m = 0x9E3779B97F4A7C15L;
            for (int attempt = 0; attempt < 10_000; attempt++, m += 0x632BE59BD9B4E01AL) {
                t = new long[1 << bits];
                boolean ok = true;
                for (long key : k) {
                    int slot = (int) ((key * m) >>> s);
                    if (t[slot] != 0) {
                        ok = false;
                        break;
                    }
                    t[slot] = key;
                }
                if (ok) {
                    break search;
                }
            }
        }
        this.table = t;
        this.multiplier = m;
        this.shift = s;
    }

    /**
     * The key of {@code s[p, q)} as {@link #containsKey} takes it: each character's low five bits
     * ({@code c & 31}, which is 1..26 for an ASCII letter in either case), six bits each. Only
     * meaningful for 1..10 letters; callers computing it on the fly use the same formula.
     */
    static long keyOf(char[] s, int p, int q) {
        long k = 0;
        for (int j = p; j < q; j++) {
            k = (k << 6) | (s[j] & 31);
        }
        return k;
    }

    /**
     * Whether a word of {@code length} ASCII letters starting with {@code first} can be in the
     * set: a cheap test on the length and the first letter before computing a key.
     */
    boolean mayContain(char first, int length) {
        return length >= minLength && length <= maxLength && (firstLetters & (1 << (first & 31))) != 0;
    }

    /**
     * Whether a region of {@code length} ASCII letters with key {@code key} (see {@link #keyOf}) is
     * one of the words. Same answer as {@link #contains} for such a region.
     */
    boolean containsKey(long key, int length) {
        return length <= maxLength && table[(int) ((key * multiplier) >>> shift)] == key;
    }

    /**
     * The same words in a collision-free hash table of their keys, for {@link #containsKey}: one
     * multiplication, one load and one comparison, where the binary search of {@link #contains}
     * takes about six hard-to-predict branches. Built once, deterministically.
     */
    private final long[] table;

    private final long multiplier;
    private final int shift;

    /** The words, in the order given (the order shown in the documentation). */
    List<String> words() {
        return words;
    }

    /** The length of the longest word. */
    int maxLength() {
        return maxLength;
    }

    /** Whether {@code s[p, q)} is one of the words, ignoring ASCII case. */
    boolean contains(char[] s, int p, int q) {
        int len = q - p;
        if (len < minLength || len > maxLength || (firstLetters & (1 << letterValue(s[p]))) == 0) {
            return false;
        }
        long k = 0;
        for (int j = p; j < q; j++) {
            char c = s[j];
            int v;
            if (c >= 'a' && c <= 'z') {
                v = c - 'a' + 1;
            } else if (c >= 'A' && c <= 'Z') {
                v = c - 'A' + 1;
            } else {
                return false;
            }
            k = (k << 6) | v;
        }
        return Arrays.binarySearch(keys, k) >= 0;
    }

    /** 1..26 for an ASCII letter in either case, 0 for anything else. */
    private static int letterValue(char c) {
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 1;
        }
        if (c >= 'A' && c <= 'Z') {
            return c - 'A' + 1;
        }
        return 0;
    }

    /** Letters packed as 1..26 in 6-bit fields, or -1 if the region is not 1..10 ASCII letters. */
    private static long key(CharSequence s, int p, int q) {
        int len = q - p;
        if (len < 1 || len > MAX_LETTERS) {
            return -1;
        }
        long k = 0;
        for (int j = p; j < q; j++) {
            char c = s.charAt(j);
            int v;
            if (c >= 'a' && c <= 'z') {
                v = c - 'a' + 1;
            } else if (c >= 'A' && c <= 'Z') {
                v = c - 'A' + 1;
            } else {
                return -1;
            }
            k = (k << 6) | v;
        }
        return k;
    }
}
