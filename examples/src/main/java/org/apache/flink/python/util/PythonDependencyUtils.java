package org.apache.flink.python.util;

import org.apache.commons.cli.CommandLine;
import org.apache.flink.configuration.Configuration;

/**
 * Replaces the class of this name from flink-python, for the SQL client of the examples only.
 *
 * <p>Why it exists: Flink's SQL client (2.1) always looks this class up by reflection while it
 * parses its command line, to turn the {@code -py*} options into configuration, even when no Python
 * option is given. Without it the client stops at start-up with "Failed to parse the Python command
 * line options" (ClassNotFoundException). The real class ships in flink-python, a 42 MB jar with a
 * Python runtime's worth of dependencies that SQL-only use never touches. We support no Python
 * options, so the honest answer for any command line is "no Python configuration": an empty one.
 *
 * <p>It lives in the examples module jar, which sits on the SQL client's class path only. Never put
 * it next to a real flink-python jar.
 */
public final class PythonDependencyUtils {

    private PythonDependencyUtils() {}

    /** Same signature as flink-python's method that the SQL client calls reflectively. */
    public static Configuration parsePythonDependencyConfiguration(CommandLine commandLine) {
        return new Configuration();
    }
}
