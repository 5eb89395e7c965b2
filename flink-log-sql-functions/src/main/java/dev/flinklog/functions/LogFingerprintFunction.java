package dev.flinklog.functions;

import dev.flinklog.core.Fingerprint;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_FINGERPRINT(message STRING) -> STRING}: 16 lower-case hex digits of the 64-bit
 * fingerprint of the message's template (version {@value Fingerprint#VERSION}); NULL for NULL.
 * The algorithm lives in {@link Fingerprint}.
 */
public class LogFingerprintFunction extends ScalarFunction {

    public String eval(String message) {
        return Fingerprint.hexOf(message);
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }
}
