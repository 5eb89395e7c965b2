package dev.flinklog.format;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;

/**
 * The format's counters, registered under the metric group {@code logjson} of the task. Without a
 * metric group (a deserializer used outside a job) the counters still count, unregistered.
 */
final class FormatMetrics {

    static final String GROUP = "logjson";

    final Counter records;
    final Counter rows;
    final Counter parseErrors;
    final Counter skipped;
    final Counter conversionFailures;
    final Counter rowsWithoutEventTime;
    final Counter levelsInferred;
    final Counter textLines;

    FormatMetrics(MetricGroup parent) {
        MetricGroup g = parent == null ? null : parent.addGroup(GROUP);
        records = counter(g, "records");
        rows = counter(g, "rows");
        parseErrors = counter(g, "parseErrors");
        skipped = counter(g, "skippedRecords");
        conversionFailures = counter(g, "conversionFailures");
        rowsWithoutEventTime = counter(g, "rowsWithoutEventTime");
        levelsInferred = counter(g, "levelsInferred");
        textLines = counter(g, "textLines");
    }

    private static Counter counter(MetricGroup g, String name) {
        return g == null ? new SimpleCounter() : g.counter(name);
    }
}
