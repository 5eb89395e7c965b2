package dev.flinklog.core.level;

import dev.flinklog.core.level.LevelInference.Keyword;
import dev.flinklog.core.text.Ascii;
import dev.flinklog.core.text.WordChars;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The free-text keywords of {@link LevelInference} (whole words, any case, anywhere in a message)
 * and what makes a letter run a whole word. The inference asks length, then boundaries, then the
 * table, each a small method, so the common case (a run of another length) costs one compare. docs/functions.md shows the table; a test keeps the two
 * equal.
 */
final class LevelKeywords {

    /** The keywords and the level each one suggests, in documentation order. */
    static final List<Keyword> ALL;

    static {
        List<Keyword> k = new ArrayList<>();
        // Deliberately small: each word here is something a reader treats as a problem report.
        // "critical" is left out ("critical section", "critical path" are ordinary phrases), and so
        // is "err" (Go's variable name, as in "err=nil").
        for (String w : new String[] {"fatal", "panic"}) {
            k.add(new Keyword(w, LogLevel.FATAL));
        }
        for (String w : new String[] {"error", "errors", "exception", "exceptions", "failed", "failure", "failures"}) {
            k.add(new Keyword(w, LogLevel.ERROR));
        }
        for (String w : new String[] {"warn", "warning", "warnings"}) {
            k.add(new Keyword(w, LogLevel.WARN));
        }
        ALL = Collections.unmodifiableList(k);
    }

    /** Keywords by first letter ('a'..'z'), so most words are rejected after one char. */
    private static final Keyword[][] BY_FIRST_LETTER = new Keyword[26][];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            List<Keyword> bucket = new ArrayList<>();
            for (Keyword k : ALL) {
                if (k.word.charAt(0) == c) {
                    bucket.add(k);
                }
            }
            BY_FIRST_LETTER[c - 'a'] = bucket.toArray(new Keyword[0]);
        }
    }

    /** Shortest and longest keyword; other runs are not looked up. */
    private static final int MIN_LENGTH =
            ALL.stream().mapToInt(k -> k.word.length()).min().getAsInt();

    private static final int MAX_LENGTH =
            ALL.stream().mapToInt(k -> k.word.length()).max().getAsInt();

    private LevelKeywords() {}

    /** Whether a letter run of {@code len} chars can be a keyword at all: most words are not. */
    static boolean hasKeywordLength(int len) {
        return len >= MIN_LENGTH && len <= MAX_LENGTH;
    }

    /**
     * The level of the keyword that the letter run {@code s[a, b)} spells, any case; null when it
     * spells none. Whether it stands as a whole word is {@link #isLeftBoundary} and {@link
     * #isRightBoundary}; negation is {@link NegationRules}.
     */
    static LogLevel lookup(CharSequence s, int a, int b) {
        int len = b - a;
        for (Keyword k : BY_FIRST_LETTER[LevelWords.lowerAscii(s.charAt(a)) - 'a']) {
            if (k.word.length() == len && LevelWords.regionMatches(s, a, k.word)) {
                return k.level;
            }
        }
        return null;
    }

    /** Before a keyword: start, white space, an opening bracket or quote, {@code =}, {@code ,}. */
    static boolean isLeftBoundary(char c) {
        return Ascii.isSpace(c)
                || c == '['
                || c == '('
                || c == '{'
                || c == '<'
                || c == '"'
                || c == '\''
                || c == '='
                || c == '|'
                || c == ','
                || c == ';'
                || c == '`';
    }

    /**
     * After a keyword: end, white space, closing bracket, quote, punctuation; a {@code .} only
     * when no word char follows it ({@code error.} yes, {@code error.log} no).
     */
    static boolean isRightBoundary(CharSequence s, int n, int b, char c) {
        switch (c) {
            case ' ':
            case ']':
            case ')':
            case '}':
            case '>':
            case '"':
            case '\'':
            case ',':
            case ';':
            case ':':
            case '=':
            case '!':
            case '?':
            case '|':
            case '`':
                return true;
            case '.':
                return b + 1 >= n || !WordChars.isWordChar(s.charAt(b + 1));
            default:
                return false;
        }
    }
}
