package dev.flinklog.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.types.Row;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Coverage-guided fuzz tests of the {@code log-json} deserializer and {@code LOG_PARSE}. Under
 * plain JUnit (and so in {@code mvn verify}) each method replays its corpus in
 * {@code src/test/resources/dev/flinklog/format/LogJsonFuzzTestInputs/<method>/}; with
 * {@code JAZZER_FUZZ=1} one method at a time is fuzzed (docs/reliability.md has the command).
 *
 * <p>The schema declares every canonical column and every column type the format converts to, plus
 * a JSONPath that needs the second (Jayway) pass, so that every converter sees fuzzed values.
 */
class LogJsonFuzzTest {

    private static final Set<String> LEVELS = Set.of("trace", "debug", "info", "warn", "error", "fatal");

    private static final DataTypes.Field[] COLUMNS = {
        DataTypes.FIELD("event_time", DataTypes.TIMESTAMP_LTZ(6)),
        DataTypes.FIELD("log_level", DataTypes.STRING()),
        DataTypes.FIELD("message", DataTypes.STRING()),
        DataTypes.FIELD("service_name", DataTypes.STRING()),
        DataTypes.FIELD("service_namespace", DataTypes.STRING()),
        DataTypes.FIELD("host_name", DataTypes.STRING()),
        DataTypes.FIELD("host_ip", DataTypes.STRING()),
        DataTypes.FIELD("namespace", DataTypes.STRING()),
        DataTypes.FIELD("pod_name", DataTypes.STRING()),
        DataTypes.FIELD("node_name", DataTypes.STRING()),
        DataTypes.FIELD("container_name", DataTypes.STRING()),
        DataTypes.FIELD("stream", DataTypes.STRING()),
        DataTypes.FIELD("env", DataTypes.STRING()),
        DataTypes.FIELD("trace_id", DataTypes.STRING()),
        DataTypes.FIELD("span_id", DataTypes.STRING()),
        DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())),
        DataTypes.FIELD("raw_json", DataTypes.STRING()),
        DataTypes.FIELD("ts", DataTypes.TIMESTAMP(3)),
        DataTypes.FIELD("day", DataTypes.DATE()),
        DataTypes.FIELD("ok", DataTypes.BOOLEAN()),
        DataTypes.FIELD("tiny", DataTypes.TINYINT()),
        DataTypes.FIELD("small", DataTypes.SMALLINT()),
        DataTypes.FIELD("code", DataTypes.INT()),
        DataTypes.FIELD("bytes", DataTypes.BIGINT()),
        DataTypes.FIELD("ratio", DataTypes.FLOAT()),
        DataTypes.FIELD("latency", DataTypes.DOUBLE()),
        DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
        DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
        DataTypes.FIELD("counts", DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT())),
        DataTypes.FIELD(
                "http",
                DataTypes.ROW(
                        DataTypes.FIELD("status", DataTypes.INT()), DataTypes.FIELD("method", DataTypes.STRING()))),
        DataTypes.FIELD("first_tag", DataTypes.STRING()),
    };
    private static final int LEVEL = 1;
    private static final int MESSAGE = 2;
    private static final int RAW = 16;
    private static final int PARSE_ERROR = COLUMNS.length;

    private static final Map<String, List<String>> PATHS =
            Map.of("first_tag", List.of("$.tags[0]", "$..tag"), "code", List.of("$.code", "$.http.status_code"));

    private static final Decoders KEEP_COUNTERS = decoders(LogJsonFormatOptions.OnError.KEEP);
    private static final LogJsonDeserializationSchema KEEP = KEEP_COUNTERS.open();
    private static final Decoders SKIP_COUNTERS = decoders(LogJsonFormatOptions.OnError.SKIP);
    private static final LogJsonDeserializationSchema SKIP = SKIP_COUNTERS.open();
    private static final LogJsonDeserializationSchema FAIL =
            decoders(LogJsonFormatOptions.OnError.FAIL).open();

    private static final LogParseFunction LOG_PARSE = new LogParseFunction();

    /** The same columns with the payload as a VARIANT (Flink 2.1+). */
    private static final LogJsonDeserializationSchema VARIANT =
            variantDecoders().open();

    private static Decoders variantDecoders() {
        DataTypes.Field[] columns = COLUMNS.clone();
        columns[RAW] = DataTypes.FIELD("raw_json", DataTypes.VARIANT());
        return Decoders.of(columns).paths(PATHS).withParseError().defaultLimits();
    }

    private static Decoders decoders(LogJsonFormatOptions.OnError onError) {
        return Decoders.of(COLUMNS)
                .onError(onError)
                .paths(PATHS)
                .withParseError()
                .defaultLimits();
    }

    /**
     * One record through the deserializer under each {@code on-error}: keep gives at least one row,
     * each with a level of the six (NULL only without message text) and raw_json equal to the record (an OTLP batch's rows: their
     * own log record, a slice of it); skip gives no row exactly when keep reported a parse error;
     * fail throws an IOException exactly then; the counters agree with what was emitted.
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void deserialize(byte[] data) throws IOException {
        long records = count(KEEP_COUNTERS, "records");
        long rowsBefore = count(KEEP_COUNTERS, "rows");
        long errorsBefore = count(KEEP_COUNTERS, "parseErrors");
        List<RowData> rows = Decoders.read(KEEP, data);
        assertThat(rows).as("rows of a kept record").isNotEmpty();
        assertThat(count(KEEP_COUNTERS, "records")).isEqualTo(records + 1);
        assertThat(count(KEEP_COUNTERS, "rows")).isEqualTo(rowsBefore + rows.size());

        boolean error = !rows.get(0).isNullAt(PARSE_ERROR);
        assertThat(count(KEEP_COUNTERS, "parseErrors")).isEqualTo(errorsBefore + (error ? 1 : 0));
        for (RowData row : rows) {
            assertThat(row.isNullAt(PARSE_ERROR))
                    .as("parse-error on every row alike")
                    .isEqualTo(!error);
            byte[] raw = row.getString(RAW).toBytes();
            if (error || rows.size() == 1 && !isSlice(raw, data) && !isSlice(raw, Utf8.repair(data))) {
                assertThat(raw).as("raw_json is the record").isEqualTo(data);
            } else {
                // An OTLP row holds its own log record, cut from the record as read: with invalid
                // UTF-8 replaced (U+FFFD) when the batch had any (documented in format.md).
                assertThat(isSlice(raw, data) || isSlice(raw, Utf8.repair(data)))
                        .as("raw_json of an OTLP row is a part of the record")
                        .isTrue();
            }
            if (row.isNullAt(LEVEL)) {
                // No level field and no text to infer one from (docs/functions.md, LOG_LEVEL).
                assertThat(row.isNullAt(MESSAGE) ? "" : row.getString(MESSAGE).toString())
                        .as("message of a row without a level")
                        .isBlank();
            } else {
                assertThat(row.getString(LEVEL).toString()).isIn(LEVELS);
            }
            assertTextIsValidUtf8(row);
        }
        if (error) {
            assertThat(rows).hasSize(1);
        }

        long skipped = count(SKIP_COUNTERS, "skippedRecords");
        List<RowData> skipRows = Decoders.read(SKIP, data);
        assertThat(skipRows).as("rows under skip").hasSize(error ? 0 : rows.size());
        assertThat(count(SKIP_COUNTERS, "skippedRecords")).isEqualTo(skipped + (error ? 1 : 0));

        if (error) {
            assertThatThrownBy(() -> Decoders.read(FAIL, data)).isInstanceOf(IOException.class);
        } else {
            assertThat(Decoders.read(FAIL, data)).hasSize(rows.size());
        }

        // The raw column as a VARIANT: the same rows, NULL for a record that is not JSON, and for
        // a JSON record Flink's own PARSE_JSON(payload, TRUE) wherever Flink's stricter parser
        // reads the payload at all.
        List<RowData> variants = Decoders.read(VARIANT, data);
        assertThat(variants).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(variants.get(i).getString(LEVEL)).isEqualTo(rows.get(i).getString(LEVEL));
            if (error) {
                assertThat(variants.get(i).isNullAt(RAW)).isTrue();
            }
        }
        if (!error && rows.size() == 1 && !variants.get(0).isNullAt(RAW) && Utf8.isValid(data, 0, data.length)) {
            org.apache.flink.types.variant.BinaryVariant strict;
            try {
                strict = org.apache.flink.types.variant.BinaryVariantInternalBuilder.parseJson(
                        new String(data, java.nio.charset.StandardCharsets.UTF_8), true);
            } catch (IOException | RuntimeException e) {
                strict = null;
            }
            if (strict != null && strict.isObject() && strict.getField("resourceLogs") == null) {
                assertThat(variants.get(0).getVariant(RAW)).isEqualTo(strict);
            }
        }
    }

    /** One tokenizer for every input, as the reader keeps one per task. */
    private static final RecordParser TOKENIZER = RecordParserTest.parser(1000, 20_000_000);

    /**
     * The reader's tokenizer against Jackson: on every input it finishes, the same tokens, keys,
     * texts and numbers, and no error from Jackson ({@link RecordParserTest#compare}).
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void tokenizer(byte[] data) throws IOException {
        RecordParserTest.compare(TOKENIZER, data);
    }

    /** LOG_PARSE: a row for every non-NULL text, with a level of the six (NULL for a blank one). */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logParse(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        Row row = LOG_PARSE.eval(text);
        assertThat(row).isNotNull();
        if (row.getField(1) == null) {
            // No level field and no message text (an empty record, an object without a message).
            String message = (String) row.getField(2);
            assertThat(message == null ? "" : message)
                    .as("message of a row without a level")
                    .isBlank();
        } else {
            assertThat(row.getField(1)).as("log_level").isIn(LEVELS);
        }
        assertThat(row.getArity()).isEqualTo(LogParseFunction.fieldNames().size());
    }

    /**
     * Text columns are valid UTF-8 whatever the record held (taken from the record's bytes, they
     * must not carry a bad byte along); raw_json alone is the record as it came.
     */
    private static void assertTextIsValidUtf8(RowData row) {
        for (int i = 0; i < COLUMNS.length; i++) {
            if (i == RAW
                    || row.isNullAt(i)
                    || COLUMNS[i].getDataType().getLogicalType().getTypeRoot() != LogicalTypeRoot.VARCHAR) {
                continue;
            }
            byte[] bytes = row.getString(i).toBytes();
            assertThat(Utf8.isValid(bytes, 0, bytes.length))
                    .as("column %d is valid UTF-8", i)
                    .isTrue();
        }
    }

    private static long count(Decoders d, String name) {
        Counter c = d.counters().get(name);
        return c == null ? 0 : c.getCount();
    }

    private static boolean isSlice(byte[] part, byte[] whole) {
        outer:
        for (int i = 0; i + part.length <= whole.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (whole[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return part.length == 0 && whole.length == 0 || Arrays.equals(part, whole);
    }
}
