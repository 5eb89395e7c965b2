package dev.flinklog.functions;

import dev.flinklog.core.template.Fingerprint;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code LOG_FINGERPRINT} through SQL after {@code LOAD MODULE logs}, as a user calls it. */
class LogFingerprintFunctionITCase extends SqlFunctionTestBase {

    @Test
    void fingerprintsOfAValuesTable() {
        List<Row> rows = query("SELECT id, LOG_FINGERPRINT(msg) FROM (VALUES "
                + "(1, 'Connection from 10.0.0.1:8080 closed after 41ms'), "
                + "(2, 'Connection from 192.168.7.9:443 closed after 3s'), "
                + "(3, 'error'), "
                + "(4, CAST(NULL AS STRING)), "
                + "(5, '')"
                + ") AS t(id, msg) ORDER BY id");
        assertThat(rows)
                .extracting(r -> r.getField(1))
                .containsExactly(
                        "9c5c09d7888c9a67",
                        "9c5c09d7888c9a67",
                        "9f7452dd75d54d31",
                        null,
                        Fingerprint.toHex(Fingerprint.ofTemplate("")));
    }

    @Test
    void fingerprintOfTheTemplateIsTheFingerprint() {
        List<Object> equal = column("SELECT LOG_FINGERPRINT(msg) = LOG_FINGERPRINT(LOG_TEMPLATE(msg)) FROM (VALUES "
                + "('Connection from 10.0.0.1:8080 closed after 41ms'), "
                + "('User alice logged in from 192.168.1.20'), "
                + "('Sent 1024 bytes (1 KB) to peer, lifetime 3 sec'), "
                + "('Job 7 [stage 3] failed: {reason=oom, attempt=2}'), "
                + "('connection from mail.example.com () at Fri Jun 17 20:14:55 2005'), "
                + "('caf\u00e9 \u65e5\u672c 12')"
                + ") AS t(msg)");
        assertThat(equal).containsExactly(true, true, true, true, true, true);
    }

    @Test
    void groupsMessagesByStatement() {
        List<Row> rows = query("SELECT LOG_TEMPLATE(msg), COUNT(*) FROM (VALUES "
                + "('Connection from 10.0.0.1 closed after 41ms'), "
                + "('Connection from 10.0.0.2 closed after 7ms'), "
                + "('Connection from 10.0.0.3 closed after 1 s'), "
                + "('Disk /dev/sda1 is 93% full'), "
                + "('Disk /dev/sdb2 is 40% full')"
                + ") AS t(msg) GROUP BY LOG_FINGERPRINT(msg), LOG_TEMPLATE(msg) ORDER BY 2 DESC");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).getField(0)).isEqualTo("Connection from <*> closed after <*>");
        assertThat(rows.get(0).getField(1)).isEqualTo(3L);
        assertThat(rows.get(1).getField(1)).isEqualTo(2L);
    }
}
