package dev.flinklog.functions;

import com.google.auto.service.AutoService;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.ModuleFactory;
import org.apache.flink.table.module.Module;

import java.util.Collections;
import java.util.Set;

/** Makes {@code LOAD MODULE logs} work: discovered by Flink through the {@link Factory} SPI. */
@AutoService(Factory.class)
public final class LogsModuleFactory implements ModuleFactory {

    public static final String IDENTIFIER = "logs";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Collections.emptySet();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Collections.emptySet();
    }

    @Override
    public Module createModule(Context context) {
        // Rejects any WITH (...) option: the module has none, and a typo should not pass silently.
        FactoryUtil.createModuleFactoryHelper(this, context).validate();
        return LogsModule.INSTANCE;
    }
}
