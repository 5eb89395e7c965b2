package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Every accepted text form and every rejection rule of {@link TimestampParser}, default zone UTC. */
class TimestampParserTest {

    private final ParsedTime out = new ParsedTime();

    private Instant parse(String text) {
        return TimestampParser.UTC.parse(text, out) ? out.toInstant() : null;
    }

    /** input | expected instant | whether the default zone decided it. '|' separates, quotes keep spaces. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # ISO 8601 / RFC 3339, extended form
            2026-09-16T12:34:56Z                    | 2026-09-16T12:34:56Z           | false
            2026-09-16t12:34:56z                    | 2026-09-16T12:34:56Z           | false
            2026-09-16 12:34:56Z                    | 2026-09-16T12:34:56Z           | false
            "2026-09-16   12:34:56Z"                | 2026-09-16T12:34:56Z           | false
            2026-09-16T12:34:56.789Z                | 2026-09-16T12:34:56.789Z       | false
            2026-09-16T12:34:56,789Z                | 2026-09-16T12:34:56.789Z       | false
            2026-09-16T12:34:56.1Z                  | 2026-09-16T12:34:56.100Z       | false
            2026-09-16T12:34:56.123456789Z          | 2026-09-16T12:34:56.123456789Z | false
            2026-09-16T12:34:56.1234567899999Z      | 2026-09-16T12:34:56.123456789Z | false
            2026-12-31T23:59:59.99999999999Z        | 2026-12-31T23:59:59.999999999Z | false
            2026-09-16T12:34:56+09:00               | 2026-09-16T03:34:56Z           | false
            2026-09-16T12:34:56-03:30               | 2026-09-16T16:04:56Z           | false
            2026-09-16T12:34:56+0900                | 2026-09-16T03:34:56Z           | false
            2026-09-16T12:34:56+09                  | 2026-09-16T03:34:56Z           | false
            2026-09-16T12:34:56-00:00               | 2026-09-16T12:34:56Z           | false
            2026-09-16T12:34:56+18:00               | 2026-09-15T18:34:56Z           | false
            2026-09-16T12:34:56 +09:00              | 2026-09-16T03:34:56Z           | false
            2026-09-16T12:34:56 Z                   | 2026-09-16T12:34:56Z           | false
            2026-09-16T12:34:56 UTC                 | 2026-09-16T12:34:56Z           | false
            2026-09-16T12:34:56UTC                  | 2026-09-16T12:34:56Z           | false
            2026-09-16 12:34:56 GMT                 | 2026-09-16T12:34:56Z           | false
            2026-09-16 12:34:56 utc                 | 2026-09-16T12:34:56Z           | false
            2026-09-16 12:34:56 UTC+2               | 2026-09-16T10:34:56Z           | false
            2026-09-16 12:34:56 GMT+09:00           | 2026-09-16T03:34:56Z           | false
            2026-09-16 12:34:56 GMT-3               | 2026-09-16T15:34:56Z           | false
            2026-09-16 12:34:56 UTC+0530            | 2026-09-16T07:04:56Z           | false
            2026-09-16 12:34:56 UTC+530             | 2026-09-16T07:04:56Z           | false
            2026-09-16 12:34:56 EST                 | 2026-09-16T17:34:56Z           | false
            2026-09-16T12:34Z                       | 2026-09-16T12:34:00Z           | false
            2026-09-16T12:34+01:00                  | 2026-09-16T11:34:00Z           | false
            2026-09-16 12:34                        | 2026-09-16T12:34:00Z           | true
            2026-09-16                              | 2026-09-16T00:00:00Z           | true
            2026-09-16T12:34:56                     | 2026-09-16T12:34:56Z           | true
            2026-09-16T12:34:56.5                   | 2026-09-16T12:34:56.500Z       | true
            2026/09/16 12:34:56                     | 2026-09-16T12:34:56Z           | true
            2024-02-29T00:00:00Z                    | 2024-02-29T00:00:00Z           | false
            2000-02-29                              | 2000-02-29T00:00:00Z           | true
            0001-01-01T00:00:00Z                    | 0001-01-01T00:00:00Z           | false
            9999-12-31T23:59:59.999999999Z          | 9999-12-31T23:59:59.999999999Z | false
            1969-12-31T23:59:59.5Z                  | 1969-12-31T23:59:59.500Z       | false
            # leap second: 60 is kept inside its minute
            2016-12-31T23:59:60Z                    | 2016-12-31T23:59:59.999999999Z | false
            2016-12-31T23:59:60.5Z                  | 2016-12-31T23:59:59.999999999Z | false
            # ISO 8601 basic form
            20260916T123456Z                        | 2026-09-16T12:34:56Z           | false
            20260916t123456z                        | 2026-09-16T12:34:56Z           | false
            20260916T123456.789+0900                | 2026-09-16T03:34:56.789Z       | false
            20260916T123456,5-01                    | 2026-09-16T13:34:56.500Z       | false
            20260916T1234Z                          | 2026-09-16T12:34:00Z           | false
            20260916T123456                         | 2026-09-16T12:34:56Z           | true
            20260916T12:34:56Z                      | 2026-09-16T12:34:56Z           | false
            # RFC 1123 / 2822 (the weekday is not checked against the date)
            Wed, 16 Sep 2026 12:34:56 +0000         | 2026-09-16T12:34:56Z           | false
            Tue, 16 Sep 2026 12:34:56 +0000         | 2026-09-16T12:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 GMT           | 2026-09-16T12:34:56Z           | false
            wed, 16 sep 2026 12:34:56 gmt           | 2026-09-16T12:34:56Z           | false
            "Wednesday, 16 September 2026 12:34:56 UT" | 2026-09-16T12:34:56Z        | false
            Wed 16 Sep 2026 12:34:56 +0000          | 2026-09-16T12:34:56Z           | false
            16 Sep 2026 12:34:56 -0700              | 2026-09-16T19:34:56Z           | false
            Sun, 6 Sep 2026 12:34 EST               | 2026-09-06T17:34:00Z           | false
            Wed, 16 Sep 2026 12:34:56 EDT           | 2026-09-16T16:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 CST           | 2026-09-16T18:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 CDT           | 2026-09-16T17:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 MST           | 2026-09-16T19:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 MDT           | 2026-09-16T18:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 PST           | 2026-09-16T20:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56 PDT           | 2026-09-16T19:34:56Z           | false
            Wed, 16 Sep 2026 12:34:56               | 2026-09-16T12:34:56Z           | true
            # Common Log Format
            16/Sep/2026:12:34:56 +0000              | 2026-09-16T12:34:56Z           | false
            [16/Sep/2026:12:34:56 +0200]            | 2026-09-16T10:34:56Z           | false
            [ 16/Sep/2026:12:34:56 +0200 ]          | 2026-09-16T10:34:56Z           | false
            6/sep/2026:12:34:56 -0100               | 2026-09-06T13:34:56Z           | false
            16/Sep/2026:12:34:56                    | 2026-09-16T12:34:56Z           | true
            # Python's http.server (Werkzeug, Django's runserver): a space before the hour, no zone
            [29/Aug/2023 22:02:58]                  | 2023-08-29T22:02:58Z           | true
            16/Sep/2026 12:34:56 +0200              | 2026-09-16T10:34:56Z           | false
            # Go time.String()
            2026-09-16 12:34:56.123456789 +0900 JST | 2026-09-16T03:34:56.123456789Z | false
            2026-09-16 12:34:56.123456789 +0000 UTC m=+0.000123456 | 2026-09-16T12:34:56.123456789Z | false
            2026-09-16 12:34:56 -0330 -0330         | 2026-09-16T16:04:56Z           | false
            2026-09-16 12:34:56 +0900 JST m=-12.5   | 2026-09-16T03:34:56Z           | false
            # Python logging asctime
            2026-09-16 12:34:56,789                 | 2026-09-16T12:34:56.789Z       | true
            # C asctime() / ctime() and date(1)
            Wed Sep 16 12:34:56 2026                | 2026-09-16T12:34:56Z           | true
            "Sun Sep  6 12:34:56 2026"              | 2026-09-06T12:34:56Z           | true
            WED SEP 16 12:34:56 2026                | 2026-09-16T12:34:56Z           | true
            Wed Sep 16 12:34:56 UTC 2026            | 2026-09-16T12:34:56Z           | false
            Wed Sep 16 12:34:56 EST 2026            | 2026-09-16T17:34:56Z           | false
            # epochs: integers by magnitude, decimals as seconds
            1789561696                              | 2026-09-16T12:28:16Z           | false
            1789561696123                           | 2026-09-16T12:28:16.123Z       | false
            1789561696123456                        | 2026-09-16T12:28:16.123456Z    | false
            1789561696123456789                     | 2026-09-16T12:28:16.123456789Z | false
            0                                       | 1970-01-01T00:00:00Z           | false
            -1                                      | 1969-12-31T23:59:59Z           | false
            0001789561696                           | 2026-09-16T12:28:16Z           | false
            # a bare digit string is an epoch, even when it looks like a basic-form date
            20260916                                | 1970-08-23T12:01:56Z           | false
            1789561696.123456                       | 2026-09-16T12:28:16.123456Z    | false
            1789561696.1234567891                   | 2026-09-16T12:28:16.123456789Z | false
            -1.5                                    | 1969-12-31T23:59:58.500Z       | false
            -0.0000000001                           | 1969-12-31T23:59:59.999999999Z | false
            -0.9999999999                           | 1969-12-31T23:59:59Z           | false
            -1.000000000                            | 1969-12-31T23:59:59Z           | false
            1.789561696123456789E9                  | 2026-09-16T12:28:16.123456789Z | false
            1789561696123E-3                        | 2026-09-16T12:28:16.123Z       | false
            1e9                                     | 2001-09-09T01:46:40Z           | false
            -15e-1                                  | 1969-12-31T23:59:58.500Z       | false
            # RFC 9557 suffixes (Java's ZonedDateTime.toString()): the offset decides
            2026-09-16T21:34:56.123+09:00[Asia/Tokyo]            | 2026-09-16T12:34:56.123Z | false
            2026-09-16T21:34:56+09:00[!Asia/Tokyo][u-ca=japanese] | 2026-09-16T12:34:56Z     | false
            2026-09-16T21:34:56+09:00[Europe/Paris]             | 2026-09-16T12:34:56Z     | false
            2026-09-16T12:34:56z[Etc/UTC]                       | 2026-09-16T12:34:56Z     | false
            2026-09-16T21:34:56+0900[Asia/Tokyo]                | 2026-09-16T12:34:56Z     | false
            2026-09-16T12:34:56-03:00[America/Port-au-Prince]   | 2026-09-16T15:34:56Z     | false
            # offsets with seconds
            2026-09-16T18:05:11+05:30:15                        | 2026-09-16T12:34:56Z     | false
            2026-09-16T06:04:41-06:30:15                        | 2026-09-16T12:34:56Z     | false
            # JavaScript's Date.toString()
            Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time) | 2026-09-16T12:34:56Z | false
            Wed Sep 16 2026 21:34:56 GMT+0900                    | 2026-09-16T12:34:56Z     | false
            Wed Sep 16 2026 12:34:56 GMT+0000 ()                 | 2026-09-16T12:34:56Z     | false
            Wed Sep 16 2026 12:34:56 UTC                         | 2026-09-16T12:34:56Z     | false
            # US month-first dates (.NET, JavaScript toLocaleString)
            09/16/2026 12:34:56                                  | 2026-09-16T12:34:56Z     | true
            9/6/2026 9:04:05 AM                                  | 2026-09-06T09:04:05Z     | true
            9/16/2026 12:34:56 AM                                | 2026-09-16T00:34:56Z     | true
            9/16/2026 12:34:56 PM                                | 2026-09-16T12:34:56Z     | true
            9/16/2026 11:34:56 pm                                | 2026-09-16T23:34:56Z     | true
            "9/16/2026, 9:34:56 PM"                        | 2026-09-16T21:34:56Z     | true
            9/16/2026 9:34 PM                                    | 2026-09-16T21:34:00Z     | true
            9/16/2026 9:34:56.789 PM -05:00                      | 2026-09-17T02:34:56.789Z | false
            09/16/2026 21:34:56 +09:00                           | 2026-09-16T12:34:56Z     | false
            9/16/2026 9:34:56 PM UTC                             | 2026-09-16T21:34:56Z     | false
            # surrounding whitespace
            "  \t2026-09-16T12:34:56Z \n"           | 2026-09-16T12:34:56Z           | false
            """)
    void acceptedForms(String input, String expected, boolean usedDefaultZone) {
        String text = input.replace("\\t", "\t").replace("\\n", "\n").replace("\\u202f", "\u202f");
        assertThat(TimestampParser.UTC.parse(text, out)).as(text).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse(expected));
        assertThat(out.usedDefaultZone()).isEqualTo(usedDefaultZone);
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(
            strings = {
                "",
                "   ",
                "[]",
                "[ ]",
                "\t\n",
                // calendar
                "2026-02-30",
                "2026-02-29",
                "1900-02-29",
                "2026-13-01",
                "2026-00-10",
                "2026-09-00",
                "2026-09-31",
                "0000-01-01T00:00:00Z",
                "10000-01-01T00:00:00Z",
                // clock
                "2026-09-16T24:00:00Z",
                "2026-09-16T25:00:00Z",
                "2026-09-16T12:60:00Z",
                "2026-09-16T12:34:61Z",
                "2026-09-16T12:34:99Z",
                "2026-09-16T1:34:56Z",
                "2026-09-16T12:3:56Z",
                "2026-09-16T12:34:5Z",
                "2026-09-16T12Z",
                "2026-09-16T12",
                "2026-09-16T",
                "2026-W38-3",
                "2026-259",
                "2026-09",
                "26-09-16",
                "2026-09-16T12:34:56.",
                "2026-09-16T12:34:56.Z",
                "2026-09-16T1234",
                "2026-9-16",
                "2026-09-6",
                "2026-09/16",
                "20260916T12",
                "2026091T1234",
                // offsets
                "2026-09-16T12:34:56+18:01",
                "2026-09-16T12:34:56+19:00",
                "2026-09-16T12:34:56-19",
                "2026-09-16T12:34:56+09:60",
                "2026-09-16T12:34:56+9",
                "2026-09-16T12:34:56+090",
                "2026-09-16T12:34:56+09:0",
                "2026-09-16T12:34:56+09:000",
                "2026-09-16T12:34:56+09:00:60",
                "2026-09-16T12:34:56+09:00:0",
                "2026-09-16T12:34:56+09:00:000",
                "2026-09-16T12:34:56+18:00:01",
                "2026-09-16T12:34:56+0900:00",
                // RFC 9557 suffixes: only after Z or an offset, bracketed, nothing after
                "2026-09-16T12:34:56[Asia/Tokyo]",
                "2026-09-16T12:34:56 UTC[UTC]",
                "2026-09-16T12:34:56+09:00[",
                "2026-09-16T12:34:56+09:00[]",
                "2026-09-16T12:34:56+09:00[!]",
                "2026-09-16T12:34:56+09:00[Asia/Tokyo",
                "2026-09-16T12:34:56+09:00[Asia Tokyo]",
                "2026-09-16T12:34:56+09:00[Asia/Tokyo] JST",
                "2026-09-16T12:34:56+09:00[Asia/Tokyo]x",
                "2026-09-16T12:34:56+09:00 JST[Asia/Tokyo]",
                "2026-09-16T12:34:56Z[[UTC]]",
                // JavaScript's Date.toString()
                "Wed Sep 16 2026 21:34:56",
                "Wed Sep 16 2026 21:34:56 (Japan Standard Time)",
                "Wed Sep 16 2026 21:34:56 GMT+0900 (Japan (Standard) Time)",
                "Wed Sep 16 2026 21:34:56 GMT+0900 (Japan Standard Time",
                "Wed Sep 16 2026 21:34:56 GMT+0900 Japan Standard Time)",
                "Wed Sep 16 2026 21:34:56 GMT+0900(Japan Standard Time)",
                "Wed Sep 16 2026 21:34:56 IST",
                "Wed Sep 16 26 21:34:56 GMT+0900",
                // US month-first dates
                "9/16/2026",
                "9/16/26 9:34:56 PM",
                "16/9/2026 9:34:56",
                "9/31/2026 9:34:56",
                "13/16/2026 9:34:56",
                "9/16/2026 13:34:56 PM",
                "9/16/2026 0:34:56 AM",
                "9/16/2026 9:34:56 XM",
                "9/16/2026 9:34:56 PMT",
                "9/16/2026 9:34:56PM",
                "9/16/2026 934:56",
                "9/16/2026,9:34:56",
                "9/16/2026 9:34:56 PM IST",
                "009/16/2026 9:34:56",
                "9/016/2026 9:34:56",
                "2026-09-16T12:34:56 UTC+19",
                "2026-09-16T12:34:56 UTC+",
                "2026-09-16T12:34:56 EST+1",
                // unknown or ambiguous zone names, trailing text
                "2026-09-16T12:34:56 IST",
                "2026-09-16T12:34:56 IST",
                "2026-09-16T12:34:56Z foo",
                "2026-09-16T12:34:56Z JST",
                "2026-09-16T12:34:56+09:00 JST extra",
                "2026-09-16T12:34:56+0900 m=+1",
                "2026-09-16T12:34:56+0900 JST m=",
                "2026-09-16T12:34:56+0900 jst",
                "2026-09-16T12:34:56+0900 JST m=+1.",
                "2026-09-16T12:34:56ZZ",
                // RFC 2822, CLF, asctime
                "Wed, 16 Sep 26 12:34:56 GMT",
                "Wed, 16 Sep 2026",
                "Wed, 16 Foo 2026 12:34:56 GMT",
                "Xyz, 16 Sep 2026 12:34:56 GMT",
                "Wed, 16 Sep 2026 12:34:56 XYZ",
                "Wed,16Sep 2026 12:34:56 GMT",
                "Wed, 31 Sep 2026 12:34:56 GMT",
                "Wed, 123 Sep 2026 12:34:56 GMT",
                "We, 16 Sep 2026 12:34:56 GMT",
                "16/Sep/2026T12:34:56 +0000",
                "16/Sep/26:12:34:56 +0000",
                "16-Sep-2026:12:34:56 +0000",
                "Wed Sep 16 12:34:56",
                "Wed Sep 16 12:34:56 26",
                "Wed Sep 16 12:34:56 2026 UTC",
                "Wed Sep 16 2026",
                "Wed Sep 16 12:34:56 IST 2026",
                "Wed",
                "Wed,",
                // syslog RFC 3164 has no year: rejected by design
                "Sep 16 12:34:56",
                "Sep 16 12:34:56 2026",
                // epochs
                "12345678901234567890",
                "-",
                "--1",
                "-a",
                "1.",
                ".5",
                "1.2.3",
                "1e",
                "1e+",
                "1.e5",
                "1e9.5",
                "1E999999999999999999999",
                "0x10",
                "+1789561696",
                "-99999999999",
                "253402300800.0",
                "99999999999999999999.5",
                "1789561696.12a",
                // not ASCII
                "\uff12\uff10\uff12\uff16-09-16",
                "2026-09-16T12:34:56Z\ud800",
                "\ud800",
                "2026\u201309\u201316"
            })
    void rejected(String input) {
        assertThat(TimestampParser.UTC.parse(input, out)).as(input).isFalse();
    }

    @Test
    void nullAndBadRangesAreRejected() {
        assertThat(TimestampParser.UTC.parse(null, out)).isFalse();
        assertThat(TimestampParser.UTC.parse(null, 0, 0, out)).isFalse();
        String s = "2026-09-16T12:34:56Z";
        assertThat(TimestampParser.UTC.parse(s, -1, 5, out)).isFalse();
        assertThat(TimestampParser.UTC.parse(s, 0, s.length() + 1, out)).isFalse();
        assertThat(TimestampParser.UTC.parse(s, 5, 4, out)).isFalse();
    }

    @Test
    void parsesARangeOfALargerText() {
        String line = "ts=2026-09-16T12:34:56.5+01:00 level=info";
        assertThat(TimestampParser.UTC.parse(line, 3, 30, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-16T11:34:56.500Z"));
        assertThat(out.epochSecond())
                .isEqualTo(Instant.parse("2026-09-16T11:34:56Z").getEpochSecond());
        assertThat(out.nanoOfSecond()).isEqualTo(500_000_000);
        assertThat(out.epochMilli())
                .isEqualTo(Instant.parse("2026-09-16T11:34:56.500Z").toEpochMilli());
        assertThat(TimestampParser.UTC.parse(line, 3, 31, out)).isTrue(); // a trailing space is trimmed
        assertThat(TimestampParser.UTC.parse(line, 3, 32, out)).isFalse();
    }

    @Test
    void epochMilliIsFlooredForInstantsBefore1970() {
        assertThat(TimestampParser.UTC.parse("1969-12-31T23:59:59.9999Z", out)).isTrue();
        assertThat(out.epochMilli()).isEqualTo(-1L);
        assertThat(TimestampParser.UTC.parse("-0.0005", out)).isTrue();
        assertThat(out.epochMilli()).isEqualTo(-1L);
    }

    @Test
    void nineteenDigitNanosecondEpochsKeepEveryDigit() {
        assertThat(parse("1789561696123456789")).isEqualTo(Instant.ofEpochSecond(1789561696L, 123456789));
        assertThat(TimestampParser.fromEpoch(1789561696123456789L, out)).isTrue();
        assertThat(out.epochSecond()).isEqualTo(1789561696L);
        assertThat(out.nanoOfSecond()).isEqualTo(123456789);
        assertThat(TimestampParser.fromEpoch(-1789561696123456789L, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(-1789561696L, -123456789));
        assertThat(TimestampParser.fromEpoch(Long.MAX_VALUE, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(0, Long.MAX_VALUE));
        assertThat(TimestampParser.fromEpoch(Long.MIN_VALUE, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(0, Long.MIN_VALUE));
        assertThat(parse("9223372036854775807")).isEqualTo(Instant.ofEpochSecond(0, Long.MAX_VALUE));
        assertThat(parse("9223372036854775808")).isNull();
    }

    @Test
    void epochUnitFollowsMagnitude() {
        assertThat(epoch(99_999_999_999L)).isEqualTo(Instant.ofEpochSecond(99_999_999_999L));
        assertThat(epoch(100_000_000_000L)).isEqualTo(Instant.ofEpochMilli(100_000_000_000L));
        assertThat(epoch(99_999_999_999_999L)).isEqualTo(Instant.ofEpochMilli(99_999_999_999_999L));
        assertThat(epoch(100_000_000_000_000L)).isEqualTo(Instant.ofEpochSecond(100_000_000L)); // micros
        assertThat(epoch(99_999_999_999_999_999L)).isEqualTo(Instant.ofEpochSecond(99_999_999_999L, 999_999_000));
        assertThat(epoch(100_000_000_000_000_000L)).isEqualTo(Instant.ofEpochSecond(100_000_000L)); // nanos
        // the sign does not change the unit
        assertThat(epoch(-99_999_999_999L)).isNull(); // seconds: before year 1
        assertThat(epoch(-100_000_000_000L)).isEqualTo(Instant.ofEpochMilli(-100_000_000_000L));
        assertThat(epoch(-100_000_000_000_000L)).isEqualTo(Instant.ofEpochSecond(-100_000_000L));
        assertThat(epoch(-100_000_000_000_000_000L)).isEqualTo(Instant.ofEpochSecond(-100_000_000L));
        assertThat(epoch(-62_135_596_800L)).isEqualTo(Instant.parse("0001-01-01T00:00:00Z"));
        assertThat(epoch(-62_135_596_801L)).isNull();
    }

    @Test
    void secondsAndNanosPairsAreNormalised() {
        assertThat(TimestampParser.fromEpochSeconds(10L, -1L, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(9, 999_999_999));
        assertThat(TimestampParser.fromEpochSeconds(10L, 2_500_000_000L, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(12, 500_000_000));
        assertThat(TimestampParser.fromEpochSeconds(0L, Long.MIN_VALUE, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(0, Long.MIN_VALUE));
        assertThat(out.usedDefaultZone()).isFalse();
        assertThat(TimestampParser.fromEpochSeconds(Long.MAX_VALUE, Long.MAX_VALUE, out))
                .isFalse();
        assertThat(TimestampParser.fromEpochSeconds(Long.MIN_VALUE, 0, out)).isFalse();
        assertThat(TimestampParser.fromEpochSeconds(253_402_300_799L, 999_999_999L, out))
                .isTrue();
        assertThat(TimestampParser.fromEpochSeconds(253_402_300_799L, 1_000_000_000L, out))
                .isFalse();
    }

    @Test
    void decimalSecondsAreExactAndFlooredPastNanos() {
        assertThat(decimal("1789561696.123456789")).isEqualTo(Instant.ofEpochSecond(1789561696L, 123456789));
        assertThat(decimal("1789561696.1234567899999")).isEqualTo(Instant.ofEpochSecond(1789561696L, 123456789));
        assertThat(decimal("1789561696.99999999999999999999"))
                .isEqualTo(Instant.ofEpochSecond(1789561696L, 999_999_999));
        assertThat(decimal("-1.0000000001")).isEqualTo(Instant.ofEpochSecond(-2L, 999_999_999));
        assertThat(decimal("-1.5")).isEqualTo(Instant.ofEpochSecond(-2L, 500_000_000));
        assertThat(decimal("1E+3")).isEqualTo(Instant.ofEpochSecond(1000L));
        assertThat(decimal("-62135596800")).isEqualTo(Instant.parse("0001-01-01T00:00:00Z"));
        assertThat(decimal("-62135596800.000000001")).isNull();
        assertThat(decimal("253402300799.999999999999")).isEqualTo(Instant.parse("9999-12-31T23:59:59.999999999Z"));
        assertThat(decimal("253402300800")).isNull();
        assertThat(decimal("1E+400")).isNull();
        assertThat(TimestampParser.fromEpochSeconds((BigDecimal) null, out)).isFalse();
    }

    @Test
    void doubleSecondsUseTheShortestDecimalForm() {
        assertThat(dbl(1789561696.123)).isEqualTo(Instant.ofEpochSecond(1789561696L, 123_000_000));
        assertThat(dbl(-0.5)).isEqualTo(Instant.ofEpochSecond(-1L, 500_000_000));
        assertThat(dbl(0.0)).isEqualTo(Instant.EPOCH);
        assertThat(dbl(1e300)).isNull();
        assertThat(dbl(Double.NaN)).isNull();
        assertThat(dbl(Double.POSITIVE_INFINITY)).isNull();
        assertThat(dbl(Double.NEGATIVE_INFINITY)).isNull();
    }

    @Test
    void textAndNumbersAgree() {
        // the same decimal as text and as BigDecimal gives the same instant
        for (String s : new String[] {"1789561696.5", "-3.000000000999", "0.000000001", "12.34567891234"}) {
            assertThat(parse(s)).as(s).isEqualTo(decimal(s));
        }
    }

    @Test
    void numberTokensAreReadLikeJsonNumbers() {
        String line = "{\"ts\":1.7895616961234567E9,\"n\":1789561696123}";
        int a = line.indexOf(':') + 1;
        int b = line.indexOf(',');
        assertThat(TimestampParser.fromEpochNumber(line, a, b, out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(1789561696L, 123456700));
        int c = line.lastIndexOf(':') + 1;
        assertThat(TimestampParser.fromEpochNumber(line, c, line.length() - 1, out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochMilli(1789561696123L));
        // numbers only: no whitespace, no dates
        assertThat(TimestampParser.fromEpochNumber(" 1", 0, 2, out)).isFalse();
        assertThat(TimestampParser.fromEpochNumber("2026-09-16", 0, 10, out)).isFalse();
        assertThat(TimestampParser.fromEpochNumber("1", 0, 0, out)).isFalse();
        assertThat(TimestampParser.fromEpochNumber(null, 0, 0, out)).isFalse();
        assertThat(TimestampParser.fromEpochNumber("1", 0, 2, out)).isFalse();
        // huge exponents of zero and tiny exponents are fine; huge values are not
        assertThat(TimestampParser.fromEpochNumber("0e999999999999999", 0, 17, out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.EPOCH);
        assertThat(TimestampParser.fromEpochNumber("5e-999999999999999", 0, 18, out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.EPOCH);
        assertThat(TimestampParser.fromEpochNumber("-5e-999999999999999", 0, 19, out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.ofEpochSecond(-1L, 999_999_999));
        assertThat(TimestampParser.fromEpochNumber("1e12", 0, 4, out)).isFalse();
    }

    /** Number text and the same number as BigDecimal give the same instant, for random literals. */
    @Test
    void numberTextAgreesWithBigDecimal() {
        Random random = new Random(5);
        for (int i = 0; i < 100_000; i++) {
            StringBuilder sb = new StringBuilder();
            if (random.nextBoolean()) {
                sb.append('-');
            }
            int intDigits = 1 + random.nextInt(13);
            for (int j = 0; j < intDigits; j++) {
                sb.append((char) ('0' + random.nextInt(10)));
            }
            boolean fraction = random.nextBoolean();
            if (fraction) {
                sb.append('.');
                int fracDigits = 1 + random.nextInt(25);
                for (int j = 0; j < fracDigits; j++) {
                    sb.append((char) ('0' + random.nextInt(10)));
                }
            }
            if (!fraction || random.nextBoolean()) {
                sb.append(random.nextBoolean() ? 'e' : 'E')
                        .append(random.nextBoolean() ? "-" : "")
                        .append(random.nextInt(30));
            }
            String text = sb.toString();
            Instant viaText = TimestampParser.fromEpochNumber(text, 0, text.length(), out) ? out.toInstant() : null;
            assertThat(viaText).as(text).isEqualTo(decimal(text));
        }
    }

    private Instant decimal(String v) {
        return TimestampParser.fromEpochSeconds(new BigDecimal(v), out) ? out.toInstant() : null;
    }

    private Instant dbl(double v) {
        return TimestampParser.fromEpochSeconds(v, out) ? out.toInstant() : null;
    }

    private Instant epoch(long v) {
        return TimestampParser.fromEpoch(v, out) ? out.toInstant() : null;
    }
}
