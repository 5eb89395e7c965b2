package dev.flinklog.examples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one of the shipped shell scripts (sql-client.sh, quickstart.sh) the way a user does, in its
 * own process, and keeps its exit status and its combined stdout/stderr.
 *
 * <p>The environment says FLINK_LOG_NO_BUILD=1: under {@code mvn verify} the reactor has just
 * packaged flink-sql-log and this module's sql-client-lib, so the scripts must use those and never
 * start a nested Maven build. Run folders go under target/it-runs so that a failed test leaves the
 * client's output and Flink's log behind for inspection.
 */
final class ScriptRun {

    /** The examples folder (set by failsafe; falls back to the working directory, the module). */
    static final Path EXAMPLES = Path.of(System.getProperty("flinklog.examples.dir", "."))
            .toAbsolutePath()
            .normalize();

    private static final Path RUN_ROOT = Path.of(System.getProperty(
            "flinklog.it.runs", EXAMPLES.resolve("target/it-runs").toString()));

    /** Longer than any healthy run; a hung client is the script's job to kill (SQL_CLIENT_TIMEOUT). */
    private static final long WAIT_MINUTES = 8;

    final int exitCode;
    final String output;

    private ScriptRun(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
    }

    /** Runs examples/{@code script} with these arguments and extra environment variables. */
    static ScriptRun run(String script, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add("bash");
        command.add(EXAMPLES.resolve(script).toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("FLINK_LOG_NO_BUILD", "1");
        pb.environment().put("FLINK_LOG_RUN_ROOT", RUN_ROOT.toString());
        pb.environment().put("SQL_CLIENT_TIMEOUT", "300");
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Thread pump = new Thread(() -> copy(p.getInputStream(), out), "script-output");
            pump.start();
            if (!p.waitFor(WAIT_MINUTES, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError(script + " did not finish within " + WAIT_MINUTES + " min");
            }
            pump.join();
            String text = out.toString(StandardCharsets.UTF_8);
            // Shown in the failsafe report, so a failed assertion comes with what the user would see.
            System.out.println("---- " + String.join(" ", command) + " -> exit " + p.exitValue());
            System.out.println(text);
            return new ScriptRun(p.exitValue(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a SQL file into {@code dir}. */
    static Path sqlFile(Path dir, String name, String... lines) {
        try {
            return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A regex matching one row of a tableau result whose cells are exactly these values (cells are
     * padded with spaces; the client right-aligns them).
     */
    static Pattern row(String... cells) {
        StringBuilder re = new StringBuilder("(?m)^\\|");
        for (String cell : cells) {
            re.append(" +").append(Pattern.quote(cell)).append(" +\\|");
        }
        return Pattern.compile(re.append("$").toString());
    }

    /** Whether the output holds a tableau row with exactly these cells. */
    boolean hasRow(String... cells) {
        return row(cells).matcher(output).find();
    }

    /** All rows (lists of trimmed cells) of the tableau tables whose header row has these columns. */
    List<List<String>> table(String... header) {
        Matcher m = row(header).matcher(output);
        List<List<String>> rows = new ArrayList<>();
        if (!m.find()) {
            return rows;
        }
        String[] lines = output.substring(m.end()).split("\n");
        // lines[0] is the rest of the header line, then a +---+ border, then rows up to a border.
        for (int i = 2; i < lines.length && lines[i].startsWith("|"); i++) {
            List<String> cells = new ArrayList<>();
            for (String c : lines[i].substring(1).split("\\|", -1)) {
                cells.add(c.trim());
            }
            cells.remove(cells.size() - 1);
            rows.add(cells);
        }
        return rows;
    }
}
