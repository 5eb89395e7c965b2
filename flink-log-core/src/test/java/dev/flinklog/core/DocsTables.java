package dev.flinklog.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads the sections and tables of docs/functions.md that the docs tests compare with the code. */
public final class DocsTables {

    private DocsTables() {}

    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    public static String section(String name) throws IOException {
        String md = Files.readString(Path.of("..", "docs", "functions.md"));
        int start = md.indexOf("<!-- section: " + name + " -->");
        assertThat(start).as("section " + name).isNotNegative();
        int end = md.indexOf("<!--", start + 10);
        return md.substring(start, end);
    }

    /** The rows of the markdown table whose header row starts with {@code firstHeader}. */
    public static List<String[]> table(String section, String firstHeader) {
        List<String[]> rows = new ArrayList<>();
        boolean in = false;
        for (String line : section.split("\n")) {
            if (!line.startsWith("|")) {
                in = false;
                continue;
            }
            String[] cells = line.substring(1, line.length() - (line.endsWith("|") ? 1 : 0))
                    .split("\\|", -1);
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i].trim();
            }
            if (cells[0].equals(firstHeader)) {
                in = true;
            } else if (in && !cells[0].startsWith("---")) {
                rows.add(cells);
            }
        }
        assertThat(rows).as("table " + firstHeader).isNotEmpty();
        return rows;
    }

    public static List<String> codes(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = CODE.matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
