package dev.flinklog.core.time;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ZoneDesignatorsTest {

    /** zone text | offset in seconds, or 'x' when it is not a zone (all of the text). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Z | 0",
                "+09:00 | 32400",
                "-0330 | -12600",
                "+09 | 32400",
                "+18:00 | 64800",
                "+18:01 | x",
                "+9 | x",
                "+09:60 | x",
                "+09:001 | x",
                "UTC | 0",
                "utc+2 | 7200",
                "GMT-03:30 | -12600",
                "UTC+530 | 19800",
                "EST | -18000",
                "EST+1 | x",
                "CEST | 7200",
                "JST | 32400",
                "ACST | 34200",
                "IST | x",
                "BST | x",
                "MSK | x",
                "WET+1 | x",
            })
    void zoneReadsTheWholeDesignator(String text, String offset) {
        ParsedTime t = new ParsedTime();
        int end = ZoneDesignators.zone(text, 0, text.length(), t);
        if (offset.equals("x")) {
            assertThat(end).as(text).isNotEqualTo(text.length());
        } else {
            assertThat(end).as(text).isEqualTo(text.length());
            assertThat(t.hasZone).isTrue();
            assertThat(t.offsetSeconds).isEqualTo(Integer.parseInt(offset));
        }
    }

    /** what follows a time | accepted | offset in seconds when one is set. */
    @ParameterizedTest(name = "[{0}]")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "\"\" | true | ",
                "Z | true | 0",
                "\" +0900 JST\" | true | 32400",
                "\"+0000 UTC m=+0.000123456\" | true | 0",
                "\" -0330 -0330\" | true | -12600",
                "\" +0900 jst\" | false | ",
                "\" UTC JST\" | false | ",
                "\" +0900 JST m=1\" | false | ",
                "\" +0900JST\" | false | ",
                "\" +0900 JST trailing\" | false | ",
            })
    void zoneTailAllowsGoExtrasOnlyAfterANumericOffset(String tail, boolean accepted, Integer offset) {
        ParsedTime t = new ParsedTime();
        assertThat(ZoneDesignators.zoneTail(tail, 0, tail.length(), t)).as(tail).isEqualTo(accepted);
        if (accepted && offset != null) {
            assertThat(t.offsetSeconds).isEqualTo(offset);
        }
    }
}
