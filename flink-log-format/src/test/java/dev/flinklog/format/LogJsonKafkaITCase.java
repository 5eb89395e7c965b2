package dev.flinklog.format;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code 'value.format' = 'log-json'} in Flink's Kafka connector against a real KRaft broker
 * running in this JVM: options under {@code value.log-json.*}, the {@code value.parse-error}
 * metadata next to Kafka's own, and bad records kept.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LogJsonKafkaITCase {

    private static final String TOPIC = "o11y.logs.v1";

    private KafkaClusterTestKit cluster;
    private String bootstrap;

    @BeforeAll
    void startBroker() throws Exception {
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        bootstrap = cluster.bootstrapServers();

        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
            for (String v : List.of(
                    "{\"log\":\"GET /health 200\",\"service.name\":\"edge\",\"stream\":\"stdout\","
                            + "\"time\":\"2026-09-16T12:34:56.789+09:00\"}",
                    "E0901 14:00:00.123456 1 main.go:42] not json at all",
                    "{\"message\":\"ok\",\"kubernetes\":{\"labels\":{\"app\":\"shop\"}}}",
                    "{\"log\":\"cut off")) {
                producer.send(new ProducerRecord<>(TOPIC, v.getBytes(StandardCharsets.UTF_8)))
                        .get();
            }
        }
    }

    @AfterAll
    void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The watermark recipe of docs/format.md: rows without an event time take Kafka's timestamp. */
    @Test
    void watermarkRecipeNeverStallsOnMissingEventTimes() throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        tEnv.executeSql("CREATE TABLE logs ("
                + " event_time TIMESTAMP_LTZ(3), log_level STRING, log STRING,"
                + " kafka_ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,"
                + " rowtime AS COALESCE(event_time, kafka_ts),"
                + " WATERMARK FOR rowtime AS rowtime - INTERVAL '30' SECOND"
                + ") WITH ("
                + " 'connector' = 'kafka', 'topic' = '" + TOPIC + "',"
                + " 'properties.bootstrap.servers' = '" + bootstrap + "',"
                + " 'properties.group.id' = 'wm', 'scan.startup.mode' = 'earliest-offset',"
                + " 'scan.bounded.mode' = 'latest-offset', 'value.format' = 'log-json')");
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql("SELECT event_time, rowtime IS NOT NULL, log_level FROM logs")
                .collect()) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0).getField(0)).isEqualTo(Instant.parse("2026-09-16T03:34:56.789Z"));
        assertThat(rows).allMatch(r -> Boolean.TRUE.equals(r.getField(1)));
        // A klog line writes no year: the one that puts Sep 1 closest before now.
        assertThat(rows.get(1).getField(0).toString()).endsWith("-09-01T14:00:00.123Z");
        assertThat(rows.get(1).getField(2)).as("klog E line, not JSON").isEqualTo("error");
        assertThat(rows.get(2).getField(0))
                .as("a record without a time takes Kafka's")
                .isNull();
    }

    @Test
    void recordsAreReadWithParseErrorMetadata() throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.executeSql("CREATE TABLE logs ("
                + " log STRING, service_name STRING, `stream` STRING, raw_json STRING,"
                + " parse_error STRING METADATA FROM 'value.parse-error' VIRTUAL,"
                + " shape STRING METADATA FROM 'value.shape' VIRTUAL,"
                + " kafka_offset BIGINT METADATA FROM 'offset' VIRTUAL"
                + ") WITH ("
                + " 'connector' = 'kafka', 'topic' = '" + TOPIC + "',"
                + " 'properties.bootstrap.servers' = '" + bootstrap + "',"
                + " 'properties.group.id' = 'o11y.logs.archive',"
                + " 'scan.startup.mode' = 'earliest-offset',"
                + " 'scan.bounded.mode' = 'latest-offset',"
                + " 'value.format' = 'log-json',"
                + " 'value.log-json.on-error' = 'keep')");
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(
                        "SELECT kafka_offset, log, service_name, `stream`, parse_error IS NULL, raw_json, shape"
                                + " FROM logs")
                .collect()) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0))
                .isEqualTo(Row.of(
                        0L,
                        "GET /health 200",
                        "edge",
                        "stdout",
                        true,
                        "{\"log\":\"GET /health 200\",\"service.name\":\"edge\",\"stream\":\"stdout\","
                                + "\"time\":\"2026-09-16T12:34:56.789+09:00\"}",
                        "json"));
        assertThat(rows.get(1))
                .as("a klog line: not JSON, but a known shape, so no parse error; its message is the free text")
                .isEqualTo(Row.of(
                        1L,
                        "not json at all",
                        null,
                        null,
                        true,
                        "E0901 14:00:00.123456 1 main.go:42] not json at all",
                        "klog"));
        assertThat(rows.get(2))
                .isEqualTo(Row.of(
                        2L,
                        "ok",
                        "shop",
                        null,
                        true,
                        "{\"message\":\"ok\",\"kubernetes\":{\"labels\":{\"app\":\"shop\"}}}",
                        "json"));
        assertThat(rows.get(3).getField(1)).isEqualTo("{\"log\":\"cut off");
        assertThat(rows.get(3).getField(4)).isEqualTo(false);
        assertThat(rows.get(3).getField(6)).isEqualTo("plain");
    }
}
