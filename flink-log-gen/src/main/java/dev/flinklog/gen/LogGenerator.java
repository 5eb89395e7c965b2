package dev.flinklog.gen;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generates log records as real producers ship them. {@link #generate(long)} is a pure function of
 * the configuration and the sequence number: a reader can start at any sequence (a split, a
 * restored checkpoint) and get the same records, and nothing is shared between calls, so one
 * generator may serve several threads.
 *
 * <p>Each record draws from its own random stream seeded by (seed, sequence). Its time follows its
 * sequence (see {@link GeneratorConfig}); the planted incidents decide service, level and message
 * for records that fall into them, the background distribution for the others; then a producer
 * shape is picked from the mix and writes the payload.
 */
public final class LogGenerator {

    /** Records per hour are this many times denser during the burst than around it. */
    static final int BURST_DENSITY = 6;
    /** Share of the burst hour's records that are the burst service's errors. */
    static final double BURST_SHARE = 0.85;
    /** The misconfigured service's config reload runs at these UTC hours, for 10 minutes. */
    static final int[] MISCONFIG_HOURS = {2, 8, 14, 20};

    static final int MISCONFIG_MINUTES = 10;
    static final double MISCONFIG_SHARE = 0.25;
    /** The local offsets services write in producers that print local time (+09:00 and others). */
    private static final int[] OFFSETS = {0, 9 * 3600, 0, -5 * 3600, 5 * 3600 + 1800, 9 * 3600};

    private final GeneratorConfig config;
    private final long seedMix;
    private final long startMicros;
    private final long spanMicros;
    private final long burstOffset;
    private final long burstLength;
    private final long silenceOffset;
    private final double virtualSpan;
    private final double[] serviceCumulative;
    private final Producer[] producers;
    private final long[] producerCumulative;
    private final String[] podPrefixes;

    public LogGenerator(GeneratorConfig config) {
        this.config = config;
        this.seedMix = mix64(config.seed());
        this.startMicros =
                micros(config.start().getEpochSecond(), config.start().getNano());
        this.spanMicros = config.span().toNanos() / 1000;
        this.burstOffset = Duration.between(config.start(), config.burstStart()).toNanos() / 1000;
        this.burstLength = GeneratorConfig.BURST_LENGTH.toNanos() / 1000;
        this.silenceOffset =
                Duration.between(config.start(), config.silenceStart()).toNanos() / 1000;
        int density = config.incidents() ? BURST_DENSITY : 1;
        this.virtualSpan = spanMicros + (double) (density - 1) * burstLength;

        List<String> services = config.services();
        serviceCumulative = new double[services.size()];
        double sum = 0;
        for (int i = 0; i < services.size(); i++) {
            sum += 1 / Math.pow(i + 1, 0.8); // a few noisy services, a long quiet tail
            serviceCumulative[i] = sum;
        }
        producers = config.shapeMix().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(Map.Entry::getKey)
                .toArray(Producer[]::new);
        producerCumulative = new long[producers.length];
        long w = 0;
        for (int i = 0; i < producers.length; i++) {
            w += config.shapeMix().get(producers[i]);
            producerCumulative[i] = w;
        }
        podPrefixes = new String[services.size()];
        for (int i = 0; i < services.size(); i++) {
            SplittableRandom r = new SplittableRandom(seedMix ^ services.get(i).hashCode());
            podPrefixes[i] = services.get(i) + "-" + Messages.hex(new StringBuilder(), r, 6) + "-";
        }
    }

    public GeneratorConfig config() {
        return config;
    }

    /** The record at {@code sequence} (>= 0); the same bytes for the same config and sequence. */
    public GeneratedLog generate(long sequence) {
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence must be >= 0, got " + sequence);
        }
        SplittableRandom r = new SplittableRandom(seedMix + sequence * 0x9E3779B97F4A7C15L);
        long n = config.recordsPerSpan();
        long cycle = sequence / n;
        long inSpan = timeInSpan(sequence % n, r);
        long micros = startMicros + cycle * spanMicros + inSpan;

        int serviceIndex;
        Level level;
        Messages.Template template;
        double roll = r.nextDouble();
        if (config.incidents() && inSpan >= burstOffset && inSpan < burstOffset + burstLength && roll < BURST_SHARE) {
            serviceIndex = 1;
            level = Level.ERROR;
            template = Messages.BURST[r.nextInt(Messages.BURST.length)];
        } else if (config.incidents() && inMisconfigWindow(micros) && roll < MISCONFIG_SHARE) {
            serviceIndex = 2;
            level = Level.ERROR;
            template = Messages.MISCONFIG;
        } else {
            boolean silent = config.incidents() && inSpan >= silenceOffset;
            serviceIndex = pickService(r, silent);
            level = pickLevel(r);
            Messages.Template[] table = Messages.of(level);
            template = table[r.nextInt(table.length)];
        }
        String message = Messages.fill(template.text(), r);
        String traceId = null;
        String spanId = null;
        if (r.nextInt(10) < 4) {
            traceId = Messages.hex(new StringBuilder(32), r, 32).toString();
            spanId = Messages.hex(new StringBuilder(16), r, 16).toString();
        }
        Event e = new Event(
                this,
                sequence,
                id(sequence),
                micros,
                level,
                config.services().get(serviceIndex),
                serviceIndex,
                r.nextInt(config.hostsPerService()),
                template,
                message,
                traceId,
                spanId,
                OFFSETS[serviceIndex % OFFSETS.length],
                r);
        if (r.nextDouble() < config.malformedRate() || producers.length == 0) {
            return MalformedShapes.render(e);
        }
        GeneratedLog log = render(pickProducer(r), e);
        return config.recordBytes() > log.payload().length ? padded(log, config.recordBytes()) : log;
    }

    /**
     * The record grown to {@code bytes} bytes by a field no log-json column reads: {@code
     * "padding":"…"} as the last member of a JSON object, or a quoted pair {@code padding="…"} at
     * the end of a text line (quoted, so that a logfmt line stays one of pairs and a klog structured
     * message one of pairs; a line of another shape takes it as part of its text). The filler is
     * lower-case ASCII words with no level, error or time cue, so the ground truth does not change.
     */
    static GeneratedLog padded(GeneratedLog log, int bytes) {
        byte[] p = log.payload();
        boolean json = p.length > 1 && p[0] == '{' && p[p.length - 1] == '}';
        byte[] head = (json ? ",\"padding\":\"" : " padding=\"").getBytes(StandardCharsets.US_ASCII);
        int tail = json ? 2 : 1; // closing quote and brace; closing quote
        int keep = json ? p.length - 1 : p.length;
        int fill = Math.max(0, bytes - keep - head.length - tail);
        byte[] out = new byte[keep + head.length + fill + tail];
        System.arraycopy(p, 0, out, 0, keep);
        System.arraycopy(head, 0, out, keep, head.length);
        for (int i = 0; i < fill; i++) {
            out[keep + head.length + i] = FILLER[i % FILLER.length];
        }
        if (json) {
            out[out.length - 2] = '"';
            out[out.length - 1] = '}';
        } else {
            out[out.length - 1] = '"';
        }
        return new GeneratedLog(
                log.sequence(),
                log.id(),
                out,
                log.producer(),
                log.service(),
                log.expectedLevel(),
                log.expectedEventTime(),
                log.templateId(),
                log.malformed(),
                log.rows(),
                log.expectedShape(),
                log.expectedHttpStatus());
    }

    private static final byte[] FILLER = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
            .getBytes(StandardCharsets.US_ASCII);

    /** {@code log-} and the sequence zero-padded to 12 digits. */
    public static String id(long sequence) {
        String s = Long.toString(sequence);
        return s.length() >= 12 ? "log-" + s : "log-" + "000000000000".substring(s.length()) + s;
    }

    static GeneratedLog render(Producer p, Event e) {
        return switch (p) {
            case K8S_FLUENTBIT -> ContainerShapes.kubernetes(e);
            case DOCKER_FLUENTD -> ContainerShapes.dockerFluentd(e);
            case OTLP -> OtlpShape.render(e);
            case ECS -> AppLoggerShapes.ecs(e);
            case LOGSTASH -> AppLoggerShapes.logstash(e);
            case PINO -> AppLoggerShapes.pino(e);
            case BUNYAN -> AppLoggerShapes.bunyan(e);
            case ZAP -> AppLoggerShapes.zap(e);
            case LOGRUS -> AppLoggerShapes.logrus(e);
            case CLEF -> AppLoggerShapes.clef(e);
            case GCP -> AppLoggerShapes.gcp(e);
            case PYTHON_JSON -> AppLoggerShapes.pythonJson(e);
            case LOG4J2 -> AppLoggerShapes.log4j2(e);
            case LAMBDA -> AppLoggerShapes.lambda(e);
            case JOURNALD -> SystemShapes.journald(e);
            case SYSLOG_JSON -> SystemShapes.syslogJson(e);
            case TEXT -> SystemShapes.text(e);
            case SYSLOG5424 -> TextShapes.syslog5424(e);
            case SYSLOG3164 -> TextShapes.syslog3164(e);
            case NGINX_ACCESS -> TextShapes.nginxAccess(e);
            case CRI_KLOG -> TextShapes.criKlog(e);
            case HEROKU_ROUTER -> TextShapes.herokuRouter(e);
        };
    }

    String anotherMessage(Event e) {
        Messages.Template t = e.template;
        if (t.id().startsWith("incident.burst")) {
            t = Messages.BURST[e.random.nextInt(Messages.BURST.length)];
        } else if (t != Messages.MISCONFIG) {
            Messages.Template[] table = Messages.of(e.level);
            t = table[e.random.nextInt(table.length)];
        }
        return Messages.fill(t.text(), e.random);
    }

    String pod(int serviceIndex, int hostIndex) {
        // pod suffixes as the ReplicaSet controller writes them: 5 chars, no vowels
        String alphabet = "bcdfghjklmnpqrstvwxz2456789";
        StringBuilder b = new StringBuilder(podPrefixes[serviceIndex]);
        long h = mix64(seedMix + serviceIndex * 31L + hostIndex);
        for (int i = 0; i < 5; i++) {
            b.append(alphabet.charAt((int) Math.floorMod(h, (long) alphabet.length())));
            h /= alphabet.length();
        }
        return b.toString();
    }

    /**
     * Microseconds from the span's start for the record at {@code position}: evenly paced, with
     * jitter inside the record's slot (so times never go backwards), and {@link #BURST_DENSITY}
     * times denser during the burst hour.
     */
    private long timeInSpan(long position, SplittableRandom r) {
        double u = (position + r.nextDouble()) * (virtualSpan / config.recordsPerSpan());
        if (!config.incidents() || u < burstOffset) {
            return Math.min((long) u, spanMicros - 1);
        }
        double dense = (double) BURST_DENSITY * burstLength;
        if (u < burstOffset + dense) {
            return burstOffset + (long) ((u - burstOffset) / BURST_DENSITY);
        }
        return Math.min((long) (u - (BURST_DENSITY - 1) * (double) burstLength), spanMicros - 1);
    }

    private static boolean inMisconfigWindow(long micros) {
        long secondOfDay = Math.floorMod(Math.floorDiv(micros, Times.MICROS), 86_400L);
        for (int h : MISCONFIG_HOURS) {
            long from = h * 3600L;
            if (secondOfDay >= from && secondOfDay < from + MISCONFIG_MINUTES * 60L) {
                return true;
            }
        }
        return false;
    }

    private int pickService(SplittableRandom r, boolean withoutLast) {
        int count = serviceCumulative.length - (withoutLast ? 1 : 0);
        double x = r.nextDouble() * serviceCumulative[count - 1];
        for (int i = 0; i < count; i++) {
            if (x < serviceCumulative[i]) {
                return i;
            }
        }
        return count - 1;
    }

    private Level pickLevel(SplittableRandom r) {
        double x = r.nextDouble();
        double error = config.errorRate();
        if ((x -= error / 20) < 0) {
            return Level.FATAL;
        }
        if ((x -= error) < 0) {
            return Level.ERROR;
        }
        if ((x -= 0.05) < 0) {
            return Level.WARN;
        }
        if ((x -= 0.08) < 0) {
            return Level.DEBUG;
        }
        if ((x -= 0.01) < 0) {
            return Level.TRACE;
        }
        return Level.INFO;
    }

    private Producer pickProducer(SplittableRandom r) {
        long x = r.nextLong(producerCumulative[producerCumulative.length - 1]);
        for (int i = 0; i < producers.length; i++) {
            if (x < producerCumulative[i]) {
                return producers[i];
            }
        }
        return producers[producers.length - 1];
    }

    private static long micros(long seconds, int nanos) {
        return seconds * Times.MICROS + nanos / 1000;
    }

    /** Stafford's mix13 finaliser: spreads neighbouring seeds over the whole 64-bit range. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
