package dev.flinklog.functions;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code LOG_TEMPLATE} through SQL after {@code LOAD MODULE logs}, as a user calls it. */
class LogTemplateFunctionITCase extends SqlFunctionTestBase {

    @Test
    void templatesOfAValuesTable() {
        List<Row> rows = query("SELECT id, LOG_TEMPLATE(msg) FROM (VALUES "
                + "(1, 'Connection from 10.0.0.1:8080 closed after 41ms'), "
                + "(2, 'User alice logged in from 192.168.1.20'), "
                + "(3, 'retry=3 backoff=exponential status=OK'), "
                + "(4, 'Sent 1024 bytes (1 KB) to peer, lifetime 3 sec'), "
                + "(5, 'Request 3f2a9c1e-7b4d-4e8a-9c1f-0a1b2c3d4e5f took 250 ms'), "
                + "(6, 'error'), "
                + "(7, ''), "
                + "(8, CAST(NULL AS STRING)), "
                + "(9, 'GET https://api.example.org/v1/items?id=42 returned 200'), "
                + "(10, '  spaced   out  ')"
                + ") AS t(id, msg) ORDER BY id");
        assertThat(rows)
                .extracting(r -> r.getField(1))
                .containsExactly(
                        "Connection from <*> closed after <*>",
                        "User <*> logged in from <*>",
                        "retry=<*> backoff=<*> status=<*>",
                        "Sent <*> to peer, lifetime <*>",
                        "Request <*> took <*>",
                        "error",
                        "",
                        null,
                        "GET <*> returned <*>",
                        "spaced out");
    }

    @Test
    void templatingATemplateChangesNothing() {
        List<Object> same = column("SELECT LOG_TEMPLATE(LOG_TEMPLATE(msg)) = LOG_TEMPLATE(msg) FROM (VALUES "
                + "('Connection from 10.0.0.1:8080 closed after 41ms'), "
                + "('Job 7 [stage 3] failed: {reason=oom, attempt=2}'), "
                + "('at Cart.add(Cart.java:117)'), "
                + "('Invalid user  from 203.0.113.9')"
                + ") AS t(msg)");
        assertThat(same).containsExactly(true, true, true, true);
    }
}
