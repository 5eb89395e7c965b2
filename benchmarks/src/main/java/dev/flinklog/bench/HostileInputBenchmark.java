package dev.flinklog.bench;

import dev.flinklog.format.LogJsonDeserializationSchema;
import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;
import dev.flinklog.gen.Producer;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Time per input byte of the {@code log-json} deserializer (archive columns, default options) on
 * each hostile input class of issue 5 against ordinary records. One operation decodes every record
 * of the class once; {@link #bytes} is printed at setup, so ns/byte = (ns/op) / bytes. A class
 * whose ns/byte is within a small factor of {@code ordinary} is linear in practice; a super-linear
 * one would grow with the size and be orders of magnitude off at these sizes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HostileInputBenchmark {

    private static final int MIB = 1 << 20;

    @Param({
        "ordinary",
        "truncated",
        "message-16MiB",
        "text-16MiB",
        "nesting-100k",
        "keys-1M",
        "label-keys-100k",
        "digits-10k",
        "fraction-1000",
        "digits-1MiB",
        "separators-1MiB",
        "error-1MiB",
        "escapes-1MiB",
        "invalid-utf8-1MiB",
    })
    public String input;

    private List<byte[]> records;
    private LogJsonDeserializationSchema decoder;
    private final Sink sink = new Sink();
    /** Input bytes per operation. */
    public long bytes;

    @Setup
    public void setUp() {
        records = records(input);
        bytes = records.stream().mapToLong(r -> r.length).sum();
        System.out.printf(
                "%n[HostileInputBenchmark] %s: %d records, %d bytes per operation%n", input, records.size(), bytes);
        RowType archive = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(6)),
                        DataTypes.FIELD("log_level", DataTypes.STRING()),
                        DataTypes.FIELD("message", DataTypes.STRING()),
                        DataTypes.FIELD("service_name", DataTypes.STRING()),
                        DataTypes.FIELD("host_name", DataTypes.STRING()),
                        DataTypes.FIELD("namespace", DataTypes.STRING()),
                        DataTypes.FIELD("pod_name", DataTypes.STRING()),
                        DataTypes.FIELD("trace_id", DataTypes.STRING()),
                        DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
                        DataTypes.FIELD("raw_json", DataTypes.STRING()))
                .getLogicalType();
        decoder = new LogJsonDeserializationSchema(archive, InternalTypeInfo.of(archive));
        decoder.open(FormatBenchmark.metricLessContext());
    }

    @Benchmark
    public void decode(Blackhole bh) throws IOException {
        sink.bh = bh;
        for (byte[] r : records) {
            decoder.deserialize(r, sink);
        }
    }

    static List<byte[]> records(String input) {
        List<byte[]> out = new ArrayList<>();
        switch (input) {
            case "ordinary":
                out.addAll(ordinary(20));
                break;
            case "truncated": {
                byte[] r = ordinary(1).get(0);
                for (int n = 0; n < r.length; n++) {
                    out.add(Arrays.copyOf(r, n));
                }
                break;
            }
            case "message-16MiB":
                out.add(utf8("{\"message\":\"" + "x".repeat(16 * MIB) + "\"}"));
                break;
            case "text-16MiB":
                out.add(utf8("ERROR " + "y".repeat(16 * MIB)));
                break;
            case "nesting-100k":
                out.add(utf8("{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)));
                break;
            case "keys-1M":
                out.add(keys(1_000_000, ""));
                break;
            case "label-keys-100k":
                out.add(keys(100_000, "labels"));
                break;
            case "digits-10k":
                out.add(utf8("{\"message\":\"n\",\"code\":" + "9".repeat(10_000) + "}"));
                break;
            case "fraction-1000":
                out.add(utf8("{\"time\":\"2026-09-16T12:34:56." + "7".repeat(1000) + "Z\",\"message\":\"f\"}"));
                break;
            case "digits-1MiB":
                out.add(utf8("{\"message\":\"" + "0123456789".repeat(MIB / 10) + "\"}"));
                break;
            case "separators-1MiB":
                out.add(utf8("{\"message\":\"" + " ,;:=|/()[]{}<>.-_".repeat(MIB / 18) + "\"}"));
                break;
            case "error-1MiB":
                out.add(utf8("{\"message\":\"" + "error ".repeat(MIB / 6) + "\"}"));
                break;
            case "escapes-1MiB":
                out.add(utf8("{\"message\":\"" + "\\ud800\\\"".repeat(MIB / 8) + "\"}"));
                break;
            case "invalid-utf8-1MiB": {
                byte[] r = new byte[MIB + 14];
                System.arraycopy(utf8("{\"message\":\""), 0, r, 0, 12);
                for (int i = 0; i < MIB; i++) {
                    r[12 + i] = (byte) (0x80 | (i & 0x3F));
                }
                r[r.length - 2] = '"';
                r[r.length - 1] = '}';
                out.add(r);
                break;
            }
            default:
                throw new IllegalArgumentException("unknown input class: " + input);
        }
        return out;
    }

    private static List<byte[]> ordinary(int perShape) {
        List<byte[]> out = new ArrayList<>();
        for (Producer p : Producer.values()) {
            LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                    .seed(11)
                    .onlyShapes(p)
                    .malformedRate(0)
                    .build());
            for (int i = 0; i < perShape; i++) {
                out.add(gen.generate(i).payload());
            }
        }
        return out;
    }

    private static byte[] keys(int n, String object) {
        StringBuilder b = new StringBuilder(n * 14).append("{\"message\":\"many keys\",");
        if (!object.isEmpty()) {
            b.append('"').append(object).append("\":{");
        }
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",")
                    .append("\"k")
                    .append(i)
                    .append("\":\"")
                    .append(i)
                    .append('"');
        }
        b.append(object.isEmpty() ? "}" : "}}");
        return utf8(b.toString());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final class Sink implements Collector<RowData> {
        Blackhole bh;

        @Override
        public void collect(RowData record) {
            bh.consume(record);
        }

        @Override
        public void close() {}
    }
}
