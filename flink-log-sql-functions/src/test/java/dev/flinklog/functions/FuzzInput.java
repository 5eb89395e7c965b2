package dev.flinklog.functions;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns fuzzer bytes into the Java strings the functions receive. Plain UTF-8 alone could never
 * produce a lone surrogate (Flink's STRING can hold one, from a JSON escape or a UDF), so the byte
 * {@code 0xFF}, which never occurs in UTF-8, escapes the next two bytes as one raw UTF-16 unit.
 * The byte {@code 0xFE}, also never UTF-8, separates the arguments of multi-argument functions.
 * Seed files therefore stay readable text.
 */
final class FuzzInput {

    private FuzzInput() {}

    /** The arguments in {@code data}, split at {@code 0xFE}; always at least {@code min} of them. */
    static List<String> args(byte[] data, int min) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= data.length; i++) {
            if (i == data.length || data[i] == (byte) 0xFE) {
                out.add(decode(data, start, i));
                start = i + 1;
            }
        }
        while (out.size() < min) {
            out.add("");
        }
        return out;
    }

    static String text(byte[] data) {
        return decode(data, 0, data.length);
    }

    private static String decode(byte[] data, int from, int to) {
        StringBuilder b = new StringBuilder(to - from);
        int run = from;
        int i = from;
        while (i < to) {
            if (data[i] == (byte) 0xFF) {
                b.append(new String(data, run, i - run, StandardCharsets.UTF_8));
                int hi = i + 1 < to ? data[i + 1] & 0xFF : 0;
                int lo = i + 2 < to ? data[i + 2] & 0xFF : 0;
                b.append((char) (hi << 8 | lo));
                i += 3;
                run = Math.min(i, to);
            } else {
                i++;
            }
        }
        b.append(new String(data, run, to - run, StandardCharsets.UTF_8));
        return b.toString();
    }
}
