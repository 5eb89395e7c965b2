package dev.flinklog.core;

/**
 * A {@link CharSequence} that counts how often it is read. Linear-time tests feed the scanners
 * inputs of growing size through it and assert that reads grow proportionally to the length: a
 * count of work done, never a wall-clock measurement.
 */
public final class CountingCharSequence implements CharSequence {

    private final CharSequence delegate;
    private long reads;

    public CountingCharSequence(CharSequence delegate) {
        this.delegate = delegate;
    }

    /** Number of {@link #charAt} calls so far (plus the characters copied by {@link #toString}). */
    public long reads() {
        return reads;
    }

    @Override
    public int length() {
        return delegate.length();
    }

    @Override
    public char charAt(int index) {
        reads++;
        return delegate.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        reads += end - start;
        return delegate.subSequence(start, end);
    }

    @Override
    public String toString() {
        reads += delegate.length();
        return delegate.toString();
    }
}
