package dev.flinklog.core.errors;

import dev.flinklog.core.text.HttpStatus;
import dev.flinklog.core.text.WordChars;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Finds the {@link ErrorClass} of a log message in one left-to-right pass.
 *
 * <p>All cues of {@link ErrorCues#CUES} are compiled once into a single Aho-Corasick automaton with
 * a full transition table, so the scan reads each character once and looks every cue up at the same
 * time, whatever the number of cues. Where a cue ends, a constant number of extra reads check the
 * word boundaries (and, for HTTP status cues, read the code that follows). Among all matches the
 * class declared first in {@link ErrorClass} wins; the scan stops early once nothing can beat the
 * class found.
 */
public final class ErrorClassifier {

    /** Character classes: 0 for every character no cue contains, then one per cue character. */
    private static final byte[] CHAR_CLASS = new byte[128];

    /** Number of character classes. */
    private static final int CLASSES;

    /** DFA: next state = DELTA[state * CLASSES + class]. State 0 is the root. */
    private static final int[] DELTA;

    /** For each state, the cues (indexes into {@link #CUE_TEXT} etc.) ending there, or null. */
    private static final int[][] OUTPUTS;

    private static final String[] CUE_TEXT;
    private static final ErrorClass[] CUE_CLASS;
    private static final ErrorCues.Kind[] CUE_KIND;

    /** Class of each HTTP status code 0..599, from {@link ErrorCues#classOfStatus}. */
    private static final ErrorClass[] STATUS = new ErrorClass[600];

    static {
        for (int code = 0; code < STATUS.length; code++) {
            STATUS[code] = ErrorCues.classOfStatus(code);
        }

        List<ErrorCues.Cue> cues = ErrorCues.CUES;
        int n = cues.size();
        CUE_TEXT = new String[n];
        CUE_CLASS = new ErrorClass[n];
        CUE_KIND = new ErrorCues.Kind[n];
        int classes = 1;
        for (int i = 0; i < n; i++) {
            ErrorCues.Cue cue = cues.get(i);
            CUE_TEXT[i] = cue.text();
            CUE_CLASS[i] = cue.errorClass();
            CUE_KIND[i] = cue.kind();
            String lower = cue.text().toLowerCase(Locale.ROOT);
            for (int k = 0; k < lower.length(); k++) {
                char c = lower.charAt(k);
                if (c >= 128) {
                    throw new IllegalStateException("cues must be ASCII: " + cue.text());
                }
                if (CHAR_CLASS[c] == 0) {
                    CHAR_CLASS[c] = (byte) classes++;
                }
            }
        }
        // Upper case letters read like lower case ones; a tab reads like the space in a cue.
        for (char c = 'A'; c <= 'Z'; c++) {
            CHAR_CLASS[c] = CHAR_CLASS[Character.toLowerCase(c)];
        }
        CHAR_CLASS['\t'] = CHAR_CLASS[' '];
        CLASSES = classes;

        // 1. The trie of the lower-cased cues.
        List<int[]> next = new ArrayList<>();
        List<List<Integer>> out = new ArrayList<>();
        next.add(new int[classes]);
        out.add(new ArrayList<>());
        for (int i = 0; i < n; i++) {
            String lower = CUE_TEXT[i].toLowerCase(Locale.ROOT);
            int s = 0;
            for (int k = 0; k < lower.length(); k++) {
                int cls = CHAR_CLASS[lower.charAt(k)];
                if (next.get(s)[cls] == 0) {
                    next.add(new int[classes]);
                    out.add(new ArrayList<>());
                    next.get(s)[cls] = next.size() - 1;
                }
                s = next.get(s)[cls];
            }
            out.get(s).add(i);
        }
        // 2. Failure links in breadth-first order turn the trie into a complete DFA; a state also
        // reports every cue that is a suffix of its path.
        int states = next.size();
        int[] fail = new int[states];
        int[] delta = new int[states * classes];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int cls = 1; cls < classes; cls++) {
            int t = next.get(0)[cls];
            delta[cls] = t;
            if (t != 0) {
                queue.add(t);
            }
        }
        while (!queue.isEmpty()) {
            int s = queue.poll();
            out.get(s).addAll(out.get(fail[s]));
            for (int cls = 1; cls < classes; cls++) {
                int t = next.get(s)[cls];
                if (t != 0) {
                    fail[t] = delta[fail[s] * classes + cls];
                    delta[s * classes + cls] = t;
                    queue.add(t);
                } else {
                    delta[s * classes + cls] = delta[fail[s] * classes + cls];
                }
            }
        }
        DELTA = delta;
        OUTPUTS = new int[states][];
        for (int s = 0; s < states; s++) {
            if (!out.get(s).isEmpty()) {
                OUTPUTS[s] = out.get(s).stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    private ErrorClassifier() {}

    /** The error class of a message, or null (also for null input). */
    public static ErrorClass classify(CharSequence s) {
        if (s == null) {
            return null;
        }
        final int n = s.length();
        ErrorClass best = null;
        int state = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            state = DELTA[state * CLASSES + (c < 128 ? CHAR_CLASS[c] : 0)];
            int[] ends = OUTPUTS[state];
            if (ends == null) {
                continue;
            }
            for (int cue : ends) {
                ErrorClass found = match(s, i, cue, best);
                if (found != null) {
                    best = found;
                    if (best.ordinal() == 0) {
                        return best;
                    }
                }
            }
        }
        return best;
    }

    /**
     * The class the cue ending at {@code end} yields if it sits where its kind requires and beats
     * {@code best}; null otherwise.
     */
    private static ErrorClass match(CharSequence s, int end, int cue, ErrorClass best) {
        ErrorCues.Kind kind = CUE_KIND[cue];
        ErrorClass cls = CUE_CLASS[cue];
        if (best != null) {
            // A status can at most be a timeout, the best class any status maps to.
            int rank = kind == ErrorCues.Kind.STATUS ? ErrorClass.TIMEOUT.ordinal() : cls.ordinal();
            if (rank >= best.ordinal()) {
                return null;
            }
        }
        String text = CUE_TEXT[cue];
        int len = text.length();
        int start = end - len + 1;
        int n = s.length();
        if (WordChars.isWordChar(text.charAt(len - 1)) && end + 1 < n && WordChars.isWordChar(s.charAt(end + 1))) {
            return null;
        }
        switch (kind) {
            case WORD:
            case STATUS:
                if (WordChars.isWordChar(text.charAt(0)) && start > 0 && WordChars.isWordChar(s.charAt(start - 1))) {
                    return null;
                }
                break;
            case CAMEL_TAIL:
                if (start == 0 || !Character.isLetter(s.charAt(start - 1))) {
                    return null;
                }
                for (int k = 0; k < len; k++) {
                    if (s.charAt(start + k) != text.charAt(k)) {
                        return null;
                    }
                }
                break;
            case TAIL:
            default:
                break;
        }
        if (kind != ErrorCues.Kind.STATUS) {
            return cls;
        }
        ErrorClass status = statusAfter(s, end + 1);
        return status != null && (best == null || status.ordinal() < best.ordinal()) ? status : null;
    }

    /**
     * The class of the HTTP status right after a status cue ({@link HttpStatus#afterCue}: optional
     * {@code /1.1}, a few separators, three digits), or null.
     */
    private static ErrorClass statusAfter(CharSequence s, int from) {
        int code = HttpStatus.afterCue(s, from);
        return code >= 0 && code < STATUS.length ? STATUS[code] : null;
    }

    /** Number of automaton states, for tests that keep the table small. */
    static int stateCount() {
        return OUTPUTS.length;
    }

    /** For tests: the cue texts in automaton order. */
    static List<String> cueTexts() {
        return Arrays.asList(CUE_TEXT.clone());
    }
}
