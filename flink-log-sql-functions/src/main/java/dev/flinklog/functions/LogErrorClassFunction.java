package dev.flinklog.functions;

import dev.flinklog.core.errors.ErrorClass;
import dev.flinklog.core.errors.ErrorClassifier;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_ERROR_CLASS(message STRING) -> STRING}: the error class of a log message
 * ({@code connection_refused}, {@code timeout}, {@code http_5xx}, ...), or NULL. See
 * {@link ErrorClassifier}.
 */
public class LogErrorClassFunction extends ScalarFunction {

    public String eval(String message) {
        ErrorClass c = ErrorClassifier.classify(message);
        return c == null ? null : c.label();
    }
}
