package dev.flinklog.functions;

import org.apache.flink.table.functions.UserDefinedFunction;

import java.util.Map;
import java.util.function.Supplier;

/**
 * More functions for the {@code logs} module from modules that build on this one. {@code
 * LOG_PARSE} needs the {@code log-json} record reader, which lives in flink-log-format, a module
 * that depends on this one; it registers through this interface ({@code META-INF/services}), so
 * {@code LOAD MODULE logs} offers it whenever flink-log-format is on the class path (always in the
 * {@code flink-sql-log} jar).
 */
public interface LogFunctionProvider {

    /** SQL names (lower case) and how to make a fresh instance of each function. */
    Map<String, Supplier<UserDefinedFunction>> functions();
}
