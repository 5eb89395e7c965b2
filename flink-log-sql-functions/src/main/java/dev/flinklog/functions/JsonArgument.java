package dev.flinklog.functions;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.Signature;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.util.Optional;

/**
 * The JSON record argument of LOG_PARSE, LOG_LABELS and LOG_LABEL: a STRING (any character string
 * type, cast to STRING) or, on Flink 2.1 and newer, a VARIANT such as log-json's raw column, passed
 * as Flink's {@code Variant}. The VARIANT type is recognised by its type root's name so that this
 * class, and the functions, load on Flink versions without it. Anything else fails validation
 * naming the function and the accepted types.
 */
public final class JsonArgument implements ArgumentTypeStrategy {

    private final String function;

    public JsonArgument(String function) {
        this.function = function;
    }

    /** Whether {@code type} is Flink's VARIANT (2.1+). */
    public static boolean isVariant(LogicalType type) {
        return type.getTypeRoot().name().equals("VARIANT");
    }

    /**
     * The record as JSON text: a string as it is, a variant as its JSON ({@code Variant#toString}
     * is {@code toJson}: keys sorted, numbers as the variant holds them). NULL stays NULL.
     */
    public static String text(Object argument) {
        return argument == null ? null : argument.toString();
    }

    @Override
    public Optional<DataType> inferArgumentType(CallContext context, int argumentPos, boolean throwOnFailure) {
        DataType given = context.getArgumentDataTypes().get(argumentPos);
        LogicalType type = given.getLogicalType();
        if (type.is(LogicalTypeFamily.CHARACTER_STRING) || type.is(LogicalTypeRoot.NULL)) {
            return Optional.of(DataTypes.STRING());
        }
        if (isVariant(type)) {
            return Optional.of(given);
        }
        if (throwOnFailure) {
            throw context.newValidationError(
                    "%s takes the JSON record as STRING or VARIANT (Flink 2.1+), not %s.", function, type);
        }
        return Optional.empty();
    }

    @Override
    public Signature.Argument getExpectedArgument(FunctionDefinition definition, int argumentPos) {
        return Signature.Argument.of("<STRING|VARIANT>");
    }
}
