package dev.flinklog.bench;

import dev.flinklog.bench.paired.PairedJars;
import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.time.TimestampParser;

import java.nio.file.Path;
import java.util.List;

/**
 * {@link LineShapeBenchmark}'s mix (the corpus's lines, cycled) for {@link PairedJars} and {@link
 * LineSpeedRatio}: {@code recognise} reads each line with {@link LineParser} and takes what {@link
 * LineShapeBenchmark#recognise} consumes; {@code regex} does {@link LineShapeBenchmark#regexSameJob}
 * with its default table ({@link LineShapeBenchmark#LAYOUTS}), {@code regex_shapes} with the first one
 * ({@link LineShapeBenchmark#SHAPES}). The data is the corpus directory.
 */
public final class LineWorkload implements PairedJars.Workload {

    private String[] lines;
    private boolean regex;
    private final LineParser parser = LineParser.all(TimestampParser.UTC);
    private final ParsedLine parsed = new ParsedLine();
    private final long reference = LineShapeBenchmark.REFERENCE.toEpochMilli();
    private RegexLineParser sameJob;
    private final RegexLineParser.Result result = new RegexLineParser.Result();

    @Override
    public void setUp(String data, int records, String variant) throws Exception {
        List<String[]> corpus = LineShapeBenchmark.corpus(Path.of(data), "all");
        lines = new String[records];
        for (int i = 0; i < records; i++) {
            lines[i] = corpus.get(i % corpus.size())[0];
        }
        boolean shapes = variant.equals("regex_shapes");
        regex = shapes || variant.equals("regex");
        if (!regex && !variant.isEmpty() && !variant.equals("recognise")) {
            throw new IllegalArgumentException("variant: recognise, regex or regex_shapes, not " + variant);
        }
        sameJob = new RegexLineParser(
                shapes ? LineShapeBenchmark.SHAPES : LineShapeBenchmark.LAYOUTS, LineShapeBenchmark.REFERENCE, !shapes);
    }

    @Override
    public long pass() {
        long sum = 0;
        if (regex) {
            for (String line : lines) {
                sameJob.parse(line, result);
                sum += result.shape.length() + (result.time == null ? 0 : result.time.getEpochSecond());
                sum += length(result.level) + length(result.host) + length(result.app) + length(result.message);
            }
            return sum;
        }
        for (String line : lines) {
            LineShape shape = parser.parse(line, reference, parsed);
            sum += shape.ordinal() + (parsed.hasTime() ? parsed.time().epochSecond() : 0);
            sum += parsed.level() == null ? 0 : parsed.level().ordinal();
            sum += length(parsed.text(ParsedLine.Field.HOST))
                    + length(parsed.text(ParsedLine.Field.SERVICE))
                    + length(parsed.text(ParsedLine.Field.MESSAGE));
        }
        return sum;
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }
}
