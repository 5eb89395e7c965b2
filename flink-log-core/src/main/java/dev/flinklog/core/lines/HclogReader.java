package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#GO}, as HashiCorp's go-hclog writes its text lines ({@code intlogger.go}'s
 * {@code logPlain}; Consul, Vault, Nomad, Terraform's {@code TF_LOG}, Boundary): {@code
 * 2023-06-21T10:00:00.123Z [INFO]  agent.server.raft: entering follower state: leader=}.
 *
 * <ul>
 *   <li>the time, RFC 3339 with a {@code T} ({@code TimeFormat}: millis and {@code Z} or {@code
 *       ±hhmm}), and one space; Nomad's agent indents its lines by four spaces (up to eight read);
 *   <li>the level in brackets, padded to seven characters and followed by a space: {@code [TRACE]
 *       [DEBUG] [ERROR]}, {@code [INFO]} and {@code [WARN]} with a second space; hclog before 0.9
 *       padded inside the brackets ({@code [INFO ] }). A bracketed level followed by one space only
 *       ({@code [INFO] 172.17.0.4:36413 - …}, CoreDNS), or by three, is not hclog's;
 *   <li>with {@code IncludeLocation}, the caller {@code dir/file.go:NN: }: the pair {@code source};
 *   <li>the logger's name and {@code ": "}: a first word of name characters (letters, digits,
 *       {@code . _ - $ /}) right before {@code ": "} is the pair {@code logger} (not the service: it
 *       names a subsystem, {@code agent.server.raft}, {@code provider.terraform-provider-aws_v5.0.0_x5});
 *       a message of its own that starts so ({@code error: …}) reads the same;
 *   <li>the message, then, when the call had arguments, {@code ":"} and {@code " key=value"} for
 *       each (values quoted when they hold anything but {@code -} to {@code ~}, {@code ""} for an
 *       empty text, a list in brackets): the run of {@code key=value} words (a quoted value, a
 *       bracketed one, or one without spaces and quotes, an empty one too) that ends the line and
 *       follows {@code ": "} is the pairs, and the message ends before that colon. A run that does
 *       not follow a colon ({@code Stream connection from=10.98.0.9:61844}, a std-log line hclog
 *       passed on) is the message's text, and so is {@code key=value} text before the last word
 *       that is no pair.
 * </ul>
 *
 * A value that spans lines (hclog writes it on the lines after, each after {@code "  | "}) leaves
 * the first line ending in its colon; the lines after are not this shape.
 */
final class HclogReader extends LineParser.ShapeReader {

    /** The most spaces read before an indented line's time. */
    private static final int MAX_INDENT = 8;

    @Override
    public LineShape shape() {
        return LineShape.GO;
    }

    @Override
    public boolean mayStartWith(char c) {
        // the time; ' ': Nomad's agent indents its lines
        return Ascii.isDigit(c) || c == ' ';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == ' ') {
            return next == ' ' || next == '0';
        }
        return run == 4 && next == '-' && tenth == 'T';
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == '[' || after == '+'; // "[INFO]", after an offset LayoutScan reads past a space
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int d = from;
        if (s.charAt(from) == ' ') {
            d = Scan.spaces(s, from, Math.min(to, from + MAX_INDENT + 1));
            if (d - from > MAX_INDENT) {
                return false;
            }
        }
        int t = LayoutScan.isoDateTime(s, d, to, true);
        if (t < 0 || t + 9 > to || s.charAt(d + 10) != 'T' || s.charAt(t) != ' ') {
            return false;
        }
        int b = t + 1;
        int m = b + 8;
        LogLevel level = level(s, b, to);
        // a third space is no padding of hclog's
        if (level == null || (m < to && s.charAt(m) == ' ') || !ctx.time(s, d, t, out)) {
            return false;
        }
        out.level(level);
        int f = m < to ? GoLogReader.sourceEnd(s, m, to) : -1;
        if (f > 0) {
            out.pair("source", m, f, false);
            m = Math.min(f + 2, to);
        }
        int n = name(s, m, to);
        if (n > m && n < to && s.charAt(n) == ':' && (n + 1 == to || s.charAt(n + 1) == ' ')) {
            out.pair("logger", m, n, false);
            m = Math.min(n + 2, to);
        }
        int run = GoLogReader.attributes(s, m, to, true, null);
        // hclog's ':' before the arguments; the logger's own when the message is empty
        if (run < to && run - 2 >= b + 7 && s.charAt(run - 1) == ' ' && s.charAt(run - 2) == ':') {
            GoLogReader.attributes(s, run, to, true, out);
            int e = run - 2;
            while (e > m && s.charAt(e - 1) == ' ') {
                e--;
            }
            out.set(Field.MESSAGE, m, e);
        } else {
            out.set(Field.MESSAGE, m, to);
        }
        return true;
    }

    /**
     * The level of hclog's bracket at {@code b}, seven characters and a space ({@code [DEBUG] },
     * {@code [INFO]  }, hclog before 0.9's {@code [INFO ] }), or null.
     */
    private static LogLevel level(CharSequence s, int b, int to) {
        if (b + 8 > to || s.charAt(b) != '[' || s.charAt(b + 7) != ' ') {
            return null;
        }
        int e = LayoutScan.upper(s, b + 1, to);
        if (e == b + 6) {
            if (s.charAt(e) != ']') {
                return null;
            }
        } else if (e != b + 5
                || !((s.charAt(b + 5) == ']' && s.charAt(b + 6) == ' ')
                        || (s.charAt(b + 5) == ' ' && s.charAt(b + 6) == ']'))) {
            return null;
        }
        boolean known = e == b + 6
                ? Scan.startsWith(s, b + 1, e, "TRACE")
                        || Scan.startsWith(s, b + 1, e, "DEBUG")
                        || Scan.startsWith(s, b + 1, e, "ERROR")
                : Scan.startsWith(s, b + 1, e, "INFO") || Scan.startsWith(s, b + 1, e, "WARN");
        return known ? LineLevels.word(s, b + 1, e) : null;
    }

    /** The end of a logger's name from {@code i}: letters, digits, {@code . _ - $ /}. */
    private static int name(CharSequence s, int i, int to) {
        while (i < to && (LayoutScan.isNameChar(s.charAt(i)) || s.charAt(i) == '/')) {
            i++;
        }
        return i;
    }
}
