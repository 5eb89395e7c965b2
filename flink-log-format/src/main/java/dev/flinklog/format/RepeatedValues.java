package dev.flinklog.format;

import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;

import java.util.Arrays;

/**
 * The short values a text column repeats (a service, a host, an environment), each kept as one
 * string over an array of its own. A repeated value then costs the reader no new objects, and the
 * sink no copy: Flink's {@code BinaryStringData.toBytes}, which Iceberg's and Parquet's writers call
 * for every string, hands out such an array as it is but copies a string cut from the record.
 *
 * <p>Values of up to 16 bytes are looked up by their bytes read as two numbers (the first eight and
 * the last eight, which together are the whole value) in a table of 64 slots per column. A value is
 * kept the second time its slot sees it in a row, so a column whose values never repeat (ids,
 * counters) costs one hash per value and gets the record's own bytes, as before.
 *
 * <p>One per text column of a reader, used by that reader's thread only. The strings it keeps are
 * shared by the rows that hold the value, which Flink's string data allows: it is never changed.
 */
final class RepeatedValues {

    /** The longest value kept: two eight-byte numbers hold it whole. */
    static final int MAX_LENGTH = 16;

    private static final int SLOT_BITS = 6;

    private final long[] heads = new long[1 << SLOT_BITS];
    private final long[] tails = new long[1 << SLOT_BITS];
    /** The length in each slot, -1 for none yet (no value is that long). */
    private final int[] lengths = new int[1 << SLOT_BITS];
    /** The kept string, null while the slot's value has been seen once. */
    private final StringData[] kept = new StringData[1 << SLOT_BITS];

    RepeatedValues() {
        Arrays.fill(lengths, -1);
    }

    /**
     * The kept string for {@code length} bytes of {@code b} from {@code from}, or null when the
     * value is not kept (yet): the caller then cuts it from the record.
     */
    StringData find(byte[] b, int from, int length) {
        if (length > MAX_LENGTH || from + 8 > b.length) {
            return null;
        }
        long head = EightBytes.get(b, from);
        long tail;
        if (length >= 8) {
            tail = EightBytes.get(b, from + length - 8);
        } else {
            head &= (1L << (length << 3)) - 1;
            tail = 0;
        }
        int slot = (int) ((head * 0x9E3779B97F4A7C15L ^ tail * 0xC2B2AE3D27D4EB4FL ^ length) >>> (64 - SLOT_BITS));
        if (lengths[slot] == length && heads[slot] == head && tails[slot] == tail) {
            StringData s = kept[slot];
            if (s == null) {
                s = BinaryStringData.fromBytes(Arrays.copyOfRange(b, from, from + length));
                kept[slot] = s;
            }
            return s;
        }
        heads[slot] = head;
        tails[slot] = tail;
        lengths[slot] = length;
        kept[slot] = null;
        return null;
    }
}
