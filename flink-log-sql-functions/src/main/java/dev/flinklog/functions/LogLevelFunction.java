package dev.flinklog.functions;

import dev.flinklog.core.level.LevelResolver;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;

import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code LOG_LEVEL([level,] message [, scale])}: one of {@code trace, debug, info, warn, error,
 * fatal}. A recognisable level field (word, letter or number on the scale) wins, else the message
 * text decides, {@code info} when it has no cue. NULL when there is neither (no recognisable level
 * and a NULL, empty or blank message), and for an unknown {@code scale} name. A NULL {@code scale}
 * means {@code auto}. The semantics are in {@link LevelResolver}; this class only
 * converts arguments.
 */
public class LogLevelFunction extends ScalarFunction {

    // Only the public overloads may be called eval: Flink rejects a class with a non-public eval
    // when it is registered by name (CREATE FUNCTION ... AS 'class').

    /** Per task: the resolver reuses its scanner state between calls. */
    private transient LevelResolver resolver;

    private LevelResolver resolver() {
        if (resolver == null) {
            resolver = new LevelResolver();
        }
        return resolver;
    }

    /** {@code LOG_LEVEL(message)}. */
    public String eval(String message) {
        return LogLevel.sqlNameOrNull(resolver().infer(message));
    }

    /** {@code LOG_LEVEL(level, message)}: a textual level field, numbers on the auto scale. */
    public String eval(String level, String message) {
        return LogLevel.sqlNameOrNull(resolver().resolve(level, message, LevelScale.AUTO));
    }

    /** {@code LOG_LEVEL(level, message)} for an INT level field, on the auto scale. */
    public String eval(Integer level, String message) {
        return level(level == null ? null : level.longValue(), message, LevelScale.AUTO);
    }

    /** {@code LOG_LEVEL(level, message)} for a BIGINT level field, on the auto scale. */
    public String eval(Long level, String message) {
        return level(level, message, LevelScale.AUTO);
    }

    /** {@code LOG_LEVEL(level, message)} for a DOUBLE level field: whole numbers on the auto scale. */
    public String eval(Double level, String message) {
        return level(level, message, LevelScale.AUTO);
    }

    /** {@code LOG_LEVEL(level, message, scale)}: numeric strings read on the named scale. */
    public String eval(String level, String message, String scale) {
        LevelScale s = scale(scale);
        return s == null ? null : LogLevel.sqlNameOrNull(resolver().resolve(level, message, s));
    }

    /** {@code LOG_LEVEL(level, message, scale)} for an INT level field. */
    public String eval(Integer level, String message, String scale) {
        LevelScale s = scale(scale);
        return s == null ? null : level(level == null ? null : level.longValue(), message, s);
    }

    /** {@code LOG_LEVEL(level, message, scale)} for a BIGINT level field. */
    public String eval(Long level, String message, String scale) {
        LevelScale s = scale(scale);
        return s == null ? null : level(level, message, s);
    }

    /** {@code LOG_LEVEL(level, message, scale)} for a DOUBLE level field. */
    public String eval(Double level, String message, String scale) {
        LevelScale s = scale(scale);
        return s == null ? null : level(level, message, s);
    }

    private String level(Double level, String message, LevelScale scale) {
        LogLevel l =
                level == null ? resolver().infer(message) : resolver().resolve(level.doubleValue(), message, scale);
        return LogLevel.sqlNameOrNull(l);
    }

    private String level(Long level, String message, LevelScale scale) {
        LogLevel l = level == null ? resolver().infer(message) : resolver().resolve(level.longValue(), message, scale);
        return LogLevel.sqlNameOrNull(l);
    }

    /** NULL means auto; an unknown name is null (the function then returns NULL). */
    private static LevelScale scale(String name) {
        return name == null ? LevelScale.AUTO : LevelScale.byName(name);
    }
}
