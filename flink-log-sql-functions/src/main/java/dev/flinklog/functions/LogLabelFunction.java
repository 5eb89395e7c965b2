package dev.flinklog.functions;

import dev.flinklog.core.fields.LabelExtractor;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_LABEL(json STRING, key STRING) -> STRING}: one field or label of a JSON record, the key
 * matching in any of its spellings ({@code service.name}, {@code service_name}, nested
 * {@code service} → {@code name}). See {@link LabelExtractor#label}.
 */
public class LogLabelFunction extends ScalarFunction {

    public String eval(String json, String key) {
        return LabelExtractor.label(json, key);
    }
}
