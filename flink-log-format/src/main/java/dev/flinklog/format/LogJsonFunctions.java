package dev.flinklog.format;

import dev.flinklog.functions.LogFunctionProvider;

import com.google.auto.service.AutoService;
import org.apache.flink.table.functions.UserDefinedFunction;

import java.util.Map;
import java.util.function.Supplier;

/** Adds {@code LOG_PARSE} to {@code LOAD MODULE logs} when this module is on the class path. */
@AutoService(LogFunctionProvider.class)
public final class LogJsonFunctions implements LogFunctionProvider {

    @Override
    public Map<String, Supplier<UserDefinedFunction>> functions() {
        return Map.of("log_parse", LogParseFunction::new);
    }
}
