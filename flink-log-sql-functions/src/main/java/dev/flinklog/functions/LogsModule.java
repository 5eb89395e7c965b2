package dev.flinklog.functions;

import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.functions.UserDefinedFunction;
import org.apache.flink.table.module.Module;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@code logs} module: every flink-log SQL function, registered at once by {@code LOAD MODULE
 * logs}.
 *
 * <p>Flink lower-cases names before asking a module (and the catalog may not), so the lookup is
 * case-insensitive. Each lookup returns a fresh instance: function instances hold per-task state
 * (metrics, reusable buffers) and must not be shared between tasks.
 */
public final class LogsModule implements Module {

    /**
     * The SQL names (lower case) and how to make each function, in the documented order, then the
     * functions of {@link LogFunctionProvider}s on the class path.
     */
    static final Map<String, Supplier<UserDefinedFunction>> FUNCTIONS = functions();

    private static Map<String, Supplier<UserDefinedFunction>> functions() {
        Map<String, Supplier<UserDefinedFunction>> m = new LinkedHashMap<>();
        m.put("log_timestamp", LogTimestampFunction::new);
        m.put("log_level", LogLevelFunction::new);
        m.put("log_template", LogTemplateFunction::new);
        m.put("log_fingerprint", LogFingerprintFunction::new);
        m.put("log_error_class", LogErrorClassFunction::new);
        m.put("log_labels", LogLabelsFunction::new);
        m.put("log_label", LogLabelFunction::new);
        m.put("log_parse_line", LogParseLineFunction::new);
        for (LogFunctionProvider p : ServiceLoader.load(LogFunctionProvider.class, LogsModule.class.getClassLoader())) {
            for (Map.Entry<String, Supplier<UserDefinedFunction>> e :
                    p.functions().entrySet()) {
                m.putIfAbsent(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    public static final LogsModule INSTANCE = new LogsModule();

    private LogsModule() {}

    @Override
    public Set<String> listFunctions() {
        return FUNCTIONS.keySet();
    }

    @Override
    public Optional<FunctionDefinition> getFunctionDefinition(String name) {
        Supplier<UserDefinedFunction> f = FUNCTIONS.get(name.toLowerCase(Locale.ROOT));
        return f == null ? Optional.empty() : Optional.of(f.get());
    }
}
