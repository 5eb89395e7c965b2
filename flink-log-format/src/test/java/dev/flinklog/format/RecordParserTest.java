package dev.flinklog.format;

import dev.flinklog.gen.GeneratorConfig;
import dev.flinklog.gen.LogGenerator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The reader's tokenizer against Jackson configured as the format configures it: on every record it
 * finishes, the same tokens, keys, texts and numbers; a record it leaves to Jackson is fine either
 * way. Generated records of every producer, the fuzz inputs, edge cases, and random damage to all
 * of them.
 */
class RecordParserTest {

    private static final JsonFactory JACKSON = RecordReader.jsonFactory(1000, 20_000_000, 1 << 24);

    /** A tokenizer with the limits of the format's Jackson parser built with these options. */
    static RecordParser parser(int maxNestingDepth, int maxStringLength) {
        return new RecordParser(RecordReader.jsonFactory(maxNestingDepth, maxStringLength, 1 << 24)
                .streamReadConstraints());
    }

    private static final String[] EDGES = {
        "{}",
        "{ }",
        " \t\r\n{\"a\":1}\n",
        "{\"a\":[]}",
        "{\"a\":[[],{},[{}]]}",
        "{\"a\":{\"b\":{\"c\":{\"d\":[1,2,{\"e\":null}]}}},\"f\":true,\"g\":false}",
        "{\"s\":\"\"}",
        "{\"s\":\"plain ascii, long enough to take several words of eight bytes at a time\"}",
        "{\"s\":\"a\\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti\"}",
        "{\"s\":\"\\u00e9\\u0041\\u20ac\\u0000\"}",
        "{\"s\":\"\\ud83d\\ude00\"}",
        "{\"s\":\"any \\' \\x \\a escaped\"}",
        "{\"s\":\"héllo ✓ 日本 😀\"}",
        "{\"héllo\":\"key not ascii\"}",
        "{\"k\\\"ey\":1}",
        "{\"s\":\"raw\tcontrol\u0001chars\"}",
        "{\"n\":0,\"m\":-0,\"i\":2147483647,\"j\":2147483648,\"k\":-2147483648,\"l\":-2147483649}",
        "{\"n\":9223372036854775807,\"m\":-9223372036854775808,\"o\":9223372036854775808}",
        "{\"n\":123456789012345678901234567890,\"m\":-1234567890123456789}",
        "{\"f\":1.5,\"g\":-0.0,\"h\":1e3,\"i\":1E-3,\"j\":2.5e+10,\"k\":1e400,\"l\":0.1}",
        "{\"n\":01}",
        "{\"n\":-}",
        "{\"n\":1.}",
        "{\"n\":.5}",
        "{\"n\":+1}",
        "{\"n\":1e}",
        "{\"n\":NaN}",
        "{\"n\":-Infinity}",
        "{\"n\":1x}",
        "{\"a\":tru}",
        "{\"a\":truex}",
        "{\"a\":nul}",
        "{\"a\":1,}",
        "{\"a\":1",
        "{\"a\":\"unterminated",
        "{\"a\" 1}",
        "{\"a\":1}{\"b\":2}",
        "{\"a\":1} x",
        "{\"a\":1}   ",
        "{'a':1}",
        "{a:1}",
        "{\"a\":[1 2]}",
        "{\"a\":[1,]}",
        "[1,2]",
        "\"text\"",
        "\uFEFF{\"bom\":1}",
    };

    @Test
    void itsTokensAreJacksonsOnEveryRecordItFinishes() throws IOException {
        List<byte[]> records = records();
        RecordParser own = parser(1000, 20_000_000);
        Random random = new Random(20261204);
        int finished = 0;
        int leftToJackson = 0;
        for (byte[] record : records) {
            if (compare(own, record)) {
                finished++;
            } else {
                leftToJackson++;
            }
            for (int k = 0; k < 8; k++) {
                compare(own, damaged(record, random));
            }
        }
        assertThat(finished).isGreaterThan(8_000);
        assertThat(leftToJackson).isGreaterThan(20); // the broken edges, the malformed records
    }

    @Test
    void generatedRecordsAreReadWithoutJackson() {
        LogGenerator gen = new LogGenerator(
                GeneratorConfig.builder().recordsPerSpan(5_000).malformedRate(0).build());
        RecordParser own = parser(1000, 20_000_000);
        int json = 0;
        for (long s = 0; s < 5_000; s++) {
            byte[] record = gen.generate(s).payload();
            if (!RecordParser.reads(record)) {
                continue; // text lines
            }
            json++;
            own.reset(record);
            while (own.nextToken() != null) {
                own.getText();
            }
        }
        assertThat(json).isGreaterThan(2_500);
    }

    @Test
    void limitsAndEncodingsAreLeftToJackson() {
        assertThat(RecordParser.reads("\uFEFF{\"a\":1}".getBytes(StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(RecordParser.reads("{\"a\":1}".getBytes(StandardCharsets.UTF_16LE)))
                .isFalse();
        assertThat(RecordParser.reads("{}".getBytes(StandardCharsets.UTF_8))).isFalse(); // too short to tell
        assertThat(RecordParser.reads("[{\"a\":1}]".getBytes(StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(RecordParser.reads(" {\"a\":1}".getBytes(StandardCharsets.UTF_8)))
                .isTrue();

        RecordParser shallow = parser(2, 20_000_000);
        shallow.reset("{\"a\":{\"b\":{}}}".getBytes(StandardCharsets.UTF_8));
        assertThat(shallow.nextToken()).isEqualTo(JsonToken.START_OBJECT);
        assertThat(shallow.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
        assertThat(shallow.nextToken()).isEqualTo(JsonToken.START_OBJECT);
        assertThat(shallow.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
        assertFallsBack(shallow::nextToken); // depth 3: Jackson names the limit

        RecordParser shortStrings = parser(1000, 4);
        shortStrings.reset("{\"a\":\"12345\",\"b\":\"1234\"}".getBytes(StandardCharsets.UTF_8));
        shortStrings.nextToken();
        shortStrings.nextToken();
        assertThat(shortStrings.nextToken()).isEqualTo(JsonToken.VALUE_STRING);
        assertFallsBack(shortStrings::getText); // over max-string-length when read
    }

    @Test
    void keysAreTheSameStringOnEveryRecord() {
        RecordParser own = parser(1000, 20_000_000);
        String[] first =
                keys(own, "{\"short\":1,\"exactly8\":2,\"a_key_of_twelve\":3,\"a key longer than sixteen\":4}");
        String[] second =
                keys(own, " {\"short\":1,\"exactly8\":2,\"a_key_of_twelve\":3,\"a key longer than sixteen\":4}");
        assertThat(first).containsExactly("short", "exactly8", "a_key_of_twelve", "a key longer than sixteen");
        for (int i = 0; i < first.length; i++) {
            assertThat(second[i]).isSameAs(first[i]);
        }
        // keys that share their first and last eight bytes but differ in the middle
        String[] long1 = keys(own, "{\"abcdefgh_1_ijklmnop\":1}");
        String[] long2 = keys(own, "{\"abcdefgh_2_ijklmnop\":1}");
        assertThat(long1[0]).isEqualTo("abcdefgh_1_ijklmnop");
        assertThat(long2[0]).isEqualTo("abcdefgh_2_ijklmnop");
        // more distinct keys than are remembered: still right
        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < RecordParser.NAME_LIMIT * 2; i++) {
            many.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
        }
        String[] all = keys(own, many.append('}').toString());
        assertThat(all).hasSize(RecordParser.NAME_LIMIT * 2);
        for (int i = 0; i < all.length; i++) {
            assertThat(all[i]).isEqualTo("k" + i);
        }
    }

    @Test
    void eachKeyKeepsWhatTheReaderStoredForIt() {
        RecordParser own = parser(1000, 20_000_000);
        // the first record stores each key's own name as its memo ("inner" a hundred times); the
        // table grows twice meanwhile
        StringBuilder first = new StringBuilder("{");
        for (int i = 0; i < 100; i++) {
            first.append(i == 0 ? "" : ",")
                    .append("\"key_")
                    .append(i)
                    .append("\":{\"inner\":")
                    .append(i)
                    .append('}');
        }
        own.reset(first.append('}').toString().getBytes(StandardCharsets.UTF_8));
        JsonToken t;
        while ((t = own.nextToken()) != null) {
            if (t == JsonToken.FIELD_NAME) {
                if (!own.currentName().equals("inner")) {
                    assertThat(own.nameMemo()).isNull(); // a new key
                }
                own.nameMemo(own.currentName());
            }
        }
        // a later record finds each memo with its key, in another order, and none for a skipped key
        own.reset("{\"key_99\":1,\"key_0\":{\"key_5\":2},\"new\":3,\"key_42\":4}".getBytes(StandardCharsets.UTF_8));
        List<Object> memos = new ArrayList<>();
        while ((t = own.nextToken()) != null) {
            if (t == JsonToken.FIELD_NAME) {
                memos.add(own.nameMemo() == null ? "-" : own.nameMemo());
                if (own.currentName().equals("key_0")) {
                    own.nextToken();
                    own.skipChildren(); // keys inside are not looked up, and carry no memo
                    assertThat(own.nameMemo()).isNull();
                }
            }
        }
        assertThat(memos).containsExactly("key_99", "key_0", "-", "key_42");
        // past the limit of remembered keys, a key has no memo and storing one is a no-op
        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < RecordParser.NAME_LIMIT + 10; i++) {
            many.append(i == 0 ? "" : ",").append("\"m").append(i).append("\":0");
        }
        own.reset(many.append('}').toString().getBytes(StandardCharsets.UTF_8));
        int withoutMemo = 0;
        while ((t = own.nextToken()) != null) {
            if (t == JsonToken.FIELD_NAME) {
                own.nameMemo("x");
                withoutMemo += own.nameMemo() == null ? 1 : 0;
            }
        }
        assertThat(withoutMemo).isEqualTo(RecordParser.NAME_LIMIT + 10 - (RecordParser.NAME_LIMIT - 102));
    }

    private static String[] keys(RecordParser own, String record) {
        own.reset(record.getBytes(StandardCharsets.UTF_8));
        List<String> keys = new ArrayList<>();
        JsonToken t;
        while ((t = own.nextToken()) != null) {
            if (t == JsonToken.FIELD_NAME) {
                keys.add(own.currentName());
            }
        }
        return keys.toArray(new String[0]);
    }

    private static void assertFallsBack(ThrowingCall call) {
        try {
            call.run();
            fail("expected the record to be left to Jackson");
        } catch (RecordParser.Fallback expected) {
            // left to Jackson
        } catch (IOException e) {
            fail("unexpected " + e);
        }
    }

    @FunctionalInterface
    private interface ThrowingCall {
        Object run() throws IOException;
    }

    /**
     * Whether the tokenizer finished the record; if it did, Jackson must give the same tokens and
     * values and no error.
     */
    static boolean compare(RecordParser own, byte[] record) throws IOException {
        if (!RecordParser.reads(record)) {
            return false;
        }
        List<String> ours;
        try {
            ours = tokens(own.reset(record), false);
        } catch (RecordParser.Fallback f) {
            return false;
        }
        List<String> theirs = null;
        try (JsonParser p = JACKSON.createParser(record)) {
            theirs = tokens(p, false);
        } catch (IOException e) {
            fail(
                    "the tokenizer finished a record Jackson rejects (%s): %s",
                    e.getMessage(), new String(record, StandardCharsets.UTF_8));
        }
        assertThat(ours).as(new String(record, StandardCharsets.UTF_8)).isEqualTo(theirs);
        // Again, skipping every other structure as a reader does with what it does not want: the
        // tokenizer's own skipChildren must stop on the same token, with the same name.
        List<String> oursSkipping = tokens(own.reset(record), true);
        try (JsonParser p = JACKSON.createParser(record)) {
            assertThat(oursSkipping)
                    .as("skipping: " + new String(record, StandardCharsets.UTF_8))
                    .isEqualTo(tokens(p, true));
        }
        return true;
    }

    /** The tokens of a record, described; with {@code skip}, the children of every other structure skipped. */
    private static List<String> tokens(JsonParser p, boolean skip) throws IOException {
        List<String> out = new ArrayList<>();
        int structures = 0;
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            out.add(describe(p, t));
            if (skip && t.isStructStart() && structures++ % 2 == 1) {
                p.skipChildren();
                out.add("skipped to " + describe(p, p.currentToken()));
            }
        }
        return out;
    }

    /** A token with everything a reader may ask of it. */
    private static String describe(JsonParser p, JsonToken t) throws IOException {
        StringBuilder s = new StringBuilder().append(t).append(" name=").append(p.currentName());
        switch (t) {
            case FIELD_NAME:
            case VALUE_STRING:
                s.append(" text=").append(p.getText());
                break;
            case VALUE_NUMBER_INT:
                JsonParser.NumberType type = p.getNumberType();
                s.append(" text=").append(p.getText()).append(' ').append(type);
                s.append(" decimal=").append(p.getDecimalValue());
                if (type == JsonParser.NumberType.BIG_INTEGER) {
                    s.append(" big=").append(p.getBigIntegerValue());
                } else {
                    s.append(" long=").append(p.getLongValue());
                }
                if (type == JsonParser.NumberType.INT) {
                    s.append(" int=").append(p.getIntValue());
                }
                break;
            case VALUE_NUMBER_FLOAT:
                // (Jackson 2.18.2 may answer getDoubleValue with a big integer read before, see
                // FormatDifferentialTest; the tokenizer parses the text, as Jackson 2.21 does)
                s.append(" text=").append(p.getText()).append(' ').append(p.getNumberType());
                s.append(" decimal=").append(p.getDecimalValue());
                break;
            default:
                s.append(" text=").append(p.getText());
        }
        return s.toString();
    }

    /** The record with one random change: a byte replaced, removed or inserted, or the end cut. */
    private static byte[] damaged(byte[] record, Random random) {
        if (record.length == 0) {
            return record;
        }
        int at = random.nextInt(record.length);
        byte[] pool = {
            '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '0', '-', 'e', '.', 'u', 'n', (byte) 0xC3, (byte) 0xFF, 0
        };
        byte b = random.nextBoolean() ? pool[random.nextInt(pool.length)] : (byte) random.nextInt(256);
        switch (random.nextInt(4)) {
            case 0: {
                byte[] out = record.clone();
                out[at] = b;
                return out;
            }
            case 1: {
                byte[] out = new byte[record.length - 1];
                System.arraycopy(record, 0, out, 0, at);
                System.arraycopy(record, at + 1, out, at, record.length - at - 1);
                return out;
            }
            case 2: {
                byte[] out = new byte[record.length + 1];
                System.arraycopy(record, 0, out, 0, at);
                out[at] = b;
                System.arraycopy(record, at, out, at + 1, record.length - at);
                return out;
            }
            default:
                return java.util.Arrays.copyOf(record, at);
        }
    }

    private static List<byte[]> records() throws IOException {
        List<byte[]> records = new ArrayList<>();
        LogGenerator gen = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(12_000)
                .malformedRate(0.05)
                .build());
        for (long s = 0; s < 12_000; s++) {
            records.add(gen.generate(s).payload());
        }
        Path fuzz = Path.of("src/test/resources/dev/flinklog/format/LogJsonFuzzTestInputs");
        try (Stream<Path> files = Files.walk(fuzz)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                records.add(Files.readAllBytes(f));
            }
        }
        for (String edge : EDGES) {
            records.add(edge.getBytes(StandardCharsets.UTF_8));
        }
        records.add(new byte[] {'{', '"', 'l', 'o', 'g', '"', ':', '"', 'a', (byte) 0xC3, '"', '}'});
        records.add(new byte[] {'{', '"', 'm', 's', 'g', '"', ':', '"', (byte) 0xFF, 'x', '"', '}'});
        records.add(new byte[] {'{', '"', 'm', '"', ':', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'}); // overlong
        records.add(new byte[] {'{', '"', 'm', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'});
        return records;
    }
}
