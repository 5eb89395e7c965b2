package dev.flinklog.functions;

import dev.flinklog.core.CountingCharSequence;
import dev.flinklog.core.errors.ErrorClass;
import dev.flinklog.core.errors.ErrorClassifier;
import dev.flinklog.core.level.LevelInference;
import dev.flinklog.core.lines.LineParser;
import dev.flinklog.core.lines.LineShape;
import dev.flinklog.core.lines.ParsedLine;
import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.TemplateProbe;
import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.time.ParsedTime;
import dev.flinklog.core.time.TimestampParser;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.apache.flink.types.Row;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzz tests of the SQL functions, one entry point each. Under plain JUnit (and so
 * in {@code mvn verify}) every method replays its seed corpus in
 * {@code src/test/resources/dev/flinklog/functions/LogFunctionsFuzzTestInputs/<method>/}; with
 * {@code JAZZER_FUZZ=1} one method at a time is fuzzed (see docs/reliability.md for the command).
 *
 * <p>Besides "no exception escapes", each target checks properties that must hold for every input,
 * including a bound on the characters read (a count of work, never a clock): a scanner that went
 * back over its input would show up here on the first input that triggers it.
 *
 * <p>Function objects are shared across inputs on purpose: a SQL function instance serves every row
 * of a task, so state leaking from one call into the next is a bug the fuzzer should find.
 */
class LogFunctionsFuzzTest {

    private static final Set<String> LEVELS = Set.of("trace", "debug", "info", "warn", "error", "fatal");
    private static final Set<String> ERROR_CLASSES =
            Arrays.stream(ErrorClass.values()).map(ErrorClass::label).collect(Collectors.toSet());
    private static final long MAX_YEAR_SECONDS =
            Instant.parse("+10000-01-02T00:00:00Z").getEpochSecond();
    private static final long MIN_YEAR_SECONDS =
            Instant.parse("0000-12-31T00:00:00Z").getEpochSecond();

    private static final LogTimestampFunction TIMESTAMP = new LogTimestampFunction();
    private static final LogLevelFunction LEVEL = new LogLevelFunction();
    private static final LogFingerprintFunction FINGERPRINT = new LogFingerprintFunction();
    private static final LogTemplateFunction TEMPLATE = new LogTemplateFunction();
    private static final LogErrorClassFunction ERROR_CLASS = new LogErrorClassFunction();
    private static final LogLabelsFunction LABELS = new LogLabelsFunction();
    private static final LogLabelFunction LABEL = new LogLabelFunction();
    private static final LogParseLineFunction PARSE_LINE = new LogParseLineFunction();
    private static final LogParseLineFunction PARSE_LINE_AFTER_OTHER = new LogParseLineFunction();
    private static final LogParseLineFunction PARSE_LINE_ZONED = new LogParseLineFunction();
    private static final LineParser LINES = LineParser.all(TimestampParser.UTC);
    private static final ParsedLine PARSED = new ParsedLine();
    private static final LineParser IN_PLACE = LineParser.readingInPlace(TimestampParser.UTC);
    // a line that fills every kind of field (time, host, program, pid, pairs), read before each input
    private static final String OTHER_LINE =
            "<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog 4242 ID47 [exampleSDID@32473 iut=\"3\"] hello";
    private static final Instant REFERENCE = Instant.parse("2026-12-02T12:00:00Z");

    /** LOG_TIMESTAMP(text), LOG_TIMESTAMP(text, zone) and the numeric overloads. */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logTimestamp(byte[] data) {
        List<String> a = FuzzInput.args(data, 2);
        String text = a.get(0);
        Instant t = TIMESTAMP.eval(text);
        assertThat(new LogTimestampFunction().eval(text))
                .as("same answer from a fresh instance")
                .isEqualTo(t);
        checkRange(t);
        checkRange(TIMESTAMP.eval(text, a.get(1)));
        checkRange(TIMESTAMP.eval(text, "Asia/Tokyo"));

        CountingCharSequence counted = new CountingCharSequence(text);
        TimestampParser.UTC.parse(counted, new ParsedTime());
        assertThat(counted.reads())
                .as("reads for %s chars", text.length())
                .isLessThanOrEqualTo(3L * text.length() + 64);

        Long epoch = parseLong(text);
        if (epoch != null) {
            TIMESTAMP.eval(epoch);
            TIMESTAMP.eval(BigDecimal.valueOf(epoch).movePointLeft(3));
        }
        BigDecimal decimal = parseDecimal(text);
        if (decimal != null) {
            TIMESTAMP.eval(decimal);
            TIMESTAMP.eval(decimal.doubleValue());
        }
    }

    /** LOG_LEVEL(message), LOG_LEVEL(level, message) and LOG_LEVEL(level, message, scale). */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logLevel(byte[] data) {
        List<String> a = FuzzInput.args(data, 3);
        String level = a.get(0);
        String message = a.get(1);
        // NULL only when nothing gives a level: no text in the message (the field may still).
        boolean noText = message == null || message.chars().allMatch(c -> Ascii.isSpace((char) c));
        assertLevel(LEVEL.eval(message), noText, message);
        String withField = LEVEL.eval(level, message);
        assertLevel(withField, noText, message);
        if (!noText) {
            assertThat(withField).isNotNull();
        }
        String scaled = LEVEL.eval(level, message, a.get(2));
        if (scaled != null) {
            assertThat(scaled).isIn(LEVELS);
        }
        Long n = parseLong(level);
        if (n != null) {
            assertLevel(LEVEL.eval(n, message), noText, message);
            assertLevel(LEVEL.eval(n.doubleValue() + 0.5, message), noText, message);
        }
        String text = FuzzInput.text(data);
        CountingCharSequence counted = new CountingCharSequence(text);
        new LevelInference().infer(counted);
        assertThat(counted.reads())
                .as("reads for %s chars", text.length())
                .isLessThanOrEqualTo(8L * text.length() + 64);
    }

    private static void assertLevel(String level, boolean noText, String message) {
        if (level == null) {
            assertThat(noText).as("NULL level for message %s", message).isTrue();
        } else {
            assertThat(level).isIn(LEVELS);
        }
    }

    /**
     * LOG_TEMPLATE and LOG_FINGERPRINT: templating is idempotent, the fingerprint of a message
     * equals the fingerprint of its template, and it is 16 lower-case hex digits. Work: the scanner
     * copies the message once and looks ahead beyond the current word only for asides, within
     * twice the length (see TemplatePropertiesTest#asideLookAheadGrowsLinearly).
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logTemplateFingerprint(byte[] data) {
        String m = FuzzInput.text(data);
        String t = TEMPLATE.eval(m);
        assertThat(t).isNotNull();
        assertThat(TEMPLATE.eval(t)).as("idempotent").isEqualTo(t);
        String fp = FINGERPRINT.eval(m);
        assertThat(isLowerHex16(fp)).as("16 lower-case hex digits: %s", fp).isTrue();
        assertThat(FINGERPRINT.eval(t))
                .as("LOG_FINGERPRINT(LOG_TEMPLATE(m)) = LOG_FINGERPRINT(m)")
                .isEqualTo(fp);
        assertThat(Fingerprint.toHex(Fingerprint.ofTemplate(t)))
                .as("streaming hash = hash of the template")
                .isEqualTo(fp);

        assertThat(PROBE.lookAhead(m)).as("look-ahead for %s chars", m.length()).isLessThanOrEqualTo(2L * m.length());
    }

    private static final TemplateProbe PROBE = new TemplateProbe();

    private static boolean isLowerHex16(String s) {
        if (s == null || s.length() != 16) {
            return false;
        }
        for (int k = 0; k < 16; k++) {
            char c = s.charAt(k);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** LOG_ERROR_CLASS: NULL or one of the documented classes, the same on every call. */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logErrorClass(byte[] data) {
        String m = FuzzInput.text(data);
        String c = ERROR_CLASS.eval(m);
        if (c != null) {
            assertThat(c).isIn(ERROR_CLASSES);
        }
        CountingCharSequence counted = new CountingCharSequence(m);
        ErrorClass again = ErrorClassifier.classify(counted);
        assertThat(again == null ? null : again.label()).as("deterministic").isEqualTo(c);
        assertThat(counted.reads()).as("reads for %s chars", m.length()).isLessThanOrEqualTo(4L * m.length() + 64);
    }

    /**
     * LOG_PARSE_LINE(line, reference[, zone]) and the LineParser under it (also what log-json runs on
     * a text record): no exception; no state from one line leaks into the next (a parser that has
     * read every input so far gives what a new one gives, and so does a function instance that read
     * another line just before); a known shape; times in range; a level of the six; a zone text of
     * any kind either works (same shape) or gives NULL; every field's span inside the line; and
     * the readers read the line a bounded number of times (tried by the first character, each
     * linear), counted on a parser that reads the line in place.
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logParseLine(byte[] data) {
        List<String> a = FuzzInput.args(data, 2);
        String line = a.get(0);
        Row row = PARSE_LINE.eval(line, REFERENCE);
        PARSE_LINE_AFTER_OTHER.eval(OTHER_LINE, REFERENCE);
        assertThat(PARSE_LINE_AFTER_OTHER.eval(line, REFERENCE))
                .as("same answer right after another line")
                .isEqualTo(row);
        assertThat(LineShape.byName((String) row.getField(0))).isNotNull();
        checkRange((Instant) row.getField(1));
        if (row.getField(2) == null) {
            // No level in the line's header and no message text to infer one from.
            assertThat((String) row.getField(6))
                    .as("message of a line without a level")
                    .isBlank();
        } else {
            assertThat(LEVELS).contains((String) row.getField(2));
        }
        Row zoned = PARSE_LINE_ZONED.eval(line, REFERENCE, a.get(1));
        if (zoned != null) {
            checkRange((Instant) zoned.getField(1));
        }

        LineShape shape = LINES.parse(line, REFERENCE.toEpochMilli(), PARSED);
        assertThat(shape.sqlName()).isEqualTo(row.getField(0));
        ParsedLine fresh = new ParsedLine();
        new LineParser(TimestampParser.UTC, LineParser.textShapes()).parse(line, REFERENCE.toEpochMilli(), fresh);
        assertThat(PARSED.toString())
                .as("a parser that read every input so far")
                .isEqualTo(fresh.toString());
        for (ParsedLine.Field f : ParsedLine.Field.values()) {
            if (PARSED.has(f)) {
                assertThat(PARSED.start(f)).as("%s start", f).isBetween(0, PARSED.end(f));
                assertThat(PARSED.end(f)).as("%s end", f).isLessThanOrEqualTo(line.length());
            }
        }
        CountingCharSequence counted = new CountingCharSequence(line);
        IN_PLACE.parse(counted, REFERENCE.toEpochMilli(), fresh);
        assertThat(fresh.toString()).isEqualTo(PARSED.toString());
        assertThat(counted.reads())
                .as("reads for %s chars", line.length())
                .isLessThanOrEqualTo(16L * line.length() + 256);
    }

    /**
     * LOG_LABELS and LOG_LABEL: a record that LOG_LABELS rejects (NULL) gives NULL for every key
     * in LOG_LABEL too; keys and values are never NULL; every label key finds a value by LOG_LABEL.
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void logLabels(byte[] data) {
        List<String> a = FuzzInput.args(data, 2);
        String json = a.get(0);
        Map<String, String> labels = LABELS.eval(json);
        String byKey = LABEL.eval(json, a.get(1));
        if (labels == null) {
            assertThat(byKey).as("LOG_LABEL of a rejected record").isNull();
            return;
        }
        for (Map.Entry<String, String> e : labels.entrySet()) {
            assertThat(e.getKey()).isNotNull();
            assertThat(e.getValue()).as("value of %s", e.getKey()).isNotNull();
            assertThat(LABEL.eval(json, e.getKey()))
                    .as("LOG_LABEL of label key %s", e.getKey())
                    .isNotNull();
        }
    }

    private static void checkRange(Instant t) {
        if (t != null) {
            // years 0001-9999 as written; an offset may move the instant by up to 18 hours
            assertThat(t.getEpochSecond())
                    .as("in range: %s", t.atOffset(ZoneOffset.UTC))
                    .isBetween(MIN_YEAR_SECONDS, MAX_YEAR_SECONDS);
        }
    }

    private static Long parseLong(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static BigDecimal parseDecimal(String s) {
        if (s.length() > 40) {
            return null; // BigDecimal's own parser is not what is under test
        }
        try {
            return new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
