package dev.flinklog.gen;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * One logical log event before a producer shape writes it: who logged what, when, at which level.
 * The shapes turn it into payload bytes and state what the format must read from them.
 */
final class Event {

    final long sequence;
    final String id;
    final long micros;
    final Level level;
    final String service;
    final int serviceIndex;
    final int hostIndex;
    final Messages.Template template;
    final String message;
    final String traceId; // 32 hex or null
    final String spanId; // 16 hex or null
    final int offsetSeconds; // the service's local offset, for producers that write local time
    final SplittableRandom random;
    private final LogGenerator generator;

    Event(
            LogGenerator generator,
            long sequence,
            String id,
            long micros,
            Level level,
            String service,
            int serviceIndex,
            int hostIndex,
            Messages.Template template,
            String message,
            String traceId,
            String spanId,
            int offsetSeconds,
            SplittableRandom random) {
        this.generator = generator;
        this.sequence = sequence;
        this.id = id;
        this.micros = micros;
        this.level = level;
        this.service = service;
        this.serviceIndex = serviceIndex;
        this.hostIndex = hostIndex;
        this.template = template;
        this.message = message;
        this.traceId = traceId;
        this.spanId = spanId;
        this.offsetSeconds = offsetSeconds;
        this.random = random;
    }

    /** Another message like this one (same incident or level), for the further records of a batch. */
    String anotherMessage() {
        return generator.anotherMessage(this);
    }

    /** A host name outside Kubernetes: {@code payments-2}. */
    String host() {
        return service + "-" + (hostIndex + 1);
    }

    /** The pod of this host in Kubernetes: {@code payments-5c7b9d-x2k4q}. */
    String pod() {
        return generator.pod(serviceIndex, hostIndex);
    }

    /** The Kubernetes node the pod runs on. */
    String node() {
        return "node-" + (1 + (serviceIndex * 7 + hostIndex) % 8);
    }

    /** The process id of this host's instance of the service (syslog PROCID, journald's {@code _PID}). */
    int pid() {
        return 300 + hostIndex * 17;
    }

    /** A JSON record of one row whose message is no line of a known shape ({@code shape} json). */
    GeneratedLog out(Producer producer, String payload, Level expected, Long expectedMicros) {
        return out(producer, payload, expected, expectedMicros, 1, null, Shapes.JSON, null);
    }

    /**
     * A record of a known shape; {@code templateId} the shape's own text's (an access line) instead
     * of the event's when not null; {@code httpStatus} the status the format must read, or null.
     */
    GeneratedLog out(
            Producer producer,
            String payload,
            Level expected,
            Long expectedMicros,
            int rows,
            String templateId,
            String shape,
            Integer httpStatus) {
        return out(
                producer.id(),
                payload.getBytes(StandardCharsets.UTF_8),
                expected,
                expectedMicros,
                rows,
                false,
                templateId == null ? template.id() : templateId,
                shape,
                httpStatus);
    }

    GeneratedLog out(
            String producer,
            byte[] payload,
            Level expected,
            Long expectedMicros,
            int rows,
            boolean malformed,
            String templateId,
            String shape,
            Integer httpStatus) {
        return new GeneratedLog(
                sequence,
                id,
                payload,
                producer,
                service,
                expected == null ? null : expected.word(),
                expectedMicros == null ? null : Times.instant(expectedMicros),
                templateId,
                malformed,
                rows,
                shape,
                httpStatus);
    }
}
