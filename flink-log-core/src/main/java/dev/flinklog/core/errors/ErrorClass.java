package dev.flinklog.core.errors;

/**
 * The error classes of {@code LOG_ERROR_CLASS}, in precedence order: when a message carries cues of
 * several classes, the one declared first wins.
 *
 * <p>The order goes from the most specific cause to the least specific symptom: resource
 * exhaustion and network causes first (they explain everything after them in the same line, e.g. a
 * {@code 502} that says {@code Connection refused}), then access problems, then bare HTTP statuses,
 * and last the generic "an exception happened".
 */
public enum ErrorClass {
    OOM("oom", "The process or container ran out of memory."),
    DISK_FULL("disk_full", "A write failed because a disk or quota is full."),
    CONNECTION_REFUSED("connection_refused", "Nothing accepted the connection: the peer is down or not listening."),
    CONNECTION_RESET(
            "connection_reset",
            "An established connection was dropped by the peer, including a write to a connection the"
                    + " peer already closed (broken pipe)."),
    DNS("dns", "A host name could not be resolved."),
    TLS("tls", "The TLS handshake or certificate validation failed."),
    TIMEOUT("timeout", "An operation took too long: connect, read, request or lock timeouts, deadlines, HTTP 408/504."),
    AUTH("auth", "The caller could not be authenticated (who are you): bad or missing credentials, HTTP 401/407."),
    PERMISSION("permission", "The caller is known but not allowed (what may you do): HTTP 403, file permissions."),
    NOT_FOUND("not_found", "A file, URL, key or object does not exist: HTTP 404/410."),
    HTTP_5XX("http_5xx", "An HTTP 5xx status with no more specific cause in the line: the server failed."),
    HTTP_4XX("http_4xx", "An HTTP 4xx status with no more specific cause in the line: the request was rejected."),
    EXCEPTION("exception", "An exception, panic or stack trace with no more specific cause.");

    private static final ErrorClass[] VALUES = values();

    private final String label;
    private final String meaning;

    ErrorClass(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    /** The SQL value, e.g. {@code connection_refused}. */
    public String label() {
        return label;
    }

    /** One sentence for the docs table. */
    public String meaning() {
        return meaning;
    }

    /** The class with this SQL value, or null. */
    public static ErrorClass fromLabel(String label) {
        for (ErrorClass c : VALUES) {
            if (c.label.equals(label)) {
                return c;
            }
        }
        return null;
    }
}
