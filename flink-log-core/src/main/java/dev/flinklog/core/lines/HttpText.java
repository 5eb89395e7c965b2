package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * What the web-server and proxy readers share ({@link AccessLogReader}, {@link HaproxyReader},
 * {@link NginxErrorReader}, {@link ApacheErrorReader}, {@link EnvoyReader}): IP literals, client
 * addresses with and without a port, request lines, quoted values, decimal durations. Every step
 * reads only the span it is given, once.
 */
final class HttpText {

    private HttpText() {}

    /** Longest HTTP method taken as one (the registered ones are shorter: {@code VERSION-CONTROL}). */
    private static final int MAX_METHOD = 24;

    // ------------------------------------------------------------------------------------------
    // Addresses
    // ------------------------------------------------------------------------------------------

    /** Whether {@code s[from, to)} is an IPv4 or IPv6 literal (no brackets, no port). */
    static boolean isIp(CharSequence s, int from, int to) {
        return isIpv4(s, from, to) || isIpv6(s, from, to);
    }

    /** Four decimal groups of 1-3 digits, each at most 255. */
    static boolean isIpv4(CharSequence s, int from, int to) {
        int groups = 0;
        int i = from;
        while (true) {
            int end = Scan.digits(s, i, to, 3);
            if (end == i || Scan.number(s, i, end) > 255) {
                return false;
            }
            groups++;
            if (end == to) {
                return groups == 4;
            }
            if (groups == 4 || s.charAt(end) != '.') {
                return false;
            }
            i = end + 1;
        }
    }

    /**
     * Colon-separated groups of 1-4 hex digits, at most one {@code ::}, eight groups in all (an
     * embedded dotted IPv4 tail counting two), optionally a {@code %zone} suffix.
     */
    static boolean isIpv6(CharSequence s, int from, int to) {
        int zone = Scan.indexOf(s, '%', from, to);
        if (zone >= 0) {
            to = zone;
        }
        if (to - from < 2) {
            return false;
        }
        int groups = 0;
        boolean compressed = false;
        int i = from;
        if (s.charAt(i) == ':') {
            if (s.charAt(i + 1) != ':') {
                return false;
            }
            compressed = true;
            i += 2;
            if (i == to) {
                return true;
            }
        }
        while (true) {
            int start = i;
            while (i < to && i - start < 5 && hex(s.charAt(i))) {
                i++;
            }
            if (i < to && s.charAt(i) == '.') {
                // A dotted IPv4 tail (::ffff:10.0.0.1) ends the address.
                return isIpv4(s, start, to) && (compressed ? groups <= 5 : groups == 6);
            }
            if (i == start || i - start > 4) {
                return false;
            }
            groups++;
            if (i == to) {
                return compressed ? groups <= 7 : groups == 8;
            }
            if (s.charAt(i) != ':' || groups > 8) {
                return false;
            }
            i++;
            if (i < to && s.charAt(i) == ':') {
                if (compressed) {
                    return false;
                }
                compressed = true;
                i++;
                if (i == to) {
                    return groups <= 7;
                }
            } else if (i == to) {
                return false;
            }
        }
    }

    private static boolean hex(char c) {
        return Ascii.isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /**
     * Where the address of {@code addr:port} ends when {@code s[from, to)} ends in a port after an
     * IP literal ({@code 10.0.0.1:80}, {@code ::1:58619}); {@code to} when it is an IP literal
     * without one; -1 when neither. An IPv6 literal whose last group is all digits is read as
     * address and port when what stands before that group is an address itself: the writers read
     * here (Apache, HAProxy) always add a port to IPv6 clients.
     */
    static int addressEnd(CharSequence s, int from, int to) {
        int colon = -1;
        for (int i = to - 1; i > from && to - i <= 6; i--) {
            char c = s.charAt(i);
            if (c == ':') {
                colon = i;
                break;
            }
            if (!Ascii.isDigit(c)) {
                break;
            }
        }
        if (colon > from && colon < to - 1 && isIp(s, from, colon)) {
            return colon;
        }
        return isIp(s, from, to) ? to : -1;
    }

    /**
     * Sets the client of {@code s[from, to)} (an address, maybe with a port): its IP literal as
     * {@link ParsedLine.Field#CLIENT_IP}, anything else (a host name when the server resolves
     * names, a redacted word) as the pair {@code client_host}.
     */
    static void client(CharSequence s, int from, int to, ParsedLine out) {
        int end = addressEnd(s, from, to);
        if (end >= 0) {
            out.set(ParsedLine.Field.CLIENT_IP, from, end);
            return;
        }
        int close = bracketedIpEnd(s, from, to);
        if (close > 0) {
            out.set(ParsedLine.Field.CLIENT_IP, from + 1, close);
        } else {
            out.pair("client_host", from, to, false);
        }
    }

    /**
     * The {@code ]} of an IPv6 literal written in brackets, alone or with a port ({@code
     * [2a02:cf40::4e36]:5000}, as Envoy and URLs write it), spanning {@code s[from, to)}; or -1.
     */
    static int bracketedIpEnd(CharSequence s, int from, int to) {
        if (from >= to || s.charAt(from) != '[') {
            return -1;
        }
        int close = Scan.indexOf(s, ']', from + 1, to);
        if (close < 0 || !isIp(s, from + 1, close)) {
            return -1;
        }
        int port = close + 2;
        if (close + 1 == to) {
            return close;
        }
        return s.charAt(close + 1) == ':' && port < to && Scan.isDigits(s, port, to - port, to) ? close : -1;
    }

    // ------------------------------------------------------------------------------------------
    // Request lines
    // ------------------------------------------------------------------------------------------

    /**
     * Reads the request line {@code s[from, to)} ({@code METHOD target [HTTP/x]}, the quotes
     * already taken off): method, target as {@link ParsedLine.Field#HTTP_PATH} (with backslash
     * escapes when {@code escapes} says the writer escapes and one occurs) and the pair {@code
     * http_protocol}. Anything else ({@code -}, empty, the escaped bytes of a TLS handshake sent to
     * a plain port, {@code <BADREQ>}) sets nothing: the line is still of its shape.
     */
    static void request(CharSequence s, int from, int to, boolean escapes, ParsedLine out) {
        int firstSpace = -1;
        int lastSpace = -1;
        int backslashAfterMethod = -1;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == ' ') {
                if (firstSpace < 0) {
                    firstSpace = i;
                }
                lastSpace = i;
            } else if (firstSpace < 0) {
                if (!methodChar(c) || i - from >= MAX_METHOD) {
                    return;
                }
            } else if (c == '\\' && backslashAfterMethod < 0) {
                backslashAfterMethod = i;
            }
        }
        if (firstSpace <= from || firstSpace + 1 >= to || !Ascii.isUpper(s.charAt(from))) {
            return;
        }
        int pathEnd = to;
        if (lastSpace > firstSpace && Scan.startsWith(s, lastSpace + 1, to, "HTTP/")) {
            pathEnd = lastSpace;
            out.pair("http_protocol", lastSpace + 1, to, false);
        }
        // "GET / " (no protocol after the space): the target ends at the last non-space.
        while (pathEnd > firstSpace + 1 && s.charAt(pathEnd - 1) == ' ') {
            pathEnd--;
        }
        out.set(ParsedLine.Field.HTTP_METHOD, from, firstSpace);
        out.set(
                ParsedLine.Field.HTTP_PATH,
                firstSpace + 1,
                pathEnd,
                escapes && backslashAfterMethod >= 0 && backslashAfterMethod < pathEnd);
    }

    /** Methods are tokens; every one in use is upper-case letters, maybe with {@code -} or {@code _}. */
    private static boolean methodChar(char c) {
        return Ascii.isUpper(c) || c == '-' || c == '_';
    }

    // ------------------------------------------------------------------------------------------
    // Quoted values and numbers
    // ------------------------------------------------------------------------------------------

    /**
     * The value quoted from {@code i} (which holds {@code "}) as the web servers write it, a
     * backslash escaping the next character: {@code closing quote index * 2 + 1} when it held a
     * backslash, {@code * 2} when not, -1 when it does not close before {@code to}. Packed so the
     * readers, which are shared and stateless, need no scratch array.
     */
    static long quoted(CharSequence s, int i, int to) {
        boolean escaped = false;
        for (int k = i + 1; k < to; k++) {
            char c = s.charAt(k);
            if (c == '\\') {
                escaped = true;
                k++;
            } else if (c == '"') {
                return (long) k * 2 + (escaped ? 1 : 0);
            }
        }
        return -1;
    }

    /** The closing-quote index of a {@link #quoted} result. */
    static int quoteEnd(long quoted) {
        return (int) (quoted >> 1);
    }

    /** Whether a {@link #quoted} value held a backslash. */
    static boolean quoteEscaped(long quoted) {
        return (quoted & 1) != 0;
    }

    /**
     * A quoted value from {@code i} or a bare {@code -} (some writers leave an empty value
     * unquoted): sets it as {@code field} (or as pair {@code key} when field is null) and returns
     * the index after it, or -1 when neither is there.
     */
    static int quotedOrDash(CharSequence s, int i, int to, ParsedLine.Field field, String key, ParsedLine out) {
        if (i >= to) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == '-' && (i + 1 == to || s.charAt(i + 1) == ' ')) {
            return i + 1;
        }
        if (c != '"') {
            return -1;
        }
        long q = quoted(s, i, to);
        if (q < 0) {
            return -1;
        }
        int end = quoteEnd(q);
        if (field != null) {
            out.set(field, i + 1, end, quoteEscaped(q));
        } else {
            out.pair(key, i + 1, end, quoteEscaped(q));
        }
        return end + 1;
    }

    /**
     * A decimal number of seconds as written ({@code 0.050}, {@code 12}) in milliseconds, or NaN
     * when {@code s[from, to)} is not one. At most 18 digits in all.
     */
    static double secondsAsMillis(CharSequence s, int from, int to) {
        int dot = Scan.indexOf(s, '.', from, to);
        if (dot < 0) {
            long whole = Scan.number(s, from, to);
            return whole < 0 ? Double.NaN : whole * 1000.0;
        }
        long whole = Scan.number(s, from, dot);
        int fractionDigits = to - dot - 1;
        long fraction = Scan.number(s, dot + 1, to);
        if (whole < 0 || fraction < 0 || to - from > 19) {
            return Double.NaN;
        }
        long scale = 1;
        for (int k = 0; k < fractionDigits; k++) {
            scale *= 10;
        }
        return (whole * scale + fraction) * 1000.0 / scale;
    }
}
