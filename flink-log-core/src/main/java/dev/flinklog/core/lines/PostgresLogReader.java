package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.text.Ascii;

/**
 * {@link LineShape#POSTGRESQL}: the server's stderr log, {@code <log_line_prefix>SEVERITY:
 * message} ({@code elog.c} writes two spaces after the colon; copies with one are read too).
 *
 * <p>The prefix is free-form, so it is read as "the text before the first severity word": it must
 * start with one of
 *
 * <ul>
 *   <li>the time {@code %m} ({@code 2024-01-02 03:04:05.123 UTC}, the default {@code '%m [%p] '}
 *       since PostgreSQL 10) or {@code %t} (no fraction: Debian's {@code '%t [%p-%l] %q%u@%d '},
 *       Amazon RDS's {@code '%t:%r:%u@%d:[%p]:'}), possibly inside the RPM default {@code '< %m >'}:
 *       the zone abbreviation after the time is part of it. Abbreviations the project's timestamp
 *       parser does not know ({@code CEST}, {@code MSK}: many are ambiguous) leave the line without a
 *       time rather than with a guessed offset;
 *   <li>Heroku's {@code ' sql_error_code = %e '};
 *   <li>syslog's sequence number {@code [3-1] } (the message of a syslog envelope when {@code
 *       syslog_sequence_numbers} is on, as it is by default).
 * </ul>
 *
 * <p>From the prefix: PID from the first {@code [pid]} or {@code [pid-line]}; the pairs {@code user}
 * and {@code database} from a {@code user@database} token ({@code %u@%d}; {@code [unknown]} values
 * are left out); {@code sqlstate} from Heroku's prefix or from the {@code 00000: } that {@code
 * log_error_verbosity = verbose} writes before the message. Other prefix items (application,
 * client, session id, {@code key=value} forms) are not read.
 *
 * <p>Severities: DEBUG1-5 → debug, LOG, INFO, NOTICE → info, WARNING → warn, ERROR → error, FATAL,
 * PANIC → fatal. The companion lines DETAIL, HINT, QUERY, CONTEXT, STATEMENT and LOCATION belong to
 * the record before them and state no severity of their own: they have no level (the line cannot
 * know the record it accompanies; a FATAL's DETAIL called info would be wrong), so the project's
 * message inference decides. Every line carries its severity word as written in the pair {@code
 * pg_kind} (LOG and NOTICE both read as info). Continuation lines (a TAB, then text) have no
 * prefix and are not taken; lines with no prefix at all (before PostgreSQL 10) are not either.
 */
final class PostgresLogReader extends LineParser.ShapeReader {

    private static final String[] SEVERITIES = {
        "LOG",
        "INFO",
        "NOTICE",
        "WARNING",
        "ERROR",
        "FATAL",
        "PANIC",
        "DEBUG1",
        "DEBUG2",
        "DEBUG3",
        "DEBUG4",
        "DEBUG5",
        "DETAIL",
        "HINT",
        "QUERY",
        "CONTEXT",
        "STATEMENT",
        "LOCATION"
    };

    /** SEVERITIES from this index on are companion lines, with no severity of their own. */
    private static final int FIRST_COMPANION = 12;

    private static final int LONGEST = 9;

    private static final String HEROKU = " sql_error_code = ";

    @Override
    public LineShape shape() {
        return LineShape.POSTGRESQL;
    }

    @Override
    public boolean mayStartWith(char c) {
        // the time, the RPM "< ", Heroku's leading space, syslog's "[seq-part]"
        return Ascii.isDigit(c) || c == '<' || c == ' ' || c == '[';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        switch (c) {
            case '<':
                return next == ' '; // "< 2026-…"
            case ' ':
                return Ascii.isLetter(next); // Heroku's " sql_error_code = ", not an indented stack frame
            case '[':
                return Ascii.isDigit(next) && tenth == '~'; // "[123-1] ", no date
            default:
                return run == 4 && next == '-' && tenth == ' ';
        }
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == 'A' || after == '+'; // the zone: "UTC", "+03"
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        char c = s.charAt(from);
        int p;
        if (Ascii.isDigit(c)) {
            p = time(s, from, to, ctx, out);
        } else if (c == '<') {
            p = from + 1 < to && s.charAt(from + 1) == ' ' ? time(s, from + 2, to, ctx, out) : -1;
        } else if (c == ' ') {
            p = heroku(s, from, to, out);
        } else {
            p = sequence(s, from, to);
        }
        return p >= 0 && prefixAndMessage(s, p, to, out);
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.SSS] ZONE} at {@code i}: the index after the zone, or -1. */
    private static int time(CharSequence s, int i, int to, LineContext ctx, ParsedLine out) {
        if (!LayoutScan.date(s, i, to, '-') || i + 10 >= to || s.charAt(i + 10) != ' ') {
            return -1;
        }
        int t = LayoutScan.clock(s, i + 11, to);
        if (t < 0) {
            return -1;
        }
        if (t < to && s.charAt(t) == '.') {
            if (!Scan.isDigits(s, t + 1, 3, to)) {
                return -1;
            }
            t += 4;
        }
        if (t + 1 >= to || s.charAt(t) != ' ') {
            return -1;
        }
        int z = t + 1;
        char zc = s.charAt(z);
        int ze;
        boolean numeric = zc == '+' || zc == '-';
        if (numeric) {
            ze = Scan.digits(s, z + 1, to, 4);
            if (ze - z - 1 != 2 && ze - z - 1 != 4) {
                return -1;
            }
        } else {
            ze = z;
            while (ze < to && Ascii.isLetter(s.charAt(ze))) {
                ze++;
            }
            if (!Ascii.isUpper(zc) || ze - z < 2 || ze - z > 5 || severity(s, z, ze) >= 0) {
                return -1;
            }
        }
        if (ze < to && s.charAt(ze) != ' ' && s.charAt(ze) != ':' && s.charAt(ze) != '>' && s.charAt(ze) != ']') {
            return -1;
        }
        if (!ctx.time(s, i, ze, out) && numeric) {
            return -1;
        }
        return ze;
    }

    /** Heroku's {@code ' sql_error_code = XXXXX '}: the index after it, or -1. */
    private static int heroku(CharSequence s, int from, int to, ParsedLine out) {
        int c = from + HEROKU.length();
        if (!Scan.startsWith(s, from, to, HEROKU) || !isSqlState(s, c, to) || c + 5 >= to || s.charAt(c + 5) != ' ') {
            return -1;
        }
        out.pair("sqlstate", c, c + 5, false);
        return c + 6;
    }

    /** syslog's {@code [line-part] }: the index after it, or -1. */
    private static int sequence(CharSequence s, int from, int to) {
        int a = Scan.digits(s, from + 1, to, 10);
        if (a == from + 1 || a >= to || s.charAt(a) != '-') {
            return -1;
        }
        int b = Scan.digits(s, a + 1, to, 10);
        if (b == a + 1 || !Scan.startsWith(s, b, to, "] ")) {
            return -1;
        }
        return b + 2;
    }

    /** One pass over the rest of the prefix up to the first severity word, then the message. */
    private static boolean prefixAndMessage(CharSequence s, int p, int to, ParsedLine out) {
        int pidStart = -1;
        int pidEnd = -1;
        int userStart = -1;
        int at = -1;
        int dbEnd = -1;
        int tokenStart = p;
        int tokenAt = -1;
        for (int i = p; i < to; i++) {
            char c = s.charAt(i);
            if (Ascii.isUpper(c) && (i == p || isBoundary(s.charAt(i - 1)))) {
                int k = severityAt(s, i, to);
                if (k >= 0) {
                    int e = i + SEVERITIES[k].length();
                    finish(s, i, e, k, to, out);
                    out.set(Field.PID, pidStart, pidEnd);
                    if (userStart >= 0) {
                        user(s, userStart, at, dbEnd, out);
                    }
                    return true;
                }
            }
            if (c == '[' && pidStart < 0) {
                int d = Scan.digits(s, i + 1, to, 10);
                if (d > i + 1 && d < to && (s.charAt(d) == ']' || s.charAt(d) == '-')) {
                    pidStart = i + 1;
                    pidEnd = d;
                }
            } else if (c == '@') {
                tokenAt = i;
            } else if (c == ' ' || c == ':' || c == ',') {
                if (userStart < 0 && tokenAt > tokenStart && tokenAt < i - 1) {
                    userStart = tokenStart;
                    at = tokenAt;
                    dbEnd = i;
                }
                tokenStart = i + 1;
                tokenAt = -1;
            }
        }
        return false;
    }

    /** After the severity word {@code s[i, e)}: level, pg_kind, sqlstate, message. */
    private static void finish(CharSequence s, int i, int e, int k, int to, ParsedLine out) {
        int m = e + 1;
        for (int n = 0; n < 2 && m < to && s.charAt(m) == ' '; n++) {
            m++;
        }
        if (isSqlState(s, m, to) && Scan.startsWith(s, m + 5, to, ": ")) {
            out.pair("sqlstate", m, m + 5, false);
            m += 7;
        }
        out.level(level(s, i, e, k));
        out.pair("pg_kind", i, e, false);
        out.set(Field.MESSAGE, m, to);
        duration(s, m, to, out);
    }

    /**
     * {@code duration: 3668.685 ms}, how log_duration and log_min_duration_statement start their
     * message: the duration in milliseconds (the message keeps it).
     */
    private static void duration(CharSequence s, int m, int to, ParsedLine out) {
        if (!Scan.startsWith(s, m, to, "duration: ")) {
            return;
        }
        int a = m + 10;
        int d = Scan.digits(s, a, to, 12);
        int f = d;
        if (d < to && s.charAt(d) == '.') {
            f = Scan.digits(s, d + 1, to, 6);
        }
        if (d == a || f == d + 1 || !Scan.startsWith(s, f, to, " ms")) {
            return;
        }
        long whole = Scan.number(s, a, d);
        long scale = 1;
        for (int i = d + 1; i < f; i++) {
            whole = whole * 10 + (s.charAt(i) - '0');
            scale *= 10;
        }
        // both exact integers, so the quotient is the double nearest the decimal written
        out.durationMs((double) whole / scale);
    }

    /**
     * PostgreSQL's severities (docs, "Message Severity Levels") in the project's levels. LOG
     * ("information of interest to administrators") is not a word of the level table: info. DEBUG1
     * to DEBUG5 are read as their DEBUG. Companion lines have none.
     */
    private static LogLevel level(CharSequence s, int i, int e, int k) {
        if (k >= FIRST_COMPANION) {
            return null;
        }
        if (k == 0) {
            return LogLevel.INFO;
        }
        return LineLevels.word(s, i, Scan.startsWith(s, i, e, "DEBUG") ? i + 5 : e);
    }

    /** {@code user@database}: {@code [unknown]} (not yet known to the server) is left out. */
    private static void user(CharSequence s, int from, int at, int to, ParsedLine out) {
        if (!Scan.startsWith(s, from, at, "[unknown]") || at - from != 9) {
            out.pair("user", from, at, false);
        }
        if (!Scan.startsWith(s, at + 1, to, "[unknown]") || to - at - 1 != 9) {
            out.pair("database", at + 1, to, false);
        }
    }

    private static boolean isBoundary(char c) {
        return c == ' ' || c == ':' || c == ']' || c == ')' || c == '>' || c == ',';
    }

    /** The index in SEVERITIES of the word at {@code i} followed by {@code :} and a space (or the end), or -1. */
    private static int severityAt(CharSequence s, int i, int to) {
        int e = i;
        int limit = Math.min(to, i + LONGEST + 1);
        while (e < limit && (Ascii.isUpper(s.charAt(e)) || Ascii.isDigit(s.charAt(e)))) {
            e++;
        }
        if (e >= to || s.charAt(e) != ':' || (e + 1 < to && s.charAt(e + 1) != ' ')) {
            return -1;
        }
        return severity(s, i, e);
    }

    /** The index in SEVERITIES of exactly {@code s[from, to)}, or -1. */
    private static int severity(CharSequence s, int from, int to) {
        for (int k = 0; k < SEVERITIES.length; k++) {
            String w = SEVERITIES[k];
            if (Scan.regionEquals(s, from, to, w)) {
                return k;
            }
        }
        return -1;
    }

    /** A SQLSTATE: five digits or upper-case letters, at least one digit ({@code 00000}, {@code 28P01}). */
    private static boolean isSqlState(CharSequence s, int i, int to) {
        if (i + 5 > to) {
            return false;
        }
        boolean digit = false;
        for (int k = i; k < i + 5; k++) {
            char c = s.charAt(k);
            if (Ascii.isDigit(c)) {
                digit = true;
            } else if (!Ascii.isUpper(c)) {
                return false;
            }
        }
        return digit;
    }
}
