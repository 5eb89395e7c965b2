package dev.flinklog.gen;

/** Host-level producers: journald's JSON export, rsyslog's JSON template, and plain text lines. */
final class SystemShapes {

    private SystemShapes() {}

    static GeneratedLog journald(Event e) {
        // syslog severities: journald has no trace, and crit (2) is the format's fatal
        int priority = switch (e.level) {
            case TRACE, DEBUG -> 7;
            case INFO -> 6;
            case WARN -> 4;
            case ERROR -> 3;
            case FATAL -> 2;
        };
        Level expected = e.level == Level.TRACE ? Level.DEBUG : e.level;
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
                .str("_PID", Integer.toString(300 + e.hostIndex * 17))
                .str("_TRANSPORT", "journal")
                .str("LOG_ID", e.id)
                .close();
        return e.out(Producer.JOURNALD, payload, expected, e.micros, 1);
    }

    static GeneratedLog syslogJson(Event e) {
        String severity = switch (e.level) {
            case TRACE, DEBUG -> "debug";
            case INFO -> "info";
            case WARN -> "warning";
            case ERROR -> "err";
            case FATAL -> "crit";
        };
        Level expected = e.level == Level.TRACE ? Level.DEBUG : e.level;
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
        return e.out(Producer.SYSLOG_JSON, payload, expected, e.micros, 1);
    }

    /**
     * A line of a log4j-style text file ({@code 2026-09-16 03:34:56,789 ERROR [svc] message
     * log_id=...}), or one fifth of the time without the timestamp ({@code [svc] ERROR message log_id=...}),
     * so that some rows have no event time at all.
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
        return e.out(Producer.TEXT, b.toString(), e.level, stamped ? Times.truncate(e.micros, 1000) : null, 1);
    }
}
