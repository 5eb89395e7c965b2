package dev.flinklog.core.lines;

import java.util.Objects;

/**
 * The line being read, copied once into an array the parser keeps: the shape readers read each
 * character several times (each reader that tries the line reads its head again), and through
 * this one final class every {@code charAt} they make is an array load, where through the
 * caller's {@code String} it is a coder test and two branches (Latin-1 or UTF-16), and through
 * mixed caller types a call the JIT cannot inline. One per {@link LineParser}; not thread-safe.
 */
final class LineChars implements CharSequence {

    /** Longer lines are read in place rather than copied, so one huge line does not stay in memory. */
    static final int MAX_COPY = 1 << 16;

    private char[] chars = new char[256];
    private int length;

    /** Copies {@code line} in, replacing the line held before. */
    LineChars set(CharSequence line) {
        int n = line.length();
        if (n > chars.length) {
            chars = new char[Math.max(n, Math.min(MAX_COPY, chars.length * 2))];
        }
        if (line instanceof String) {
            ((String) line).getChars(0, n, chars, 0);
        } else {
            for (int i = 0; i < n; i++) {
                chars[i] = line.charAt(i);
            }
        }
        length = n;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        // The readers never read at or past the end they are given (at most the length), so the
        // range a String would check is checked only where assertions are on (the tests and the
        // fuzz campaigns): the check cost 6% of the recogniser's time. Past the array, the
        // array's own check still throws.
        assert index >= 0 && index < length : index + " outside [0, " + length + ")";
        return chars[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        Objects.checkFromToIndex(start, end, length);
        return new String(chars, start, end - start);
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
