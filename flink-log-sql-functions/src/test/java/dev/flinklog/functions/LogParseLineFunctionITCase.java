package dev.flinklog.functions;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code LOG_PARSE_LINE} through SQL, on lines of several shapes, as users write it. */
class LogParseLineFunctionITCase extends SqlFunctionTestBase {

    @Test
    void everyShapeGivesItsFields() {
        List<Row> rows = query("SELECT p.shape, p.event_time, p.log_level, p.host_name, p.service_name, p.pid,"
                + " p.message, p.client_ip, p.http_method, p.http_path, p.http_status, p.response_bytes, p.duration_ms,"
                + " p.user_agent, p.labels"
                // a VALUES with an expression (the CAST) is a UNION of one-row inputs, in no fixed
                // order: each row carries its number, and the query sorts by it
                + " FROM (SELECT LOG_PARSE_LINE(line, TO_TIMESTAMP_LTZ(1796212800000, 3)) AS p, n FROM (VALUES"
                + " (0, '<165>1 2003-08-24T05:14:15.000003-07:00 192.0.2.1 myproc 8710 - - %% It''s time to make the"
                + " do-nuts.'),"
                + " (1, '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 503 2326'),"
                + " (2, '<34>Oct 11 22:14:15 mymachine su: ''su root'' failed for lonvick on /dev/pts/8'),"
                + " (3, 'plain free text, no shape'),"
                + " (4, CAST(NULL AS STRING))"
                + ") AS t(n, line)) ORDER BY n");
        assertThat(rows).hasSize(5);
        assertThat(rows.get(0))
                .isEqualTo(Row.of(
                        "syslog5424",
                        Instant.parse("2003-08-24T12:14:15Z"),
                        "info",
                        "192.0.2.1",
                        "myproc",
                        "8710",
                        "%% It's time to make the do-nuts.",
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        Map.of("facility", "local4")));
        assertThat(rows.get(1))
                .isEqualTo(Row.of(
                        "clf",
                        Instant.parse("2000-10-10T20:55:36Z"),
                        "error",
                        null,
                        null,
                        null,
                        "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 503 2326",
                        "127.0.0.1",
                        "GET",
                        "/apache_pb.gif",
                        503,
                        2326L,
                        null,
                        null,
                        Map.of("user", "frank", "http_protocol", "HTTP/1.0")));
        // RFC 3164 writes no year: the one that puts Oct 11 closest before the reference.
        assertThat(rows.get(2).getField(0)).isEqualTo("syslog3164");
        assertThat(rows.get(2).getField(1)).isEqualTo(Instant.parse("2026-10-11T22:14:15Z"));
        assertThat(rows.get(2).getField(2)).as("crit").isEqualTo("fatal");
        assertThat(rows.get(2).getField(4)).isEqualTo("su");
        assertThat(rows.get(3).getField(0)).isEqualTo("plain");
        assertThat(rows.get(3).getField(6)).isEqualTo("plain free text, no shape");
        assertThat(rows.get(3).getField(2)).isEqualTo("info");
        assertThat(rows.get(4)).as("NULL in, NULL out: every field").isEqualTo(Row.of(new Object[15]));
    }

    @Test
    void rubyPhpAndZapLinesAndAnEnvelopesInnerLevel() {
        // A VALUES row with an expression (CHR) makes the planner union the rows, in no set order
        // (it differed between Flink versions): each row carries its number and is put back in order.
        List<Row> numbered = query("SELECT n, p.shape, p.event_time, p.log_level, p.service_name, p.pid, p.message,"
                + " p.labels FROM (SELECT n, LOG_PARSE_LINE(line, TO_TIMESTAMP_LTZ(1796212800000, 3)) AS p FROM (VALUES"
                + " (0, 'E, [2024-01-09T10:11:12.123456 #1234] ERROR -- billing: charge failed'),"
                + " (1, '[2023-03-19T15:57:43.219726+00:00] doctrine.DEBUG: Beginning transaction [] []'),"
                + " (2, '2020-12-01T00:10:14.245Z' || CHR(9) || 'INFO' || CHR(9) || 'setup' || CHR(9) || 'starting'),"
                + " (3, '<30>Oct 11 22:14:15 node kubelet[42]: E1011 22:14:15.000001 42 kubelet.go:1] sync failed')"
                + ") AS t(n, line))");
        assertThat(numbered).hasSize(4);
        Row[] rowsInOrder = new Row[4];
        for (Row r : numbered) {
            Object[] fields = new Object[r.getArity() - 1];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = r.getField(i + 1);
            }
            rowsInOrder[(Integer) r.getField(0)] = Row.of(fields);
        }
        List<Row> rows = List.of(rowsInOrder);
        assertThat(rows.get(0))
                .isEqualTo(Row.of(
                        "ruby",
                        Instant.parse("2024-01-09T10:11:12.123Z"),
                        "error",
                        "billing",
                        "1234",
                        "charge failed",
                        Map.of()));
        assertThat(rows.get(1))
                .isEqualTo(Row.of(
                        "php",
                        Instant.parse("2023-03-19T15:57:43.219Z"),
                        "debug",
                        null,
                        null,
                        "Beginning transaction",
                        Map.of("channel", "doctrine")));
        assertThat(rows.get(2))
                .isEqualTo(Row.of(
                        "zap",
                        Instant.parse("2020-12-01T00:10:14.245Z"),
                        "info",
                        null,
                        null,
                        "starting",
                        Map.of("logger", "setup")));
        // journald sends kubelet's stderr as info (PRI 30): klog's E is the line's level.
        assertThat(rows.get(3).getField(0)).isEqualTo("klog");
        assertThat(rows.get(3).getField(2)).isEqualTo("error");
        assertThat(rows.get(3).getField(3)).isEqualTo("kubelet");
    }

    @Test
    void anAccessLogsClientIsAnAddressOrAHostName() {
        // The readers tried are picked by the line's head: a client that no address or host name
        // could be (a pair, a date) is no access log, whatever follows it.
        String rest = " - - [02/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5";
        List<Row> rows = query("SELECT p.shape, p.client_ip, p.http_status"
                + " FROM (SELECT LOG_PARSE_LINE(line, TO_TIMESTAMP_LTZ(1796212800000, 3)) AS p FROM (VALUES"
                + " ('10.0.0.1" + rest + "'), ('web-1.example.com" + rest + "'),"
                + " ('user=bob" + rest + "'), ('2026-12-02" + rest + "')) AS t(line))");
        assertThat(rows)
                .containsExactly(
                        Row.of("clf", "10.0.0.1", 200),
                        Row.of("clf", null, 200),
                        Row.of("plain", null, null),
                        Row.of("plain", null, null));
    }

    @Test
    void aDefaultZoneReadsZonelessTimes() {
        Row r = query("SELECT LOG_PARSE_LINE('2024-01-02 03:04:05,678 - app - WARNING - disk low',"
                        + " TO_TIMESTAMP_LTZ(1796212800000, 3), 'Asia/Tokyo').event_time")
                .get(0);
        assertThat(r.getField(0)).isEqualTo(Instant.parse("2024-01-01T18:04:05.678Z"));
        assertThat(query("SELECT LOG_PARSE_LINE('x', TO_TIMESTAMP_LTZ(1796212800000, 3), 'No/Zone')")
                        .get(0)
                        .getField(0))
                .isNull();
    }
}
