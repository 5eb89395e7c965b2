package dev.flinklog.format;

import java.io.ByteArrayOutputStream;

/** Repairs invalid UTF-8 so that a record with a bad byte is read rather than rejected. */
final class Utf8 {

    private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    private Utf8() {}

    /**
     * Returns the bytes with every invalid sequence replaced by U+FFFD, as Java's decoder would,
     * in one pass.
     */
    static byte[] repair(byte[] in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + 16);
        int i = 0;
        while (i < in.length) {
            int b = in[i] & 0xFF;
            int need;
            int min;
            if (b < 0x80) {
                out.write(b);
                i++;
                continue;
            } else if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                min = 0x800;
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                min = 0x10000;
            } else {
                out.write(REPLACEMENT, 0, 3);
                i++;
                continue;
            }
            if (i + need >= in.length) {
                // truncated sequence at the end
                out.write(REPLACEMENT, 0, 3);
                i++;
                continue;
            }
            int cp = b & (0x3F >> need);
            boolean ok = true;
            for (int k = 1; k <= need; k++) {
                int c = in[i + k] & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                out.write(REPLACEMENT, 0, 3);
                i++;
                continue;
            }
            out.write(in, i, need + 1);
            i += need + 1;
        }
        return out.toByteArray();
    }
}
