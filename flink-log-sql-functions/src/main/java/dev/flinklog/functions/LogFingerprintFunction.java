package dev.flinklog.functions;

import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.MessageTemplate;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_FINGERPRINT(message STRING) -> STRING}: 16 lower-case hex digits of the 64-bit
 * fingerprint of the message's template (version {@value Fingerprint#VERSION}); NULL for NULL.
 * The algorithm lives in {@link Fingerprint}.
 */
public class LogFingerprintFunction extends ScalarFunction {

    /** Reused for every row of this task; made on first use because functions are serialized. */
    private transient MessageTemplate scanner;

    public String eval(String message) {
        if (message == null) {
            return null;
        }
        if (scanner == null) {
            scanner = new MessageTemplate();
        }
        return Fingerprint.toHex(scanner.fingerprint(message));
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }
}
