package dev.flinklog.functions;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** LOG_TIMESTAMP through SQL, as a user calls it after {@code LOAD MODULE logs}. */
class LogTimestampFunctionITCase extends SqlFunctionTestBase {

    private static Instant at(String iso) {
        return Instant.parse(iso);
    }

    /** Runs {@code select} over one VALUES table of (id, s) rows and returns column 2 by id order. */
    private List<Object> overStrings(String select, String... inputs) {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < inputs.length; i++) {
            if (i > 0) {
                values.append(", ");
            }
            values.append('(').append(i).append(", ");
            values.append(
                    inputs[i] == null
                            ? "CAST(NULL AS STRING)"
                            : "CAST('" + inputs[i].replace("'", "''") + "' AS STRING)");
            values.append(')');
        }
        List<Object> out = new ArrayList<>();
        for (Row r : query("SELECT id, " + select + " FROM (VALUES " + values + ") AS t(id, s) ORDER BY id")) {
            out.add(r.getField(1));
        }
        return out;
    }

    @Test
    void stringsWithoutZoneArgumentAreReadInUtc() {
        List<Object> got = overStrings(
                "LOG_TIMESTAMP(s)",
                "2026-09-16T12:34:56.789Z",
                "2026-09-16T12:34:56.789123456+09:00",
                "20260916T123456Z",
                "2026-09-16 12:34:56,789",
                "Tue, 16 Sep 2026 12:34:56 GMT",
                "[16/Sep/2026:12:34:56 +0000]",
                "2026-09-16 12:34:56.123456789 +0900 JST m=+0.000123",
                "Wed Sep 16 12:34:56 2026",
                "1789561696123",
                "1789561696.123999",
                "  2026-09-16  ",
                "2026-02-30",
                "Sep 16 12:34:56",
                "not a time",
                "",
                null);
        assertThat(got)
                .containsExactly(
                        at("2026-09-16T12:34:56.789Z"),
                        at("2026-09-16T03:34:56.789Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56.789Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T03:34:56.123Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:28:16.123Z"),
                        at("2026-09-16T12:28:16.123Z"),
                        at("2026-09-16T00:00:00Z"),
                        null,
                        null,
                        null,
                        null,
                        null);
    }

    /** What Java, .NET, Go, Python, JavaScript and Rust print by default (docs/functions.md). */
    @Test
    void timeValuesAsRuntimesPrintThem() {
        List<Object> got = overStrings(
                "LOG_TIMESTAMP(s, 'Asia/Tokyo')",
                "2026-09-16T21:34:56.123+09:00[Asia/Tokyo]",
                "2026-09-16T12:34:56.123Z[UTC]",
                "2026-09-16T21:34:56.1230000+09:00",
                "9/16/2026 9:34:56 PM",
                "09/16/2026 21:34:56 +09:00",
                "2026-09-16 21:34:56.123 +0900 JST m=+0.000012345",
                "2026-09-16T18:05:11+05:30:15",
                "Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time)",
                "9/16/2026, 9:34:56 PM",
                "2026-09-16 12:34:56.123 UTC",
                "Wed Sep 16 21:34:56 JST 2026",
                "Wed Sep 16 21:34:56 IST 2026");
        assertThat(got)
                .containsExactly(
                        at("2026-09-16T12:34:56.123Z"),
                        at("2026-09-16T12:34:56.123Z"),
                        at("2026-09-16T12:34:56.123Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56.123Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56Z"),
                        at("2026-09-16T12:34:56.123Z"),
                        at("2026-09-16T12:34:56Z"),
                        // IST is India's, Ireland's and Israel's: not guessed
                        null);
    }

    @Test
    void defaultZoneAppliesOnlyToZonelessText() {
        List<Object> got = overStrings(
                "LOG_TIMESTAMP(s, 'Asia/Tokyo')", "2026-09-16 12:34:56", "2026-09-16T12:34:56Z", "2026-09-16", null);
        assertThat(got)
                .containsExactly(
                        at("2026-09-16T03:34:56Z"), at("2026-09-16T12:34:56Z"), at("2026-09-15T15:00:00Z"), null);

        // zones given as offsets and names, per row (the function keeps the last zone only)
        List<Row> rows = query(
                "SELECT id, LOG_TIMESTAMP('2026-03-08 02:30:00', z) FROM (VALUES "
                        + "(1, CAST('+09:00' AS STRING)), (2, CAST('America/New_York' AS STRING)), (3, CAST('UTC' AS STRING)),"
                        + "(4, CAST('america/new_york' AS STRING)), (5, CAST('Mars/Olympus' AS STRING)),"
                        + "(6, CAST('+19:00' AS STRING)), (7, CAST(NULL AS STRING)), (8, CAST('Z' AS STRING))) AS t(id, z) ORDER BY id");
        assertThat(rows)
                .extracting(r -> r.getField(1))
                .containsExactly(
                        at("2026-03-07T17:30:00Z"),
                        // 02:30 does not exist in New York that night (gap): read with the offset before it (-05:00)
                        at("2026-03-08T07:30:00Z"),
                        at("2026-03-08T02:30:00Z"),
                        at("2026-03-08T07:30:00Z"),
                        null,
                        null,
                        null,
                        at("2026-03-08T02:30:00Z"));
    }

    @Test
    void numericOverloads() {
        List<Row> rows = query("SELECT id, LOG_TIMESTAMP(v) FROM (VALUES "
                + "(1, CAST(1789561696 AS BIGINT)), (2, CAST(1789561696123 AS BIGINT)),"
                + "(3, CAST(1789561696123456 AS BIGINT)), (4, CAST(1789561696123456789 AS BIGINT)),"
                + "(5, CAST(-1 AS BIGINT)), (6, CAST(NULL AS BIGINT))) AS t(id, v) ORDER BY id");
        assertThat(rows)
                .extracting(r -> r.getField(1))
                .containsExactly(
                        at("2026-09-16T12:28:16Z"),
                        at("2026-09-16T12:28:16.123Z"),
                        at("2026-09-16T12:28:16.123Z"),
                        at("2026-09-16T12:28:16.123Z"),
                        at("1969-12-31T23:59:59Z"),
                        null);

        // an INT column is widened to BIGINT
        assertThat(column("SELECT LOG_TIMESTAMP(CAST(86400 AS INT))")).containsExactly(at("1970-01-02T00:00:00Z"));

        List<Row> doubles = query("SELECT id, LOG_TIMESTAMP(v) FROM (VALUES "
                + "(1, CAST(1789561696.123 AS DOUBLE)), (2, CAST(-0.5 AS DOUBLE)), (3, CAST(1e300 AS DOUBLE)),"
                + "(4, CAST(NULL AS DOUBLE))) AS t(id, v) ORDER BY id");
        assertThat(doubles)
                .extracting(r -> r.getField(1))
                .containsExactly(at("2026-09-16T12:28:16.123Z"), at("1969-12-31T23:59:59.500Z"), null, null);
    }

    @Test
    void decimalLiteralsAndColumnsAreExact() {
        // A DECIMAL literal keeps its own precision and scale: nothing is rounded on the way in.
        assertThat(column("SELECT LOG_TIMESTAMP(1789561696.1239)")).containsExactly(at("2026-09-16T12:28:16.123Z"));
        assertThat(column("SELECT LOG_TIMESTAMP(CAST('1789561696.99999999999999999999' AS DECIMAL(38, 20)))"))
                .containsExactly(at("2026-09-16T12:28:16.999Z"));

        List<Row> rows = query(
                "SELECT id, LOG_TIMESTAMP(v) FROM (VALUES "
                        + "(1, CAST(1789561696.123456 AS DECIMAL(20, 6))), (2, CAST(-1.5 AS DECIMAL(20, 6))),"
                        + "(3, CAST(99999999999999 AS DECIMAL(20, 6))), (4, CAST(NULL AS DECIMAL(20, 6)))) AS t(id, v) ORDER BY id");
        assertThat(rows)
                .extracting(r -> r.getField(1))
                .containsExactly(at("2026-09-16T12:28:16.123Z"), at("1969-12-31T23:59:58.500Z"), null, null);
    }

    @Test
    void smallerNumericTypesAndNullArguments() {
        List<Row> rows = query("SELECT LOG_TIMESTAMP(CAST(1.5 AS FLOAT)), LOG_TIMESTAMP(CAST(7 AS TINYINT)),"
                + " LOG_TIMESTAMP(CAST(60 AS SMALLINT)), LOG_TIMESTAMP(NULL),"
                + " LOG_TIMESTAMP(CAST(NULL AS STRING), 'UTC'), LOG_TIMESTAMP('2026-09-16', CAST(NULL AS STRING)),"
                + " LOG_TIMESTAMP('2026-09-16', '')");
        assertThat(rows).hasSize(1);
        Row r = rows.get(0);
        assertThat(Arrays.asList(
                        r.getField(0),
                        r.getField(1),
                        r.getField(2),
                        r.getField(3),
                        r.getField(4),
                        r.getField(5),
                        r.getField(6)))
                .containsExactly(
                        at("1970-01-01T00:00:01.500Z"),
                        at("1970-01-01T00:00:07Z"),
                        at("1970-01-01T00:01:00Z"),
                        null,
                        null,
                        null,
                        null);
    }

    @Test
    void typesOfResult() {
        List<Row> rows = query("SELECT LOG_TIMESTAMP('2026-09-16T12:34:56Z') IS NULL, "
                + "CAST(LOG_TIMESTAMP('2026-09-16T12:34:56.789Z') AS STRING)");
        assertThat(rows).hasSize(1);
        assertThat(Arrays.asList(rows.get(0).getField(0), rows.get(0).getField(1)))
                .containsExactly(false, "2026-09-16 12:34:56.789");
    }
}
