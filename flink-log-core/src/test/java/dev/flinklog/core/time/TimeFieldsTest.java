package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;

import static dev.flinklog.core.time.TimeFields.FAIL;
import static org.assertj.core.api.Assertions.assertThat;

class TimeFieldsTest {

    private final ParsedTime t = new ParsedTime();

    private int time(String s, boolean basicAllowed) {
        t.clearScratch();
        return TimeFields.time(s, 0, s.length(), t, basicAllowed);
    }

    @Test
    void timeOfDayExtendedAndBasic() {
        assertThat(time("12:34", false)).isEqualTo(5);
        assertThat(t.hour).isEqualTo(12);
        assertThat(t.minute).isEqualTo(34);
        assertThat(time("12:34:56.789Z", false)).isEqualTo(12);
        assertThat(t.second).isEqualTo(56);
        assertThat(t.nano).isEqualTo(789_000_000);
        assertThat(time("12:34:56,1234567891", false)).isEqualTo(19);
        assertThat(t.nano).isEqualTo(123_456_789); // cut, not rounded
        assertThat(time("123456", true)).isEqualTo(6);
        assertThat(time("123456", false)).isEqualTo(FAIL);
        assertThat(time("12:34:5", false)).isEqualTo(FAIL);
        assertThat(time("12:34:56.", false)).isEqualTo(FAIL);
        assertThat(time("1:34", false)).isEqualTo(FAIL);
        // values are not range-checked here: that is the parser's finish step
        assertThat(time("99:99:99", false)).isEqualTo(8);
    }

    @Test
    void failPropagates() {
        assertThat(TimeFields.time("12:00", FAIL, 5, t, false)).isEqualTo(FAIL);
        assertThat(TimeFields.dayOfMonth("1", FAIL, 1, t)).isEqualTo(FAIL);
        assertThat(TimeFields.monthName("Sep", FAIL, 3, t)).isEqualTo(FAIL);
        assertThat(TimeFields.requiredSpaces(" ", FAIL, 1)).isEqualTo(FAIL);
    }

    @Test
    void dayMonthAndNumbers() {
        assertThat(TimeFields.dayOfMonth("7 Sep", 0, 5, t)).isEqualTo(1);
        assertThat(t.day).isEqualTo(7);
        assertThat(TimeFields.dayOfMonth("123", 0, 3, t)).isEqualTo(FAIL);
        assertThat(TimeFields.monthName("SEPTEMBER 1", 0, 11, t)).isEqualTo(9);
        assertThat(t.month).isEqualTo(9);
        assertThat(TimeFields.monthName("Se 1", 0, 4, t)).isEqualTo(FAIL);
        assertThat(TimeFields.fixedDigits("2026", 0, 4, 4)).isEqualTo(2026);
        assertThat(TimeFields.fixedDigits("20x6", 0, 4, 4)).isEqualTo(FAIL);
        assertThat(TimeFields.fixedDigits("202", 0, 3, 4)).isEqualTo(FAIL);
        assertThat(TimeFields.digitsFrom("123ab", 0, 5)).isEqualTo(3);
        assertThat(TimeFields.letters("ab12", 0, 4)).isEqualTo(2);
    }

    @Test
    void spacesAreSpaceCharsOnly() {
        assertThat(TimeFields.skipSpaces("a   b", 1, 5)).isEqualTo(4);
        assertThat(TimeFields.skipSpaces("a\tb", 1, 3)).isEqualTo(1);
        assertThat(TimeFields.requiredSpaces("ab", 1, 2)).isEqualTo(FAIL);
        assertThat(TimeFields.requiredSpaces("a  b", 1, 4)).isEqualTo(3);
    }
}
