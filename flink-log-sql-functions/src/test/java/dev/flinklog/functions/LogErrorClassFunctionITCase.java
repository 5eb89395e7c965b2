package dev.flinklog.functions;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code LOG_ERROR_CLASS} through SQL, one job for many messages. */
class LogErrorClassFunctionITCase extends SqlFunctionTestBase {

    @Test
    void classifiesMessagesInSql() {
        String sql = "SELECT id, LOG_ERROR_CLASS(msg) FROM (VALUES "
                + "(1, 'java.net.ConnectException: Connection refused'),"
                + "(2, 'read tcp 10.0.0.2:443: read: connection reset by peer'),"
                + "(3, 'context deadline exceeded'),"
                + "(4, 'dial tcp: lookup db on 10.96.0.10:53: no such host'),"
                + "(5, 'x509: certificate signed by unknown authority'),"
                + "(6, 'FATAL: password authentication failed for user ''app'''),"
                + "(7, 'open /data: permission denied'),"
                + "(8, 'open config.yaml: no such file or directory'),"
                + "(9, 'java.lang.OutOfMemoryError: Java heap space'),"
                + "(10, 'write /var/x: No space left on device'),"
                + "(11, '10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /x HTTP/1.1\" 503 0 \"-\" \"curl\"'),"
                + "(12, 'status=429 path=/api'),"
                + "(13, 'java.lang.IllegalStateException: boom'),"
                + "(14, 'HTTP/1.1 504 Gateway Timeout'),"
                + "(15, 'processed 404 records, 0 errors, timeout=30s'),"
                + "(16, ''),"
                + "(17, CAST(NULL AS STRING))"
                + ") AS t(id, msg) ORDER BY id";
        assertThat(query(sql).stream().map(r -> r.getField(1)))
                .containsExactlyElementsOf(Arrays.asList(
                        "connection_refused",
                        "connection_reset",
                        "timeout",
                        "dns",
                        "tls",
                        "auth",
                        "permission",
                        "not_found",
                        "oom",
                        "disk_full",
                        "http_5xx",
                        "http_4xx",
                        "exception",
                        "timeout",
                        null,
                        null,
                        null));
    }

    @Test
    void groupsAnErrorBreakdown() {
        String sql = "SELECT LOG_ERROR_CLASS(msg) AS cls, COUNT(*) FROM (VALUES "
                + "('Connection refused'), ('ECONNREFUSED 127.0.0.1:6379'), ('i/o timeout'),"
                + "('all good')) AS t(msg) GROUP BY LOG_ERROR_CLASS(msg) ORDER BY cls NULLS LAST";
        assertThat(query(sql).stream().map(r -> r.getField(0) + "=" + r.getField(1)))
                .containsExactly("connection_refused=2", "timeout=1", "null=1");
    }
}
