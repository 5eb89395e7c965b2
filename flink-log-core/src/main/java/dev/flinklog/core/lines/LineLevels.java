package dev.flinklog.core.lines;

import dev.flinklog.core.level.LevelFieldParser;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;

/**
 * How a line's own level cue becomes one of the six levels, through the project's one level table
 * ({@link LevelFieldParser}, {@link LevelScale}): shape readers call these, never a table of their
 * own.
 */
final class LineLevels {

    private LineLevels() {}

    /** A syslog severity (PRI % 8): 0-2 fatal, 3 error, 4 warn, 5-6 info, 7 debug. */
    static LogLevel syslog(int severity) {
        return LevelScale.SYSLOG.level(severity);
    }

    /** An access log's status class: 5xx error, 4xx warn, any other status info. */
    static LogLevel httpStatus(int status) {
        if (status >= 500 && status <= 599) {
            return LogLevel.ERROR;
        }
        if (status >= 400 && status <= 499) {
            return LogLevel.WARN;
        }
        return status >= 100 ? LogLevel.INFO : null;
    }

    /** A level word or letter as a layout prints it ({@code WARN}, {@code warning}, {@code E}, {@code crit}), or null. */
    static LogLevel word(CharSequence s, int from, int to) {
        return LevelFieldParser.parse(s, from, to, LevelScale.AUTO);
    }
}
