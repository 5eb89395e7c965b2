package dev.flinklog.core.fields;

/**
 * Where in a JSON record labels come from, in precedence order: when two sources yield the same
 * (canonical) key, the source declared first wins; within one source the first occurrence in the
 * document wins.
 *
 * <p>The order goes from the record to its surroundings: what the application attached to this very
 * record beats what the container runtime or orchestrator attached to every record of the
 * container, and annotations (free-form, often tool-owned) come last.
 */
public enum LabelSource {
    ATTRIBUTES("attributes", "object of scalars, or OTLP array of `{key, value}`"),
    LABELS("labels", "object of scalars (ECS, many shippers)"),
    GCP_LABELS("logging.googleapis.com/labels", "object of scalars (Google Cloud structured logging)"),
    DOTTED_KEYS("top-level key containing `.`", "scalar (Docker container labels, OTel-style flat keys)"),
    KUBERNETES_LABELS("kubernetes.labels", "object of scalars (Fluent Bit kubernetes filter)"),
    RESOURCE_ATTRIBUTES("resource.attributes", "OTLP array of `{key, value}`, or object of scalars"),
    KUBERNETES_ANNOTATIONS("kubernetes.annotations", "object of scalars (Fluent Bit kubernetes filter)"),
    LINE(
            "a text line's pairs (the format only)",
            "logfmt pairs, RFC 5424 structured data, a layout's logger or thread");

    private final String where;
    private final String shape;

    LabelSource(String where, String shape) {
        this.where = where;
        this.shape = shape;
    }

    /** Where it sits in the record, as the docs show it. */
    public String where() {
        return where;
    }

    /** What shape of value it expects, as the docs show it. */
    public String shape() {
        return shape;
    }
}
