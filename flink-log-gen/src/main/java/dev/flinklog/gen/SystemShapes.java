package dev.flinklog.gen;

/** Host-level producers: journald's JSON export, rsyslog's JSON template, and a log file's text lines. */
final class SystemShapes {

    private SystemShapes() {}

    /**
     * The syslog severity of a level: syslog has no trace (debug, 7, stands in) and crit (2) is the
     * format's fatal. {@link #severityLevel} is what the format reads back.
     */
    static int severity(Level level) {
        return switch (level) {
            case TRACE, DEBUG -> 7;
            case INFO -> 6;
            case WARN -> 4;
            case ERROR -> 3;
            case FATAL -> 2;
        };
    }

    /** The level the format reads from {@link #severity(Level)}: trace becomes debug. */
    static Level severityLevel(Level level) {
        return level == Level.TRACE ? Level.DEBUG : level;
    }

    static GeneratedLog journald(Event e) {
        int priority = severity(e.level);
        Level expected = severityLevel(e.level);
        String payload = Json.object()
                .str(
                        "__CURSOR",
                        "s=" + Messages.hex(new StringBuilder(), e.random, 32) + ";i="
                                + Long.toHexString(e.sequence + 1))
                .str("__REALTIME_TIMESTAMP", Long.toString(e.micros))
                .str("__MONOTONIC_TIMESTAMP", Long.toString(e.random.nextLong(1_000_000L, 9_000_000_000L)))
                .str("PRIORITY", Integer.toString(priority))
                .str("_HOSTNAME", e.host())
                .str("SYSLOG_IDENTIFIER", e.service)
                .str("MESSAGE", e.message)
                .str("_PID", Integer.toString(e.pid()))
                .str("_TRANSPORT", "journal")
                .str("LOG_ID", e.id)
                .close();
        return e.out(Producer.JOURNALD, payload, expected, e.micros);
    }

    static GeneratedLog syslogJson(Event e) {
        String severity = switch (e.level) {
            case TRACE, DEBUG -> "debug";
            case INFO -> "info";
            case WARN -> "warning";
            case ERROR -> "err";
            case FATAL -> "crit";
        };
        Level expected = severityLevel(e.level);
        String payload = Json.object()
                // rsyslog's date-rfc3339: microseconds and the host's offset
                .str("ts", Times.iso(e.micros, e.offsetSeconds, 6, 'T', '.', 'O'))
                .str("src_host", e.host())
                .str("program", e.service)
                .str("facility", "daemon")
                .str("severity", severity)
                .str("message", e.message)
                .str("log_id", e.id)
                .close();
        return e.out(Producer.SYSLOG_JSON, payload, expected, e.micros);
    }

    /**
     * A line of a log4j-style text file ({@code 2026-09-16 03:34:56,789 ERROR [svc] message
     * log_id=...}), or one fifth of the time without the timestamp ({@code [svc] ERROR message
     * log_id=...}), so that some rows have no event time at all.
     *
     * <p>The format reads a stamped line as Python's {@code asctime LEVEL message} layout, or, when
     * the message starts with a name and a colon (an exception class, {@code x509:}, {@code pq:}),
     * as Hadoop's log4j layout {@code DATE LEVEL [thread] logger: message}, the bracket as the
     * thread and that name as the logger; either way with the level and the millisecond time. The
     * templates fix the first word of each message, so the shape is known per template. An
     * unstamped line has no shape: plain text, with {@code parse-error}.
     */
    static GeneratedLog text(Event e) {
        String word = e.level.name();
        boolean stamped = e.random.nextInt(5) != 0;
        StringBuilder b = new StringBuilder(e.message.length() + 64);
        if (stamped) {
            b.append(Times.iso(e.micros, 0, 3, ' ', ',', 'N')).append(' ').append(word);
            if (word.length() == 4) {
                b.append(' ');
            }
            b.append(" [").append(e.service).append("] ");
        } else {
            b.append('[').append(e.service).append("] ").append(word).append(' ');
        }
        b.append(e.message).append(" log_id=").append(e.id);
        String shape = !stamped ? Shapes.PLAIN : loggerFirst(e.message) ? Shapes.JAVA : Shapes.PYTHON;
        return e.out(
                Producer.TEXT,
                b.toString(),
                e.level,
                stamped ? Times.truncate(e.micros, 1000) : null,
                1,
                null,
                shape,
                null);
    }

    /**
     * Whether {@code message} starts as a log4j logger does after a {@code [thread]}: a name (ASCII
     * letter first, then letters, digits, {@code . _ $ -}) followed by a colon or by {@code " - "}.
     */
    static boolean loggerFirst(String message) {
        if (message.isEmpty() || !isAsciiLetter(message.charAt(0))) {
            return false;
        }
        int i = 1;
        while (i < message.length() && isNameChar(message.charAt(i))) {
            i++;
        }
        return message.startsWith(":", i) || message.startsWith(" - ", i);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isNameChar(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '$' || c == '-';
    }
}
