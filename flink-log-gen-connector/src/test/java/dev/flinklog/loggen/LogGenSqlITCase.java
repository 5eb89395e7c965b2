package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;
import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The connector in SQL, as a user writes it. */
class LogGenSqlITCase {

    private static TableEnvironment env(boolean streaming, int parallelism) {
        TableEnvironment t = TableEnvironment.create(
                streaming ? EnvironmentSettings.inStreamingMode() : EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", String.valueOf(parallelism));
        t.getConfig().set("table.local-time-zone", "UTC");
        return t;
    }

    private static List<Row> collect(TableEnvironment t, String sql) {
        TableResult result = t.executeSql(sql);
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new AssertionError("query failed: " + sql, e);
        }
        return rows;
    }

    /** The first {@code n} rows of an unbounded query; closing the iterator cancels the job. */
    private static List<Row> first(TableEnvironment t, String sql, int n) {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = t.executeSql(sql).collect()) {
            while (rows.size() < n && it.hasNext()) {
                rows.add(it.next());
            }
        } catch (Exception e) {
            throw new AssertionError("query failed: " + sql, e);
        }
        return rows;
    }

    private static final String PAYLOAD_TABLE = """
            CREATE TABLE gen (
              payload STRING,
              id STRING METADATA VIRTUAL,
              seq BIGINT METADATA FROM 'sequence' VIRTUAL
            ) WITH (
              'connector' = 'log-gen',
              'number-of-rows' = '3000',
              'seed' = '7',
              'records-per-span' = '3000',
              'malformed-rate' = '0.05'
            )""";

    private static Map<String, String> payloads(int parallelism, boolean streaming) {
        TableEnvironment t = env(streaming, parallelism);
        t.executeSql(PAYLOAD_TABLE);
        Map<String, String> byId = new HashMap<>();
        for (Row r : collect(t, "SELECT id, payload, seq FROM gen")) {
            String id = (String) r.getField(0);
            assertThat(id).isEqualTo(LogGenerator.id((Long) r.getField(2)));
            assertThat(byId.put(id, (String) r.getField(1)))
                    .as("%s emitted twice", id)
                    .isNull();
        }
        return byId;
    }

    @Test
    void sameRecordsAtParallelismOneAndFourAndAsTheGeneratorWritesThem() {
        Map<String, String> one = payloads(1, true);
        Map<String, String> four = payloads(4, false);
        assertThat(one).hasSize(3000);
        assertThat(four).isEqualTo(one);
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .seed(7)
                .recordsPerSpan(3000)
                .malformedRate(0.05)
                .build());
        for (long s = 0; s < 3000; s++) {
            GeneratedLog g = gen.generate(s);
            assertThat(one.get(g.id())).as(g.id()).isEqualTo(g.payloadText());
        }
    }

    @Test
    void everyShapeReadsThroughLogJsonAsItsGroundTruthSays() {
        int records = 20_000;
        TableEnvironment t = env(false, 2);
        t.executeSql("""
                CREATE TABLE logs (
                  event_time TIMESTAMP_LTZ(6),
                  log_level STRING,
                  message STRING,
                  service_name STRING,
                  http_status INT,
                  raw_json STRING,
                  parse_error STRING METADATA FROM 'parse-error' VIRTUAL,
                  shape STRING METADATA VIRTUAL,
                  expected_service STRING METADATA FROM 'expected-service' VIRTUAL,
                  expected_shape STRING METADATA FROM 'expected-shape' VIRTUAL,
                  expected_status INT METADATA FROM 'expected-http-status' VIRTUAL,
                  expected_level STRING METADATA FROM 'expected-level' VIRTUAL,
                  expected_time TIMESTAMP_LTZ(6) METADATA FROM 'expected-event-time' VIRTUAL,
                  producer STRING METADATA VIRTUAL,
                  template_id STRING METADATA FROM 'template-id' VIRTUAL,
                  service STRING METADATA VIRTUAL,
                  row_id STRING METADATA FROM 'row-id' VIRTUAL,
                  expect_parse_error BOOLEAN METADATA FROM 'expect-parse-error' VIRTUAL,
                  malformed BOOLEAN METADATA VIRTUAL
                ) WITH (
                  'connector' = 'log-gen',
                  'format' = 'log-json',
                  'number-of-rows' = '%d',
                  'records-per-span' = '%d',
                  'malformed-rate' = '0.02'
                )""".formatted(records, records));
        List<Row> rows = collect(t, """
                SELECT CASE WHEN malformed THEN 'malformed' ELSE producer END AS shape,
                  COUNT(*) AS n,
                  COUNT(DISTINCT row_id) AS ids,
                  SUM(CASE WHEN event_time IS DISTINCT FROM expected_time THEN 1 ELSE 0 END) AS bad_time,
                  SUM(CASE WHEN expected_level IS NOT NULL AND log_level IS DISTINCT FROM expected_level THEN 1 ELSE 0 END) AS bad_level,
                  SUM(CASE WHEN (parse_error IS NOT NULL) <> expect_parse_error THEN 1 ELSE 0 END) AS bad_parse_error,
                  SUM(CASE WHEN POSITION(row_id IN raw_json) = 0 THEN 1 ELSE 0 END) AS id_not_in_raw,
                  SUM(CASE WHEN service_name IS DISTINCT FROM expected_service THEN 1 ELSE 0 END) AS bad_service,
                  SUM(CASE WHEN NOT malformed AND template_id IS NULL THEN 1 ELSE 0 END) AS no_template,
                  SUM(CASE WHEN shape IS DISTINCT FROM expected_shape THEN 1 ELSE 0 END) AS bad_shape,
                  SUM(CASE WHEN http_status IS DISTINCT FROM expected_status THEN 1 ELSE 0 END) AS bad_status,
                  SUM(CASE WHEN NOT malformed AND expected_service IS NOT NULL AND expected_service <> service THEN 1 ELSE 0 END) AS service_disagrees
                FROM logs GROUP BY CASE WHEN malformed THEN 'malformed' ELSE producer END""");

        // what the generator itself says
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(records)
                .malformedRate(0.02)
                .build());
        Map<String, Long> expectedRows = new TreeMap<>();
        for (long s = 0; s < records; s++) {
            GeneratedLog g = gen.generate(s);
            expectedRows.merge(g.malformed() ? "malformed" : g.producer(), (long) g.rows(), Long::sum);
        }
        Map<String, Long> actualRows = new TreeMap<>();
        for (Row r : rows) {
            String shape = (String) r.getField(0);
            actualRows.put(shape, (Long) r.getField(1));
            assertThat(r.getField(2)).as("%s: distinct row ids", shape).isEqualTo(r.getField(1));
            for (int i = 3; i <= 11; i++) {
                assertThat(((Number) r.getField(i)).longValue())
                        .as("%s: %s", shape, "column " + i + " of " + r)
                        .isZero();
            }
        }
        assertThat(actualRows).isEqualTo(expectedRows);
        Set<String> shapes = new HashSet<>(actualRows.keySet());
        for (Producer p : Producer.values()) {
            assertThat(shapes).contains(p.id());
        }
        assertThat(shapes).contains("malformed");
    }

    @Test
    void unboundedAndRateLimited() {
        TableEnvironment t = env(true, 2);
        t.executeSql("""
                CREATE TABLE live (
                  payload STRING,
                  expected_time TIMESTAMP_LTZ(6) METADATA FROM 'expected-event-time' VIRTUAL
                ) WITH (
                  'connector' = 'log-gen',
                  'rows-per-second' = '200',
                  'start' = 'now',
                  'malformed-rate' = '0'
                )""");
        Instant before = Instant.now().minusSeconds(1);
        List<Row> rows = first(t, "SELECT payload, expected_time FROM live", 40);
        assertThat(rows).hasSize(40);
        // start = 'now' with a rate: event time keeps pace with the clock, so the first records
        // are from around the start (minutes, not the default span's days)
        long near = rows.stream()
                .map(r -> (Instant) r.getField(1))
                .filter(i -> i != null)
                .filter(i -> i.isAfter(before) && i.isBefore(before.plusSeconds(600)))
                .count();
        assertThat(near).isGreaterThan(30);
    }

    @Test
    void bytesPayloadWithoutFormat() {
        TableEnvironment t = env(false, 1);
        t.executeSql("""
                CREATE TABLE raw_gen (payload BYTES, producer STRING METADATA VIRTUAL)
                WITH ('connector' = 'log-gen', 'number-of-rows' = '200', 'malformed-rate' = '1')""");
        List<Row> rows = collect(t, "SELECT payload, producer FROM raw_gen");
        LogGenerator gen =
                new LogGenerator(GeneratorConfig.builder().malformedRate(1).build());
        assertThat(rows).hasSize(200);
        Set<String> expected = new HashSet<>();
        for (long s = 0; s < 200; s++) {
            expected.add(new String(gen.generate(s).payload(), StandardCharsets.ISO_8859_1));
        }
        Set<String> actual = new HashSet<>();
        for (Row r : rows) {
            actual.add(new String((byte[]) r.getField(0), StandardCharsets.ISO_8859_1));
            assertThat((String) r.getField(1)).startsWith("malformed-");
        }
        // the bytes untouched: invalid UTF-8 stays invalid
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void recordBytesPadsThePayloadsAndLogJsonStillReadsThem() {
        TableEnvironment t = env(false, 2);
        t.executeSql("""
                CREATE TABLE padded (
                  payload BYTES,
                  expected_level STRING METADATA FROM 'expected-level' VIRTUAL
                ) WITH ('connector' = 'log-gen', 'number-of-rows' = '300', 'malformed-rate' = '0',
                        'record-bytes' = '4096')""");
        t.executeSql("""
                CREATE TABLE padded_json (
                  log_level STRING,
                  expected_level STRING METADATA FROM 'expected-level' VIRTUAL
                ) WITH ('connector' = 'log-gen', 'format' = 'log-json', 'number-of-rows' = '300',
                        'malformed-rate' = '0', 'record-bytes' = '4096')""");
        List<Row> sizes = collect(t, "SELECT payload FROM padded");
        assertThat(sizes).hasSize(300);
        for (Row r : sizes) {
            assertThat((byte[]) r.getField(0)).hasSizeGreaterThanOrEqualTo(4096);
        }
        List<Row> levels = collect(t, """
                SELECT COUNT(*), SUM(CASE WHEN log_level = expected_level THEN 1 ELSE 0 END) FROM padded_json""");
        assertThat(((Number) levels.get(0).getField(0)).longValue())
                .isEqualTo(((Number) levels.get(0).getField(1)).longValue())
                .isGreaterThanOrEqualTo(300);
    }
}
