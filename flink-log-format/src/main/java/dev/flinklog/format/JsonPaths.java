package dev.flinklog.format;

import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import org.apache.flink.table.api.ValidationException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * JSONPath expressions of {@code fields.<column>.path}. Plain member paths ({@code $.a.b},
 * {@code $['a.b'].c}) become key lists that join the single streaming pass; anything else
 * (wildcards, indexes, filters, deep scan) is compiled by Jayway json-path and evaluated on the
 * records only when the streaming pass found nothing better.
 */
final class JsonPaths {

    private JsonPaths() {}

    /** Fails with a message naming the option if the expression is not valid JSONPath. */
    static void validate(String expression, String optionKey) {
        if (members(expression) != null) {
            return;
        }
        try {
            JsonPath.compile(expression);
        } catch (InvalidPathException | IllegalArgumentException e) {
            throw new ValidationException(String.format(
                    "Invalid JSONPath '%s' in option '%s': %s. Example of a valid value: " + "'$.a.b, $[''c.d'']'.",
                    expression, optionKey, e.getMessage()));
        }
    }

    /**
     * The keys of a plain member path, or null if the expression needs a JSONPath engine. Accepts
     * {@code $.name}, {@code $['name']}, {@code $["name"]} steps; a bare {@code a.b} is read as
     * {@code $.a.b}.
     */
    static List<String> members(String expression) {
        String s = expression.trim();
        int i = 0;
        if (s.startsWith("$")) {
            i = 1;
        } else {
            s = "." + s;
        }
        List<String> keys = new ArrayList<>();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '.') {
                int start = ++i;
                if (start < s.length() && s.charAt(start) == '.') {
                    return null; // deep scan
                }
                while (i < s.length() && s.charAt(i) != '.' && s.charAt(i) != '[') {
                    char k = s.charAt(i);
                    if (k == '*' || k == '(' || k == ')' || k == '?' || k == '@' || k == ' ') {
                        return null;
                    }
                    i++;
                }
                if (i == start) {
                    return null;
                }
                keys.add(s.substring(start, i));
            } else if (c == '[') {
                if (i + 1 >= s.length()) {
                    return null;
                }
                char q = s.charAt(i + 1);
                if (q != '\'' && q != '"') {
                    return null; // index, wildcard or filter
                }
                int end = s.indexOf(q, i + 2);
                if (end < 0 || end + 1 >= s.length() || s.charAt(end + 1) != ']') {
                    return null;
                }
                keys.add(s.substring(i + 2, end));
                i = end + 2;
            } else {
                return null;
            }
        }
        return keys.isEmpty() ? null : Collections.unmodifiableList(keys);
    }
}
