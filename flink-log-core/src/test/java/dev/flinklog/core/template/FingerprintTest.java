package dev.flinklog.core.template;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The hash is FNV-1a 64 over the UTF-8 bytes of the template, exactly as documented. */
class FingerprintTest {

    /** A plain byte-array FNV-1a 64, written from the published definition, to compare with. */
    private static long fnv1a64(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h ^= b & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }

    @Test
    void publishedFnv1a64TestVectors() {
        assertThat(Fingerprint.toHex(Fingerprint.ofTemplate(""))).isEqualTo("cbf29ce484222325");
        assertThat(Fingerprint.toHex(Fingerprint.ofTemplate("a"))).isEqualTo("af63dc4c8601ec8c");
        assertThat(Fingerprint.toHex(Fingerprint.ofTemplate("foobar"))).isEqualTo("85944171f73967e8");
    }

    @Test
    void hashInputIsTheUtf8OfTheTemplate() {
        String[] templates = {
            "",
            "plain ascii <*>",
            "caf\u00e9 \u00fcber",
            "\u65e5\u672c\u8a9e <*>",
            "emoji \ud83d\ude00 <*>",
            "lone high \ud800 x",
            "lone low \udc00 x",
            "high at end \ud83d",
            "\u0080\u07ff\u0800\uffff"
        };
        for (String t : templates) {
            assertThat(Fingerprint.ofTemplate(t)).as(t).isEqualTo(fnv1a64(t.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void hexIsSixteenLowerCaseDigits() {
        assertThat(Fingerprint.toHex(0L)).isEqualTo("0000000000000000");
        assertThat(Fingerprint.toHex(-1L)).isEqualTo("ffffffffffffffff");
        assertThat(Fingerprint.toHex(0x0123456789abcdefL)).isEqualTo("0123456789abcdef");
        assertThat(Fingerprint.hexOf("x")).matches("[0-9a-f]{16}");
    }

    @Test
    void versionIsTwo() {
        assertThat(Fingerprint.VERSION).isEqualTo(2);
    }

    @Test
    void sameStatementSameFingerprintOtherStatementOther() {
        assertThat(Fingerprint.of("Connection from 10.0.0.1 closed after 41ms"))
                .isEqualTo(Fingerprint.of("Connection from 192.168.7.9 closed after 3s"));
        assertThat(Fingerprint.of("Connection from 10.0.0.1 closed after 41ms"))
                .isNotEqualTo(Fingerprint.of("Connection from 10.0.0.1 opened after 41ms"));
    }

    /**
     * Golden values. Fingerprints are stored for years: if one of these changes, the algorithm
     * changed and {@link Fingerprint#VERSION} must be bumped (and these values regenerated).
     */
    @Test
    void goldenTemplatesAndFingerprints() {
        String[][] golden = {
            {
                "Connection from 10.0.0.1:8080 closed after 41ms",
                "Connection from <*> closed after <*>",
                "9c5c09d7888c9a67"
            },
            {"User alice logged in from 192.168.1.20", "User <*> logged in from <*>", "7c4a399c17115e71"},
            {
                "Failed password for bob from 2001:db8::1 port 22 ssh2",
                "Failed password for <*> from <*> port <*>",
                "1bbbf63066bbc829"
            },
            {"Request 3f2a9c1e-7b4d-4e8a-9c1f-0a1b2c3d4e5f took 250 ms", "Request <*> took <*>", "02c96f314cdc8de9"},
            {"GET https://api.example.org/v1/items?id=42 returned 200", "GET <*> returned <*>", "cdc72c60e0566312"},
            {"Uploaded 5MB to /data/uploads/2024/report.pdf", "Uploaded <*> to <*>", "33621cb2907db016"},
            {
                "Worker worker-7 finished job job_1700000000_0042 in 1.5s",
                "Worker <*> finished job <*> in <*>",
                "1df6a97bda9b5d0b"
            },
            {
                "Cache miss for key deadbeefcafe, fetching from origin",
                "Cache miss for key <*>, fetching from origin",
                "06c7a7481a502931"
            },
            {"Interface eth0 MAC 00:1a:2b:3c:4d:5e is up", "Interface <*> MAC <*> is up", "d1fb2947c55565aa"},
            {"Sent 1024 bytes (1 KB) to peer, lifetime 3 sec", "Sent <*> to peer, lifetime <*>", "56046f8fa5e46f97"},
            {
                "connection from mail.example.com () at Fri Jun 17 20:14:55 2005",
                "connection from <*> at <*>",
                "877b9b23ad6e4154"
            },
            {"retry=3 backoff=exponential status=OK", "retry=<*> backoff=<*> status=<*>", "ffe8364bcb504520"},
            {
                "Exception in thread main java.lang.IllegalStateException: bad state",
                "Exception in thread main java.lang.IllegalStateException: bad state",
                "42e73062f6b85c90"
            },
            {"Mail sent to alice@example.org with subject", "Mail sent to <*> with subject", "5605816127adf1eb"},
            {"session opened for user root by (uid=0)", "session opened for user <*> by (uid=<*>)", "68553f241a30f3bd"},
            {"Invalid user  from 203.0.113.9", "Invalid user <*> from <*>", "70310852e5989f71"},
            {"Flag enabled:true changed by admin", "Flag <*> changed by admin", "eecb312525e46c97"},
            {"   leading   and   trailing\ttabs   ", "leading and trailing tabs", "7d8bd856059eec44"},
            {"Disk /dev/sda1 is 93% full", "Disk <*> is <*> full", "6fe498b73c9359c1"},
            {"error", "error", "9f7452dd75d54d31"},
            {"Block blk_-1234567 and blk_89012 replicated", "Block <*> and <*> replicated", "8852846eeeb1198c"},
            {
                "Job 7 [stage 3] failed: {reason=oom, attempt=2}",
                "Job <*> [stage <*>] failed: {reason=<*>, attempt=<*>}",
                "ed945cbed290cba2"
            },
            {
                "Config loaded from ./conf/app.yaml and ~/settings/user.json",
                "Config loaded from <*> and <*>",
                "ac520fba1793a085"
            },
            {
                "\u65e5\u672c\u8a9e \u30e1\u30c3\u30bb\u30fc\u30b8 12 \u4ef6",
                "\u65e5\u672c\u8a9e \u30e1\u30c3\u30bb\u30fc\u30b8 <*> \u4ef6",
                "ffa0c394e4681339"
            },
            {"emoji \ud83d\ude00 count 3", "emoji \ud83d\ude00 count <*>", "a3f38a78d7d93789"},
        };
        for (String[] g : golden) {
            assertThat(MessageTemplate.template(g[0])).as(g[0]).isEqualTo(g[1]);
            assertThat(Fingerprint.hexOf(g[0])).as(g[0]).isEqualTo(g[2]);
            assertThat(Fingerprint.toHex(Fingerprint.ofTemplate(g[1]))).as(g[1]).isEqualTo(g[2]);
        }
    }
}
