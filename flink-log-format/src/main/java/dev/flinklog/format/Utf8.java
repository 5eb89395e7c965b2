package dev.flinklog.format;

import java.io.ByteArrayOutputStream;

/** UTF-8 checks: a record with a bad byte is repaired and read rather than rejected. */
final class Utf8 {

    private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    private Utf8() {}

    /** Whether {@code in[from, to)} is well-formed UTF-8 (no overlong forms, surrogates or truncation). */
    static boolean isValid(byte[] in, int from, int to) {
        int i = from;
        while (i < to) {
            if (in[i] >= 0) {
                i++;
                continue;
            }
            int n = sequence(in, i, to);
            if (n < 0) {
                return false;
            }
            i += n;
        }
        return true;
    }

    /**
     * Returns the bytes with every invalid sequence replaced by U+FFFD, as Java's decoder would,
     * in one pass.
     */
    static byte[] repair(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + 16);
        int i = 0;
        while (i < in.length) {
            if (in[i] >= 0) {
                out.write(in[i]);
                i++;
                continue;
            }
            int n = sequence(in, i, in.length);
            if (n < 0) {
                out.write(REPLACEMENT, 0, 3);
                i++;
            } else {
                out.write(in, i, n);
                i += n;
            }
        }
        return out.toByteArray();
    }

    /** The length of the well-formed multi-byte sequence at {@code in[i]} ending before {@code end}, or -1. */
    private static int sequence(byte[] in, int i, int end) {
        int b = in[i] & 0xFF;
        int need;
        int min;
        if (b >= 0xC2 && b <= 0xDF) {
            need = 1;
            min = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            need = 2;
            min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            need = 3;
            min = 0x10000;
        } else {
            return -1;
        }
        if (i + need >= end) {
            return -1; // truncated
        }
        int cp = b & (0x3F >> need);
        for (int k = 1; k <= need; k++) {
            int c = in[i + k] & 0xFF;
            if ((c & 0xC0) != 0x80) {
                return -1;
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return -1;
        }
        return need + 1;
    }
}
