package dev.flinklog.functions;

import dev.flinklog.core.fields.LabelExtractor;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ScalarFunction;

import java.util.Map;

/**
 * {@code LOG_LABELS(json STRING) -> MAP<STRING, STRING>}: the platform labels of a JSON record,
 * flattened, with canonical keys. NULL for NULL or non-object input. See {@link LabelExtractor}.
 */
public class LogLabelsFunction extends ScalarFunction {

    public @DataTypeHint("MAP<STRING, STRING>") Map<String, String> eval(String json) {
        return LabelExtractor.labels(json);
    }
}
