package dev.flinklog.core.template;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties that must hold for every input: never throw, templating is idempotent, the streaming
 * fingerprint equals the hash of the built template, and the work is linear in the input length.
 */
class TemplatePropertiesTest {

    /** Pieces that exercise every rule, glued at random with random separators. */
    private static final String[] FRAGMENTS = {
        "error",
        "user",
        "User",
        "for",
        "from",
        "by",
        "to",
        "bob",
        "Jun",
        "Fri",
        "June",
        "may",
        "5",
        "42",
        "-7",
        "3.14",
        "1e9",
        "0x1f",
        "deadbeef",
        "cafe",
        "10.0.0.1",
        "10.0.0.1:80",
        "::1",
        "fe80::1",
        "2024-01-02T03:04:05Z",
        "12:30",
        "41ms",
        "5",
        "MB",
        "B",
        "s",
        "sec",
        "bytes",
        "%",
        "(",
        ")",
        "()",
        "(1",
        "KB)",
        "[",
        "]",
        "{",
        "}",
        "\"",
        "'",
        "''",
        ",",
        ";",
        ":",
        ".",
        "=",
        "==",
        "a=b",
        "k=",
        "x=1",
        "<*>",
        "<",
        "*",
        ">",
        "<*",
        "*>",
        "/",
        "/a/b",
        "./c",
        "~/d",
        "http://h/p",
        "a@b.c",
        "mail.example.com",
        "com.example.App",
        "true",
        "FALSE",
        "key:true",
        "blk_-1",
        "blk_2",
        "f(x)",
        "a(b)[c]{d}",
        "\u00e9",
        "\u65e5",
        "\ud83d\ude00",
        "\ud800",
        "\udc00",
        "\u0000",
        "\u001b",
        "\t",
        "\r\n",
        "\u00a0",
        "\u3000",
        "\u2028",
        "\ufeff",
    };

    private static final String[] SEPARATORS = {" ", "", "  ", "\t", "\n", "", ""};

    static List<String> randomMessages(long seed, int count) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            StringBuilder sb = new StringBuilder();
            int parts = r.nextInt(14);
            for (int j = 0; j < parts; j++) {
                if (r.nextInt(6) == 0) {
                    int len = 1 + r.nextInt(6);
                    for (int c = 0; c < len; c++) {
                        sb.append(r.nextInt(4) == 0 ? (char) r.nextInt(0x10000) : (char) (0x20 + r.nextInt(0x5f)));
                    }
                } else {
                    sb.append(FRAGMENTS[r.nextInt(FRAGMENTS.length)]);
                }
                sb.append(SEPARATORS[r.nextInt(SEPARATORS.length)]);
            }
            out.add(sb.toString());
        }
        return out;
    }

    static List<String> adversarial() {
        List<String> out = new ArrayList<>();
        int mib = 1 << 20;
        out.add("7".repeat(mib));
        out.add(" ".repeat(mib));
        out.add(",".repeat(mib));
        out.add("(".repeat(mib));
        out.add(")".repeat(mib));
        out.add("=".repeat(mib));
        out.add("error ".repeat(mib / 6));
        out.add("user ".repeat(mib / 5));
        out.add("Jun ".repeat(mib / 4));
        out.add("5 (1 ".repeat(mib / 5));
        out.add("5 () ".repeat(mib / 5));
        out.add("for x ".repeat(mib / 6));
        out.add("a=".repeat(mib / 2));
        out.add("<*>".repeat(mib / 3));
        out.add("<*> ".repeat(mib / 4));
        out.add("x".repeat(mib));
        out.add("a.".repeat(mib / 2));
        out.add("\ud800".repeat(mib));
        out.add("\udc00\ud800".repeat(mib / 2));
        StringBuilder controls = new StringBuilder();
        for (int k = 0; k < mib; k++) {
            controls.append((char) (k % 0x20));
        }
        out.add(controls.toString());
        return out;
    }

    @Test
    void randomMessagesKeepAllProperties() {
        for (String m : randomMessages(20261130L, 20_000)) {
            checkProperties(m);
        }
    }

    @Test
    void adversarialMessagesKeepAllProperties() {
        for (String m : adversarial()) {
            checkProperties(m);
        }
    }

    @Test
    void handWrittenMessagesKeepAllProperties() {
        String[] messages = {
            "Connection from 10.0.0.1:8080 closed after 41ms",
            "Sent 1024 bytes (1 KB) to peer, lifetime 3 sec",
            "connection from mail.example.com () at Fri Jun 17 20:14:55 2005",
            "Invalid user  from 203.0.113.9",
            "Switch<0>(0x0)::callback fired",
            "a <*> <*> b (<*>) [<*>] x=<*> user <*> from <*>",
            "Jun Jun 5",
            "5 (1 (2 KB)",
            "user user user",
            "for for from from",
        };
        for (String m : messages) {
            checkProperties(m);
        }
    }

    /** One scanner reused across all messages, as a SQL function instance does. */
    private static final MessageTemplate REUSED = new MessageTemplate();

    private static void checkProperties(String m) {
        String t = MessageTemplate.template(m);
        assertThat(t).as("template of %s", show(m)).isNotNull();
        assertThat(MessageTemplate.template(t)).as("idempotent on %s", show(m)).isEqualTo(t);
        long fp = Fingerprint.of(m);
        assertThat(fp).as("streaming hash = hash of template, %s", show(m)).isEqualTo(Fingerprint.ofTemplate(t));
        assertThat(Fingerprint.of(t))
                .as("fingerprint(template(m)) = fingerprint(m), %s", show(m))
                .isEqualTo(fp);
        assertThat(Fingerprint.of(new StringBuilder(m))).isEqualTo(fp);
        assertThat(REUSED.fingerprint(m)).as("reused scanner, %s", show(m)).isEqualTo(fp);
    }

    private static String show(String m) {
        String s = m.length() > 80 ? m.substring(0, 80) + "...(" + m.length() + " chars)" : m;
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 || c >= 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    /**
     * Linear time, counted in work (never timed). The scanner copies the message once and then
     * makes one pass over its words with a constant number of looks at each word; the one look
     * ahead without a fixed bound is the aside rule's (an aside may have any number of words), so
     * that is what is counted: for each shape of input, twice the length costs at most about twice
     * the look-ahead, which stays within twice the length (each char is looked at by at most two
     * aside scans, since a scan stops at the next parenthesis). Inputs shaped to make asides scan
     * far ("5 (1 2 3 ... x") are among them.
     */
    @Test
    void asideLookAheadGrowsLinearly() {
        String[] units = {
            "7",
            " ",
            ",",
            "(",
            "=",
            "error ",
            "user ",
            "Jun ",
            "5 (1 ",
            "5 () ",
            "for x ",
            "a=",
            "<*>",
            "x",
            "a.",
            "\ud800",
            "Fri Jun 17 ",
            "1 bytes (1 KB) ",
            "a(b)[c]{d} ",
            "key:true ",
            "com.example.App ",
            "http://h/p ",
            "Invalid user  from 1.2.3.4 ",
            "5 (1 2 3 4 5 6 7 8 9 ",
            "5 (1 KB 2 MB ",
            "5 (1 5 (1 5 (",
            "1 (2 (3 ",
            "5 (1) ",
            ") 5 (1 ",
        };
        MessageTemplate scanner = new MessageTemplate();
        for (String u : units) {
            int n = 100_000;
            String once = u.repeat(n / u.length());
            String twice = u.repeat(2 * n / u.length());
            scanner.fingerprint(once);
            long small = scanner.lookahead();
            scanner.fingerprint(twice);
            long large = scanner.lookahead();
            assertThat((double) large)
                    .as("look-ahead for 2n vs n, unit '%s'", show(u))
                    .isLessThanOrEqualTo(2.2 * small + 64);
            assertThat(large).as("look-ahead per char, unit '%s'", show(u)).isLessThanOrEqualTo(2L * twice.length());
        }
        // one long aside that fails at its end: scanned once, not once per word
        String far = "5 (" + "1 ".repeat(50_000) + "x";
        scanner.fingerprint(far);
        assertThat(scanner.lookahead()).isBetween((long) far.length() - 10, (long) far.length());
        for (String m : randomMessages(7L, 2000)) {
            scanner.fingerprint(m);
            assertThat(scanner.lookahead()).as(show(m)).isLessThanOrEqualTo(2L * m.length());
        }
    }
}
