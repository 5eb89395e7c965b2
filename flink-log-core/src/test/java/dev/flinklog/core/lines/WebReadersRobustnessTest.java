package dev.flinklog.core.lines;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The access and web-server error readers on broken lines: every prefix and suffix of their corpus
 * lines, and seeded random lines of the characters their grammars turn on. None may throw, and each
 * result must be readable (every field and pair turned into text).
 */
class WebReadersRobustnessTest {

    private static final List<LineParser.ShapeReader> READERS = List.of(
            AccessLogReader.COMBINED,
            AccessLogReader.CLF,
            HaproxyReader.INSTANCE,
            NginxErrorReader.INSTANCE,
            ApacheErrorReader.INSTANCE,
            EnvoyReader.INSTANCE);

    private static final List<String> FILES = List.of(
            "clf.jsonl", "combined.jsonl", "haproxy.jsonl", "nginx_error.jsonl", "apache_error.jsonl", "envoy.jsonl");

    @Test
    void everyPrefixAndSuffixOfTheCorpus() throws IOException {
        List<String> lines = new ArrayList<>();
        for (LineCorpusTest.Entry e : LineCorpusTest.entries()) {
            if (FILES.contains(e.file())) {
                lines.add(e.get("line"));
            }
        }
        for (String line : lines) {
            for (int k = 0; k <= line.length(); k++) {
                readAll(line.substring(0, k));
                readAll(line.substring(k));
            }
        }
    }

    @Test
    void randomLinesOfTheGrammarsCharacters() {
        String[] pieces = {
            " ",
            "  ",
            "\"",
            "\\",
            "\\x",
            "\\\"",
            "[",
            "]",
            "{",
            "}",
            "/",
            ":",
            ", ",
            "-",
            "+",
            ".",
            "0",
            "12",
            "255",
            "a",
            "GET",
            " HTTP/1.1",
            "1.2.3.4",
            "::1",
            ":80",
            "[10/Oct/2000:13:55:36 -0700]",
            "[06/Feb/2009:12:14:14.655]",
            "[2016-04-15T20:17:00.310Z]",
            "2021/04/01 13:02:31 ",
            "[error]",
            "[core:error]",
            "[pid 1:tid 2]",
            "[client 1.2.3.4:5]",
            ", client: ",
            ", request: ",
            ", referer: ",
            "AH00001:",
            "(1)x:",
            "f.c(1):",
            "ms",
            "Connect from ",
            " to ",
            "0/0/0/0/0",
            "----",
            "\"-\"",
            "é",
            "\uFFFF"
        };
        Random random = new Random(15);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            b.setLength(0);
            int n = random.nextInt(40);
            for (int k = 0; k < n; k++) {
                b.append(pieces[random.nextInt(pieces.length)]);
            }
            readAll(b.toString());
        }
    }

    private static void readAll(String line) {
        for (LineParser.ShapeReader r : READERS) {
            for (int from = 0; from <= Math.min(2, line.length()); from++) {
                try {
                    ParsedLine p = ReaderFixture.read(r, line, from, line.length());
                    if (p != null) {
                        p.toString();
                    }
                } catch (RuntimeException e) {
                    throw new AssertionError(r.shape() + " on [" + line + "] from " + from, e);
                }
            }
        }
        try {
            ReaderFixture.parse(line).toString();
        } catch (RuntimeException e) {
            throw new AssertionError("parser on [" + line + "]", e);
        }
    }
}
