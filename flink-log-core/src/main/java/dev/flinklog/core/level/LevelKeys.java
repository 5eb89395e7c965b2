package dev.flinklog.core.level;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.text.Ascii;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The keyed level of {@link LevelInference}: logfmt {@code level=warn} or JSON {@code
 * "level":"warn"} inside message text, the first one found.
 *
 * <p>The keys are not listed here: they are the paths of the level column in {@link FieldAliases}
 * (the JSON keys that fill the level column), dotted and lower-cased, so a producer's level key is
 * added in one place. The text matches keys in any case, so {@code severityText} there is {@code
 * severitytext} here. {@link #FIELD_ONLY} names the field aliases that are deliberately not keys in
 * text. A key that only text uses would be added below, with its reason; there is none today.
 */
final class LevelKeys {

    /**
     * Level-column aliases that are not read as keys in message text, spelled as in {@link
     * FieldAliases}:
     *
     * <ul>
     *   <li>{@code severityNumber}: OTLP numbers (17 is error) would be read on the {@code auto}
     *       scale here (17 is pino trace), so in text they would mislead;
     *   <li>{@code @l}: Serilog's one-letter key means something only inside a CLEF record, which
     *       the format reads as a field; in free text {@code @l=} is too weak a sign.
     * </ul>
     */
    static final List<String> FIELD_ONLY = List.of("severityNumber", "@l");

    /** Keys whose value is a level in logfmt ({@code key=value}) or JSON ({@code "key":value}). */
    static final List<String> KEYS = keysFromFieldAliases();

    private static final String[] KEY_ARRAY = KEYS.toArray(new String[0]);

    /** Longest key in {@link #KEYS}; a longer key span cannot match. */
    private static final int MAX_KEY_LENGTH =
            KEYS.stream().mapToInt(String::length).max().getAsInt();

    /** Longest keyed value read: any level word (13 chars and a digit) or an 18-digit number. */
    private static final int MAX_VALUE_LENGTH = 20;

    private LevelKeys() {}

    /** The level column's alias paths, dotted, lower-cased, without {@link #FIELD_ONLY}, in order. */
    private static List<String> keysFromFieldAliases() {
        Set<String> keys = new LinkedHashSet<>();
        for (FieldAliases.Column column : FieldAliases.columns()) {
            if (column.role() != FieldAliases.Role.LEVEL) {
                continue;
            }
            for (List<String> path : column.paths()) {
                String dotted = String.join(".", path);
                if (!FIELD_ONLY.contains(dotted)) {
                    keys.add(dotted.toLowerCase(Locale.ROOT));
                }
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalStateException("FieldAliases has no level column");
        }
        return Collections.unmodifiableList(new ArrayList<>(keys));
    }

    /**
     * The level of a keyed value when the letter run {@code s[a, b)}, followed by {@code right}
     * ({@code =}, or a quote that closes a JSON key), ends a level key: {@code level=warn}, {@code
     * "level": "warn"}, {@code "severity":17}. Null when it is no level key or the value is no level.
     * {@code start} is where the run's token starts: the key does not reach before it.
     */
    static LogLevel valueAfter(CharSequence s, int n, int start, int a, int b, char right) {
        int v;
        if (right == '=') {
            v = b + 1;
        } else {
            int j = TextSpans.skipGap(s, n, b + 1);
            if (j >= n || s.charAt(j) != ':') {
                return null;
            }
            v = TextSpans.skipGap(s, n, j + 1);
        }
        int keyStart = a;
        while (keyStart > start && b - keyStart < MAX_KEY_LENGTH && isKeyChar(s.charAt(keyStart - 1))) {
            keyStart--;
        }
        if (keyStart > start && isKeyChar(s.charAt(keyStart - 1))) {
            return null; // key longer than any known key
        }
        if (!TextSpans.oneOf(s, keyStart, b, KEY_ARRAY)) {
            return null;
        }
        if (v < n && (s.charAt(v) == '"' || s.charAt(v) == '\'')) {
            v++;
        }
        int ve = v;
        while (ve < n && ve - v <= MAX_VALUE_LENGTH && Ascii.isLetterOrDigit(s.charAt(ve))) {
            ve++;
        }
        if (ve == v || ve - v > MAX_VALUE_LENGTH) {
            return null;
        }
        if (Ascii.isDigit(s.charAt(v))) {
            // One digit in text ("lvl=2") is too ambiguous: syslog, or any app's own scale.
            return ve - v == 1 ? null : LevelFieldParser.parse(s, v, ve, LevelScale.AUTO);
        }
        return LevelWords.lookup(s, v, ve, true);
    }

    /** Chars a key is made of: {@code log.level}, {@code severity_text}, {@code @l}. */
    private static boolean isKeyChar(char c) {
        return Ascii.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '@';
    }
}
