package dev.flinklog.bench;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * End to end in SQL on a MiniCluster in this JVM: {@code 'connector' = 'log-gen'} through a format
 * into a blackhole sink, one bounded streaming job of {@link #RECORDS} generated records per
 * operation (ops/s = records/s, job start and stop included). {@code logJson} reads the payload
 * with log-json into archive-like columns (with the format's parse-error); {@code raw} is the same
 * pipeline with {@code 'format' = 'raw'}: generation, transport and the sink without parsing, the
 * baseline the format's cost shows against.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar LogGenPipelineBenchmark -f 1 -wi 1 -i 3
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "-Xmx2g",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED"
        })
public class LogGenPipelineBenchmark {

    static final int RECORDS = 500_000;

    /** The pipeline's parallelism (source, format and sink chained: one thread per subtask). */
    @Param("1")
    public int parallelism;

    private TableEnvironment tEnv;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("parallelism.default", String.valueOf(parallelism));
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        String source =
                "'connector' = 'log-gen', 'number-of-rows' = '" + RECORDS + "', 'records-per-span' = '" + RECORDS + "'";
        tEnv.executeSql("""
                CREATE TABLE gen_json (
                  event_time TIMESTAMP_LTZ(6), log_level STRING, message STRING, service_name STRING,
                  host_name STRING, namespace STRING, pod_name STRING, trace_id STRING,
                  labels MAP<STRING, STRING>, raw_json STRING,
                  parse_error STRING METADATA FROM 'parse-error' VIRTUAL
                ) WITH (%s, 'format' = 'log-json')""".formatted(source));
        tEnv.executeSql("CREATE TABLE gen_raw (payload STRING) WITH (%s, 'format' = 'raw')".formatted(source));
        tEnv.executeSql("""
                CREATE TABLE sink_json (
                  event_time TIMESTAMP_LTZ(6), log_level STRING, message STRING, service_name STRING,
                  host_name STRING, namespace STRING, pod_name STRING, trace_id STRING,
                  labels MAP<STRING, STRING>, raw_json STRING, parse_error STRING
                ) WITH ('connector' = 'blackhole')""");
        tEnv.executeSql("CREATE TABLE sink_raw (payload STRING) WITH ('connector' = 'blackhole')");

        // before timing: the pipeline reads what it should (levels against the ground truth, 2,000 records)
        tEnv.executeSql("""
                CREATE TABLE gen_check (
                  log_level STRING,
                  expected_level STRING METADATA FROM 'expected-level' VIRTUAL
                ) WITH ('connector' = 'log-gen', 'number-of-rows' = '2000', 'format' = 'log-json')""");
        long rows = 0;
        long wrong = -1;
        try (CloseableIterator<Row> it = tEnv.executeSql("SELECT COUNT(*), SUM(CASE WHEN expected_level IS NOT NULL"
                        + " AND log_level IS DISTINCT FROM expected_level THEN 1 ELSE 0 END) FROM gen_check")
                .collect()) {
            while (it.hasNext()) {
                Row r = it.next(); // a streaming aggregate: the last update is the total
                rows = (Long) r.getField(0);
                wrong = ((Number) r.getField(1)).longValue();
            }
        }
        if (rows < 2000 || wrong != 0) {
            throw new IllegalStateException("log-json read " + rows + " rows of 2,000 records, " + wrong
                    + " with a level other than the ground truth");
        }
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public void logJson() throws Exception {
        tEnv.executeSql("INSERT INTO sink_json SELECT * FROM gen_json").await();
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public void raw() throws Exception {
        tEnv.executeSql("INSERT INTO sink_raw SELECT payload FROM gen_raw").await();
    }
}
