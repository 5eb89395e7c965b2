package dev.flinklog.core.errors;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.flinklog.core.errors.ErrorClass.AUTH;
import static dev.flinklog.core.errors.ErrorClass.CONNECTION_REFUSED;
import static dev.flinklog.core.errors.ErrorClass.CONNECTION_RESET;
import static dev.flinklog.core.errors.ErrorClass.DISK_FULL;
import static dev.flinklog.core.errors.ErrorClass.DNS;
import static dev.flinklog.core.errors.ErrorClass.EXCEPTION;
import static dev.flinklog.core.errors.ErrorClass.HTTP_4XX;
import static dev.flinklog.core.errors.ErrorClass.HTTP_5XX;
import static dev.flinklog.core.errors.ErrorClass.NOT_FOUND;
import static dev.flinklog.core.errors.ErrorClass.OOM;
import static dev.flinklog.core.errors.ErrorClass.PERMISSION;
import static dev.flinklog.core.errors.ErrorClass.TIMEOUT;
import static dev.flinklog.core.errors.ErrorClass.TLS;

/**
 * The one table of error cues: which phrase in a log line points to which {@link ErrorClass}, and
 * which HTTP status codes mean which class. {@link ErrorClassifier} compiles it once; the docs
 * section {@code LOG_ERROR_CLASS} shows it and a unit test keeps the two equal.
 *
 * <p>Cues are matched case-insensitively, on word boundaries (letters, digits and {@code _} are word
 * characters), with spaces matched literally. A bare {@code timeout} or {@code error} is deliberately
 * not a cue: configuration lines ({@code timeout=30s}) and counters ({@code 0 errors}) are full of
 * them.
 */
public final class ErrorCues {

    private ErrorCues() {}

    /** How a cue must sit in the text. */
    public enum Kind {
        /** A whole word or phrase: word boundaries on both sides. */
        WORD,
        /**
         * The end of an identifier: no boundary needed on the left, so {@code TimeoutException} also
         * matches {@code java.net.SocketTimeoutException}.
         */
        TAIL,
        /**
         * Only as the upper-case tail of a longer identifier ({@code ValueError}, {@code TypeError}),
         * never on its own, so the level word {@code ERROR} is not a cue.
         */
        CAMEL_TAIL,
        /** An HTTP status code follows; its class comes from {@link #STATUS_CLASSES}. */
        STATUS
    }

    /** One row of the table. {@code errorClass} is null for {@link Kind#STATUS} cues. */
    public record Cue(String text, ErrorClass errorClass, Kind kind) {}

    /** Every cue. The order does not matter: precedence comes from {@link ErrorClass}'s order. */
    public static final List<Cue> CUES = List.of(
            // oom
            word("OutOfMemoryError", OOM),
            word("OOMKilled", OOM),
            word("out of memory", OOM),
            word("Cannot allocate memory", OOM),
            word("ENOMEM", OOM),
            word("oom-kill", OOM),
            word("oom-killer", OOM),
            word("MemoryError", OOM),
            word("bad_alloc", OOM),
            // disk_full
            word("No space left on device", DISK_FULL),
            word("ENOSPC", DISK_FULL),
            word("disk quota exceeded", DISK_FULL),
            word("EDQUOT", DISK_FULL),
            word("disk full", DISK_FULL),
            word("disk is full", DISK_FULL),
            word("not enough space on the disk", DISK_FULL),
            // connection_refused
            word("connection refused", CONNECTION_REFUSED),
            word("ECONNREFUSED", CONNECTION_REFUSED),
            word("ConnectionRefusedError", CONNECTION_REFUSED),
            word("actively refused", CONNECTION_REFUSED),
            word("refused. Check that the hostname", CONNECTION_REFUSED),
            // connection_reset
            word("connection reset", CONNECTION_RESET),
            word("reset by peer", CONNECTION_RESET),
            word("ECONNRESET", CONNECTION_RESET),
            word("ConnectionResetError", CONNECTION_RESET),
            word("broken pipe", CONNECTION_RESET),
            word("EPIPE", CONNECTION_RESET),
            word("socket hang up", CONNECTION_RESET),
            word("forcibly closed", CONNECTION_RESET),
            word("prematurely closed", CONNECTION_RESET),
            word("server closed the connection unexpectedly", CONNECTION_RESET),
            // dns
            word("no such host", DNS),
            word("UnknownHostException", DNS),
            word("unknown host", DNS),
            word("NXDOMAIN", DNS),
            word("ENOTFOUND", DNS),
            word("EAI_AGAIN", DNS),
            word("Name or service not known", DNS),
            word("Temporary failure in name resolution", DNS),
            word("Name does not resolve", DNS),
            word("nodename nor servname provided", DNS),
            word("could not resolve host", DNS),
            word("could not translate host name", DNS),
            word("server misbehaving", DNS),
            word("gaierror", DNS),
            // tls
            word("x509", TLS),
            word("tls:", TLS),
            word("SSLHandshakeException", TLS),
            word("SSLException", TLS),
            word("SSLError", TLS),
            word("SSL routines", TLS),
            word("PKIX path building failed", TLS),
            tail("CertPathValidatorException", TLS),
            tail("CertificateException", TLS),
            word("CertificateExpiredException", TLS),
            word("certificate verify failed", TLS),
            word("CERTIFICATE_VERIFY_FAILED", TLS),
            word("certificate has expired", TLS),
            word("CERT_HAS_EXPIRED", TLS),
            word("self signed certificate", TLS),
            word("self-signed certificate", TLS),
            word("unable to verify the first certificate", TLS),
            word("bad certificate", TLS),
            word("handshake failure", TLS),
            word("TLS handshake error", TLS),
            word("wrong version number", TLS),
            // timeout
            word("timed out", TIMEOUT),
            word("timeout exceeded", TIMEOUT),
            word("timeout expired", TIMEOUT),
            word("timeout waiting", TIMEOUT),
            word("timeout while", TIMEOUT),
            word("i/o timeout", TIMEOUT),
            word("gateway timeout", TIMEOUT),
            word("statement timeout", TIMEOUT),
            word("handshake timeout", TIMEOUT),
            word("deadline exceeded", TIMEOUT),
            word("DEADLINE_EXCEEDED", TIMEOUT),
            tail("TimeoutException", TIMEOUT),
            tail("TimeoutError", TIMEOUT),
            word("ETIMEDOUT", TIMEOUT),
            word("ESOCKETTIMEDOUT", TIMEOUT),
            // auth
            word("Unauthorized", AUTH),
            word("unauthenticated", AUTH),
            word("not authenticated", AUTH),
            word("authentication failed", AUTH),
            word("authentication required", AUTH),
            tail("AuthenticationException", AUTH),
            word("invalid credentials", AUTH),
            word("bad credentials", AUTH),
            word("invalid password", AUTH),
            word("incorrect password", AUTH),
            word("invalid token", AUTH),
            word("token expired", AUTH),
            word("token is expired", AUTH),
            word("jwt expired", AUTH),
            word("invalid api key", AUTH),
            word("access denied for user", AUTH),
            word("login failed", AUTH),
            word("NOAUTH", AUTH),
            word("ACCESS_REFUSED", AUTH),
            // permission
            word("Forbidden", PERMISSION),
            word("permission denied", PERMISSION),
            word("PERMISSION_DENIED", PERMISSION),
            word("PermissionError", PERMISSION),
            word("EACCES", PERMISSION),
            word("EPERM", PERMISSION),
            word("Operation not permitted", PERMISSION),
            tail("AccessDeniedException", PERMISSION),
            word("AccessDenied", PERMISSION),
            word("access denied", PERMISSION),
            word("access is denied", PERMISSION),
            word("not authorized", PERMISSION),
            word("insufficient permissions", PERMISSION),
            word("insufficient privileges", PERMISSION),
            // not_found
            word("not found", NOT_FOUND),
            word("NOT_FOUND", NOT_FOUND),
            word("No such file or directory", NOT_FOUND),
            word("ENOENT", NOT_FOUND),
            word("FileNotFoundException", NOT_FOUND),
            word("FileNotFoundError", NOT_FOUND),
            word("NoSuchFileException", NOT_FOUND),
            word("NoSuchKey", NOT_FOUND),
            word("NoSuchBucket", NOT_FOUND),
            word("does not exist", NOT_FOUND),
            // http_5xx
            word("Internal Server Error", HTTP_5XX),
            word("Bad Gateway", HTTP_5XX),
            word("Service Unavailable", HTTP_5XX),
            // http_4xx
            word("Bad Request", HTTP_4XX),
            word("Too Many Requests", HTTP_4XX),
            word("Method Not Allowed", HTTP_4XX),
            word("Unprocessable Entity", HTTP_4XX),
            word("Payload Too Large", HTTP_4XX),
            // exception
            tail("Exception", EXCEPTION),
            camelTail("Error", EXCEPTION),
            word("Traceback (most recent call last)", EXCEPTION),
            word("Caused by:", EXCEPTION),
            word("panic:", EXCEPTION),
            word("uncaught", EXCEPTION),
            word("unhandled", EXCEPTION),
            word("stack trace", EXCEPTION),
            word("stacktrace", EXCEPTION),
            word("segmentation fault", EXCEPTION),
            word("SIGSEGV", EXCEPTION),
            // an HTTP status code follows
            status("HTTP"),
            status("status"),
            status("status code"),
            status("status_code"),
            status("statusCode"),
            status("http_status"),
            status("response code"));

    /**
     * HTTP status codes whose meaning is a more specific class than {@link ErrorClass#HTTP_4XX} or
     * {@link ErrorClass#HTTP_5XX}. A 504 is a timeout: for an error breakdown "the upstream was too
     * slow" is the actionable part, the gateway only reports it. Other 400-499 are http_4xx, other
     * 500-599 http_5xx, anything else is no error.
     */
    public static final Map<Integer, ErrorClass> STATUS_CLASSES = statusClasses();

    private static Map<Integer, ErrorClass> statusClasses() {
        Map<Integer, ErrorClass> m = new LinkedHashMap<>();
        m.put(401, AUTH);
        m.put(407, AUTH);
        m.put(403, PERMISSION);
        m.put(404, NOT_FOUND);
        m.put(410, NOT_FOUND);
        m.put(408, TIMEOUT);
        m.put(504, TIMEOUT);
        return Collections.unmodifiableMap(m);
    }

    /** The class of an HTTP status code, or null when it is not an error status. */
    public static ErrorClass classOfStatus(int code) {
        ErrorClass specific = STATUS_CLASSES.get(code);
        if (specific != null) {
            return specific;
        }
        if (code >= 400 && code <= 499) {
            return HTTP_4XX;
        }
        if (code >= 500 && code <= 599) {
            return HTTP_5XX;
        }
        return null;
    }

    private static Cue word(String text, ErrorClass c) {
        return new Cue(text, c, Kind.WORD);
    }

    private static Cue tail(String text, ErrorClass c) {
        return new Cue(text, c, Kind.TAIL);
    }

    private static Cue camelTail(String text, ErrorClass c) {
        return new Cue(text, c, Kind.CAMEL_TAIL);
    }

    private static Cue status(String text) {
        return new Cue(text, null, Kind.STATUS);
    }
}
