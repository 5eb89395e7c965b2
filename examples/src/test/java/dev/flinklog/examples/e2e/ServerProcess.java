package dev.flinklog.examples.e2e;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One server of the end-to-end tests: a separate process (almost always a JVM) whose output goes to
 * a log file kept under target/ for post-mortems.
 *
 * <p>Every process started here is registered until it is seen dead, and a JVM shutdown hook
 * SIGKILLs whatever is still registered, so that a failed or interrupted test run leaves no
 * server behind; tests assert {@link #alive()} empty in their teardown. A server that a whole test
 * class shares (Trino) is marked {@link #shared()}: the per-test checks leave it alone, the class
 * closes it, and the shutdown hook still kills it.
 *
 * <p>A process can be started again with the same command line, environment and log
 * ({@link #startAgain()}): a server restarted on its own port and data, as an operator restarts
 * one.
 */
public final class ServerProcess implements AutoCloseable {

    private static final List<ServerProcess> STARTED = new CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> STARTED.forEach(ServerProcess::kill), "kill-test-servers"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private final List<String> command;
    private final Map<String, String> env;
    private volatile boolean shared;

    private ServerProcess(String name, Process process, Path log, List<String> command, Map<String, String> env) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
    }

    /** Starts {@code command} with these extra environment variables, output appended to {@code log}. */
    public static ServerProcess start(String name, List<String> command, Map<String, String> env, Path log) {
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(
                    log,
                    "# " + String.join(" ", command) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().putAll(env);
            ServerProcess p = new ServerProcess(name, pb.start(), log, command, env);
            STARTED.add(p);
            System.out.println("started " + p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /**
     * The same command, environment and log as this (stopped) process: the server comes back on
     * its ports and data. Fails if this one still runs.
     */
    public ServerProcess startAgain() {
        if (process.isAlive()) {
            throw new IllegalStateException(name + " is still running");
        }
        ServerProcess again = start(name, command, env, log);
        again.shared = shared;
        return again;
    }

    /** Marks this process as shared by the tests of a class: {@link #alive()} and {@link #killAll()} skip it. */
    public ServerProcess shared() {
        shared = true;
        return this;
    }

    /** The java launcher of the JVM running the tests (the servers need Java 17 like the build). */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A java command line: heap, class path from a file of ':'-separated jars or a glob, main class. */
    public static List<String> javaCommand(
            String java, String heap, String classPath, List<String> jvmArgs, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Xmx" + heap);
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Runs this process to its end (for one-shot tools); fails with its log if it exits non-zero. */
    public void awaitSuccess(Duration timeout) {
        int exit = awaitExit(timeout);
        if (exit != 0) {
            throw new AssertionError(name + " exited with " + exit + "\n" + tail());
        }
    }

    /** Waits for the process to end by itself and returns its exit status (kills it after the timeout). */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill();
                throw new AssertionError(name + " did not finish within " + timeout + "\n" + tail());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new AssertionError(e);
        }
        STARTED.remove(this);
        return process.exitValue();
    }

    /** Polls {@code ready} until it holds; fails with the log's tail when the process dies or time runs out. */
    public void awaitReady(Duration timeout, BooleanSupplier ready) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean ok;
            try {
                ok = ready.getAsBoolean();
            } catch (RuntimeException e) {
                ok = false; // not listening yet
            }
            if (ok) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError(name + " died (exit " + process.exitValue() + ")\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(name + " not ready within " + timeout + "\n" + tail());
            }
            sleep(200);
        }
    }

    /** Whether the log file contains this text. */
    public boolean logContains(String text) {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** The last lines of the log, for failure messages. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return "---- last lines of " + log + "\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log " + log + ")";
        }
    }

    /** SIGKILL, as a crashed machine or the OOM killer would end it: no shutdown hooks, no clean-up. */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        reap(Duration.ofSeconds(30));
    }

    /** SIGTERM, then SIGKILL if it is still there after 15 s. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            STARTED.remove(this);
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
        reap(Duration.ofSeconds(30));
    }

    private void reap(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                STARTED.remove(this);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The processes started by this JVM that are still running, shared ones aside (none after a test). */
    public static List<String> alive() {
        List<String> alive = new ArrayList<>();
        for (ServerProcess p : STARTED) {
            if (p.process.isAlive() && !p.shared) {
                alive.add(p.name + " (pid " + p.pid() + ")");
            }
        }
        return alive;
    }

    /** Kills every process still registered but the shared ones (the tests' last line of defence in teardown). */
    public static void killAll() {
        STARTED.stream().filter(p -> !p.shared).forEach(ServerProcess::kill);
    }

    /** Sends a signal (INT, TERM, ...) to the process, e.g. PostgreSQL's fast shutdown (SIGINT). */
    public void signal(String signal) {
        try {
            new ProcessBuilder("kill", "-" + signal, Long.toString(pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits up to {@code timeout} for the process to end by itself; SIGKILL after that. */
    public void awaitGone(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
        reap(Duration.ofSeconds(30));
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + ", log " + log + ")";
    }
}
