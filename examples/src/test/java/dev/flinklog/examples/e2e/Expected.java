package dev.flinklog.examples.e2e;

import dev.flinklog.gen.GeneratedLog;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The ground truth of a range of generated records, one entry per row the format must emit (an
 * OTLP batch is several rows with ids {@code <id>.<k>}), and the comparison of a table read back
 * against it.
 */
final class Expected {

    /** The record id the generator writes into every payload, as the read-back query extracts it. */
    static final String ID_REGEX = "(log-[0-9]{12}(\\.[0-9]+)?)";

    /** What one row must look like. */
    record RowTruth(Instant eventTime, boolean parseError, String level, boolean offsetPlus9) {}

    private final Map<String, RowTruth> rows = new HashMap<>();
    long records;
    long malformedRecords;
    long parseErrorRows;
    long plus9Rows;
    long rowsWithoutEventTime;

    /** The generator of the end-to-end tests: 2 days (48 hourly partitions), several shapes and malformed records. */
    static LogGenerator generator(long recordsPerSpan) {
        return new LogGenerator(GeneratorConfig.builder()
                .seed(20261130L)
                .days(2)
                .recordsPerSpan(recordsPerSpan)
                .malformedRate(0.01)
                .build());
    }

    /** Payloads of sequences [from, to), adding their rows to this ground truth as they are produced. */
    Stream<byte[]> produce(LogGenerator gen, long from, long to) {
        return LongStream.range(from, to).mapToObj(seq -> {
            GeneratedLog log = gen.generate(seq);
            add(log);
            return log.payload();
        });
    }

    synchronized void add(GeneratedLog log) {
        records++;
        if (log.malformed()) {
            malformedRecords++;
        }
        boolean plus9 = new String(log.payload(), StandardCharsets.ISO_8859_1).contains("+09:00");
        for (int k = 0; k < log.rows(); k++) {
            RowTruth t = new RowTruth(log.expectedEventTime(), log.expectParseError(), log.expectedLevel(), plus9);
            if (rows.put(log.rowId(k), t) != null) {
                throw new AssertionError("generator repeated id " + log.rowId(k));
            }
            if (t.parseError()) {
                parseErrorRows++;
            }
            if (plus9) {
                plus9Rows++;
            }
            if (t.eventTime() == null) {
                rowsWithoutEventTime++;
            }
        }
    }

    /** A record the test wrote itself (not the generator's): one row with this id, no event time, no parse error. */
    synchronized void addWithoutEventTime(String id) {
        records++;
        if (rows.put(id, new RowTruth(null, false, null, false)) != null) {
            throw new AssertionError("repeated id " + id);
        }
        rowsWithoutEventTime++;
    }

    synchronized long rowCount() {
        return rows.size();
    }

    /** A copy of the row ids so far (the feeder adds to them from its own thread). */
    synchronized Set<String> rowIds() {
        return new TreeSet<>(rows.keySet());
    }

    /** The result of comparing the table with the truth; every list holds examples (at most 10). */
    static final class Report {
        long tableRows;
        long lost;
        long duplicated;
        long unknown;
        long withoutId;
        long wrongEventTime;
        long wrongParseError;
        long wrongLevel;
        long wrongPartition;
        long checkedPlus9;
        long checkedMalformed;
        long checkedByIngestTime;
        final List<String> examples = new ArrayList<>();

        void example(String s) {
            if (examples.size() < 10) {
                examples.add(s);
            }
        }

        boolean exactlyOnce() {
            return lost == 0 && duplicated == 0 && unknown == 0 && withoutId == 0;
        }

        @Override
        public String toString() {
            return "tableRows=" + tableRows + " lost=" + lost + " duplicated=" + duplicated + " unknown=" + unknown
                    + " withoutId=" + withoutId + " wrongEventTime=" + wrongEventTime + " wrongParseError="
                    + wrongParseError + " wrongLevel=" + wrongLevel + " wrongPartition=" + wrongPartition
                    + " checkedPlus9=" + checkedPlus9 + " checkedMalformed=" + checkedMalformed
                    + " checkedByIngestTime=" + checkedByIngestTime + " examples=" + examples;
        }
    }

    /** Compares the rows read back with the truth: ids, event times, parse errors, levels, dt/hr in UTC. */
    synchronized Report compare(List<ArchivePipeline.Row> table) {
        Report r = new Report();
        r.tableRows = table.size();
        Map<String, Integer> seen = new HashMap<>();
        for (ArchivePipeline.Row row : table) {
            if (row.rid().isEmpty()) {
                r.withoutId++;
                r.example("row without an id: " + row);
                continue;
            }
            int n = seen.merge(row.rid(), 1, Integer::sum);
            if (n == 2) {
                r.duplicated++;
                r.example("duplicated: " + row.rid());
            }
            RowTruth t = rows.get(row.rid());
            if (t == null) {
                r.unknown++;
                r.example("not produced: " + row);
                continue;
            }
            if (!Objects.equals(t.eventTime(), row.eventTime())) {
                r.wrongEventTime++;
                r.example("event time of " + row.rid() + ": " + row.eventTime() + " instead of " + t.eventTime());
            }
            if (t.parseError() != row.parseError()) {
                r.wrongParseError++;
                r.example("parse error of " + row.rid() + ": " + row.parseError());
            }
            if (t.level() != null && !t.level().equals(row.level())) {
                r.wrongLevel++;
                r.example("level of " + row.rid() + ": " + row.level() + " instead of " + t.level());
            }
            if (t.parseError()) {
                r.checkedMalformed++;
            }
            // dt/hr: the UTC day and hour of the event time, or of Kafka's timestamp when there is none.
            Instant partitionTime = row.eventTime() != null ? row.eventTime() : row.ingestTime();
            if (row.eventTime() == null) {
                r.checkedByIngestTime++;
            }
            var utc = partitionTime.atOffset(ZoneOffset.UTC);
            if (!row.dt().equals(utc.toLocalDate().toString()) || row.hr() != utc.getHour()) {
                r.wrongPartition++;
                r.example("partition of " + row.rid() + ": " + row.dt() + "/" + row.hr() + " for " + partitionTime);
            } else if (t.offsetPlus9() && t.eventTime() != null) {
                r.checkedPlus9++;
            }
        }
        for (String id : rows.keySet()) {
            if (!seen.containsKey(id)) {
                r.lost++;
                r.example("lost: " + id);
            }
        }
        return r;
    }
}
