package dev.flinklog.core.level;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one table of level words: every spelling we accept for each of the six levels, as found in
 * log4j/logback, syslog, java.util.logging, Go (zap, logrus, klog), Node (pino), Python, .NET,
 * Android logcat and OpenTelemetry. docs/functions.md shows this table and a unit test checks that
 * the two agree.
 *
 * <p>Matching is ASCII case-insensitive on a range of a {@link CharSequence}, char by char, so no
 * lower-cased copy of the input is made. Words are bucketed by their first letter once, so a lookup
 * compares against at most a handful of entries whatever the input.
 */
public final class LevelWords {

    /** How a word may be used. */
    enum Kind {
        /** A word: valid as a whole field value and as a level token in the text. */
        WORD,
        /** A single letter (klog/glog, logcat): only as a whole field value, never in free text. */
        LETTER
    }

    /**
     * One accepted spelling. {@code numbered} words also accept an OTel-style suffix 2, 3 or 4.
     * {@code upperCaseInText} words count in message text only when written in upper case.
     */
    static final class Entry {
        final String word;
        final LogLevel level;
        final Kind kind;
        final boolean numbered;
        final boolean upperCaseInText;

        Entry(String word, LogLevel level, Kind kind, boolean numbered, boolean upperCaseInText) {
            this.word = word;
            this.level = level;
            this.kind = kind;
            this.numbered = numbered;
            this.upperCaseInText = upperCaseInText;
        }
    }

    /** The table, in documentation order (by level, then by how common the spelling is). */
    static final List<Entry> ENTRIES;

    /** Entries by the first letter of the word ('a'..'z'): a lookup only scans one small bucket. */
    private static final Entry[][] BY_FIRST_LETTER;

    /** Longest word in the table; longer inputs cannot match and are rejected without reading. */
    private static final int MAX_WORD_LENGTH;

    static {
        List<Entry> t = new ArrayList<>();
        // trace: java.util.logging FINEST is OTel TRACE; "verbose" is .NET/logcat's lowest level.
        numbered(t, LogLevel.TRACE, "trace");
        words(t, LogLevel.TRACE, "trc", "verbose");
        // java.util.logging prints its levels in upper case; in prose "Config:" or "fine" are
        // ordinary words, so in message text these count only as FINEST, FINER, FINE, CONFIG.
        julWords(t, LogLevel.TRACE, "finest");
        letters(t, LogLevel.TRACE, "t", "v");
        // debug: FINER, FINE and CONFIG are java.util.logging's debug-like levels (OTel appendix B
        // maps them to DEBUG, DEBUG2, DEBUG3), so they are debug, not trace.
        numbered(t, LogLevel.DEBUG, "debug");
        words(t, LogLevel.DEBUG, "dbg", "dbug");
        julWords(t, LogLevel.DEBUG, "finer", "fine", "config");
        letters(t, LogLevel.DEBUG, "d");
        // info: syslog "notice" is OTel INFO2, a flavour of info.
        numbered(t, LogLevel.INFO, "info");
        words(t, LogLevel.INFO, "inf", "information", "informational", "notice");
        letters(t, LogLevel.INFO, "i");
        numbered(t, LogLevel.WARN, "warn", "warning");
        words(t, LogLevel.WARN, "wrn");
        letters(t, LogLevel.WARN, "w");
        // error: java.util.logging SEVERE is its highest level and OTel maps it to ERROR.
        numbered(t, LogLevel.ERROR, "error", "err");
        words(t, LogLevel.ERROR, "eror", "severe");
        letters(t, LogLevel.ERROR, "e");
        // fatal: syslog crit/alert/emerg, zap dpanic/panic and "critical" are folded into fatal so
        // that the output stays six levels: they are each source's most urgent records, and six
        // levels leave no slot between error and fatal (Python's FATAL is an alias of CRITICAL).
        numbered(t, LogLevel.FATAL, "fatal");
        words(t, LogLevel.FATAL, "ftl", "critical", "crit", "alert", "emerg", "emergency", "panic", "dpanic");
        letters(t, LogLevel.FATAL, "f");
        ENTRIES = Collections.unmodifiableList(t);

        List<List<Entry>> buckets = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            buckets.add(new ArrayList<>());
        }
        int max = 0;
        for (Entry e : t) {
            buckets.get(e.word.charAt(0) - 'a').add(e);
            max = Math.max(max, e.word.length());
        }
        BY_FIRST_LETTER = new Entry[26][];
        for (int i = 0; i < 26; i++) {
            BY_FIRST_LETTER[i] = buckets.get(i).toArray(new Entry[0]);
        }
        MAX_WORD_LENGTH = max;
    }

    private static void numbered(List<Entry> t, LogLevel level, String... words) {
        for (String w : words) {
            t.add(new Entry(w, level, Kind.WORD, true, false));
        }
    }

    private static void words(List<Entry> t, LogLevel level, String... words) {
        for (String w : words) {
            t.add(new Entry(w, level, Kind.WORD, false, false));
        }
    }

    private static void julWords(List<Entry> t, LogLevel level, String... words) {
        for (String w : words) {
            t.add(new Entry(w, level, Kind.WORD, false, true));
        }
    }

    private static void letters(List<Entry> t, LogLevel level, String... letters) {
        for (String w : letters) {
            t.add(new Entry(w, level, Kind.LETTER, false, false));
        }
    }

    private LevelWords() {}

    /**
     * The level named by {@code s[from, to)} exactly (any ASCII case), or {@code null}. Single
     * letters only count when {@code allowLetters} is set: "E" is a level as a whole field value,
     * but in free text it is just a letter.
     */
    public static LogLevel lookup(CharSequence s, int from, int to, boolean allowLetters) {
        return lookup(s, from, to, allowLetters, true);
    }

    /**
     * The level named by the word {@code s[from, to)} found in message text (no letters): like
     * {@link #lookup(CharSequence, int, int, boolean)}, except that words marked upper-case-in-text
     * only match when {@code upperCase} says the word is written in upper case.
     */
    static LogLevel lookupInText(CharSequence s, int from, int to, boolean upperCase) {
        return lookup(s, from, to, false, upperCase);
    }

    private static LogLevel lookup(CharSequence s, int from, int to, boolean allowLetters, boolean allowLowerCase) {
        int len = to - from;
        if (len <= 0 || len > MAX_WORD_LENGTH + 1) {
            return null;
        }
        int first = lowerAscii(s.charAt(from)) - 'a';
        if (first < 0 || first >= 26) {
            return null;
        }
        char last = s.charAt(to - 1);
        boolean numberSuffix = last >= '2' && last <= '4';
        for (Entry e : BY_FIRST_LETTER[first]) {
            if ((e.kind == Kind.LETTER && !allowLetters) || (e.upperCaseInText && !allowLowerCase)) {
                continue;
            }
            int wl = e.word.length();
            if ((wl == len || (e.numbered && numberSuffix && wl == len - 1)) && regionMatches(s, from, e.word)) {
                return e.level;
            }
        }
        return null;
    }

    /** The level named by the whole of {@code s} (letters allowed), or {@code null}. */
    public static LogLevel lookup(CharSequence s) {
        return lookup(s, 0, s.length(), true);
    }

    /** Whether {@code s} from {@code from} starts with the lower-case ASCII {@code word}, any case. */
    static boolean regionMatches(CharSequence s, int from, String word) {
        if (from + word.length() > s.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (lowerAscii(s.charAt(from + i)) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** ASCII lower case of one char; anything else unchanged (so it never matches a table word). */
    static int lowerAscii(char c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }
}
