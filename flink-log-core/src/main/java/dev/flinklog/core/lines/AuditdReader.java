package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.text.Ascii;

/**
 * A Linux audit record, as auditd writes it to {@code /var/log/audit/audit.log}, audispd and
 * audisp-syslog forward it, and the kernel prints it when no audit daemon listens:
 *
 * <pre>
 * [node=NODE ]type=TYPE msg=audit(SECONDS.MILLIS:SERIAL): BODY[\x1dENRICHMENT]
 * audit: type=NUMBER audit(SECONDS.MILLIS:SERIAL): BODY          (the kernel's printk, in syslog)
 * type=TYPE msg=audit(MM/DD/YYYY HH:MM:SS.MILLIS:SERIAL) : BODY (ausearch -i, aureport)
 * </pre>
 *
 * The head is the record's type (a name such as {@code SYSCALL}, the kernel's number such as
 * {@code 1400}, auditd's {@code UNKNOWN[1334]}) and its event id: a Unix time in seconds with a
 * fraction (milliseconds) and the serial number that tells the records of one event apart. The body
 * is {@code key=value} fields: bare, double-quoted, or hex-encoded (a value holding a space, a quote
 * or a control character is written as hex digits, kept as written); user-space records (PAM,
 * systemd, sshd) carry their own fields in one single-quoted {@code msg='...'}; AVC and a few old
 * records write words before or between the fields ({@code avc:  denied  { read } for  pid=…},
 * {@code user pid=…}). auditd's enriched format appends the interpreted fields after a {@code
 * \x1d} (group separator): {@code AUID="root"}, upper-case keys.
 *
 * <p>Fields: the time is the event id's (UTC, exact to the millisecond); {@code node=} is the host;
 * {@code ausearch -i} writes the event's time as local time in its locale's date ({@code strftime}'s
 * {@code %x}: {@code 03/13/2020} in en_US, {@code 03/09/23} in the C locale, read as month first and
 * 20yy) and is read in the default zone; a date that is no month-first date leaves the time unread;
 * the first {@code pid=} of the record (not of its {@code msg='...'}) is the pid; the message is the
 * body as written, up to the enrichment. The level is info: a record states no severity, and its
 * outcome ({@code res}, {@code success}) stays a pair for a query to filter on rather than a level
 * guessed from words in its paths and commands. Pairs: {@code node}, {@code type}, {@code serial},
 * then every field of the body in order, those of {@code msg='...'} where it stands (the
 * record's own {@code uid} before a PAM message's), then the enrichment's, each key after {@code
 * enriched_} ({@code enriched_AUID}: labels are compared without case, and the raw {@code auid}
 * must stay itself). Words that are no field
 * are left in the message only.
 *
 * <p>One pass, left to right; a double quote or single quote that does not close ends the record
 * (the line was cut), so no text is searched twice.
 */
final class AuditdReader extends LineParser.ShapeReader {

    /** What auditd's enriched format writes between the raw fields and the interpreted ones. */
    static final char ENRICHMENT = '\u001d';

    @Override
    LineShape shape() {
        return LineShape.AUDITD;
    }

    @Override
    boolean mayStartWith(char c) {
        // type=…, node=…, the kernel's "audit: type=…"
        return c == 't' || c == 'n' || c == 'a';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (c == 't' || c == 'n') {
            return run == 4 && next == '=';
        }
        return c == 'a' && run == 5 && next == ':';
    }

    @Override
    boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int i = from;
        if (Scan.startsWith(s, i, to, "node=")) {
            int v = i + 5;
            int e = Scan.token(s, v, to);
            if (e == v || e >= to || s.charAt(e) != ' ') {
                return false;
            }
            out.set(ParsedLine.Field.HOST, v, e);
            out.pair("node", v, e, false);
            i = Scan.spaces(s, e, to);
        } else if (Scan.startsWith(s, i, to, "audit: ")) {
            i = Scan.spaces(s, i + 7, to);
        }
        if (!Scan.startsWith(s, i, to, "type=")) {
            return false;
        }
        int typeStart = i + 5;
        int typeEnd = typeStart;
        while (typeEnd < to && typeChar(s.charAt(typeEnd))) {
            typeEnd++;
        }
        if (typeEnd == typeStart || typeEnd >= to || s.charAt(typeEnd) != ' ') {
            return false;
        }
        i = Scan.spaces(s, typeEnd, to);
        if (Scan.startsWith(s, i, to, "msg=")) {
            i += 4;
        }
        if (!Scan.startsWith(s, i, to, "audit(")) {
            return false;
        }
        i = eventId(s, i + 6, to, ctx, out);
        if (i < 0) {
            return false;
        }
        out.pair("type", typeStart, typeEnd, false);
        out.pair("serial", serialStart, serialEnd, false);
        out.level(LogLevel.INFO);
        int body = Scan.spaces(s, i, to);
        int end = Scan.indexOf(s, ENRICHMENT, body, to);
        int bodyEnd = end < 0 ? to : end;
        int m = bodyEnd;
        while (m > body && (s.charAt(m - 1) == ' ' || s.charAt(m - 1) == '\t')) {
            m--;
        }
        out.set(ParsedLine.Field.MESSAGE, body, m);
        if (fields(s, body, bodyEnd, RECORD, out) && end >= 0) {
            fields(s, end + 1, to, ENRICHED, out);
        }
        return true;
    }

    /** A character of a record type: {@code SYSCALL}, {@code 1400}, {@code UNKNOWN[1334]}. */
    private static boolean typeChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '_' || c == '[' || c == ']';
    }

    /** The span of the serial the last {@link #eventId} read (the reader is used by one thread). */
    private int serialStart;

    private int serialEnd;

    /**
     * Reads {@code SECONDS.FRACTION:SERIAL)} and the colon after it (a space before the colon
     * allowed) from {@code i}, the time into {@code out}: the index after the colon, or -1.
     */
    private int eventId(CharSequence s, int i, int to, LineContext ctx, ParsedLine out) {
        int secondsEnd = Scan.digits(s, i, to, 12);
        boolean interpreted = secondsEnd - i == 2 && secondsEnd < to && s.charAt(secondsEnd) == '/';
        int f;
        if (interpreted) {
            // ausearch -i: "MM/DD/YY[YY] hh:mm:ss."
            int dayEnd = Scan.digits(s, secondsEnd + 1, to, 2);
            int yearEnd = dayEnd - secondsEnd == 3 && dayEnd < to && s.charAt(dayEnd) == '/'
                    ? Scan.digits(s, dayEnd + 1, to, 4)
                    : -1;
            int years = yearEnd - dayEnd - 1;
            int c = (years == 2 || years == 4) && yearEnd < to && s.charAt(yearEnd) == ' '
                    ? LayoutScan.clock(s, yearEnd + 1, to)
                    : -1;
            if (c < 0 || c >= to || s.charAt(c) != '.') {
                return -1;
            }
            f = c + 1;
        } else {
            if (secondsEnd == i || secondsEnd >= to || s.charAt(secondsEnd) != '.') {
                return -1;
            }
            f = secondsEnd + 1;
        }
        int fractionEnd = Scan.digits(s, f, to, 9);
        if (fractionEnd == f || fractionEnd >= to || s.charAt(fractionEnd) != ':') {
            return -1;
        }
        int serial = fractionEnd + 1;
        int serialEnd = Scan.digits(s, serial, to, 20);
        if (serialEnd == serial || serialEnd >= to || s.charAt(serialEnd) != ')') {
            return -1;
        }
        int k = serialEnd + 1;
        if (k < to && s.charAt(k) == ' ') {
            k++;
        }
        if (k >= to || s.charAt(k) != ':' || (k + 1 < to && s.charAt(k + 1) != ' ')) {
            return -1;
        }
        long nanos = Scan.number(s, f, fractionEnd);
        for (int d = fractionEnd - f; d < 9; d++) {
            nanos *= 10;
        }
        if (interpreted) {
            int yearEnd = f - 10; // "YYYY hh:mm:ss." before the fraction
            int y = (int) Scan.number(s, i + 6, yearEnd);
            // a date no calendar has (a day-first locale's 25/03/23) leaves the time unread
            ctx.civil(
                    yearEnd - (i + 6) == 2 ? 2000 + y : y,
                    (int) Scan.number(s, i, i + 2),
                    (int) Scan.number(s, i + 3, i + 5),
                    (int) Scan.number(s, f - 9, f - 7),
                    (int) Scan.number(s, f - 6, f - 4),
                    (int) Scan.number(s, f - 3, f - 1),
                    (int) nanos,
                    out);
        } else if (!ctx.epochSeconds(Scan.number(s, i, secondsEnd), nanos, out)) {
            return -1;
        }
        this.serialStart = serial;
        this.serialEnd = serialEnd;
        return k + 1;
    }

    /** What {@link #fields} reads: the record's own fields (its pid, its {@code msg='...'}). */
    private static final int RECORD = 0;

    /** What {@link #fields} reads: the fields inside a user-space record's {@code msg='...'}. */
    private static final int INNER = 1;

    /** What {@link #fields} reads: the enriched format's interpreted fields, after the separator. */
    private static final int ENRICHED = 2;

    /** What an enriched field's key gets before it: its name is the raw field's in capitals. */
    static final String ENRICHED_PREFIX = "enriched_";

    /**
     * The interpreted fields auditd's enriched format writes, their pair keys made once: {@code
     * AUID="root"} is the pair {@code enriched_AUID}, so that it does not meet the raw {@code auid}
     * where labels are compared without case.
     */
    private static final String[] ENRICHED_NAMES = {
        "AUID", "UID", "GID", "EUID", "SUID", "FSUID", "EGID", "SGID", "FSGID", "OUID", "OGID", "ARCH", "SYSCALL"
    };

    private static final String[] ENRICHED_KEYS = new String[ENRICHED_NAMES.length];

    static {
        for (int k = 0; k < ENRICHED_NAMES.length; k++) {
            ENRICHED_KEYS[k] = ENRICHED_PREFIX + ENRICHED_NAMES[k];
        }
    }

    private static String enrichedKey(CharSequence s, int from, int to) {
        for (int k = 0; k < ENRICHED_NAMES.length; k++) {
            if (Scan.regionEquals(s, from, to, ENRICHED_NAMES[k])) {
                return ENRICHED_KEYS[k];
            }
        }
        return ENRICHED_PREFIX + s.subSequence(from, to);
    }

    /**
     * Adds the {@code key=value} fields of {@code s[from, to)} as pairs, skipping the words that are
     * none; {@code part}: {@link #RECORD}, {@link #INNER} or {@link #ENRICHED}. False when a quote did
     * not close: the rest is cut.
     */
    private static boolean fields(CharSequence s, int from, int to, int part, ParsedLine out) {
        boolean record = part == RECORD;
        int i = from;
        while (true) {
            while (i < to && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (i >= to) {
                return true;
            }
            int keyStart = i;
            char c = s.charAt(i);
            while (c != ' ' && c != '\t' && c != '=') {
                if (++i == to) {
                    return true;
                }
                c = s.charAt(i);
            }
            if (c != '=' || i == keyStart) {
                // A word that is no field ("avc:", "denied", "user"), or a lone '='.
                i = Scan.token(s, i, to);
                continue;
            }
            int keyEnd = i;
            int v = i + 1;
            if (v < to && s.charAt(v) == '"') {
                int close = Scan.indexOf(s, '"', v + 1, to);
                pair(s, keyStart, keyEnd, v + 1, close < 0 ? to : close, part, out);
                if (close < 0) {
                    return false;
                }
                i = close + 1;
                continue;
            }
            if (record && v < to && s.charAt(v) == '\'' && Scan.regionEquals(s, keyStart, keyEnd, "msg")) {
                int close = singleQuoteEnd(s, v + 1, to);
                fields(s, v + 1, close, INNER, out);
                if (close == to) {
                    return false;
                }
                i = close + 1;
                continue;
            }
            int e = Scan.token(s, v, to);
            int open = e < to ? Scan.indexOf(s, '(', v, e) : -1;
            if (open >= 0) {
                // ausearch -i's interpreted values: "exit=EACCES(Permission denied)" runs past the blank
                int close = LayoutScan.close(s, open, Math.min(to, e + MAX_INTERPRETED), '(', ')');
                if (close > e && (close + 1 == to || s.charAt(close + 1) == ' ' || s.charAt(close + 1) == '\t')) {
                    e = close + 1;
                }
            }
            pair(s, keyStart, keyEnd, v, e, part, out);
            if (record && out.start(ParsedLine.Field.PID) < 0 && Scan.regionEquals(s, keyStart, keyEnd, "pid")) {
                if (e > v && Scan.digits(s, v, e, 10) == e) {
                    out.set(ParsedLine.Field.PID, v, e);
                }
            }
            i = e;
        }
    }

    /** How far an interpreted value's parenthesis is looked for after a blank: errno texts are shorter. */
    private static final int MAX_INTERPRETED = 64;

    private static void pair(CharSequence s, int keyStart, int keyEnd, int from, int to, int part, ParsedLine out) {
        if (part == ENRICHED) {
            out.pair(enrichedKey(s, keyStart, keyEnd), from, to, false);
        } else {
            out.pair(keyStart, keyEnd, from, to, false);
        }
    }

    /**
     * The quote that closes a user-space record's {@code msg='...'} opened before {@code i}: the
     * first single quote followed by a blank or the end; {@code to} when none does.
     */
    private static int singleQuoteEnd(CharSequence s, int i, int to) {
        for (int k = i; k < to; k++) {
            if (s.charAt(k) == '\'' && (k + 1 == to || s.charAt(k + 1) == ' ' || s.charAt(k + 1) == '\t')) {
                return k;
            }
        }
        return to;
    }
}
