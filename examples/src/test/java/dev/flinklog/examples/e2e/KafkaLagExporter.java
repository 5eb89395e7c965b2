package dev.flinklog.examples.e2e;

import com.sun.net.httpserver.HttpServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The Kafka side of the alert rules, served for Prometheus as kafka_exporter names it (README
 * "Metrics", listed in examples/monitoring/documented-metrics.txt): kafka_exporter is a Go binary
 * that neither Debian nor Maven Central carries, so the test computes the same three series from the
 * broker with the Admin API at each scrape: {@code kafka_topic_partition_current_offset} (the next
 * offset to be written), {@code kafka_topic_partition_oldest_offset} (the log start offset, which
 * retention moves) and {@code kafka_consumergroup_lag} (current minus the group's committed offset,
 * for partitions where the group has committed one).
 */
final class KafkaLagExporter implements AutoCloseable {

    private final Admin admin;
    private final String topic;
    private final int partitions;
    private final String group;
    private final HttpServer server;

    private KafkaLagExporter(String bootstrap, String topic, int partitions, String group) throws IOException {
        this.admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "request.timeout.ms", "5000"));
        this.topic = topic;
        this.partitions = partitions;
        this.group = group;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/metrics", exchange -> {
            byte[] body;
            int status;
            try {
                body = render().getBytes(StandardCharsets.UTF_8);
                status = 200;
            } catch (Exception e) {
                // The broker is away: a failed scrape, as kafka_exporter's would be.
                body = ("broker unavailable: " + e).getBytes(StandardCharsets.UTF_8);
                status = 503;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    static KafkaLagExporter start(String bootstrap, String topic, int partitions, String group) throws IOException {
        return new KafkaLagExporter(bootstrap, topic, partitions, group);
    }

    /** host:port to scrape (path /metrics). */
    String target() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** Per partition: the log start offset (the oldest record retention has not deleted). */
    Map<Integer, Long> oldestOffsets() throws Exception {
        return offsets(OffsetSpec.earliest());
    }

    Map<Integer, Long> currentOffsets() throws Exception {
        return offsets(OffsetSpec.latest());
    }

    /** Per partition: the group's committed offset, for the partitions it has committed. */
    Map<Integer, Long> committedOffsets() throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(5, TimeUnit.SECONDS);
        Map<Integer, Long> out = new TreeMap<>();
        committed.forEach((tp, om) -> {
            if (tp.topic().equals(topic) && om != null) {
                out.put(tp.partition(), om.offset());
            }
        });
        return out;
    }

    private Map<Integer, Long> offsets(OffsetSpec spec) throws Exception {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), spec);
        }
        Map<Integer, Long> out = new TreeMap<>();
        admin.listOffsets(request)
                .all()
                .get(5, TimeUnit.SECONDS)
                .forEach((tp, info) -> out.put(tp.partition(), info.offset()));
        return out;
    }

    private String render() throws Exception {
        Map<Integer, Long> current = currentOffsets();
        Map<Integer, Long> oldest = oldestOffsets();
        Map<Integer, Long> committed = committedOffsets();
        StringBuilder out = new StringBuilder();
        out.append("# TYPE kafka_topic_partition_current_offset gauge\n");
        current.forEach((p, o) -> out.append(series("kafka_topic_partition_current_offset", null, p, o)));
        out.append("# TYPE kafka_topic_partition_oldest_offset gauge\n");
        oldest.forEach((p, o) -> out.append(series("kafka_topic_partition_oldest_offset", null, p, o)));
        out.append("# TYPE kafka_consumergroup_lag gauge\n");
        committed.forEach((p, o) -> out.append(series("kafka_consumergroup_lag", group, p, current.get(p) - o)));
        return out.toString();
    }

    private String series(String name, String consumerGroup, int partition, long value) {
        return name + "{" + (consumerGroup == null ? "" : "consumergroup=\"" + consumerGroup + "\",") + "partition=\""
                + partition + "\",topic=\"" + topic + "\"} " + value + "\n";
    }

    @Override
    public void close() {
        server.stop(0);
        admin.close();
    }
}
