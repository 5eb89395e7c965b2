package dev.flinklog.examples.monitoring;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The metric names a PromQL expression selects: every identifier that is not a function or
 * aggregation (followed by {@code (}), not a keyword, and not inside a label matcher {@code {...}},
 * a range {@code [...]}, a grouping list ({@code by (...)}, {@code on (...)}, ...) or a string.
 * Enough for the expressions of the alert rules and the dashboard; not a PromQL parser (promtool
 * checks the syntax).
 */
final class PromQlNames {

    /** Followed by a parenthesised label list, which names labels, not metrics. */
    private static final Set<String> LABEL_LIST_KEYWORDS =
            Set.of("by", "without", "on", "ignoring", "group_left", "group_right");

    private static final Set<String> OPERATORS = Set.of("and", "or", "unless", "bool", "offset", "atan2");

    private PromQlNames() {}

    static Set<String> of(String expr) {
        Set<String> names = new LinkedHashSet<>();
        int i = 0;
        int n = expr.length();
        while (i < n) {
            char c = expr.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                i = skipString(expr, i);
            } else if (c == '{') {
                i = skipBalanced(expr, i, '{', '}');
            } else if (c == '[') {
                i = skipBalanced(expr, i, '[', ']');
            } else if (c == '#') {
                i = skipLine(expr, i);
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(expr.charAt(i + 1)))) {
                // a number or a duration (5m, 1e3, 0x1F): letters after digits are part of it
                while (i < n && (Character.isLetterOrDigit(expr.charAt(i)) || expr.charAt(i) == '.')) {
                    i++;
                }
            } else if (isIdentifierStart(c)) {
                int start = i;
                while (i < n && isIdentifierPart(expr.charAt(i))) {
                    i++;
                }
                String word = expr.substring(start, i);
                int next = skipSpaces(expr, i);
                // "sum by (x) (...)": an aggregation whose grouping comes before its argument
                boolean call = next < n && expr.charAt(next) == '('
                        || startsWithWord(expr, next, "by")
                        || startsWithWord(expr, next, "without");
                if (LABEL_LIST_KEYWORDS.contains(word)) {
                    if (call) {
                        i = skipBalanced(expr, next, '(', ')');
                    }
                } else if (!call && !OPERATORS.contains(word)) {
                    names.add(word);
                }
            } else {
                i++;
            }
        }
        return names;
    }

    private static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_' || c == ':';
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == ':';
    }

    private static boolean startsWithWord(String s, int i, String word) {
        int end = i + word.length();
        return s.startsWith(word, i) && (end >= s.length() || !isIdentifierPart(s.charAt(end)));
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int skipLine(String s, int i) {
        while (i < s.length() && s.charAt(i) != '\n') {
            i++;
        }
        return i;
    }

    /** From an opening character to just past its matching closing one (strings inside skipped). */
    private static int skipBalanced(String s, int i, char open, char close) {
        int depth = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                i = skipString(s, i);
                continue;
            }
            if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        throw new IllegalArgumentException("unbalanced " + open + " in: " + s);
    }

    private static int skipString(String s, int i) {
        char quote = s.charAt(i++);
        while (i < s.length() && s.charAt(i) != quote) {
            if (s.charAt(i) == '\\' && quote != '`') {
                i++;
            }
            i++;
        }
        if (i >= s.length()) {
            throw new IllegalArgumentException("unterminated string in: " + s);
        }
        return i + 1;
    }
}
