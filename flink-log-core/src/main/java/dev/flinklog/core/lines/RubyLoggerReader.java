package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

/**
 * {@link LineShape#RUBY}: Ruby's standard {@code Logger} with its default formatter, which Rails
 * production logs, Sidekiq and most Ruby programs write: {@code I, [2024-01-09T10:11:12.123456
 * #1234]  INFO -- progname: message} (ruby/logger {@code Logger::Formatter}: {@code "%s, [%s #%d]
 * %5s -- %s: %s\n"}, the severity's first letter, the time {@code %Y-%m-%dT%H:%M:%S.%6N} in local
 * time, the process id, the severity right-justified in five characters, the program name, maybe
 * empty). Older Rubies wrote no space before {@code #} and a space after the time; both are read.
 *
 * <p>Level: the severity word ({@code ANY}, Ruby's {@code UNKNOWN}, has none). PID: the process
 * id. SERVICE: the program name when there is one. MESSAGE: after {@code ": "}.
 */
final class RubyLoggerReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.RUBY;
    }

    @Override
    public boolean mayStartWith(char c) {
        // the severity's letter: DEBUG INFO WARN ERROR FATAL ANY
        return c == 'D' || c == 'I' || c == 'W' || c == 'E' || c == 'F' || c == 'A';
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return run == 1 && next == ',';
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        if (!Scan.startsWith(s, from + 1, to, ", [")) {
            return false;
        }
        int ts = from + 4;
        int te = LayoutScan.isoDateTime(s, ts, to, false);
        if (te < 0) {
            return false;
        }
        int hash = te < to && s.charAt(te) == ' ' ? te + 1 : te;
        if (hash >= to || s.charAt(hash) != '#') {
            return false;
        }
        int pidEnd = Scan.digits(s, hash + 1, to, 10);
        if (pidEnd == hash + 1 || !Scan.startsWith(s, pidEnd, to, "] ")) {
            return false;
        }
        int w = Scan.spaces(s, pidEnd + 1, to);
        int we = LayoutScan.upper(s, w, to);
        if (we == w || we - w > 5 || s.charAt(w) != s.charAt(from) || !Scan.startsWith(s, we, to, " -- ")) {
            return false;
        }
        // The program name runs to the first ": " (a Rails tag or a message may hold more).
        int p = we + 4;
        int colon = p;
        while (colon < to && !(s.charAt(colon) == ':' && (colon + 1 == to || s.charAt(colon + 1) == ' '))) {
            colon++;
        }
        if (colon >= to || !ctx.time(s, ts, te, out)) {
            return false;
        }
        LogLevel level = LineLevels.word(s, w, we);
        if (level != null) {
            out.level(level);
        }
        out.set(Field.PID, hash + 1, pidEnd);
        if (colon > p) {
            out.set(Field.SERVICE, p, colon);
        }
        out.set(Field.MESSAGE, Math.min(colon + 2, to), to);
        return true;
    }
}
