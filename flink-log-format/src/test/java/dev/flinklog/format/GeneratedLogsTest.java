package dev.flinklog.format;

import dev.flinklog.core.lines.LineShape;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every record of flink-log-gen, through the format with no options, must give what the
 * generator says it must: the rows (one per OTLP log record), the event time to the microsecond,
 * the level, the service where the record names it (JSON fields, Kubernetes labels, the syslog
 * APP-NAME or TAG), the HTTP status of access lines, the {@code shape} metadata (json, otlp, the
 * text line's shape, plain), the id in raw_json, and parse-error exactly for the malformed records
 * and text of no known shape. This checks both sides: the generator writes the shapes the format
 * reads, and the format reads every producer the generator knows.
 */
class GeneratedLogsTest {

    private static final int TIME = 0;
    private static final int LEVEL = 1;
    private static final int SERVICE = 3;
    private static final int STATUS = 4;
    private static final int RAW = 5;
    private static final int PARSE_ERROR = 6;
    private static final int SHAPE = 7;

    private static final LogJsonDeserializationSchema DECODER = Decoders.of(
                    DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(9)),
                    DataTypes.FIELD("log_level", DataTypes.STRING()),
                    DataTypes.FIELD("message", DataTypes.STRING()),
                    DataTypes.FIELD("service_name", DataTypes.STRING()),
                    DataTypes.FIELD("http_status", DataTypes.INT()),
                    DataTypes.FIELD("raw_json", DataTypes.STRING()))
            .withParseError()
            .withShape()
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

    @Test
    void theTextLineProducersAloneWithTheirErrors() throws IOException {
        // the rarer outcomes of the new shapes (5xx, H12/H13, klog's F) in numbers
        check(
                GeneratorConfig.builder()
                        .recordsPerSpan(4_000)
                        .errorRate(0.3)
                        .malformedRate(0)
                        .shapeMix("syslog5424,syslog3164,nginx-access,cri-klog,heroku-router,text")
                        .build(),
                4_000);
    }

    private static void check(GeneratorConfig config, int records) throws IOException {
        LogGenerator gen = new LogGenerator(config);
        Map<String, Integer> checked = new TreeMap<>();
        Set<String> shapes = new TreeSet<>();
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
                Instant time = r.isNullAt(TIME) ? null : r.getTimestamp(TIME, 9).toInstant();
                if (!Objects.equals(time, g.expectedEventTime())) {
                    mismatches.add(where + ": event_time " + time + ", expected " + g.expectedEventTime());
                }
                if (g.expectedLevel() != null
                        && !g.expectedLevel().equals(r.getString(LEVEL).toString())) {
                    mismatches.add(where + ": level " + r.getString(LEVEL) + ", expected " + g.expectedLevel());
                }
                if (r.isNullAt(PARSE_ERROR) == g.expectParseError()) {
                    mismatches.add(
                            where + ": parse-error " + (r.isNullAt(PARSE_ERROR) ? null : r.getString(PARSE_ERROR)));
                }
                if (!r.getString(RAW).toString().contains(g.rowId(k))) {
                    mismatches.add(where + ": raw_json lacks " + g.rowId(k));
                }
                String service =
                        r.isNullAt(SERVICE) ? null : r.getString(SERVICE).toString();
                if (!Objects.equals(service, g.expectedService())) {
                    mismatches.add(where + ": service " + service + ", expected " + g.expectedService());
                }
                Integer status = r.isNullAt(STATUS) ? null : r.getInt(STATUS);
                if (!Objects.equals(status, g.expectedHttpStatus())) {
                    mismatches.add(where + ": http_status " + status + ", expected " + g.expectedHttpStatus());
                }
                String shape = r.isNullAt(SHAPE) ? null : r.getString(SHAPE).toString();
                if (!Objects.equals(shape, g.expectedShape())) {
                    mismatches.add(where + ": shape " + shape + ", expected " + g.expectedShape());
                }
                shapes.add(shape);
            }
            checked.merge(g.malformed() ? "malformed" : g.producer(), 1, Integer::sum);
        }
        assertThat(mismatches.subList(0, Math.min(20, mismatches.size())))
                .as("first of %d mismatches", mismatches.size())
                .isEmpty();
        if (config.shapeMix().values().stream().allMatch(w -> w > 0)) {
            assertThat(checked).containsKeys("k8s-fluentbit", "otlp", "journald", "text", "malformed");
            assertThat(checked.size()).isEqualTo(Producer.values().length + 1);
            // every shape the generator promises is a LineShape the format knows
            for (String shape : shapes) {
                assertThat(LineShape.byName(shape)).as(shape).isNotNull();
            }
            assertThat(shapes)
                    .contains(
                            "json",
                            "otlp",
                            "plain",
                            "syslog5424",
                            "syslog3164",
                            "combined",
                            "klog",
                            "logfmt",
                            "java",
                            "python");
        }
    }
}
