package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.time.TimestampParser;

/**
 * BSD syslog (RFC 3164) as daemons send it and as files on disk hold it: {@code [<PRI>]TIMESTAMP SP
 * [HOSTNAME SP] [TAG] MSG}, also behind RFC 6587 octet counting.
 *
 * <ul>
 *   <li>TIMESTAMP is {@code Mmm dd hh:mm:ss} (day space-padded {@code Feb  5}, unpadded {@code Jun 8}
 *       or zero-padded {@code Jul 08} as journalctl prints it; month in English, in any case:
 *       journalctl prints {@code jan} in some locales, some devices {@code AUG}) with an optional fraction ({@code
 *       short-precise}), placed in the year before the reference; or a full RFC 3339 time as rsyslog's
 *       high-precision templates and {@code journalctl -o short-iso} write it. A year (19xx or 20xx)
 *       written before the time (Cisco's {@code Mar  7 2008 19:06:53}) or after it ({@code AUG 10
 *       22:18:24 2009}) is used, and a colon may end the time. A zone name with a colon after the time
 *       (Cisco IOS's {@code 18:46:11.123 UTC:}) is applied when it has one offset (the names a
 *       timestamp's text may carry, {@link TimestampParser#zoneNameOffset}); an abbreviation of
 *       several ({@code IST:}) leaves the time unread rather than read in the default zone.
 *   <li>Cisco IOS's sequence number ({@code host 82: …}, or {@code <189>82: } before a time) is the
 *       pair {@code sequence}, not a TAG; its {@code *} (clock not synchronised) or {@code .} (not
 *       authoritative) right before the time is skipped, also at the start of a line.
 *   <li>TAG is {@code prog[pid]:}, {@code prog:} or {@code prog[pid]}: SERVICE is {@code prog}, PID the
 *       text in brackets as written (Heroku's {@code heroku[router]} has {@code router}). A first word
 *       after the time that is a TAG means there is no HOSTNAME; a word that is not a TAG is the
 *       HOSTNAME, and then a second word is read as TAG. A word without a colon or brackets is never a
 *       TAG: in {@code 10.0.0.99 Use the BFG!} (RFC 3164 §5.4) it is text.
 *   <li>Without a PRI, a line with an RFC 3339 time needs a TAG: a time and two words is also what
 *       CRI, MySQL and {@code kubectl logs --timestamps} write.
 *   <li>With a PRI but no valid TIMESTAMP after it, the rest is the message (RFC 3164 §4.3.3): no
 *       time, host or program, the PRI's level and facility.
 * </ul>
 *
 * <p>Level: the severity of the PRI; none without it (the message says it, if anything). MSG →
 * MESSAGE, with the spaces after the TAG skipped and trailing spaces kept. Pairs: {@code facility}
 * (by name) when there is a PRI; RFC 5424 SD-PARAMs by name when the message starts with
 * structured data (rsyslog's {@code [origin software="rsyslogd" …]}), each element with at least one
 * parameter, so that a bracketed word ({@code [INFO]}) stays text.
 */
final class Syslog3164Reader extends LineParser.ShapeReader {

    /**
     * A valid PRI followed by no valid TIMESTAMP (Cisco IOS's {@code Jul 14 2023 08:23:43.398 IST:},
     * a bare {@code <13>hello}): RFC 3164 §4.3.3 keeps such a packet as syslog, all of it after the
     * PRI being the message, so the PRI's level and facility are not lost.
     */
    private static boolean withoutHeader(CharSequence s, int start, int priEnd, int to, ParsedLine out) {
        out.clearFields(); // a time read before the header failed
        Syslog.priority(s, start, priEnd, out);
        int m = Scan.spaces(s, priEnd, to);
        if (m < to) {
            out.set(ParsedLine.Field.MESSAGE, m, to);
        }
        return true;
    }

    @Override
    public LineShape shape() {
        return LineShape.SYSLOG3164;
    }

    @Override
    public boolean mayStartWith(char c) {
        if (c == '<' || Ascii.isDigit(c) || c == '*' || c == '.') {
            return true;
        }
        // The first letters of the English month abbreviations, in either case.
        switch (Character.toUpperCase(c)) {
            case 'J':
            case 'F':
            case 'M':
            case 'A':
            case 'S':
            case 'O':
            case 'N':
            case 'D':
                return Ascii.isLetter(c);
            default:
                return false;
        }
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        if (Ascii.isDigit(c)) {
            // an octet count and a space; an ISO timestamp with no PRI
            return next == ' ' || (run == 4 && next == '-' && tenth == 'T');
        }
        if (c == '*' || c == '.') {
            // Cisco IOS's mark of an unsynchronised or unauthoritative clock, then the month
            return Ascii.isLetter(next);
        }
        // '<' PRI; a month's three letters and a space
        return c == '<' || (run == 3 && next == ' ');
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        // a host or a tag after a space (neither starts with a bracket)
        return after != '\t' && after != LineHead.END && after != '[';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int start = Syslog.afterOctetCount(s, from, to);
        int priEnd = Syslog.priEnd(s, start, to);
        boolean hasPri = priEnd > 0;
        if (!hasPri && start != from) {
            return false;
        }
        int p = hasPri ? priEnd : start;
        // Cisco IOS after the PRI: its sequence number ("82: "), then its time, unsynchronised
        // ('*') or not authoritative ('.'); kept only when a time follows.
        int seqEnd = hasPri ? sequenceEnd(s, p, to) : -1;
        if (seqEnd > 0) {
            p = Scan.spaces(s, seqEnd + 1, to);
        }
        if (p + 1 < to && (s.charAt(p) == '*' || s.charAt(p) == '.') && Scan.month(s, p + 1, to) > 0) {
            p++;
        }
        boolean iso = false;
        int timeEnd;
        if (Scan.month(s, p, to) > 0) {
            timeEnd = bsdTime(s, p, to, ctx, out);
            if (timeEnd > 0 && timeEnd + 1 < to && s.charAt(timeEnd) == ':' && s.charAt(timeEnd + 1) == ' ') {
                timeEnd++; // Cisco's and some devices' "time: "
            }
        } else if (seqEnd > 0) {
            timeEnd = -1;
        } else {
            timeEnd = Scan.token(s, p, to);
            iso = Syslog5424Reader.isoDateTime(s, p, timeEnd) && ctx.time(s, p, timeEnd, out);
            if (!iso) {
                timeEnd = -1;
            }
        }
        if (timeEnd < 0 || (timeEnd < to && s.charAt(timeEnd) != ' ')) {
            return hasPri && withoutHeader(s, start, priEnd, to, out);
        }
        if (hasPri) {
            Syslog.priority(s, start, priEnd, out);
        }
        if (seqEnd > 0) {
            out.pair("sequence", priEnd, seqEnd, false);
        }
        int w1 = Scan.spaces(s, timeEnd, to);
        if (w1 == to) {
            return hasPri;
        }
        int w1End = Scan.token(s, w1, to);
        if (iso && !hasPri && levelColon(s, w1, w1End)) {
            // "2024-01-15T10:30:45.123Z info: started": a Node.js logger's (winston's) time and
            // level, not a host-less syslog line whose program is called "info"
            return false;
        }
        int msg;
        if (tag(s, w1, w1End, out)) {
            msg = w1End;
        } else if (!hostStart(s.charAt(w1)) && !(w1End == w1 + 1 && s.charAt(w1) == '-')) {
            // syslogd's own "--- last message repeated 2 times ---": no host, no program (a lone
            // "-" is a relay's placeholder for an unknown host)
            if (iso && !hasPri) {
                return false;
            }
            msg = w1;
        } else {
            out.set(ParsedLine.Field.HOST, w1, w1End);
            int w2 = Scan.spaces(s, w1End, to);
            int w2End = Scan.token(s, w2, to);
            if (w2 < to && tag(s, w2, w2End, out)) {
                msg = w2End;
            } else if (iso && !hasPri) {
                return false;
            } else {
                msg = w2;
            }
        }
        msg = Scan.spaces(s, msg, to);
        if (msg < to && s.charAt(msg) == '[') {
            int end = Syslog.structuredData(s, msg, to, true, null);
            if (end > 0 && (end == to || s.charAt(end) == ' ')) {
                Syslog.structuredData(s, msg, to, true, out);
                msg = Scan.spaces(s, end, to);
            }
        }
        out.set(ParsedLine.Field.MESSAGE, msg, to);
        return true;
    }

    /**
     * {@code Mmm dd hh:mm:ss[.fraction]} at {@code p} into {@code out} (year-less): the index after
     * it, or -1.
     */
    private static int bsdTime(CharSequence s, int p, int to, LineContext ctx, ParsedLine out) {
        int month = Scan.month(s, p, to);
        int q = p + 3;
        if (q >= to || s.charAt(q) != ' ') {
            return -1;
        }
        q++;
        if (q < to && s.charAt(q) == ' ') {
            q++;
        }
        int dayEnd = Scan.digits(s, q, to, 2);
        if (dayEnd == q || dayEnd >= to || s.charAt(dayEnd) != ' ') {
            return -1;
        }
        int day = (int) Scan.number(s, q, dayEnd);
        int t = dayEnd + 1;
        // Cisco IOS and some devices write the year before the time: "Mar  7 2008 19:06:53"
        int year = year(s, t, to);
        if (year > 0) {
            if (t + 4 >= to || s.charAt(t + 4) != ' ') {
                return -1;
            }
            t += 5;
        }
        if (!Scan.isDigits(s, t, 2, to)
                || !Scan.isDigits(s, t + 3, 2, to)
                || !Scan.isDigits(s, t + 6, 2, to)
                || s.charAt(t + 2) != ':'
                || s.charAt(t + 5) != ':') {
            return -1;
        }
        int end = t + 8;
        int nanos = 0;
        if (end < to && s.charAt(end) == '.') {
            int f = end + 1;
            int fEnd = Scan.digits(s, f, to, 9);
            if (fEnd == f) {
                return -1;
            }
            nanos = (int) Scan.number(s, f, fEnd);
            for (int k = fEnd - f; k < 9; k++) {
                nanos *= 10;
            }
            // Digits past nanoseconds are cut.
            end = Scan.digits(s, fEnd, to, to - fEnd);
        }
        int h = (int) Scan.number(s, t, t + 2);
        int m = (int) Scan.number(s, t + 3, t + 5);
        int sec = (int) Scan.number(s, t + 6, t + 8);
        // A leap second (RFC 3164 does not forbid :60) is read as the last instant of the minute.
        if (sec == 60) {
            sec = 59;
            nanos = 999_999_999;
        }
        // or after it ("AUG 10 22:18:24 2009 host"), as a word of its own
        if (year < 0 && end + 5 <= to && s.charAt(end) == ' ') {
            year = year(s, end + 1, to);
            if (year > 0 && (end + 5 == to || s.charAt(end + 5) == ' ')) {
                end += 5;
            } else {
                year = -1;
            }
        }
        // Cisco's "08:23:43.398 UTC:" or "EDT:": the time is in that zone, unless the name has no
        // one offset ("IST:"), and then it is left unread rather than read in the default zone
        int offset = TimestampParser.NO_ZONE;
        int zoneEnd = zoneWordEnd(s, end, to);
        if (zoneEnd > 0) {
            offset = TimestampParser.zoneNameOffset(s, end + 1, zoneEnd);
            if (offset != TimestampParser.NO_ZONE) {
                end = zoneEnd;
            } else if (TimestampParser.zoneNameWithoutOffset(s, end + 1, zoneEnd)) {
                return -1;
            }
        }
        if (year > 0) {
            return ctx.civil(year, month, day, h, m, sec, nanos, offset, out) ? end : -1;
        }
        return ctx.yearless(month, day, h, m, sec, nanos, offset, out) ? end : -1;
    }

    /** A year written in full at {@code i}: 19xx or 20xx followed by no digit; else -1. */
    private static int year(CharSequence s, int i, int to) {
        if (!Scan.isDigits(s, i, 4, to) || (i + 4 < to && Ascii.isDigit(s.charAt(i + 4)))) {
            return -1;
        }
        int y = (int) Scan.number(s, i, i + 4);
        return y >= 1900 && y < 2100 ? y : -1;
    }

    /**
     * Where the colon is when a space, three to five capitals and a colon ({@code " UTC:"}) are at
     * {@code i}, else -1: what a zone word looks like there (most lines have a host instead). Only a
     * word the time rules know as a zone is one, so a program named in capitals ({@code CRON:})
     * stays the TAG.
     */
    private static int zoneWordEnd(CharSequence s, int i, int to) {
        if (i >= to || s.charAt(i) != ' ') {
            return -1;
        }
        int e = LayoutScan.upper(s, i + 1, Math.min(to, i + 6));
        return e - i - 1 >= 3 && e < to && s.charAt(e) == ':' ? e : -1;
    }

    /** The index of the colon after a Cisco IOS sequence number at {@code i} ({@code "82: "}), or -1. */
    private static int sequenceEnd(CharSequence s, int i, int to) {
        int d = Scan.digits(s, i, to, 10);
        return d > i && d + 1 < to && s.charAt(d) == ':' && s.charAt(d + 1) == ' ' ? d : -1;
    }

    /** Whether {@code s[from, to)} is a level word of four letters or more and a colon. */
    private static boolean levelColon(CharSequence s, int from, int to) {
        if (to - from < 5 || s.charAt(to - 1) != ':') {
            return false;
        }
        for (int i = from; i < to - 1; i++) {
            if (!Ascii.isLetter(s.charAt(i))) {
                return false;
            }
        }
        return LineLevels.word(s, from, to - 1) != null;
    }

    /** A host name, an IPv4 or an IPv6 address starts so. */
    private static boolean hostStart(char c) {
        return Ascii.isLetterOrDigit(c) || c == ':' || c > 127;
    }

    /**
     * Whether {@code s[from, to)} (a word) is a TAG; then it sets SERVICE and PID. {@code prog:},
     * {@code prog[pid]:}, {@code prog[pid]}; {@code prog} is all before the first {@code [}.
     */
    private static boolean tag(CharSequence s, int from, int to, ParsedLine out) {
        if (to - from < 2 || s.charAt(from) == '[') {
            // no program name starts with a bracket: a layout's "[thread]" or "[INFO]" is text
            return false;
        }
        boolean colon = s.charAt(to - 1) == ':';
        int body = colon ? to - 1 : to;
        if (colon && Scan.digits(s, from, body, 10) == body) {
            // Cisco IOS's sequence number ("RouterName 82: …"), not a program
            out.pair("sequence", from, body, false);
            return true;
        }
        if (body > from && s.charAt(body - 1) == ']') {
            int open = Scan.indexOf(s, '[', from, body - 1);
            if (open <= from || open + 1 == body - 1) {
                return false;
            }
            out.set(ParsedLine.Field.SERVICE, from, open);
            out.set(ParsedLine.Field.PID, open + 1, body - 1);
            return true;
        }
        if (!colon) {
            return false;
        }
        out.set(ParsedLine.Field.SERVICE, from, body);
        return true;
    }
}
