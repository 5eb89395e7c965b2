package dev.flinklog.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of a record read or written as one number, and the test that finds a given byte among
 * them: how the tokenizer skips through strings and {@link Input} copies the runs between escapes.
 */
final class EightBytes {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    /** The top bit of every byte: set in a byte of a UTF-8 sequence, clear in ASCII. */
    static final long HIGH_BITS = 0x8080808080808080L;

    static final long QUOTES = ONES * '"';
    static final long BACKSLASHES = ONES * '\\';

    private EightBytes() {}

    /** The eight bytes from {@code i}, the first the lowest. */
    static long get(byte[] a, int i) {
        return (long) LONGS.get(a, i);
    }

    static void set(byte[] a, int i, long v) {
        LONGS.set(a, i, v);
    }

    /**
     * Non-zero if a byte of {@code v} equals the byte repeated in {@code pattern} (the classic test
     * for a zero byte in {@code v ^ pattern}). The lowest flag is exact, which is all a scan uses: a
     * false flag stands only above a true one, and a byte that is not ASCII is never flagged.
     */
    static long hasByte(long v, long pattern) {
        long x = v ^ pattern;
        return (x - ONES) & ~x & HIGH_BITS;
    }

    /** The index of the byte that the lowest flag of {@code flags} marks, counted from {@code i}. */
    static int first(int i, long flags) {
        return i + (Long.numberOfTrailingZeros(flags) >>> 3);
    }
}
