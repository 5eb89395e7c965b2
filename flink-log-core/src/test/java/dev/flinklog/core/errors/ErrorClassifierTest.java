package dev.flinklog.core.errors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class ErrorClassifierTest {

    private static String classify(String s) {
        ErrorClass c = ErrorClassifier.classify(s);
        return c == null ? null : c.label();
    }

    static Stream<Arguments> positives() {
        return Stream.of(
                // oom
                arguments("oom", "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"),
                arguments("oom", "Last State: Terminated, Reason: OOMKilled, Exit Code: 137"),
                arguments("oom", "fatal error: runtime: out of memory"),
                arguments("oom", "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"),
                arguments("oom", "fork: Cannot allocate memory"),
                arguments("oom", "Traceback (most recent call last):\n  File \"x.py\", line 3\nMemoryError"),
                arguments("oom", "Memory cgroup out of memory: Killed process 1234 (java)"),
                arguments("oom", "terminate called after throwing an instance of 'std::bad_alloc'"),
                // disk_full
                arguments("disk_full", "java.io.IOException: No space left on device"),
                arguments("disk_full", "Error: ENOSPC: no space left on device, write"),
                arguments("disk_full", "write /var/lib/data/x: disk quota exceeded"),
                arguments(
                        "disk_full",
                        "PANIC:  could not write to file \"pg_wal/xlogtemp.123\": No space left on device"),
                arguments("disk_full", "sqlite3.OperationalError: database or disk is full"),
                // connection_refused
                arguments("connection_refused", "java.net.ConnectException: Connection refused"),
                arguments("connection_refused", "dial tcp 10.0.0.5:5432: connect: connection refused"),
                arguments("connection_refused", "Error: connect ECONNREFUSED 127.0.0.1:6379"),
                arguments("connection_refused", "psql: error: could not connect to server: Connection refused"),
                arguments(
                        "connection_refused", "curl: (7) Failed to connect to localhost port 8080: Connection refused"),
                arguments(
                        "connection_refused",
                        "connect() failed (111: Connection refused) while connecting to upstream"),
                arguments("connection_refused", "ConnectionRefusedError: [Errno 111] Connection refused"),
                arguments(
                        "connection_refused",
                        "org.postgresql.util.PSQLException: Connection to db:5432 refused. Check that the hostname and port are correct"),
                arguments(
                        "connection_refused",
                        "No connection could be made because the target machine actively refused it"),
                arguments(
                        "connection_refused",
                        "upstream: \"http://10.0.0.1:8080/x\" 502 Bad Gateway connection refused"),
                // connection_reset
                arguments("connection_reset", "read tcp 10.0.0.2:44312->10.0.0.3:443: read: connection reset by peer"),
                arguments("connection_reset", "java.net.SocketException: Connection reset"),
                arguments("connection_reset", "Error: read ECONNRESET"),
                arguments("connection_reset", "java.io.IOException: Broken pipe"),
                arguments("connection_reset", "Error: socket hang up"),
                arguments("connection_reset", "server closed the connection unexpectedly"),
                arguments("connection_reset", "upstream prematurely closed connection while reading response header"),
                // dns
                arguments("dns", "dial tcp: lookup db.internal on 10.96.0.10:53: no such host"),
                arguments("dns", "java.net.UnknownHostException: kafka-0.kafka"),
                arguments("dns", "Error: getaddrinfo ENOTFOUND api.example.com"),
                arguments("dns", "getaddrinfo EAI_AGAIN redis"),
                arguments("dns", "socket.gaierror: [Errno -2] Name or service not known"),
                arguments("dns", "curl: (6) Could not resolve host: example.invalid"),
                arguments(
                        "dns", "could not translate host name \"db\" to address: Temporary failure in name resolution"),
                arguments("dns", "status: NXDOMAIN"),
                // tls
                arguments("tls", "x509: certificate signed by unknown authority"),
                arguments("tls", "javax.net.ssl.SSLHandshakeException: PKIX path building failed: sun.security"),
                arguments("tls", "remote error: tls: bad certificate"),
                arguments(
                        "tls",
                        "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local issuer"),
                arguments("tls", "Error: unable to verify the first certificate"),
                arguments("tls", "http: TLS handshake error from 10.0.0.1:5555: EOF"),
                arguments(
                        "tls",
                        "sun.security.validator.ValidatorException: java.security.cert.CertPathValidatorException"),
                // timeout
                arguments("timeout", "java.net.SocketTimeoutException: Read timed out"),
                arguments("timeout", "rpc error: code = DeadlineExceeded desc = context deadline exceeded"),
                arguments("timeout", "dial tcp 10.0.0.1:443: i/o timeout"),
                arguments(
                        "timeout",
                        "Get \"http://x/\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)"),
                arguments("timeout", "upstream timed out (110: Connection timed out) while reading response header"),
                arguments("timeout", "Error: connect ETIMEDOUT 10.0.0.1:443"),
                arguments("timeout", "HikariPool-1 - Connection is not available, request timed out after 30000ms."),
                arguments("timeout", "ERROR: canceling statement due to statement timeout"),
                arguments("timeout", "status=DEADLINE_EXCEEDED"),
                arguments("timeout", "java.util.concurrent.TimeoutException"),
                arguments("timeout", "Retrying Kafka commit, attempt 4 of 5: timeout while waiting for coordinator"),
                arguments("timeout", "HTTP/1.1 504 Gateway Timeout"),
                arguments(
                        "timeout",
                        "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /x HTTP/1.1\" 504 0 \"-\" \"curl/8.5.0\""),
                arguments("timeout", "net/http: TLS handshake timeout"),
                // auth
                arguments("auth", "FATAL: password authentication failed for user \"app\""),
                arguments("auth", "HTTP 401 Unauthorized"),
                arguments("auth", "status=401"),
                arguments(
                        "auth", "org.springframework.security.authentication.BadCredentialsException: Bad credentials"),
                arguments("auth", "Access denied for user 'root'@'localhost' (using password: YES)"),
                arguments("auth", "NOAUTH Authentication required."),
                arguments("auth", "rpc error: code = Unauthenticated desc = invalid token"),
                arguments("auth", "JsonWebTokenError: jwt expired"),
                arguments("auth", "ACCESS_REFUSED - Login was refused using authentication mechanism PLAIN"),
                // permission
                arguments("permission", "open /etc/shadow: permission denied"),
                arguments("permission", "Error: EACCES: permission denied, open '/data/x'"),
                arguments("permission", "java.nio.file.AccessDeniedException: /var/log/app.log"),
                arguments("permission", "pods is forbidden: User \"system:serviceaccount:x\" cannot list resource"),
                arguments("permission", "HTTP/1.1 403 Forbidden"),
                arguments("permission", "ERROR:  permission denied for table orders"),
                arguments("permission", "PermissionError: [Errno 13] Permission denied: '/x'"),
                arguments("permission", "java.io.FileNotFoundException: /x/y (Permission denied)"),
                arguments("permission", "User: arn:aws:iam::1:user/x is not authorized to perform: s3:GetObject"),
                // not_found
                arguments("not_found", "open /etc/app/config.yaml: no such file or directory"),
                arguments("not_found", "Error: ENOENT: no such file or directory, open 'x.json'"),
                arguments("not_found", "java.io.FileNotFoundException: /x/y"),
                arguments("not_found", "FileNotFoundError: [Errno 2] No such file or directory: 'x'"),
                arguments("not_found", "ERROR:  relation \"orders\" does not exist"),
                arguments(
                        "not_found",
                        "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /favicon.ico HTTP/1.1\" 404 153 \"-\" \"Mozilla/5.0\""),
                arguments("not_found", "{\"status\":404,\"path\":\"/api/v1/users/7\"}"),
                // http_5xx
                arguments(
                        "http_5xx",
                        "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"POST /api/v1/orders HTTP/1.1\" 503 0 \"-\" \"curl/8.5.0\""),
                arguments("http_5xx", "request failed status=500 path=/api/v1/orders"),
                arguments("http_5xx", "unexpected status code 502 from payment-gateway"),
                arguments("http_5xx", "HTTP 502 from upstream"),
                arguments("http_5xx", "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url"),
                arguments("http_5xx", "upstream responded 503 Service Unavailable"),
                arguments("http_5xx", "{\"statusCode\": 500}"),
                arguments("http_5xx", "HTTP/2 500"),
                // http_4xx
                arguments("http_4xx", "\"GET /api/v1/cart HTTP/1.1\" 429 17"),
                arguments("http_4xx", "status: 400 Bad Request"),
                arguments("http_4xx", "response code 422"),
                arguments("http_4xx", "Too Many Requests, retry later"),
                // exception
                arguments("exception", "java.lang.NullPointerException: Cannot invoke \"String.length()\""),
                arguments("exception", "Exception in thread \"main\" java.lang.IllegalStateException"),
                arguments(
                        "exception",
                        "Traceback (most recent call last):\n  File \"app.py\", line 1, in <module>\nKeyError: 'x'"),
                arguments("exception", "ValueError: invalid literal for int() with base 10: 'a'"),
                arguments("exception", "panic: runtime error: invalid memory address or nil pointer dereference"),
                arguments("exception", "Uncaught TypeError: Cannot read properties of undefined"),
                arguments("exception", "Caused by: org.postgresql.util.PSQLException: boom"),
                arguments("exception", "Segmentation fault (core dumped)"));
    }

    @ParameterizedTest
    @MethodSource("positives")
    void classifiesCues(String expected, String message) {
        assertThat(classify(message)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "processed 12 records, 0 errors",
                "error_count=0 warnings=3",
                "config loaded: timeout=30s retries=3",
                "request timeout set to 30s",
                "ERROR failed to process batch 7",
                "GET /api/v1/errors/report returned 200",
                "fetched 404 items in 503 ms",
                "order 404 shipped to 500 Main Street",
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET / HTTP/1.1\" 200 612 \"-\" \"curl/8.5.0\"",
                "\"GET /x HTTP/1.1\" 301 0",
                "status=200 duration=12ms",
                "status=ok code=503",
                "see https://example.com/404 for details",
                "HTTP_STATUS_CODES loaded",
                "http://svc:8080/status/503 probe",
                "exceptions=0",
                "Terror alert drill",
                "disk usage 91% on /var",
                "connections refused_total=0",
                "statusbar 404",
                "status 4040",
            })
    void noClassWithoutACue(String message) {
        assertThat(classify(message)).isNull();
    }

    @Test
    void nullHasNoClass() {
        assertThat(ErrorClassifier.classify(null)).isNull();
    }

    @Test
    void caseAndTabsDoNotMatter() {
        assertThat(classify("CONNECTION REFUSED")).isEqualTo("connection_refused");
        assertThat(classify("connection\trefused")).isEqualTo("connection_refused");
        assertThat(classify("Status=503")).isEqualTo("http_5xx");
    }

    @Test
    void precedenceIsTheEnumOrder() {
        // A cause beats the generic exception that carries it.
        assertThat(classify("java.net.ConnectException: Connection refused")).isEqualTo("connection_refused");
        // A cause beats the status the gateway reports for it, whatever comes first in the line.
        assertThat(classify("\"GET /x HTTP/1.1\" 502 0 upstream: connection reset by peer"))
                .isEqualTo("connection_reset");
        assertThat(classify("connection reset by peer; returning HTTP 502")).isEqualTo("connection_reset");
        // 504 is a timeout, not a 5xx.
        assertThat(classify("HTTP 504")).isEqualTo("timeout");
        // DNS before timeout, timeout before status.
        assertThat(classify("lookup db: no such host after i/o timeout")).isEqualTo("dns");
        assertThat(classify("status=500 after request timed out")).isEqualTo("timeout");
        // Memory beats everything.
        assertThat(classify("Connection refused ... java.lang.OutOfMemoryError"))
                .isEqualTo("oom");
        // Mysql's "access denied for user" is authentication, a bare "access denied" is permission.
        assertThat(classify("Access denied for user 'x'")).isEqualTo("auth");
        assertThat(classify("Access denied")).isEqualTo("permission");
        // A status code beats a generic exception.
        assertThat(classify("HttpServerErrorException: status code 503")).isEqualTo("http_5xx");
    }

    @Test
    void wordBoundariesAreRequired() {
        assertThat(classify("xconnection refused")).isNull();
        assertThat(classify("connection refusedx")).isNull();
        assertThat(classify("ENOENTS")).isNull();
        assertThat(classify("MyTimeoutException")).isEqualTo("timeout");
        assertThat(classify("NotFoundException")).isEqualTo("exception");
    }

    @Test
    void cueTableIsCompiledSmall() {
        assertThat(ErrorClassifier.cueTexts()).hasSize(ErrorCues.CUES.size());
        assertThat(ErrorClassifier.stateCount()).isLessThan(4000);
    }
}
