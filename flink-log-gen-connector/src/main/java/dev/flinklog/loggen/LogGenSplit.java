package dev.flinklog.loggen;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * The sequence numbers {@code next, next + stride, next + 2 * stride, ...} below {@code end}
 * ({@link Long#MAX_VALUE}: unbounded). Split {@code i} of {@code n} starts at {@code first + i}
 * with stride {@code n}, so the splits together cover every sequence once and each reader's
 * share is spread evenly over time (event time follows the sequence).
 *
 * <p>{@code next} is the first sequence not yet emitted: a checkpointed split resumes exactly
 * after the last record that went out before the checkpoint.
 */
public final class LogGenSplit implements SourceSplit {

    private final int index;
    private final long next;
    private final long stride;
    private final long end;

    public LogGenSplit(int index, long next, long stride, long end) {
        if (index < 0 || next < 0 || stride < 1 || end < 0) {
            throw new IllegalArgumentException(
                    "invalid split: index " + index + ", next " + next + ", stride " + stride + ", end " + end);
        }
        this.index = index;
        this.next = next;
        this.stride = stride;
        this.end = end;
    }

    public int index() {
        return index;
    }

    public long next() {
        return next;
    }

    public long stride() {
        return stride;
    }

    public long end() {
        return end;
    }

    public boolean finished() {
        return next >= end;
    }

    LogGenSplit advancedTo(long nextSequence) {
        return new LogGenSplit(index, nextSequence, stride, end);
    }

    @Override
    public String splitId() {
        return "log-gen-" + index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogGenSplit s && s.index == index && s.next == next && s.stride == stride && s.end == end;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(index * 31L + next) * 31 + Long.hashCode(stride * 31 + end);
    }

    @Override
    public String toString() {
        return "LogGenSplit{" + index + ", next=" + next + ", stride=" + stride + ", end="
                + (end == Long.MAX_VALUE ? "unbounded" : end) + "}";
    }
}
