package dev.flinklog.loggen;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * Hands every split to its reader ({@code index % parallelism}) when that reader registers, then
 * tells it there are no more. Its state is the splits not yet handed out: a split a reader holds is
 * in that reader's state, one given back after a failure returns here and goes out again when the
 * reader registers anew.
 */
final class LogGenEnumerator implements SplitEnumerator<LogGenSplit, Collection<LogGenSplit>> {

    private final SplitEnumeratorContext<LogGenSplit> context;
    private final List<LogGenSplit> pending;

    LogGenEnumerator(SplitEnumeratorContext<LogGenSplit> context, Collection<LogGenSplit> pending) {
        this.context = context;
        this.pending = new ArrayList<>(pending);
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
        // splits are pushed on registration; readers never ask
    }

    @Override
    public void addSplitsBack(List<LogGenSplit> splits, int subtaskId) {
        pending.addAll(splits);
        if (context.registeredReaders().containsKey(subtaskId)) {
            assignTo(subtaskId);
        }
    }

    @Override
    public void addReader(int subtaskId) {
        assignTo(subtaskId);
    }

    private void assignTo(int subtaskId) {
        int parallelism = context.currentParallelism();
        List<LogGenSplit> mine = new ArrayList<>();
        for (Iterator<LogGenSplit> it = pending.iterator(); it.hasNext(); ) {
            LogGenSplit s = it.next();
            if (s.index() % parallelism == subtaskId) {
                mine.add(s);
                it.remove();
            }
        }
        for (LogGenSplit s : mine) {
            context.assignSplit(s, subtaskId);
        }
        context.signalNoMoreSplits(subtaskId);
    }

    @Override
    public Collection<LogGenSplit> snapshotState(long checkpointId) {
        return new ArrayList<>(pending);
    }

    @Override
    public void close() {}
}
