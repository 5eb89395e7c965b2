package dev.flinklog.functions;

import dev.flinklog.core.fields.LabelExtractor;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;

import java.util.Map;

/**
 * {@code LOG_LABELS(json STRING|VARIANT) -> MAP<STRING, STRING>}: the platform labels of a JSON
 * record, flattened, with canonical keys. NULL for NULL or non-object input. See {@link
 * LabelExtractor}.
 */
public class LogLabelsFunction extends ScalarFunction {

    /** {@code json}: a String, or Flink's Variant (read as its JSON text). */
    public Map<String, String> eval(Object json) {
        return LabelExtractor.labels(JsonArgument.text(json));
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(InputTypeStrategies.sequence(new JsonArgument("LOG_LABELS")))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())))
                .build();
    }
}
