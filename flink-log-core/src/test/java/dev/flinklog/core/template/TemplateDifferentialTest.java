package dev.flinklog.core.template;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Templates and fingerprints are stored for years, so any rewrite of the scanner for speed must give
 * exactly the same output as the scanner of the current {@link Fingerprint#VERSION}. Each test runs
 * the scanner over one seeded corpus (random text, adversarial inputs of 1 MiB, many realistic
 * messages of common formats with random values, random mutations of those, where boundary cases
 * hide) and compares a digest of every (template, fingerprint) pair, in order, with a recorded
 * digest. Five of the six were recorded against a frozen copy of the first version-1 scanner (since
 * removed) and still hold for version 2; version 2 changed the aside rule only, which changed 17
 * messages of the 50,000 of {@link #randomFragmentMessagesAgree} (random fragments with asides of
 * four words or inside unclosed parentheses), and its digest was recorded again. A changed digest means some output changed: find it with the
 * per-message golden tests of {@link FingerprintTest} and {@link MessageTemplateTest}, or by
 * bisecting the corpus. Every entry point (String, other CharSequence, reused scanner) must also
 * agree with the others.
 */
class TemplateDifferentialTest {

    /** One reused production scanner, as LOG_FINGERPRINT and LOG_TEMPLATE use it. */
    private final MessageTemplate reused = new MessageTemplate();

    /** Digest of every (template, fingerprint) pair seen by the current test, in order. */
    private long digest;

    private void assertSame(String m) {
        String expected = MessageTemplate.template(m);
        long expectedFp = Fingerprint.of(m);
        digest = digest * 1_000_003L + expected.hashCode();
        digest = digest * 1_000_003L + expectedFp;
        assertThat(Fingerprint.ofTemplate(expected))
                .as("fingerprint = hash of template, %s", show(m))
                .isEqualTo(expectedFp);
        assertThat(reused.fingerprint(m)).as("reused scanner, %s", show(m)).isEqualTo(expectedFp);
        assertThat(reused.templateOf(m))
                .as("reused scanner's template, %s", show(m))
                .isEqualTo(expected);
        // Not every caller passes a String: the generic CharSequence path must agree too.
        StringBuilder sb = new StringBuilder(m);
        assertThat(MessageTemplate.template(sb))
                .as("template of builder %s", show(m))
                .isEqualTo(expected);
        assertThat(reused.fingerprint(sb)).as("builder fingerprint %s", show(m)).isEqualTo(expectedFp);
    }

    @Test
    void randomFragmentMessagesAgree() {
        List<String> corpus = TemplatePropertiesTest.randomMessages(7L, 30_000);
        corpus.addAll(TemplatePropertiesTest.randomMessages(20261130L, 20_000));
        for (String m : corpus) {
            assertSame(m);
        }
        assertThat(digest).as("version-2 outputs").isEqualTo(-2028782627587203304L);
    }

    @Test
    void randomCharactersAgree() {
        Random r = new Random(99);
        // ASCII-heavy alphabets, with every ASCII character, spaces and some non-ASCII mixed in.
        String alphabet = " \t\n=<>*@/()[]{}\"',;:.!?-_+#%&~0123456789abcdefABCDEFxyzXYZ"
                + "\u00e9\u00a0\u3000\u2028\ufeff\u0085\u007f\ud83d\ude00\ud800\udc00";
        for (int k = 0; k < 40_000; k++) {
            int len = r.nextInt(60);
            StringBuilder sb = new StringBuilder(len);
            for (int j = 0; j < len; j++) {
                int mode = r.nextInt(10);
                if (mode < 7) {
                    sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
                } else if (mode < 9) {
                    sb.append((char) r.nextInt(0x80));
                } else {
                    sb.append((char) r.nextInt(0x10000));
                }
            }
            assertSame(sb.toString());
        }
        assertThat(digest).as("version-1 and 2 outputs").isEqualTo(-3241443629730243284L);
    }

    @Test
    void adversarialInputsAgree() {
        for (String m : TemplatePropertiesTest.adversarial()) {
            assertSame(m);
        }
        int mib = 1 << 20;
        String[] more = {
            "a".repeat(mib - 1) + "=",
            "(".repeat(mib / 2) + ")".repeat(mib / 2),
            "1 ".repeat(mib / 2),
            "May ".repeat(mib / 4),
            "Jun 5 ".repeat(mib / 6),
            "user from ".repeat(mib / 10),
            "\"\" ".repeat(mib / 3),
            "x".repeat(mib) + " 5",
            "\u00e9".repeat(mib),
            "\ud83d\ude00".repeat(mib / 2),
            "5 KB ".repeat(mib / 5),
            "https://".repeat(mib / 8),
            "a.b.".repeat(mib / 4),
            "/".repeat(mib),
        };
        for (String m : more) {
            assertSame(m);
        }
        assertThat(digest).as("version-1 and 2 outputs").isEqualTo(-1218864994370390166L);
    }

    @Test
    void realisticMessagesAgree() {
        Random r = new Random(2026);
        for (int k = 0; k < 30_000; k++) {
            assertSame(realistic(r));
        }
        assertThat(digest).as("version-1 and 2 outputs").isEqualTo(1822637485098354547L);
    }

    @Test
    void mutatedRealisticMessagesAgree() {
        Random r = new Random(4711);
        String edits = " \t=<>*@/()[]{}\"',;:.!?-_0123456789abfxyzABFXYZ\u00e9\ud83d\ude00\ud800\u00a0";
        for (int k = 0; k < 30_000; k++) {
            StringBuilder sb = new StringBuilder(realistic(r));
            int mutations = 1 + r.nextInt(4);
            for (int e = 0; e < mutations && sb.length() > 0; e++) {
                int at = r.nextInt(sb.length());
                char c = edits.charAt(r.nextInt(edits.length()));
                switch (r.nextInt(3)) {
                    case 0 -> sb.insert(at, c);
                    case 1 -> sb.deleteCharAt(at);
                    default -> sb.setCharAt(at, c);
                }
            }
            assertSame(sb.toString());
        }
        assertThat(digest).as("version-1 and 2 outputs").isEqualTo(-5322528253478011707L);
    }

    @Test
    void handWrittenMessagesAgree() {
        String[] messages = {
            "",
            " ",
            "x",
            "5",
            "<*>",
            "()",
            "(5)",
            "user",
            "for",
            "Jun",
            "Jun 5",
            "May be later",
            "Invalid user  from 203.0.113.9",
            "Invalid user admin from 203.0.113.9 port 50022",
            "Accepted password for root from 10.0.0.2 port 22 ssh2",
            "Failed password for invalid user x from ::1",
            "Sent 1024 bytes (1 KB) to peer, lifetime 3 sec",
            "took 5 ms (5000 us).",
            "5 (1 KB",
            "5 (a b c d)",
            "5 () x",
            "5 ()x",
            "5 (0x1f)",
            "size 12 B, 13 s, 99 %",
            "Wed Jan 3 10:00:00 2024",
            "Mon Tue Wed",
            "October Monday",
            "connection from mail.example.com () at Fri Jun 17 20:14:55 2005",
            "Switch<0>(0x0)::callback fired",
            "at com.example.Foo.bar(Foo.java:42)",
            "Thread.run(Thread.java:10)",
            "key= val k==v a+b=c ==> x=1, y=2; z=\"q\" 'w' [a=1] {b=c}",
            "path /var/log/syslog /tmp ./a ../b ~/c //x",
            "url https://example.org/a?b=c http://[::1]:80/ ftp://x",
            "mail alice@example.org bob@ x@y",
            "hex deadbeef DEADBEEFCAFE ab:cd:ef:ab:cd:ef dead-beef-cafe-babe",
            "TRUE false enabled:FALSE key:true",
            "host db.internal api.example.io www.cs.example.ac.uk com.example.App a..b .com com.",
            "caf\u00e9 \u00fcber \u65e5\u672c\u8a9e \ud83d\ude00 \ud800 \udc00 \ud83d",
            "a\u00a0b\u3000c\u2028d\ufeffe\u0085f\u007fg",
            "\"quoted string\" 'single' \"\" '' \"5\" '5' (\"x\")",
            "a <*> <*> b (<*>) [<*>] x=<*> user <*> from <*>",
            "blk_-1234 blk_34 job_1700000000_0042 worker-7",
            "10.0.0.1:8080 [::1]:443 fe80::1%eth0 2001:db8::1",
            "2024-01-02T03:04:05Z 2024-01-02 03:04:05,123 12:30 1e9 -1.5e3 +5 0x1F",
            "done. ok! why? a, b; c: d.",
            "(((x))) [[y]] {{z}} ((5)) [5]. {5},",
            "a.b:true x:true. ::true a:b:false :false true: TRUE. a,true b;false c.true x:trUe:",
            "my-host.example.com a.b.uk com.x x.COM deadbeef.cafebabe a..com .com com. -.com a-.io",
            "c.e.shop.checkout.OrderController celery.worker.strategy com.zaxxer.hikari.pool.HikariPool",
            "io.x.y org.a.B net.foo a.b.c.de a.b.c.d x.internal. y.local, abcdef.abcdef:abcdef ab-cd-ef-ab",
            "a:b c;d e!f g?h i,j ---  - -- ab.cd.ef.ab ABCDEFAB abcdefab. dead:beef:cafe x-y_z node-agent:",
        };
        for (String m : messages) {
            assertSame(m);
        }
        assertThat(digest).as("version-1 and 2 outputs").isEqualTo(-1747271816758967419L);
    }

    // ---------------------------------------------------------------------------------------------
    // A generator of realistic messages: common log formats with random values in them

    private static final String[] LEVELS = {"INFO", "WARN", "ERROR", "DEBUG", "TRACE", "info", "warning", "I", "E", "W"
    };
    private static final String[] WORDS = {
        "Connection",
        "closed",
        "opened",
        "from",
        "to",
        "user",
        "User",
        "for",
        "by",
        "with",
        "in",
        "on",
        "Request",
        "completed",
        "failed",
        "timeout",
        "after",
        "retrying",
        "job",
        "Worker",
        "started",
        "finished",
        "Processed",
        "batch",
        "of",
        "events",
        "Cache",
        "miss",
        "hit",
        "key",
        "Invalid",
        "password",
        "session",
        "opened",
        "token",
        "expired",
        "May",
        "may",
        "Jun",
        "Fri",
        "Monday",
        "true",
        "false",
        "null",
        "none",
        "OK",
        "bytes",
        "MB",
        "ms",
        "sec",
        "s",
        "B",
        "%",
        "the",
        "a",
    };
    private static final String[] PATHS = {
        "/api/v1/products",
        "/var/log/syslog",
        "/tmp",
        "./conf/app.yaml",
        "../x/y",
        "~/z",
        "/healthz",
        "/api/v2/orders/12345/items",
        "/static/app.js?v=3"
    };
    private static final String[] HOSTS = {
        "mail.example.com",
        "api.example.io",
        "db.internal",
        "localhost",
        "www.cs.example.ac.uk",
        "kafka-0.kafka.svc.cluster.local",
        "com.example.App",
        "example.org"
    };
    private static final String[] CLASSES = {
        "c.e.shop.checkout.OrderController",
        "com.zaxxer.hikari.pool.HikariPool",
        "o.a.k.clients.consumer.KafkaConsumer",
        "org.springframework.web.servlet.DispatcherServlet"
    };
    private static final String[] UNICODE = {
        "caf\u00e9",
        "\u00fcber",
        "\u65e5\u672c\u8a9e",
        "\ud83d\ude00",
        "\ud800",
        "\udc00",
        "na\u00efve",
        "\u0416\u0443\u043a",
        "a\u00a0b",
        "\u2028",
        "\u3000"
    };

    private static String pick(Random r, String[] a) {
        return a[r.nextInt(a.length)];
    }

    private static String hex(Random r, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            sb.append("0123456789abcdef".charAt(r.nextInt(16)));
        }
        return sb.toString();
    }

    private static String ip(Random r) {
        return r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256);
    }

    private static String uuid(Random r) {
        return hex(r, 8) + "-" + hex(r, 4) + "-" + hex(r, 4) + "-" + hex(r, 4) + "-" + hex(r, 12);
    }

    private static String value(Random r) {
        switch (r.nextInt(16)) {
            case 0:
                return Integer.toString(r.nextInt(100000));
            case 1:
                return ip(r);
            case 2:
                return ip(r) + ":" + r.nextInt(65536);
            case 3:
                return uuid(r);
            case 4:
                return "0x" + hex(r, 1 + r.nextInt(12));
            case 5:
                return pick(r, HOSTS);
            case 6:
                return pick(r, PATHS);
            case 7:
                return "https://" + pick(r, HOSTS) + pick(r, PATHS);
            case 8:
                return r.nextInt(999) + pick(r, new String[] {"ms", "s", "MB", "KB", "%", "us"});
            case 9:
                return "\"" + pick(r, WORDS) + " " + pick(r, WORDS) + "\"";
            case 10:
                return "'" + pick(r, WORDS) + "'";
            case 11:
                return pick(r, WORDS) + "@" + pick(r, HOSTS);
            case 12:
                return pick(r, UNICODE);
            case 13:
                return (r.nextDouble() * 1000) + "";
            case 14:
                return hex(r, 8 + r.nextInt(30)).replaceAll("[0-9]", "a");
            default:
                return pick(r, WORDS);
        }
    }

    private static String kv(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = 1 + r.nextInt(5);
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                sb.append(r.nextBoolean() ? " " : ", ");
            }
            sb.append(pick(r, new String[] {"user", "status", "error_count", "duration_ms", "path", "id", "k.v", "x-y"
                    }))
                    .append('=')
                    .append(r.nextInt(5) == 0 ? "" : value(r));
        }
        return sb.toString();
    }

    private static String words(Random r, int max) {
        StringBuilder sb = new StringBuilder();
        int n = 1 + r.nextInt(max);
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                sb.append(' ');
            }
            sb.append(r.nextInt(3) == 0 ? value(r) : pick(r, WORDS));
            if (r.nextInt(8) == 0) {
                sb.append(pick(r, new String[] {",", ".", ";", ":", "!", "?", ")", "]"}));
            }
        }
        return sb.toString();
    }

    static String realistic(Random r) {
        switch (r.nextInt(12)) {
            case 0: // klog
                return pick(r, new String[] {"I", "W", "E"}) + "0314 06:00:0" + r.nextInt(10) + "." + r.nextInt(999999)
                        + "       1 controller.go:" + r.nextInt(500) + "] " + words(r, 10) + " pod=\"ns/"
                        + pick(r, WORDS) + "-" + hex(r, 5) + "\"";
            case 1: // Spring Boot
                return "2025-03-14 06:00:00." + r.nextInt(1000) + "  " + pick(r, LEVELS) + " 1 --- ["
                        + pick(r, new String[] {
                            "           main", "HikariPool-1 ho", "kafka-consumer-", "nio-8080-exec-" + r.nextInt(10)
                        })
                        + "] " + pick(r, CLASSES) + "        : " + words(r, 12);
            case 2: // nginx access
                return ip(r) + " - - [14/Mar/2025:06:00:00 +0000] \"" + pick(r, new String[] {"GET", "POST", "PUT"})
                        + " " + pick(r, PATHS) + " HTTP/1.1\" " + (200 + r.nextInt(300)) + " " + r.nextInt(99999)
                        + " \"-\" \"python-requests/2.31.0\" 0.0" + r.nextInt(99);
            case 3: // Python logging
                return "2025-03-14 06:00:00,123 - "
                        + pick(r, new String[] {"app.worker", "urllib3.connectionpool", "root"}) + " - "
                        + pick(r, LEVELS) + " - " + words(r, 10)
                        + (r.nextBoolean()
                                ? ""
                                : " Traceback (most recent call last): File \"/app/x.py\", line " + r.nextInt(300)
                                        + ", in <module>");
            case 4: // Go
                return "time=2025-03-14T06:00:00Z level=" + pick(r, LEVELS).toLowerCase() + " msg=\"" + words(r, 6)
                        + "\" " + kv(r);
            case 5: // JSON-ish
                return "{\"level\":\"" + pick(r, LEVELS) + "\",\"msg\":\"" + words(r, 6) + "\",\"id\":"
                        + r.nextInt(1000) + ",\"tags\":[\"a\",\"b\"],\"ok\":" + r.nextBoolean() + "}";
            case 6: // sshd
                return pick(r, new String[] {
                            "Accepted password for ",
                            "Failed password for invalid user ",
                            "Invalid user ",
                            "pam_unix(sshd:session): session opened for user "
                        })
                        + (r.nextInt(4) == 0 ? "" : pick(r, WORDS)) + " from " + ip(r) + " port " + r.nextInt(65536)
                        + " ssh2";
            case 7: // Java stack frame and exception
                return "at " + pick(r, CLASSES) + "." + pick(r, WORDS) + "(" + pick(r, WORDS) + ".java:"
                        + r.nextInt(999) + ")"
                        + (r.nextBoolean() ? "" : " java.lang.IllegalStateException: " + words(r, 6));
            case 8: // HDFS-like
                return "Receiving block blk_" + (r.nextBoolean() ? "-" : "") + r.nextLong() + " src: /" + ip(r) + ":"
                        + r.nextInt(65536) + " dest: /" + ip(r) + ":50010 of size " + r.nextInt(1 << 26) + " "
                        + pick(r, new String[] {"bytes", "B", "KB", "(64 MB)"});
            case 9: // syslog date words
                return pick(r, new String[] {"Fri", "Mon", "Sat"}) + " "
                        + pick(r, new String[] {"Jun", "Dec", "March", "May"}) + " " + (1 + r.nextInt(28)) + " "
                        + r.nextInt(24) + ":00:00 2005 " + words(r, 8);
            case 10: // key=value
                return words(r, 4) + " " + kv(r);
            default: // free text with values
                return words(r, 20);
        }
    }

    private static String show(String m) {
        String s = m.length() > 80 ? m.substring(0, 80) + "...(" + m.length() + " chars)" : m;
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 || c >= 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }
}
