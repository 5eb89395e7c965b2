package dev.flinklog.core.lines;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Backslash escapes as log writers put them in quoted values: {@code \"}, {@code \\}, {@code \]}
 * (RFC 5424 parameters), {@code \n}, {@code \t}, {@code \r} (Apache, logfmt), {@code \xHH} (nginx and
 * Apache write bytes so; runs of them are decoded as UTF-8). Any other escaped character stands for
 * itself.
 */
final class Escapes {

    private Escapes() {}

    /** {@code s[from, to)} with its escapes resolved. */
    static String unescape(CharSequence s, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        ByteArrayOutputStream bytes = null;
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= to) {
                out.append(c);
                i++;
                continue;
            }
            char e = s.charAt(i + 1);
            if (e == 'x' && i + 3 < to && hex(s.charAt(i + 2)) >= 0 && hex(s.charAt(i + 3)) >= 0) {
                // A run of \xHH is one UTF-8 sequence as the writer's bytes were.
                if (bytes == null) {
                    bytes = new ByteArrayOutputStream();
                }
                bytes.reset();
                while (i + 3 < to
                        && s.charAt(i) == '\\'
                        && s.charAt(i + 1) == 'x'
                        && hex(s.charAt(i + 2)) >= 0
                        && hex(s.charAt(i + 3)) >= 0) {
                    bytes.write(hex(s.charAt(i + 2)) * 16 + hex(s.charAt(i + 3)));
                    i += 4;
                }
                out.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
                continue;
            }
            switch (e) {
                case 'n':
                    out.append('\n');
                    break;
                case 't':
                    out.append('\t');
                    break;
                case 'r':
                    out.append('\r');
                    break;
                default:
                    out.append(e);
            }
            i += 2;
        }
        return out.toString();
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
