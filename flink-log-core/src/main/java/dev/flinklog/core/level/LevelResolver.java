package dev.flinklog.core.level;

/**
 * The rule {@code LOG_LEVEL} applies: a recognisable level field wins; otherwise the message text
 * decides ({@link LevelInference}): {@link LogLevel#DEFAULT} when it has no cue, null when there is
 * no text (no level and no message: nothing to go by). A field that is present but
 * unrecognisable ({@code "foo"}, {@code -3}) is treated as absent rather than trusted, because the
 * text usually still tells the truth.
 *
 * <p>Holds a reusable {@link LevelInference}, so it is not thread-safe: one per task.
 */
public final class LevelResolver {

    private final LevelInference inference = new LevelInference();

    /** The level of a textual field (numbers on {@code scale}), else of the message; null if neither has one. */
    public LogLevel resolve(CharSequence field, CharSequence message, LevelScale scale) {
        LogLevel level = LevelFieldParser.parse(field, scale);
        return level != null ? level : inference.infer(message);
    }

    /** {@link #resolve(CharSequence, CharSequence, LevelScale)} on {@link LevelScale#AUTO}. */
    public LogLevel resolve(CharSequence field, CharSequence message) {
        return resolve(field, message, LevelScale.AUTO);
    }

    /** The level of a numeric field on {@code scale}, else of the message; null if neither has one. */
    public LogLevel resolve(long field, CharSequence message, LevelScale scale) {
        LogLevel level = LevelFieldParser.parse(field, scale);
        return level != null ? level : inference.infer(message);
    }

    /** The level of a floating-point field on {@code scale} (whole numbers only), else of the message. */
    public LogLevel resolve(double field, CharSequence message, LevelScale scale) {
        LogLevel level = LevelFieldParser.parse(field, scale);
        return level != null ? level : inference.infer(message);
    }

    /**
     * The level of a record: its level field's level ({@code field}, null when the record had none
     * or none that reads as a level), else the level its producer implies when it writes none
     * ({@code producerDefault}, e.g. Serilog's compact format leaves Information out; null for
     * none), else the level the message text suggests (null when there is no text). {@link
     * #inferred()} tells afterwards whether the text decided.
     */
    public LogLevel resolve(LogLevel field, LogLevel producerDefault, CharSequence message) {
        inferred = false;
        if (field != null) {
            return field;
        }
        if (producerDefault != null) {
            return producerDefault;
        }
        inferred = true;
        return inference.infer(message);
    }

    /** Whether the last {@link #resolve(LogLevel, LogLevel, CharSequence)} inferred the level from the text. */
    public boolean inferred() {
        return inferred;
    }

    private boolean inferred;

    /** The level the message text suggests, {@link LogLevel#DEFAULT} without a cue, null without text. */
    public LogLevel infer(CharSequence message) {
        return inference.infer(message);
    }
}
