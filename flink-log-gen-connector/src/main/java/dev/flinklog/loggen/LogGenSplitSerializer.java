package dev.flinklog.loggen;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Splits and the enumerator's pending splits, in checkpoints and savepoints. */
final class LogGenSplitSerializer {

    private LogGenSplitSerializer() {}

    static final int VERSION = 1;

    static void write(DataOutputStream out, LogGenSplit s) throws IOException {
        out.writeInt(s.index());
        out.writeLong(s.next());
        out.writeLong(s.stride());
        out.writeLong(s.end());
    }

    static LogGenSplit read(DataInputStream in) throws IOException {
        return new LogGenSplit(in.readInt(), in.readLong(), in.readLong(), in.readLong());
    }

    private static void checkVersion(int version) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "log-gen split state version " + version + " is unknown (this build writes " + VERSION + ")");
        }
    }

    static final class Splits implements SimpleVersionedSerializer<LogGenSplit> {
        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(LogGenSplit split) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(28);
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                write(out, split);
            }
            return bytes.toByteArray();
        }

        @Override
        public LogGenSplit deserialize(int version, byte[] serialized) throws IOException {
            checkVersion(version);
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
                return read(in);
            }
        }
    }

    static final class Pending implements SimpleVersionedSerializer<Collection<LogGenSplit>> {
        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(Collection<LogGenSplit> splits) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(splits.size());
                for (LogGenSplit s : splits) {
                    write(out, s);
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public Collection<LogGenSplit> deserialize(int version, byte[] serialized) throws IOException {
            checkVersion(version);
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
                int n = in.readInt();
                List<LogGenSplit> splits = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    splits.add(read(in));
                }
                return splits;
            }
        }
    }
}
