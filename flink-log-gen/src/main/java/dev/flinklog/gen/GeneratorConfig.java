package dev.flinklog.gen;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link LogGenerator} writes. Immutable; built with {@link #builder()}, which validates every
 * value and names the option in its message.
 *
 * <p>Time: {@code recordsPerSpan} records are spread over {@code span} from {@code start} (in
 * sequence order, with jitter inside each record's slot); sequence numbers past that continue at
 * the same pace into the following spans, and the incidents repeat in each span.
 *
 * <p>Serializable so a Flink source (flink-log-gen-connector) can ship it to its readers, which
 * rebuild the {@link LogGenerator} from it.
 */
public final class GeneratorConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Largest {@code recordBytes}: 16 MiB, far beyond real log records, below Kafka-style limits of tests. */
    public static final int MAX_RECORD_BYTES = 16 << 20;

    /** The quickstart's fixed start, so its results are the same on every machine and day. */
    public static final Instant DEFAULT_START = Instant.parse("2026-09-01T00:00:00Z");

    /** A small made-up shop. Order matters: see {@link Builder#services(List)}. */
    public static final List<String> DEFAULT_SERVICES = List.of(
            "gateway",
            "payments",
            "notifications",
            "checkout",
            "orders",
            "search",
            "inventory",
            "auth",
            "recommendations",
            "shipping",
            "billing-batch",
            "legacy-ftp");

    private final long seed;
    private final Instant start;
    private final Duration span;
    private final long recordsPerSpan;
    private final List<String> services;
    private final int hostsPerService;
    private final double errorRate;
    private final double malformedRate;
    private final Map<Producer, Integer> shapeMix;
    private final boolean incidents;
    private final int recordBytes;

    private GeneratorConfig(Builder b) {
        this.seed = b.seed;
        this.start = b.start;
        this.span = b.span;
        this.recordsPerSpan = b.recordsPerSpan;
        this.services = List.copyOf(b.services);
        this.hostsPerService = b.hostsPerService;
        this.errorRate = b.errorRate;
        this.malformedRate = b.malformedRate;
        this.shapeMix = Collections.unmodifiableMap(new EnumMap<>(b.shapeMix));
        this.incidents = b.incidents;
        this.recordBytes = b.recordBytes;
    }

    public static Builder builder() {
        return new Builder();
    }

    public long seed() {
        return seed;
    }

    public Instant start() {
        return start;
    }

    public Duration span() {
        return span;
    }

    public long recordsPerSpan() {
        return recordsPerSpan;
    }

    public List<String> services() {
        return services;
    }

    public int hostsPerService() {
        return hostsPerService;
    }

    public double errorRate() {
        return errorRate;
    }

    public double malformedRate() {
        return malformedRate;
    }

    /**
     * The size well-formed records are padded up to, in bytes (0: each shape's natural size, about
     * 200 to 900 bytes); see {@link #MAX_RECORD_BYTES}.
     */
    public int recordBytes() {
        return recordBytes;
    }

    /** Relative weights; producers with weight 0 are absent. */
    public Map<Producer, Integer> shapeMix() {
        return shapeMix;
    }

    public boolean incidents() {
        return incidents;
    }

    /** The service that produces the one-hour error burst (the second service). */
    public String burstService() {
        return services.get(1);
    }

    /** The service with the recurring configuration error every day (the third service). */
    public String misconfiguredService() {
        return services.get(2);
    }

    /** The service that stops logging (the last service). */
    public String silentService() {
        return services.get(services.size() - 1);
    }

    /** Start of the error burst in the first span: at 14:00 UTC on the middle day, one hour. */
    public Instant burstStart() {
        long days = span.toDays();
        Instant at = start.plus(Duration.ofDays(days / 2)).plus(Duration.ofHours(14));
        Instant latest = start.plus(span).minus(BURST_LENGTH);
        return at.isAfter(latest) ? latest : at;
    }

    /** Since when the silent service logs nothing: the last 7 days of the span (at most its second half). */
    public Instant silenceStart() {
        Duration quiet = Duration.ofDays(7);
        if (quiet.compareTo(span.dividedBy(2)) > 0) {
            quiet = span.dividedBy(2);
        }
        return start.plus(span).minus(quiet);
    }

    static final Duration BURST_LENGTH = Duration.ofHours(1);

    @Override
    public String toString() {
        return "GeneratorConfig{seed=" + seed + ", start=" + start + ", span=" + span
                + ", recordsPerSpan=" + recordsPerSpan + ", services=" + services
                + ", hostsPerService=" + hostsPerService + ", errorRate=" + errorRate
                + ", malformedRate=" + malformedRate + ", shapeMix=" + shapeMix
                + ", incidents=" + incidents + ", recordBytes=" + recordBytes + "}";
    }

    /** Builder with the quickstart's defaults: seed 42, 14 days from 2026-09-01, 120,000 records. */
    public static final class Builder {
        private long seed = 42;
        private Instant start = DEFAULT_START;
        private Duration span = Duration.ofDays(14);
        private long recordsPerSpan = 120_000;
        private List<String> services = DEFAULT_SERVICES;
        private int hostsPerService = 3;
        private double errorRate = 0.02;
        private double malformedRate = 0.005;
        private final Map<Producer, Integer> shapeMix = new EnumMap<>(Producer.class);
        private boolean incidents = true;
        private int recordBytes = 0;

        private Builder() {
            for (Producer p : Producer.values()) {
                shapeMix.put(p, p.defaultWeight());
            }
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder start(Instant start) {
            this.start = Objects.requireNonNull(start, "start");
            return this;
        }

        /** The span the incidents are planned over; whole days (at least 2 with incidents). */
        public Builder span(Duration span) {
            this.span = Objects.requireNonNull(span, "span");
            return this;
        }

        public Builder days(int days) {
            return span(Duration.ofDays(days));
        }

        /** How many records one span holds (the pace); not a limit on sequence numbers. */
        public Builder recordsPerSpan(long records) {
            this.recordsPerSpan = records;
            return this;
        }

        /**
         * Service names, noisiest first (volume falls off as 1/(i+1)^0.8). With incidents, the
         * second bursts, the third has the recurring misconfiguration, the last goes silent.
         */
        public Builder services(List<String> names) {
            this.services = new ArrayList<>(Objects.requireNonNull(names, "services"));
            return this;
        }

        /** The first {@code count} default names, then {@code service-13}, ... */
        public Builder services(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("services: must be at least 1, got " + count);
            }
            List<String> names = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                names.add(i < DEFAULT_SERVICES.size() ? DEFAULT_SERVICES.get(i) : "service-" + (i + 1));
            }
            if (count < DEFAULT_SERVICES.size() && count > 1) {
                // keep the silent one last whatever the count, so the incident stays recognisable
                names.set(count - 1, DEFAULT_SERVICES.get(DEFAULT_SERVICES.size() - 1));
            }
            return services(names);
        }

        public Builder hostsPerService(int hosts) {
            this.hostsPerService = hosts;
            return this;
        }

        /** Share of background records at level error (fatal adds a twentieth of it). */
        public Builder errorRate(double rate) {
            this.errorRate = rate;
            return this;
        }

        /** Share of records that are not JSON objects (truncated, invalid UTF-8, arrays, ...). */
        public Builder malformedRate(double rate) {
            this.malformedRate = rate;
            return this;
        }

        public Builder shapeWeight(Producer producer, int weight) {
            if (weight < 0) {
                throw new IllegalArgumentException(
                        "shape weight of " + producer.id() + ": must be >= 0, got " + weight);
            }
            shapeMix.put(Objects.requireNonNull(producer, "producer"), weight);
            return this;
        }

        /** Only these producers, equally weighted. */
        public Builder onlyShapes(Producer... producers) {
            for (Producer p : Producer.values()) {
                shapeMix.put(p, 0);
            }
            for (Producer p : producers) {
                shapeMix.put(p, 1);
            }
            return this;
        }

        /**
         * A mix as text: {@code "otlp=2,ecs=1,text=1"} (only those), or {@code "default"}. Fails
         * naming the accepted producer names.
         */
        public Builder shapeMix(String mix) {
            String m = Objects.requireNonNull(mix, "shape mix").trim();
            if (m.equalsIgnoreCase("default")) {
                for (Producer p : Producer.values()) {
                    shapeMix.put(p, p.defaultWeight());
                }
                return this;
            }
            for (Producer p : Producer.values()) {
                shapeMix.put(p, 0);
            }
            for (String part : m.split(",")) {
                String s = part.trim();
                if (s.isEmpty()) {
                    continue;
                }
                int eq = s.indexOf('=');
                Producer p = Producer.of(eq < 0 ? s : s.substring(0, eq));
                int w;
                try {
                    w = eq < 0 ? 1 : Integer.parseInt(s.substring(eq + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "shape mix: weight of '" + s + "' is not an integer (write name=weight, e.g. otlp=2)");
                }
                shapeWeight(p, w);
            }
            return this;
        }

        public Builder incidents(boolean on) {
            this.incidents = on;
            return this;
        }

        /**
         * Pads every well-formed record to at least {@code bytes} bytes (0 = natural size), for load
         * tests with the record sizes of a real pipeline: JSON records get a {@code padding} string
         * field, text lines a trailing quoted {@code padding="..."} pair. Level, time, service and id stay as
         * they were; malformed records keep their natural size.
         */
        public Builder recordBytes(int bytes) {
            this.recordBytes = bytes;
            return this;
        }

        public GeneratorConfig build() {
            if (recordBytes < 0 || recordBytes > MAX_RECORD_BYTES) {
                throw new IllegalArgumentException(
                        "recordBytes: must be from 0 to " + MAX_RECORD_BYTES + ", got " + recordBytes);
            }
            if (span.isNegative()
                    || span.isZero()
                    || span.toNanos() % Duration.ofDays(1).toNanos() != 0) {
                throw new IllegalArgumentException("span: must be a positive number of whole days, got " + span);
            }
            if (recordsPerSpan < 1) {
                throw new IllegalArgumentException("recordsPerSpan: must be at least 1, got " + recordsPerSpan);
            }
            if (services.isEmpty() || services.stream().anyMatch(s -> s == null || s.isBlank())) {
                throw new IllegalArgumentException("services: need at least one non-blank name, got " + services);
            }
            if (services.stream().distinct().count() != services.size()) {
                throw new IllegalArgumentException("services: names must be distinct, got " + services);
            }
            for (String s : services) {
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                        throw new IllegalArgumentException("services: '" + s
                                + "' must be lower-case letters, digits and '-' (it names pods and hosts)");
                    }
                }
            }
            if (incidents && services.size() < 4) {
                throw new IllegalArgumentException(
                        "services: incidents need at least 4 services (burst, misconfigured, silent, others), got "
                                + services.size() + "; or set incidents off");
            }
            if (incidents && span.toDays() < 2) {
                throw new IllegalArgumentException("span: incidents need at least 2 days, got " + span);
            }
            if (hostsPerService < 1 || hostsPerService > 1000) {
                throw new IllegalArgumentException("hostsPerService: must be 1..1000, got " + hostsPerService);
            }
            if (!(errorRate >= 0 && errorRate <= 0.5)) {
                throw new IllegalArgumentException("errorRate: must be in [0, 0.5], got " + errorRate);
            }
            if (!(malformedRate >= 0 && malformedRate <= 1)) {
                throw new IllegalArgumentException("malformedRate: must be in [0, 1], got " + malformedRate);
            }
            if (shapeMix.values().stream().mapToLong(Integer::longValue).sum() == 0 && malformedRate < 1) {
                throw new IllegalArgumentException(
                        "shape mix: all weights are 0; give at least one of: " + Producer.names());
            }
            return new GeneratorConfig(this);
        }
    }
}
