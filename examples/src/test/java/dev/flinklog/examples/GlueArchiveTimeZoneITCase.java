package dev.flinklog.examples;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves the Glue example's time-zone rule by running it, not only planning it: +09:00 syslog and
 * auth records go through the file's own views and statement set into local Iceberg tables, on a
 * session whose zone is Asia/Tokyo (what a cluster in Japan defaults to). The file's
 * {@code SET 'table.local-time-zone' = 'UTC'} must win: event_time is the record's instant, and
 * dt/hr are its UTC date and hour, also across a UTC midnight that is not a Tokyo midnight.
 *
 * <p>Swapped for the run: the CREATE CATALOG (a Hadoop catalog on a temporary folder) and, in each
 * Kafka source, the connector options (a filesystem source with the same log-json format) and the
 * two Kafka metadata columns: Kafka's record timestamp becomes the file's modification time (set
 * by the test), and parse-error, which the filesystem connector does not pass on, becomes NULL.
 */
class GlueArchiveTimeZoneITCase {

    private static final Path FILE = ScriptRun.EXAMPLES.resolve("kafka-iceberg-glue-s3/archive.sql");

    /** The "Kafka timestamp" of every record, through the source file's modification time. */
    private static final Instant INGEST = Instant.parse("2026-11-29T15:30:00Z");

    private static final Pattern TOPIC = Pattern.compile("'topic'\\s*=\\s*'([^']+)'");
    private static final Pattern WITH = Pattern.compile("(?is)\\)\\s*WITH\\s*\\(.*\\)$");

    @TempDir
    Path tmp;

    @Test
    void partitionsAreUtcAlthoughTheRecordsAndTheSessionAreNot() throws Exception {
        run(ExampleSql.read(FILE));

        List<Row> syslog = rows("syslog");
        assertThat(syslog)
                .containsExactly(
                        // 08:30 in Tokyo on the 30th is 23:30 UTC on the 29th: the UTC day, not the local one.
                        Row.of(
                                "sshd[812]: Accepted publickey for deploy",
                                Instant.parse("2026-11-29T23:30:00Z"),
                                "2026-11-29",
                                23),
                        Row.of(
                                "kernel: Out of memory: Killed process 4242 (java)",
                                Instant.parse("2026-11-30T15:15:00.123456Z"),
                                "2026-11-30",
                                15),
                        // No time in the record: the ingest time decides the partition, in UTC too.
                        Row.of("cron: job started", null, "2026-11-29", 15));
        List<Row> authlog = rows("authlog");
        assertThat(authlog)
                .containsExactly(
                        Row.of(
                                "Failed password for root from 203.0.113.9 port 52144 ssh2",
                                Instant.parse("2026-11-30T00:00:00Z"),
                                "2026-11-30",
                                0),
                        Row.of(
                                "session opened for user deploy",
                                Instant.parse("2026-11-30T14:59:59.999Z"),
                                "2026-11-30",
                                14));
    }

    @Test
    void withoutTheZoneSettingTheSessionZoneWouldDecideThePartitions() throws Exception {
        // Why the SET is in the file: the same job without it files the records under Tokyo's
        // date and hour (the instants are still right; only the partition columns move).
        String withoutSetting = ExampleSql.read(FILE).replace("SET 'table.local-time-zone' = 'UTC';", "");
        assertThat(withoutSetting).isNotEqualTo(ExampleSql.read(FILE));

        run(withoutSetting);

        assertThat(rows("syslog"))
                .first()
                .isEqualTo(Row.of(
                        "sshd[812]: Accepted publickey for deploy",
                        Instant.parse("2026-11-29T23:30:00Z"),
                        "2026-11-30",
                        8));
    }

    private void run(String sql) throws Exception {
        Path syslog = write(
                "syslog.jsonl",
                "{\"ts\":\"2026-11-30T08:30:00+09:00\",\"src_host\":\"bastion-1\",\"program\":\"sshd\","
                        + "\"message\":\"sshd[812]: Accepted publickey for deploy\"}",
                "{\"ts\":\"2026-12-01T00:15:00.123456+09:00\",\"src_host\":\"app-3\",\"program\":\"kernel\","
                        + "\"severity\":\"crit\",\"message\":\"kernel: Out of memory: Killed process 4242 (java)\"}",
                "{\"src_host\":\"app-3\",\"program\":\"cron\",\"message\":\"cron: job started\"}");
        Path authlog = write(
                "authlog.jsonl",
                "{\"time\":\"2026-11-30T09:00:00+09:00\",\"host\":\"bastion-1\",\"level\":\"warn\","
                        + "\"msg\":\"Failed password for root from 203.0.113.9 port 52144 ssh2\"}",
                "{\"time\":\"2026-11-30T23:59:59.999+09:00\",\"host\":\"bastion-1\",\"level\":\"info\","
                        + "\"msg\":\"session opened for user deploy\"}");
        Map<String, Path> topics = Map.of("syslog", syslog, "authlog", authlog);

        List<String> statements = ExampleSql.swapCatalog(
                ExampleSql.statements(ExampleSql.substitute(
                        sql,
                        Map.of(
                                "KAFKA_BOOTSTRAP_SERVERS",
                                "unused:9092",
                                "S3_WAREHOUSE",
                                "unused",
                                "CHECKPOINT_INTERVAL",
                                "1s"))),
                name -> ExampleSql.localCatalog(name, tmp.resolve("warehouse")));

        // A failure must fail the test at once, not restart the job until the timeout.
        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "none");
        conf.setString("parallelism.default", "1");
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.newInstance()
                .inStreamingMode()
                .withConfiguration(conf)
                .build());
        // The zone a cluster in Japan would use by default ('table.local-time-zone' = 'default').
        tEnv.getConfig().getConfiguration().setString("table.local-time-zone", "Asia/Tokyo");
        int sources = 0;
        boolean ran = false;
        for (String statement : statements) {
            String[] setting = ExampleSql.setting(statement);
            if (setting != null) {
                tEnv.getConfig().getConfiguration().setString(setting[0], setting[1]);
            } else if (ExampleSql.isStatementSet(statement)) {
                // Bounded file sources: the job ends after the last record, and the Iceberg sink
                // commits at the end of input. A stuck job fails the test instead of hanging it.
                tEnv.executeSql(statement).await(3, TimeUnit.MINUTES);
                ran = true;
            } else {
                Matcher topic = TOPIC.matcher(statement);
                if (statement.contains("'connector' = 'kafka'") && topic.find()) {
                    statement = fileSource(statement, topics.get(topic.group(1)));
                    sources++;
                }
                tEnv.executeSql(statement);
            }
        }
        assertThat(sources).isEqualTo(2);
        assertThat(ran).isTrue();
    }

    /** The Kafka source statement with a filesystem connector on {@code file} instead. */
    private static String fileSource(String kafkaTable, Path file) {
        assertThat(file).as("a test file for every topic").isNotNull();
        String columns = kafkaTable
                .replace("METADATA FROM 'timestamp'", "METADATA FROM 'file.modification-time'")
                .replaceAll(
                        "(?i)parse_error\\s+STRING\\s+METADATA FROM 'value.parse-error' VIRTUAL",
                        "parse_error AS CAST(NULL AS STRING)");
        Matcher with = WITH.matcher(columns);
        assertThat(with.find()).as("WITH clause of %s", kafkaTable).isTrue();
        return columns.substring(0, with.start()) + ") WITH ('connector' = 'filesystem', 'path' = '" + file.toUri()
                + "', 'format' = 'log-json')";
    }

    private Path write(String name, String... lines) throws IOException {
        Path file = Files.writeString(tmp.resolve(name), String.join("\n", lines) + "\n");
        Files.setLastModifiedTime(file, FileTime.from(INGEST));
        return file;
    }

    /** message, event_time, dt, hr of a table, in event-time order (rows without one last). */
    private List<Row> rows(String table) throws Exception {
        TableEnvironment batch = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        batch.executeSql(ExampleSql.localCatalog("glue", tmp.resolve("warehouse")));
        List<Row> rows = new ArrayList<>();
        try (var it = batch.executeSql("SELECT message, event_time, dt, hr FROM glue.logs." + table
                        + " ORDER BY event_time IS NULL, event_time")
                .collect()) {
            Iterator<Row> i = it;
            while (i.hasNext()) {
                rows.add(i.next());
            }
        }
        return rows;
    }
}
