package dev.flinklog.core.template;

/**
 * Where the scanner's decisions go: with an output builder they append to the template, without
 * one they feed the running FNV-1a hash of the template ({@link Fnv1a}). Every rule emits through
 * these, which is what makes {@code fingerprint(m) == hash(template(m))} hold by construction.
 */
final class TemplateOutput {

    private TemplateOutput() {}

    /** What replaces a variable token (the public constant is {@code MessageTemplate.PLACEHOLDER}). */
    static final String PLACEHOLDER = "<*>";

    /** Appends {@code s[from, to)} as it is, or feeds its UTF-8 bytes to the hash. */
    static long literal(char[] s, int from, int to, StringBuilder out, long h) {
        if (out != null) {
            out.append(s, from, to - from);
            return h;
        }
        return Fnv1a.hashChars(h, s, from, to);
    }

    /**
     * {@link #literal} of a region known to be ASCII (openers, closers, a key before "="): the
     * hash without the UTF-8 cases, small enough to be inlined where the word loop calls it.
     */
    static long asciiLiteral(char[] s, int from, int to, StringBuilder out, long h) {
        if (out != null) {
            out.append(s, from, to - from);
            return h;
        }
        for (int j = from; j < to; j++) {
            h = (h ^ s[j]) * Fnv1a.PRIME;
        }
        return h;
    }

    static long placeholder(StringBuilder out, long h) {
        if (out != null) {
            out.append(PLACEHOLDER);
            return h;
        }
        return Fnv1a.hashPlaceholder(h);
    }

    /** A space before a word, unless it is the first. */
    static long space(boolean first, StringBuilder out, long h) {
        return first ? h : space(out, h);
    }

    static long space(StringBuilder out, long h) {
        if (out != null) {
            out.append(' ');
            return h;
        }
        return Fnv1a.hashByte(h, ' ');
    }
}
