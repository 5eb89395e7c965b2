package dev.flinklog.functions;

import org.apache.flink.table.functions.ScalarFunction;

/** PLACEHOLDER: replaced by the real function. */
public class LogTimestampFunction extends ScalarFunction {
    public String eval(String s) {
        return null;
    }
}
