package dev.flinklog.core.time;

import dev.flinklog.core.CountingCharSequence;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties over many inputs: the parser never throws, anything it accepts is a valid instant,
 * it agrees with java.time on the forms both read, and its work grows linearly with the input.
 */
class TimestampParserPropertyTest {

    private static final String ALPHABET =
            "0123456789-:.,+TtZz /[]()!WedSepGMTUCmnAP=\t\n\u0000\u00e9\ud800\udc00\uffff";

    private final ParsedTime out = new ParsedTime();

    @Test
    void randomStringsNeverThrow() {
        Random random = new Random(7);
        TimestampParser tokyo = TimestampParser.forZone("Asia/Tokyo");
        for (int i = 0; i < 200_000; i++) {
            int len = random.nextInt(40);
            StringBuilder sb = new StringBuilder(len);
            for (int j = 0; j < len; j++) {
                sb.append(
                        random.nextInt(8) == 0
                                ? (char) random.nextInt(0x10000)
                                : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            checkAccepted(TimestampParser.UTC, sb);
            checkAccepted(tokyo, sb);
        }
    }

    /** Valid timestamps with one random edit (replace, insert, delete a character). */
    @Test
    void mutatedTimestampsNeverThrow() {
        String[] seeds = {
            "2026-09-16T12:34:56.789+09:00",
            "20260916T123456.789+0900",
            "Wed, 16 Sep 2026 12:34:56 GMT",
            "[16/Sep/2026:12:34:56 +0000]",
            "2026-09-16 12:34:56.123456789 +0900 JST m=+0.000123",
            "Wed Sep 16 12:34:56 UTC 2026",
            "1789561696.123456",
            "1789561696123456789",
            "2026-09-16 12:34:56 UTC+2",
            "2026-09-16T21:34:56.123+09:00[Asia/Tokyo]",
            "Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time)",
            "9/16/2026, 9:34:56 PM +09:00",
            "2026-09-16T18:05:11+05:30:15"
        };
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder(seeds[random.nextInt(seeds.length)]);
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits && sb.length() > 0; e++) {
                int at = random.nextInt(sb.length());
                char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
                switch (random.nextInt(3)) {
                    case 0:
                        sb.setCharAt(at, c);
                        break;
                    case 1:
                        sb.insert(at, c);
                        break;
                    default:
                        sb.deleteCharAt(at);
                }
            }
            checkAccepted(TimestampParser.UTC, sb);
        }
    }

    @Test
    void adversarialInputsNeverThrow() {
        int mib = 1 << 20;
        String[] inputs = {
            "9".repeat(mib),
            "-".repeat(mib),
            ":".repeat(mib),
            " ".repeat(mib),
            "a".repeat(mib),
            "Wed ".repeat(mib / 4),
            "UTC".repeat(mib / 3),
            "[".repeat(mib),
            "\u0000".repeat(mib),
            "\ud800".repeat(mib),
            "\udc00\ud800".repeat(mib / 2),
            "2026-09-16T12:34:56".repeat(mib / 19),
            "1." + "0".repeat(mib),
            "-" + "9".repeat(mib),
            "2026-09-16 " + " ".repeat(mib) + "12:34:56",
            "Wed, 16 Sep 2026 12:34:56 +0000 " + "JST ".repeat(mib / 4),
            "2026-09-16T12:34:56+0900 JST m=+" + "1".repeat(mib) + "." + "2".repeat(mib),
            "2026-09-16T12:34:56Z" + "\t".repeat(mib) + "x",
        };
        for (String s : inputs) {
            checkAccepted(TimestampParser.UTC, s);
        }
    }

    @Test
    void longFractionsAreCutAfterNanoseconds() {
        String thousand = "123456789" + "9".repeat(991);
        assertThat(TimestampParser.UTC.parse("2026-09-16T12:34:56." + thousand + "Z", out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-16T12:34:56.123456789Z"));
        assertThat(TimestampParser.UTC.parse("1789561696." + thousand, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(1789561696L, 123456789));
        String mib = "5".repeat(1 << 20);
        assertThat(TimestampParser.UTC.parse("2026-09-16T23:59:59." + mib + "+00:00", out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-16T23:59:59.555555555Z"));
    }

    /** Random instants and offsets written by java.time's formatters read back to the same instant. */
    @Test
    void agreesWithJavaTimeOnItsOwnOutput() {
        Random random = new Random(3);
        DateTimeFormatter[] isoFormats = {
            DateTimeFormatter.ISO_OFFSET_DATE_TIME,
            DateTimeFormatter.ISO_INSTANT,
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.SSSSSSxx", Locale.ROOT),
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.nnnnnnnnn xx", Locale.ROOT),
        };
        for (int i = 0; i < 50_000; i++) {
            long second = CivilCalendar.MIN_EPOCH_SECOND
                    + 86_400
                    + (long) (random.nextDouble()
                            * (CivilCalendar.MAX_EPOCH_SECOND - CivilCalendar.MIN_EPOCH_SECOND - 2 * 86_400));
            int nanos = random.nextInt(1_000_000_000);
            ZoneOffset offset = ZoneOffset.ofTotalSeconds((random.nextInt(36 * 4 + 1) - 72) * 15 * 60);
            OffsetDateTime odt = Instant.ofEpochSecond(second, nanos).atOffset(offset);
            DateTimeFormatter f = isoFormats[random.nextInt(isoFormats.length)];
            String text = f.format(odt);
            assertThat(TimestampParser.UTC.parse(text, out)).as(text).isTrue();
            Instant expected = f == isoFormats[2] ? odt.toInstant().minusNanos(nanos % 1000) : odt.toInstant();
            assertThat(out.toInstant()).as(text).isEqualTo(expected);

            String rfc =
                    DateTimeFormatter.RFC_1123_DATE_TIME.format(odt.withNano(0).withYear(Math.max(odt.getYear(), 1)));
            assertThat(TimestampParser.UTC.parse(rfc, out)).as(rfc).isTrue();
            assertThat(out.toInstant())
                    .as(rfc)
                    .isEqualTo(OffsetDateTime.parse(rfc, DateTimeFormatter.RFC_1123_DATE_TIME)
                            .toInstant());
        }
    }

    /**
     * What runtimes print by default, written by java.time for random instants: {@code
     * ZonedDateTime.toString()} in random regions, offsets with seconds, and the US month-first
     * layouts of .NET and JavaScript (12- and 24-hour, with and without offset).
     */
    @Test
    void agreesWithJavaTimeOnRuntimeForms() {
        Random random = new Random(5);
        String[] regions =
                java.time.ZoneId.getAvailableZoneIds().stream().sorted().toArray(String[]::new);
        DateTimeFormatter[] usFormats = {
            DateTimeFormatter.ofPattern("MM/dd/uuuu HH:mm:ss xxx", Locale.ROOT),
            DateTimeFormatter.ofPattern("M/d/uuuu h:mm:ss a xxx", Locale.US),
            DateTimeFormatter.ofPattern("M/d/uuuu, h:mm:ss a xxx", Locale.US),
            DateTimeFormatter.ofPattern("M/d/uuuu h:mm a xxx", Locale.US),
        };
        for (int i = 0; i < 50_000; i++) {
            // 1900-2100, where every region's rules are known to java.time
            long second = -2_208_988_800L + (long) (random.nextDouble() * 6_311_390_400L);
            int nanos = random.nextInt(4) == 0 ? 0 : random.nextInt(1_000_000_000);
            Instant instant = Instant.ofEpochSecond(second, nanos);
            java.time.ZonedDateTime zoned =
                    instant.atZone(java.time.ZoneId.of(regions[random.nextInt(regions.length)]));
            String text = zoned.toString();
            assertThat(TimestampParser.UTC.parse(text, out)).as(text).isTrue();
            assertThat(out.toInstant()).as(text).isEqualTo(instant);

            ZoneOffset withSeconds = ZoneOffset.ofTotalSeconds(random.nextInt(2 * 18 * 3600 + 1) - 18 * 3600);
            String odt = instant.atOffset(withSeconds).toString();
            assertThat(TimestampParser.UTC.parse(odt, out)).as(odt).isTrue();
            assertThat(out.toInstant()).as(odt).isEqualTo(instant);

            DateTimeFormatter f = usFormats[random.nextInt(usFormats.length)];
            OffsetDateTime local = instant.atOffset(ZoneOffset.ofHoursMinutes(random.nextInt(25) - 12, 0));
            String us = f.format(local);
            Instant expected = local.withNano(0)
                    .withSecond(f == usFormats[3] ? 0 : local.getSecond())
                    .toInstant();
            assertThat(TimestampParser.UTC.parse(us, out)).as(us).isTrue();
            assertThat(out.toInstant()).as(us).isEqualTo(expected);
        }
    }

    @Test
    void readsGrowLinearlyWithLength() {
        String[] shapes = {"9", " ", "-", "a", "Wed ", "0", ":"};
        for (String unit : shapes) {
            assertLinear(n -> unit.repeat(n));
        }
        assertLinear(n -> "2026-09-16T12:34:56." + "1".repeat(n) + "Z");
        assertLinear(n -> "1." + "1".repeat(n));
        assertLinear(n -> " ".repeat(n) + "2026-09-16T12:34:56Z" + " ".repeat(n));
        assertLinear(n -> "Wed Sep 16 12:34:56 " + " ".repeat(n) + "2026");
        assertLinear(n -> "2026-09-16 12:34:56 +0900 " + "J".repeat(n));
        assertLinear(n -> "[".repeat(n) + "]".repeat(n));
        assertLinear(n -> "2026-09-16T12:34:56+09:00" + "[Asia/Tokyo]".repeat(n));
        assertLinear(n -> "2026-09-16T12:34:56Z[" + "a".repeat(n));
        assertLinear(n -> "Wed Sep 16 2026 21:34:56 GMT+0900 (" + "Japan ".repeat(n) + ")");
        assertLinear(n -> "Wed Sep 16 2026 21:34:56 GMT+0900 (" + "(".repeat(n));
        assertLinear(n -> "9/16/2026 9:34:56 " + " ".repeat(n) + "PM");
    }

    private void assertLinear(IntFunction<String> input) {
        for (int n : new int[] {1_000, 100_000}) {
            CountingCharSequence small = new CountingCharSequence(input.apply(n));
            CountingCharSequence large = new CountingCharSequence(input.apply(2 * n));
            TimestampParser.UTC.parse(small, out);
            TimestampParser.UTC.parse(large, out);
            assertThat(large.reads())
                    .as("reads for %s chars", large.length())
                    .isLessThanOrEqualTo(2 * small.reads() + 64)
                    .isLessThanOrEqualTo(3L * large.length() + 64);
        }
    }

    private void checkAccepted(TimestampParser parser, CharSequence s) {
        if (parser.parse(s, out)) {
            // years 0001-9999 as written; an offset may move the instant by up to 18 hours
            assertThat(out.epochSecond())
                    .as("in range: %s", s)
                    .isBetween(CivilCalendar.MIN_EPOCH_SECOND - 18 * 3600, CivilCalendar.MAX_EPOCH_SECOND + 18 * 3600);
            assertThat(out.nanoOfSecond()).as("nanos of %s", s).isBetween(0, 999_999_999);
        }
    }
}
