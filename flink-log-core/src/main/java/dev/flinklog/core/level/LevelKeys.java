package dev.flinklog.core.level;

import dev.flinklog.core.text.Ascii;

import java.util.Collections;
import java.util.List;

/**
 * The keyed level of {@link LevelInference}: logfmt {@code level=warn} or JSON {@code
 * "level":"warn"} inside message text, the first one found.
 */
final class LevelKeys {

    /** Keys whose value is a level in logfmt ({@code key=value}) or JSON ({@code "key":value}). */
    static final List<String> KEYS = Collections.unmodifiableList(List.of(
            "level",
            "lvl",
            "severity",
            "loglevel",
            "log_level",
            "log.level",
            "levelname",
            "severity_text",
            "severitytext"));

    private static final String[] KEY_ARRAY = KEYS.toArray(new String[0]);

    /** Longest key in {@link #KEYS}; a longer key span cannot match. */
    private static final int MAX_KEY_LENGTH =
            KEYS.stream().mapToInt(String::length).max().getAsInt();

    /** Longest keyed value read: any level word (13 chars and a digit) or an 18-digit number. */
    private static final int MAX_VALUE_LENGTH = 20;

    private LevelKeys() {}

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
