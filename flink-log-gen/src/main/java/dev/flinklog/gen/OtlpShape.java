package dev.flinklog.gen;

/**
 * An OTLP/JSON ExportLogsServiceRequest as the OpenTelemetry Collector's otlphttp or file exporter
 * writes it: one resource (the service, its host and pod), one scope, 2 to 4 log records. Each
 * log record carries its own id {@code <id>.<k>} as the attribute {@code log_id}; all share the
 * event's time and level, so one {@link GeneratedLog} describes every row.
 */
final class OtlpShape {

    private OtlpShape() {}

    static GeneratedLog render(Event e) {
        int rows = 2 + e.random.nextInt(3);
        StringBuilder b = new StringBuilder(512 * rows);
        b.append("{\"resourceLogs\":[{\"resource\":{\"attributes\":[");
        attribute(b, "service.name", e.service).append(',');
        attribute(b, "service.namespace", "shop").append(',');
        attribute(b, "host.name", e.node()).append(',');
        attribute(b, "k8s.namespace.name", "shop").append(',');
        attribute(b, "k8s.pod.name", e.pod()).append(',');
        attribute(b, "deployment.environment", "prod");
        b.append("]},\"scopeLogs\":[{\"scope\":{\"name\":\"dev.shop.")
                .append(e.service.replace("-", "."))
                .append("\",\"version\":\"1.4.0\"},\"logRecords\":[");
        String nanos = Long.toString(e.micros) + "000";
        String observed = Long.toString(e.micros + 1500 + e.random.nextInt(50_000)) + "000";
        for (int k = 0; k < rows; k++) {
            if (k > 0) {
                b.append(',');
            }
            String message = k == 0 ? e.message : e.anotherMessage();
            b.append("{\"timeUnixNano\":\"")
                    .append(nanos)
                    .append("\",\"observedTimeUnixNano\":\"")
                    .append(observed)
                    .append("\",\"severityNumber\":")
                    .append(severityNumber(e.level))
                    .append(",\"severityText\":\"")
                    .append(e.level.name())
                    .append("\",\"body\":{\"stringValue\":");
            Json.quote(b, message);
            b.append("},\"attributes\":[");
            attribute(b, "log_id", e.id + "." + k).append(',');
            attribute(b, "code.function", "handle" + (k + 1));
            b.append(']');
            if (e.traceId != null) {
                b.append(",\"traceId\":\"")
                        .append(e.traceId)
                        .append("\",\"spanId\":\"")
                        .append(e.spanId)
                        .append('"');
            }
            b.append(",\"flags\":").append(e.traceId != null ? 1 : 0).append('}');
        }
        b.append("]}],\"schemaUrl\":\"https://opentelemetry.io/schemas/1.26.0\"}]}");
        return e.out(Producer.OTLP, b.toString(), e.level, e.micros, rows, null, Shapes.OTLP, null);
    }

    /** OpenTelemetry's SeverityNumber: the first number of each level's range. */
    static int severityNumber(Level level) {
        return switch (level) {
            case TRACE -> 1;
            case DEBUG -> 5;
            case INFO -> 9;
            case WARN -> 13;
            case ERROR -> 17;
            case FATAL -> 21;
        };
    }

    private static StringBuilder attribute(StringBuilder b, String key, String value) {
        b.append("{\"key\":");
        Json.quote(b, key);
        b.append(",\"value\":{\"stringValue\":");
        Json.quote(b, value);
        return b.append("}}");
    }
}
