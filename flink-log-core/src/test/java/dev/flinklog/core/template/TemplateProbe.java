package dev.flinklog.core.template;

/** Test access to the scanner's work count from other packages (the fuzz tests). */
public final class TemplateProbe {

    private final MessageTemplate scanner = new MessageTemplate();

    /** The chars the aside rule looked at ahead of the current word while scanning {@code m}. */
    public long lookAhead(String m) {
        scanner.fingerprint(m);
        return scanner.lookahead();
    }
}
