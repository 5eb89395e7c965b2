package dev.flinklog.functions;

import dev.flinklog.core.template.MessageTemplate;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_TEMPLATE(message STRING) -> STRING}: the message with its variable parts replaced by
 * {@code <*>}; NULL for NULL. The rules live in {@link MessageTemplate}.
 */
public class LogTemplateFunction extends ScalarFunction {

    /** One scanner per function instance (one per task), made on first use: no set-up per row. */
    private transient MessageTemplate scanner;

    public String eval(String message) {
        if (message == null) {
            return null;
        }
        if (scanner == null) {
            scanner = new MessageTemplate();
        }
        return scanner.templateOf(message);
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }
}
