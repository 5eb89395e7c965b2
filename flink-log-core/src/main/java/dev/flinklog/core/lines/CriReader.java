package dev.flinklog.core.lines;

import dev.flinklog.core.text.Ascii;

/**
 * The CRI container log line that containerd and CRI-O write and the kubelet reads
 * (kubernetes/design-proposals-archive {@code node/kubelet-cri-logging.md}): {@code <RFC3339Nano>
 * SP (stdout|stderr) SP TAGS SP CONTENT}, TAGS being {@code P} (partial: the runtime split a long
 * line) or {@code F} (full), possibly followed by {@code :}-separated further tags.
 *
 * <p>Fields: the time; MESSAGE is the content exactly as the container wrote it (leading spaces and
 * tabs kept, as a stack-trace line starts with them); no level (the container's line says it, if
 * anything). Pairs: {@code stream} ({@code stdout} or {@code stderr}) and {@code log_tag} (the tags
 * as written, {@code F}, {@code P}, {@code P:TAG1:TAG2}: the name Fluent Bit's {@code cri} parser
 * and OpenTelemetry's container parser give it), so that a reader can join a {@code P} line to what
 * follows on the same stream.
 */
final class CriReader extends LineParser.ShapeReader {

    @Override
    public LineShape shape() {
        return LineShape.CRI;
    }

    @Override
    public boolean mayStartWith(char c) {
        return Ascii.isDigit(c);
    }

    @Override
    boolean mayStartWith(char c, int run, char next, char tenth) {
        return run == 4 && next == '-' && tenth == 'T';
    }

    @Override
    boolean mayFollowTime(char c, char after) {
        return after == 'z'; // "stdout", "stderr"
    }

    @Override
    public boolean read(CharSequence s, int from, int to, LineContext ctx, ParsedLine out) {
        int timeEnd = Scan.token(s, from, to);
        if (timeEnd + 1 >= to || s.charAt(timeEnd) != ' ' || !Syslog5424Reader.isoDateTime(s, from, timeEnd)) {
            return false;
        }
        int stream = timeEnd + 1;
        if (!(Scan.startsWith(s, stream, to, "stdout ") || Scan.startsWith(s, stream, to, "stderr "))) {
            return false;
        }
        int tags = stream + 7;
        int tagsEnd = Scan.token(s, tags, to);
        if (tagsEnd == tags
                || (s.charAt(tags) != 'P' && s.charAt(tags) != 'F')
                || (tagsEnd > tags + 1 && s.charAt(tags + 1) != ':')
                || (tagsEnd < to && s.charAt(tagsEnd) != ' ')) {
            return false;
        }
        if (!ctx.time(s, from, timeEnd, out)) {
            return false;
        }
        out.pair("stream", stream, stream + 6, false);
        out.pair("log_tag", tags, tagsEnd, false);
        if (tagsEnd < to) {
            out.set(ParsedLine.Field.MESSAGE, tagsEnd + 1, to);
        }
        return true;
    }
}
