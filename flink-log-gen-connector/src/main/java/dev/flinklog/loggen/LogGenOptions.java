package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.Producer;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The options of {@code 'connector' = 'log-gen'} (docs/log-gen.md lists them; LogGenDocsTest keeps
 * that table and this class in step) and their validation, which fails naming the option and what
 * it accepts.
 */
public final class LogGenOptions {

    private LogGenOptions() {}

    public static final ConfigOption<Long> NUMBER_OF_ROWS = ConfigOptions.key("number-of-rows")
            .longType()
            .noDefaultValue()
            .withDescription("Records to emit in total (bounded source). Without it the source is unbounded.");

    public static final ConfigOption<Double> ROWS_PER_SECOND = ConfigOptions.key("rows-per-second")
            .doubleType()
            .noDefaultValue()
            .withDescription("Records per second over all readers (an OTLP batch counts once). Unlimited without it.");

    public static final ConfigOption<Long> START_SEQUENCE = ConfigOptions.key("start-sequence")
            .longType()
            .defaultValue(0L)
            .withDescription("The first sequence number; record ids are log-<sequence>.");

    public static final ConfigOption<Long> SEED = ConfigOptions.key("seed")
            .longType()
            .defaultValue(42L)
            .withDescription("Same seed, same options: the same records, whatever the parallelism.");

    public static final ConfigOption<String> START = ConfigOptions.key("start")
            .stringType()
            .defaultValue(GeneratorConfig.DEFAULT_START.toString())
            .withDescription("Event time of sequence 0: an ISO instant, or 'now' (when the query is planned).");

    public static final ConfigOption<Integer> DAYS = ConfigOptions.key("days")
            .intType()
            .defaultValue(14)
            .withDescription("The span in whole days that records-per-span records fill; incidents repeat every span.");

    public static final ConfigOption<Long> RECORDS_PER_SPAN = ConfigOptions.key("records-per-span")
            .longType()
            .noDefaultValue()
            .withDescription(
                    "Records per span (the pace of event time). Default 120000; with start = 'now' "
                            + "and rows-per-second: rows-per-second x the span's seconds, so event time keeps up with the clock.");

    public static final ConfigOption<String> SHAPES = ConfigOptions.key("shapes")
            .stringType()
            .defaultValue("default")
            .withDescription("Producer mix: 'default', or name=weight pairs such as 'otlp=2,ecs=1,text=1'.");

    public static final ConfigOption<String> SERVICES = ConfigOptions.key("services")
            .stringType()
            .defaultValue("12")
            .withDescription(
                    "A count (the default names, then service-13, ...) or a comma list of names, noisiest first.");

    public static final ConfigOption<Integer> HOSTS_PER_SERVICE = ConfigOptions.key("hosts-per-service")
            .intType()
            .defaultValue(3)
            .withDescription("Hosts (and pods) per service, 1 to 1000.");

    public static final ConfigOption<Double> ERROR_RATE = ConfigOptions.key("error-rate")
            .doubleType()
            .defaultValue(0.02)
            .withDescription("Share of background records at level error, 0 to 0.5 (fatal adds a twentieth).");

    public static final ConfigOption<Double> MALFORMED_RATE = ConfigOptions.key("malformed-rate")
            .doubleType()
            .defaultValue(0.005)
            .withDescription(
                    "Share of records that are not JSON objects (truncated, invalid UTF-8, arrays, ...), 0 to 1.");

    public static final ConfigOption<Integer> RECORD_BYTES = ConfigOptions.key("record-bytes")
            .intType()
            .defaultValue(0)
            .withDescription(
                    "Pad every well-formed record to at least this many bytes (a `padding` JSON field or a trailing `padding=` pair on text lines), 0 to 16777216; 0 keeps each shape's natural size.");

    public static final ConfigOption<Boolean> INCIDENTS = ConfigOptions.key("incidents")
            .booleanType()
            .defaultValue(true)
            .withDescription(
                    "Plant the incidents: an error burst, a recurring misconfiguration error, a service going silent.");

    /** Every option of the connector (without 'format' and 'scan.parallelism', which are Flink's). */
    public static Set<ConfigOption<?>> all() {
        return Set.of(
                NUMBER_OF_ROWS,
                ROWS_PER_SECOND,
                START_SEQUENCE,
                SEED,
                START,
                DAYS,
                RECORDS_PER_SPAN,
                SHAPES,
                SERVICES,
                HOSTS_PER_SERVICE,
                ERROR_RATE,
                MALFORMED_RATE,
                RECORD_BYTES,
                INCIDENTS);
    }

    /** The generator's configuration from the table options; {@code now} resolves 'now'. */
    public static GeneratorConfig generatorConfig(ReadableConfig options, Supplier<Instant> now) {
        GeneratorConfig.Builder b = GeneratorConfig.builder();
        b.seed(options.get(SEED));

        String start = options.get(START).trim();
        boolean startNow = start.equalsIgnoreCase("now");
        if (startNow) {
            b.start(now.get().truncatedTo(ChronoUnit.MILLIS));
        } else {
            try {
                b.start(Instant.parse(start));
            } catch (DateTimeParseException e) {
                throw invalid(START, start, "an ISO instant such as 2026-09-01T00:00:00Z, or 'now'");
            }
        }

        int days = options.get(DAYS);
        if (days < 1 || days > 3660) {
            throw invalid(DAYS, days, "whole days from 1 to 3660");
        }
        b.days(days);

        Optional<Long> perSpan = options.getOptional(RECORDS_PER_SPAN);
        Optional<Double> rate = options.getOptional(ROWS_PER_SECOND);
        long records;
        if (perSpan.isPresent()) {
            records = perSpan.get();
        } else if (startNow && rate.isPresent()) {
            records = Math.max(1, Math.round(rate.get() * days * 86_400d));
        } else {
            records = 120_000;
        }
        if (records < 1) {
            throw invalid(RECORDS_PER_SPAN, records, "a count of at least 1");
        }
        b.recordsPerSpan(records);

        services(b, options.get(SERVICES));

        int hosts = options.get(HOSTS_PER_SERVICE);
        if (hosts < 1 || hosts > 1000) {
            throw invalid(HOSTS_PER_SERVICE, hosts, "1 to 1000");
        }
        b.hostsPerService(hosts);

        double errors = options.get(ERROR_RATE);
        if (!(errors >= 0 && errors <= 0.5)) {
            throw invalid(ERROR_RATE, errors, "a share from 0 to 0.5");
        }
        b.errorRate(errors);

        double malformed = options.get(MALFORMED_RATE);
        if (!(malformed >= 0 && malformed <= 1)) {
            throw invalid(MALFORMED_RATE, malformed, "a share from 0 to 1");
        }
        b.malformedRate(malformed);

        int recordBytes = options.get(RECORD_BYTES);
        if (recordBytes < 0 || recordBytes > GeneratorConfig.MAX_RECORD_BYTES) {
            throw invalid(RECORD_BYTES, recordBytes, "a size in bytes from 0 to " + GeneratorConfig.MAX_RECORD_BYTES);
        }
        b.recordBytes(recordBytes);

        String shapes = options.get(SHAPES);
        try {
            b.shapeMix(shapes);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("log-gen: option '" + SHAPES.key() + "' = '" + shapes + "': " + e.getMessage()
                    + ". Accepted: 'default' or name=weight pairs of: " + producerNames());
        }
        b.incidents(options.get(INCIDENTS));

        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            // combinations the generator rejects (e.g. incidents with fewer than 4 services)
            throw new ValidationException("log-gen: invalid options: " + sqlNames(e.getMessage()), e);
        }
    }

    /** Validates the source options shared by the table source; returns nothing, throws on error. */
    static void validateSourceOptions(ReadableConfig options) {
        options.getOptional(NUMBER_OF_ROWS).ifPresent(n -> {
            if (n < 0) {
                throw invalid(NUMBER_OF_ROWS, n, "a count >= 0 (leave it out for an unbounded source)");
            }
        });
        options.getOptional(ROWS_PER_SECOND).ifPresent(r -> {
            if (!(r > 0) || Double.isInfinite(r)) {
                throw invalid(ROWS_PER_SECOND, r, "a positive number (leave it out for no limit)");
            }
        });
        long first = options.get(START_SEQUENCE);
        if (first < 0) {
            throw invalid(START_SEQUENCE, first, "a sequence number >= 0");
        }
        Long n = options.getOptional(NUMBER_OF_ROWS).orElse(0L);
        if (first > Long.MAX_VALUE - n) {
            throw invalid(START_SEQUENCE, first, "a value such that start-sequence + number-of-rows fits a BIGINT");
        }
    }

    private static void services(GeneratorConfig.Builder b, String value) {
        String v = value.trim();
        boolean count = !v.isEmpty() && v.chars().allMatch(Character::isDigit);
        if (count) {
            int n;
            try {
                n = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > 10_000) {
                throw invalid(SERVICES, value, "a count from 1 to 10000, or a comma list of names");
            }
            b.services(n);
            return;
        }
        List<String> names = new ArrayList<>();
        for (String part : v.split(",", -1)) {
            names.add(part.trim());
        }
        for (String s : names) {
            if (s.isEmpty() || !s.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                throw invalid(
                        SERVICES, value, "a count, or a comma list of names of lower-case letters, digits and '-'");
            }
        }
        if (names.stream().distinct().count() != names.size()) {
            throw invalid(SERVICES, value, "distinct names");
        }
        b.services(names);
    }

    private static String sqlNames(String message) {
        return message.replace("services:", "'services':").replace("span:", "'days':");
    }

    static String producerNames() {
        StringBuilder b = new StringBuilder();
        for (Producer p : Producer.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(p.id());
        }
        return b.toString();
    }

    static ValidationException invalid(ConfigOption<?> option, Object value, String accepted) {
        return new ValidationException(
                "log-gen: option '" + option.key() + "' = '" + value + "' is invalid; accepted: " + accepted + ".");
    }
}
