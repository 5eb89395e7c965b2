package dev.flinklog.core.template;

/**
 * The kinds of token that {@link MessageTemplate} replaces by {@code <*>}: the one table of token
 * classes. The documentation (docs/functions.md, section LOG_TEMPLATE) shows this table and a unit
 * test checks that both list the same rows, so the two cannot drift apart.
 *
 * <p>The order is the order in which the classes are tried; the first that matches names the token.
 * Changing what a class matches changes templates and therefore fingerprints: it needs a new {@link
 * Fingerprint#VERSION}.
 */
public enum TokenClass {
    PLACEHOLDER(
            "placeholder",
            "a token containing `<*>` (so that templating a template changes nothing)",
            "`<*>`, `id<*>`"),
    KEY_VALUE(
            "key=value",
            "the whole value after the first `=` when the key before it is a name (a letter, then letters, digits, `_ - .`); the key and `=` stay, an empty value stays empty",
            "`uid=0` -> `uid=<*>`, `status=OK` -> `status=<*>`"),
    DIGITS(
            "has a digit",
            "any token that contains an ASCII digit: numbers, ids, IPv4/IPv6 with ports, UUIDs, MACs, dates, times, durations and sizes, hex with digits, host names with digits",
            "`42`, `-1.5e3`, `blk_-1234`, `10.0.0.1:8080`, `41ms`, `5MB`, `2024-01-02T03:04:05Z`, `0x1f`"),
    URL("URL", "a token containing `://`", "`https://example.org/a`"),
    EMAIL("e-mail", "a token with an `@` that has text before it and a `.` after it", "`alice@example.org`"),
    HEX(
            "hex without digits",
            "a token made only of hex letters and the separators `: - .`, with at least 8 hex letters",
            "`deadbeef`, `ffffffff`, `ab:cd:ef:ab:cd:ef`"),
    HOST_NAME(
            "host name",
            "a dotted name of letters and `-` whose last label is a generic top-level domain (word list below) or, after at least two dots, any two letters (country codes); or, with at least two dots, whose first label is a generic top-level domain (reverse-domain names of apps and classes)",
            "`mail.example.com`, `www.cs.example.ac.uk`, `com.example.Reader.daily`"),
    PATH(
            "path",
            "a token that starts with `/` and a character other than `/` and has a second `/`, or starts with `./`, `../` or `~/`",
            "`/var/log/syslog`, `./conf/app.yaml`; `/tmp` stays"),
    BOOLEAN(
            "boolean",
            "`true` or `false` (any case), alone or after the last `:` of the token",
            "`true`, `enabled:FALSE`"),
    DATE_NAME(
            "date name",
            "a whole word that is a month or weekday name (word list below) with a capital first letter, when the next word starts with a digit or is such a name",
            "`Fri Jun 17 20:14:55 2005` -> `<*>`"),
    NAME_AFTER_USER(
            "name after `user`",
            "a whole word after the word `user` (when that word is a preposition from the word list below, the name was empty and `<*>` is inserted before it), and a whole word between `for` and `from`",
            "`user alice` -> `user <*>`, `user from` -> `user <*> from`, `for bob from` -> `for <*> from`");

    private final String label;
    private final String matches;
    private final String example;

    TokenClass(String label, String matches, String example) {
        this.label = label;
        this.matches = matches;
        this.example = example;
    }

    /** The name shown in the documentation table. */
    public String label() {
        return label;
    }

    /** What the class matches, as written in the documentation table. */
    public String matches() {
        return matches;
    }

    /** Examples, as written in the documentation table. */
    public String example() {
        return example;
    }
}
