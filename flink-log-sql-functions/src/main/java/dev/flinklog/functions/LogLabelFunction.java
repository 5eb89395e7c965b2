package dev.flinklog.functions;

import dev.flinklog.core.fields.LabelExtractor;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;

/**
 * {@code LOG_LABEL(json STRING|VARIANT, key STRING) -> STRING}: one field or label of a JSON record,
 * the key matching in any of its spellings ({@code service.name}, {@code service_name}, nested
 * {@code service} → {@code name}). See {@link LabelExtractor#label}.
 */
public class LogLabelFunction extends ScalarFunction {

    /** {@code json}: a String, or Flink's Variant (read as its JSON text). */
    public String eval(Object json, String key) {
        return LabelExtractor.label(JsonArgument.text(json), key);
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        InputTypeStrategies.sequence(new String[] {"json", "key"}, new ArgumentTypeStrategy[] {
                            new JsonArgument("LOG_LABEL"), InputTypeStrategies.explicit(DataTypes.STRING())
                        }))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.STRING()))
                .build();
    }
}
