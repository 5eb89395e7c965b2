package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratedLog;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.util.Collector;
import org.apache.flink.util.UserCodeClassLoader;

import java.util.ArrayList;
import java.util.List;

/** Small stand-ins for the task around a source reader, for reader tests without a cluster. */
final class TestReaders {

    private TestReaders() {}

    /** Emits each record's sequence number. */
    static final class Sequences implements GeneratedLogDeserializer<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void deserialize(GeneratedLog log, Collector<Long> out) {
            out.collect(log.sequence());
        }

        @Override
        public TypeInformation<Long> getProducedType() {
            return Types.LONG;
        }
    }

    static SourceReaderContext context(int subtask, int parallelism) {
        return new SourceReaderContext() {
            @Override
            public SourceReaderMetricGroup metricGroup() {
                throw new UnsupportedOperationException("not in reader tests");
            }

            @Override
            public Configuration getConfiguration() {
                return new Configuration();
            }

            @Override
            public String getLocalHostName() {
                return "localhost";
            }

            @Override
            public int getIndexOfSubtask() {
                return subtask;
            }

            @Override
            public void sendSplitRequest() {}

            @Override
            public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                throw new UnsupportedOperationException("not in reader tests");
            }

            @Override
            public int currentParallelism() {
                return parallelism;
            }
        };
    }

    static final class ListOutput<T> implements ReaderOutput<T> {
        final List<T> records = new ArrayList<>();

        @Override
        public void collect(T record) {
            records.add(record);
        }

        @Override
        public void collect(T record, long timestamp) {
            records.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<T> createOutputForSplit(String splitId) {
            return this;
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}
    }
}
