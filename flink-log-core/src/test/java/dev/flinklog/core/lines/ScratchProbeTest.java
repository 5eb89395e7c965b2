package dev.flinklog.core.lines;

import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.nio.file.*;
import java.time.Instant;

class ScratchProbeTest {
    @Test
    void probe() throws Exception {
        LineParser parser = LineParser.all(TimestampParser.UTC);
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/tmp/wt3p/in.txt"))) {
            if (line.isBlank()) continue;
            ParsedLine out = new ParsedLine();
            LineShape shape =
                    parser.parse(line, Instant.parse("2026-12-02T12:00:00Z").toEpochMilli(), out);
            sb.append(line).append("\n  shape=").append(shape.sqlName());
            if (out.hasTime())
                sb.append(" time=").append(out.time().toInstant()).append(out.yearInferred() ? " (yi)" : "");
            if (out.level() != null) sb.append(" level=").append(out.level().sqlName());
            for (ParsedLine.Field f : ParsedLine.Field.values()) {
                String t = out.text(f);
                if (t != null)
                    sb.append("\n  ").append(f).append("=[").append(t).append("]");
            }
            for (int i = 0; i < out.pairCount(); i++)
                sb.append("\n  pair ")
                        .append(out.key(i))
                        .append("=[")
                        .append(out.value(i))
                        .append("]");
            sb.append("\n");
        }
        Files.writeString(Path.of("/tmp/wt3p/out.txt"), sb.toString());
    }
}
