package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * RFC 5424 syslog: {@code <PRI>VERSION SP TIMESTAMP SP HOSTNAME SP APP-NAME SP PROCID SP MSGID SP
 * STRUCTURED-DATA [SP MSG]}, also behind RFC 6587 octet counting ({@code 215 <86>1 …}) and without
 * the PRI ({@code 1 2015-08-05T21:58:59.693Z …}, as OpenTelemetry's {@code allow_skip_pri_header}
 * reads it; then the timestamp must be present).
 *
 * <p>Fields: HOSTNAME → HOST, APP-NAME → SERVICE, PROCID → PID (NILVALUE {@code -} is absent), the
 * severity of the PRI → level (no PRI, no level), MSG → MESSAGE (the spaces after STRUCTURED-DATA
 * and a byte-order mark skipped; trailing spaces kept). Pairs: {@code facility} (the PRI's facility
 * by name: kern, user, mail … local7), {@code msgid}, then every SD-PARAM in order, keyed by its
 * name, value unescaped ({@code \"}, {@code \\}, {@code \]}).
 *
 * <p>A STRUCTURED-DATA field that is neither {@code -} nor valid SD-ELEMENTs followed by a space or
 * the end is taken as the start of MSG: a sender that left the NILVALUE out, or wrote brackets in
 * its text, still has its header read.
 */
final class Syslog5424Reader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.SYSLOG5424;
    }

    @Override
    public boolean mayStartWith(char c) {
        // '<' PRI; a digit: an octet count, or VERSION when the PRI is missing.
        return c == '<' || Ascii.isDigit(c);
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        // digits: an octet count or VERSION, both followed by a space
        return c == '<' || next == ' ';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int start = Syslog.afterOctetCount(s, from, to);
        int priEnd = Syslog.priEnd(s, start, to);
        boolean hasPri = priEnd > 0;
        int p = hasPri ? priEnd : start;
        if (!hasPri && start != from) {
            return false;
        }
        // VERSION: NONZERO-DIGIT 0*2DIGIT, then SP.
        if (p >= to || s.charAt(p) < '1' || s.charAt(p) > '9') {
            return false;
        }
        int v = Scan.digits(s, p, to, 3);
        if (v >= to || s.charAt(v) != ' ') {
            return false;
        }
        p = v + 1;
        int timeEnd = Scan.token(s, p, to);
        if (isNil(s, p, timeEnd)) {
            if (!hasPri) {
                return false;
            }
        } else if (!isoDateTime(s, p, timeEnd) || !ctx.time(s, p, timeEnd, out)) {
            return false;
        }
        int hostEnd = field(s, timeEnd, to);
        int appEnd = field(s, hostEnd, to);
        int procEnd = field(s, appEnd, to);
        int msgIdEnd = field(s, procEnd, to);
        if (msgIdEnd < 0) {
            return false;
        }
        if (hasPri) {
            Syslog.priority(s, start, priEnd, out);
        }
        out.set(ParsedLine.Field.HOST, timeEnd + 1, hostEnd);
        out.set(ParsedLine.Field.SERVICE, hostEnd + 1, appEnd);
        out.set(ParsedLine.Field.PID, appEnd + 1, procEnd);
        out.pair("msgid", procEnd + 1, msgIdEnd, false);
        if (msgIdEnd == to) {
            return true;
        }
        if (s.charAt(msgIdEnd) != ' ') {
            return false;
        }
        int sd = msgIdEnd + 1;
        int msg = sd;
        int sdEnd = Scan.token(s, sd, to);
        if (isNil(s, sd, sdEnd)) {
            msg = sdEnd;
        } else if (sd < to && s.charAt(sd) == '[') {
            int end = Syslog.structuredData(s, sd, to, false, null);
            if (end > 0 && (end == to || s.charAt(end) == ' ')) {
                Syslog.structuredData(s, sd, to, false, out);
                msg = end;
            }
        }
        msg = Scan.spaces(s, msg, to);
        if (msg < to && s.charAt(msg) == '\uFEFF') {
            msg++;
        }
        out.set(ParsedLine.Field.MESSAGE, msg, to);
        return true;
    }

    /** The end of the header field after the SP at {@code sp}, or -1 when there is no SP or the field is empty. */
    private static int field(CharSequence s, int sp, int to) {
        if (sp < 0 || sp >= to || s.charAt(sp) != ' ') {
            return -1;
        }
        int end = Scan.token(s, sp + 1, to);
        if (end == sp + 1 || (end < to && s.charAt(end) != ' ')) {
            return -1;
        }
        return end;
    }

    private static boolean isNil(CharSequence s, int from, int to) {
        return to == from + 1 && s.charAt(from) == '-';
    }

    /** An RFC 3339 date and time ({@code 2003-10-11T22:14:15.003Z}): the only TIMESTAMP RFC 5424 allows. */
    static boolean isoDateTime(CharSequence s, int from, int to) {
        return to - from >= 19
                && Scan.isDigits(s, from, 4, to)
                && s.charAt(from + 4) == '-'
                && (s.charAt(from + 10) == 'T' || s.charAt(from + 10) == 't');
    }
}
