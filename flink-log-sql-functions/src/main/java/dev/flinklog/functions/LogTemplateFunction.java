package dev.flinklog.functions;

import dev.flinklog.core.MessageTemplate;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_TEMPLATE(message STRING) -> STRING}: the message with its variable parts replaced by
 * {@code <*>}; NULL for NULL. The rules live in {@link MessageTemplate}.
 */
public class LogTemplateFunction extends ScalarFunction {

    public String eval(String message) {
        return MessageTemplate.template(message);
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }
}
