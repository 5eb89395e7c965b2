package dev.flinklog.functions;

import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * {@code LOG_TIMESTAMP(s STRING [, default_zone STRING])}, {@code LOG_TIMESTAMP(epoch BIGINT)},
 * {@code LOG_TIMESTAMP(seconds DOUBLE)}, {@code LOG_TIMESTAMP(seconds DECIMAL(p, s))} returning
 * {@code TIMESTAMP_LTZ(3)}, or NULL for anything that is not a timestamp. The semantics live in
 * {@link TimestampParser}; this class only converts arguments and results.
 *
 * <p>The signatures are declared by hand instead of being extracted from the {@code eval} methods
 * because a reflective {@code BigDecimal} parameter needs a fixed DECIMAL(p, s): every other
 * precision would be cast to it first, rounding away digits. Here any DECIMAL arrives as written.
 */
public class LogTimestampFunction extends ScalarFunction {

    // Per-instance state, made on first use: the function object is serialized into the job
    // graph, and these plain-Java objects need not be serializable.
    private transient ParsedTime parsed;

    // The default zone of the last call and its parser. One entry only: a cache keyed by input
    // would grow with the data; the zone argument is nearly always a constant.
    private transient String lastZoneText;
    private transient TimestampParser lastZoneParser;

    public Instant eval(String text) {
        return text != null && TimestampParser.UTC.parse(text, parsed()) ? toLtz() : null;
    }

    public Instant eval(String text, String defaultZone) {
        if (text == null || defaultZone == null) {
            return null;
        }
        TimestampParser parser = parserFor(defaultZone);
        return parser != null && parser.parse(text, parsed()) ? toLtz() : null;
    }

    public Instant eval(Long epoch) {
        return epoch != null && TimestampParser.fromEpoch(epoch, parsed()) ? toLtz() : null;
    }

    public Instant eval(Double epochSeconds) {
        return epochSeconds != null && TimestampParser.fromEpochSeconds(epochSeconds.doubleValue(), parsed())
                ? toLtz()
                : null;
    }

    public Instant eval(BigDecimal epochSeconds) {
        return epochSeconds != null && TimestampParser.fromEpochSeconds(epochSeconds, parsed()) ? toLtz() : null;
    }

    private ParsedTime parsed() {
        ParsedTime p = parsed;
        if (p == null) {
            p = new ParsedTime();
            parsed = p;
        }
        return p;
    }

    private TimestampParser parserFor(String zoneText) {
        if (!zoneText.equals(lastZoneText)) {
            lastZoneParser = TimestampParser.forZone(zoneText);
            lastZoneText = zoneText;
        }
        return lastZoneParser;
    }

    /** TIMESTAMP_LTZ(3) holds milliseconds: cut the nanoseconds toward the past. */
    private Instant toLtz() {
        return Instant.ofEpochMilli(parsed.epochMilli());
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        // Exact matches win over implicit casts (OrInputTypeStrategy), so DECIMAL stays DECIMAL and
        // DOUBLE stays DOUBLE; INT and smaller integers are widened to BIGINT, FLOAT to DOUBLE.
        return TypeInference.newBuilder()
                .inputTypeStrategy(InputTypeStrategies.or(
                        InputTypeStrategies.sequence(InputTypeStrategies.explicit(DataTypes.STRING())),
                        InputTypeStrategies.sequence(
                                InputTypeStrategies.explicit(DataTypes.STRING()),
                                InputTypeStrategies.explicit(DataTypes.STRING())),
                        InputTypeStrategies.sequence(InputTypeStrategies.explicit(DataTypes.BIGINT())),
                        InputTypeStrategies.sequence(InputTypeStrategies.explicit(DataTypes.DOUBLE())),
                        InputTypeStrategies.sequence(InputTypeStrategies.logical(LogicalTypeRoot.DECIMAL))))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.TIMESTAMP_LTZ(3)))
                .build();
    }
}
