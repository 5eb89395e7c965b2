package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#PHP}, PHP's own logs (Monolog's are {@link MonologReader}'s):
 *
 * <ul>
 *   <li>the error log PHP writes ({@code error_log} in php.ini; WordPress's {@code debug.log}):
 *       {@code [27-Apr-2026 12:34:56 UTC] PHP Fatal error:  Uncaught Error: ...}, the time in
 *       php.ini's {@code date.timezone}, named after it ({@code UTC}, {@code Europe/Berlin}); the
 *       lines an application writes with {@code error_log()} carry no {@code PHP } label;
 *   <li>PHP-FPM's log: {@code [27-Apr-2026 12:34:56] WARNING: [pool www] server reached
 *       pm.max_children setting (5), consider raising it}, no zone (the server's local time, read in
 *       the default zone), a fraction of a second at {@code log_level = debug}.
 * </ul>
 *
 * <p>Level: PHP's label as PHP's own error handler ranks it (Fatal error, Parse error: fatal, the
 * script stops; Recoverable fatal error: error; Warning: warn; Notice, Deprecated, Strict Standards:
 * info) or FPM's level word. MESSAGE: after the label's colon and the spaces
 * PHP writes after it, or the whole rest. Pairs: {@code pool} (FPM's {@code [pool name]}). A line with
 * a bracketed time of this form and neither a zone nor a label is not taken: too little says it is
 * PHP's.
 */
final class PhpErrorLogReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.PHP;
    }

    @Override
    public boolean mayStartWith(char c) {
        return c == '[';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return Ascii.isDigit(next) && tenth == '~'; // "[27-Apr-2026", no ISO date
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        // "[d-Mon-yyyy hh:mm:ss" then an optional fraction and zone before "]"
        int t = from + 1;
        int day = Scan.digits(s, t, to, 2);
        if (day == t || day + 1 >= to || s.charAt(day) != '-' || !Ascii.isLetter(s.charAt(day + 1))) {
            return false;
        }
        int close = Scan.indexOf(s, ']', day, Math.min(to, day + 64));
        if (close < 0 || close + 1 >= to || s.charAt(close + 1) != ' ') {
            return false;
        }
        // The zone, if any, is the last word in the brackets: after "hh:mm:ss[.f]".
        int zone = close;
        while (zone > t && s.charAt(zone - 1) != ' ') {
            zone--;
        }
        boolean hasZone = zone > t && Ascii.isLetter(s.charAt(zone));
        int timeEnd = hasZone ? zone - 1 : close;
        int m = close + 2;
        int label = label(s, m, to);
        LogLevel level = label < 0 ? fpmLevel(s, m, to) : phpLevel(s, m + 4, label);
        if (level == null) {
            label = -1;
        }
        if (!hasZone && level == null) {
            return false;
        }
        // A zone the timestamp parser knows (UTC, GMT, an offset) is read with the time; a region
        // (php.ini's date.timezone) through the context's region cache.
        boolean timed = hasZone && Scan.indexOf(s, '/', zone, close) > 0
                ? ctx.timeInRegion(s, t, timeEnd, zone, close, out)
                : ctx.time(s, t, close, out);
        if (!timed) {
            return false;
        }
        if (level != null) {
            out.level(level);
        }
        if (label >= 0) {
            m = Scan.spaces(s, label + 1, to);
        } else if (level != null) {
            m = Scan.spaces(s, Scan.indexOf(s, ':', m, to) + 1, to);
            if (Scan.startsWith(s, m, to, "[pool ")) {
                int poolEnd = Scan.indexOf(s, ']', m + 6, to);
                if (poolEnd > m + 6) {
                    out.pair("pool", m + 6, poolEnd, false);
                    m = Scan.spaces(s, poolEnd + 1, to);
                }
            }
        }
        if (m < to) {
            out.set(Field.MESSAGE, m, to);
        }
        return true;
    }

    /**
     * The index of the colon after PHP's {@code PHP <label>:} at {@code m} (the label letters and
     * spaces, at most four words), or -1.
     */
    private static int label(CharSequence s, int m, int to) {
        if (!Scan.startsWith(s, m, to, "PHP ") || m + 4 >= to || !Ascii.isUpper(s.charAt(m + 4))) {
            return -1;
        }
        int words = 1;
        for (int k = m + 4; k < to && k < m + 40; k++) {
            char c = s.charAt(k);
            if (c == ':') {
                return k;
            }
            if (c == ' ' && ++words > 4) {
                return -1;
            } else if (c != ' ' && !Ascii.isLetter(c)) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * PHP's label {@code s[from, colon)} ranked as PHP's error handler ranks it, or null for
     * another word ({@code PHP Stack trace:} starts a trace, it is no error of its own).
     */
    private static LogLevel phpLevel(CharSequence s, int from, int colon) {
        for (int i = 0; i < LABELS.length; i++) {
            if (Scan.regionEquals(s, from, colon, LABELS[i])) {
                return LABEL_LEVELS[i];
            }
        }
        return null;
    }

    /** The labels PHP writes before an error's message, and their levels. */
    private static final String[] LABELS = {
        "Fatal error",
        "Parse error",
        "Warning",
        "Notice",
        "Deprecated",
        "Strict Standards",
        "Recoverable fatal error",
        "Unknown error"
    };

    private static final LogLevel[] LABEL_LEVELS = {
        LogLevel.FATAL,
        LogLevel.FATAL,
        LogLevel.WARN,
        LogLevel.INFO,
        LogLevel.INFO,
        LogLevel.INFO,
        LogLevel.ERROR,
        LogLevel.ERROR
    };

    /** FPM's {@code LEVEL: } at {@code m}: its level, or null. */
    private static LogLevel fpmLevel(CharSequence s, int m, int to) {
        int e = LayoutScan.upper(s, m, to);
        if (e == m || e + 1 >= to || s.charAt(e) != ':' || s.charAt(e + 1) != ' ') {
            return null;
        }
        for (String word : FPM_LEVELS) {
            if (Scan.regionEquals(s, m, e, word)) {
                return LayoutScan.levelWord(s, m, e);
            }
        }
        return null;
    }

    /** The words PHP-FPM's log writes for its levels. */
    private static final String[] FPM_LEVELS = {"DEBUG", "NOTICE", "WARNING", "ERROR", "ALERT"};
}
