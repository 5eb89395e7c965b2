package dev.flinklog.format;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.util.Locale;
import java.util.Map;

/**
 * Every option of the {@code log-json} format. Keys carry no prefix: Flink adds {@code log-json.}
 * (or {@code value.log-json.} under {@code 'value.format'}) itself.
 */
public final class LogJsonFormatOptions {

    /** What to do with a record that cannot be read as a JSON object. */
    public enum OnError {
        /** Emit one row: the text as the message, the payload as raw_json, the reason as metadata. */
        KEEP,
        /** Emit nothing for the record (counted in the parse-error metric). */
        SKIP,
        /** Fail the job, as flink-json does without ignore-parse-errors. */
        FAIL;

        /** The option value as users write it (any case is accepted). */
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** As users write it, so that Flink's generated documentation and messages show it so too. */
        @Override
        public String toString() {
            return value();
        }
    }

    public static final ConfigOption<OnError> ON_ERROR = ConfigOptions.key("on-error")
            .enumType(OnError.class)
            .defaultValue(OnError.KEEP)
            .withDescription("What happens to a record that is not a JSON object: 'keep' (default) "
                    + "emits one row with the text as the message and the reason "
                    + "in the parse-error metadata, 'skip' drops it (counted), "
                    + "'fail' fails the job.");

    public static final ConfigOption<String> RAW_COLUMN = ConfigOptions.key("raw-column")
            .stringType()
            .defaultValue("raw_json")
            .withDescription("The name of the column that receives the complete original "
                    + "payload: a STRING gets it byte-exact as text, a VARIANT (Flink 2.1+) gets it "
                    + "parsed in the same pass.");

    public static final ConfigOption<Map<String, String>> FIELDS = ConfigOptions.key("fields")
            .mapType()
            .noDefaultValue()
            .withDescription("Per-column overrides: 'fields.<column>.path' = '$.a.b, $.c' lists one "
                    + "or more JSONPath expressions; the first non-null wins. "
                    + "Simple member paths join the single streaming pass; other "
                    + "expressions are evaluated with JSONPath.");

    public static final ConfigOption<Integer> MAX_NESTING_DEPTH = ConfigOptions.key("max-nesting-depth")
            .intType()
            .defaultValue(200)
            .withDescription(
                    "Deepest object/array nesting read; a deeper record is kept as text " + "with the reason.");

    public static final ConfigOption<Integer> MAX_STRING_LENGTH = ConfigOptions.key("max-string-length")
            .intType()
            .defaultValue(20_000_000)
            .withDescription("Longest JSON string value in characters; a longer one makes the "
                    + "record be kept as text with the reason.");

    public static final ConfigOption<Integer> MAX_RECORD_BYTES = ConfigOptions.key("max-record-bytes")
            .intType()
            .defaultValue(64 * 1024 * 1024)
            .withDescription("Largest record parsed as JSON, in bytes; a larger one is kept as "
                    + "text with the reason (raw_json still holds it).");

    public static final ConfigOption<String> DEFAULT_ZONE = ConfigOptions.key("timestamp.default-zone")
            .stringType()
            .defaultValue("UTC")
            .withDescription("The time zone of timestamps written without one (e.g. "
                    + "'2026-09-16 12:34:56'): a region such as 'Asia/Tokyo' (with "
                    + "its daylight-saving rules), an offset such as '+09:00', or 'UTC'.");

    public static final ConfigOption<String> LINES = ConfigOptions.key("lines")
            .stringType()
            .defaultValue("all")
            .withDescription("Which text-line shapes a record that is not JSON, and a JSON record's "
                    + "message, are read as: 'all' (default) recognises every shape by itself, 'none' "
                    + "keeps text records as before (the whole text as the message, a parse-error), "
                    + "or a comma-separated list of shape names (e.g. 'syslog5424, syslog3164, combined').");

    public static final ConfigOption<Boolean> ENCODE_IGNORE_NULL_FIELDS = ConfigOptions.key("encode.ignore-null-fields")
            .booleanType()
            .defaultValue(true)
            .withDescription("When writing, leave NULL fields out of the JSON object (default) "
                    + "instead of writing them as null.");

    private LogJsonFormatOptions() {}
}
