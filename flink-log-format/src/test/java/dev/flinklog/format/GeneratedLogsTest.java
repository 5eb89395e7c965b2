package dev.flinklog.format;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;
import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every record of flink-log-gen, through the format with no options, must give what the
 * generator says it must: the rows (one per OTLP log record), the event time to the microsecond,
 * the level, the service for the JSON shapes, the id in raw_json, and parse-error exactly for the
 * malformed records and plain text lines. This checks both sides: the generator writes the shapes the format reads,
 * and the format reads every producer the generator knows.
 */
class GeneratedLogsTest {

    private static final LogJsonDeserializationSchema DECODER = Decoders.of(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(9)),
                    DataTypes.FIELD("log_level", DataTypes.STRING()),
                    DataTypes.FIELD("message", DataTypes.STRING()),
                    DataTypes.FIELD("service_name", DataTypes.STRING()),
                    DataTypes.FIELD("raw_json", DataTypes.STRING()))
            .withParseError()
            .open();

    private static final int RECORDS = 30_000;

    @Test
    void everyGeneratedRecordReadsAsItsGroundTruthSays() throws IOException {
        check(
                GeneratorConfig.builder()
                        .recordsPerSpan(RECORDS)
                        .malformedRate(0.02)
                        .build(),
                RECORDS);
    }

    @Test
    void paddedRecordsReadAsTheirGroundTruthSays() throws IOException {
        int bytes = 2048;
        GeneratorConfig config = GeneratorConfig.builder()
                .recordsPerSpan(5_000)
                .malformedRate(0.02)
                .recordBytes(bytes)
                .build();
        check(config, 5_000);
        LogGenerator gen = new LogGenerator(config);
        for (long s = 0; s < 2_000; s++) {
            GeneratedLog g = gen.generate(s);
            if (!g.malformed()) {
                assertThat(g.payload().length).as(g.id()).isGreaterThanOrEqualTo(bytes);
            }
        }
    }

    private static void check(GeneratorConfig config, int records) throws IOException {
        LogGenerator gen = new LogGenerator(config);
        Map<String, Integer> checked = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        for (long s = 0; s < records; s++) {
            GeneratedLog g = gen.generate(s);
            List<RowData> rows = Decoders.read(DECODER, g.payload());
            if (rows.size() != g.rows()) {
                mismatches.add(g.id() + " " + g.producer() + ": " + rows.size() + " rows, expected " + g.rows());
                continue;
            }
            for (int k = 0; k < rows.size(); k++) {
                RowData r = rows.get(k);
                String where = g.id() + " " + g.producer() + " row " + k + " " + g.payloadText();
                Instant time = r.isNullAt(0) ? null : r.getTimestamp(0, 9).toInstant();
                if (!Objects.equals(time, g.expectedEventTime())) {
                    mismatches.add(where + ": event_time " + time + ", expected " + g.expectedEventTime());
                }
                if (g.expectedLevel() != null
                        && !g.expectedLevel().equals(r.getString(1).toString())) {
                    mismatches.add(where + ": level " + r.getString(1) + ", expected " + g.expectedLevel());
                }
                if (r.isNullAt(5) == g.expectParseError()) {
                    mismatches.add(where + ": parse-error " + (r.isNullAt(5) ? null : r.getString(5)));
                }
                if (!r.getString(4).toString().contains(g.rowId(k))) {
                    mismatches.add(where + ": raw_json lacks " + g.rowId(k));
                }
                boolean namesService = !g.malformed() && !g.producer().equals(Producer.TEXT.id());
                String service = r.isNullAt(3) ? null : r.getString(3).toString();
                if (namesService && !g.service().equals(service)) {
                    mismatches.add(where + ": service " + service + ", expected " + g.service());
                }
                if (!namesService && service != null) {
                    mismatches.add(where + ": service " + service + ", expected none");
                }
            }
            checked.merge(g.malformed() ? "malformed" : g.producer(), 1, Integer::sum);
        }
        assertThat(mismatches.subList(0, Math.min(20, mismatches.size())))
                .as("first of %d mismatches", mismatches.size())
                .isEmpty();
        assertThat(checked).containsKeys("k8s-fluentbit", "otlp", "journald", "text", "malformed");
        assertThat(checked.size()).isEqualTo(Producer.values().length + 1);
    }
}
