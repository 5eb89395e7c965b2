package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class CalendarNamesTest {

    @Test
    void everyPrefixOfThreeOrMoreLettersInAnyCaseNamesItsMonthOrDay() {
        check(CalendarNames.MONTHS, true);
        check(CalendarNames.WEEKDAYS, false);
    }

    private static void check(String[] names, boolean months) {
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            for (int len = 3; len <= name.length(); len++) {
                String p = name.substring(0, len);
                String capital = Character.toUpperCase(p.charAt(0)) + p.substring(1);
                for (String v : new String[] {p, p.toUpperCase(Locale.ROOT), capital}) {
                    assertThat(find(v, months)).as(v).isEqualTo(i + 1);
                    // a prefix inside a longer text: only its span counts
                    assertThat(find("x" + v + "9", 1, 1 + v.length(), months))
                            .as(v)
                            .isEqualTo(i + 1);
                }
            }
            assertThat(find(name + "x", months)).as("longer than the name").isZero();
            if (name.length() > 3) {
                String wrongFourth = name.substring(0, 3) + (name.charAt(3) == 'q' ? 'z' : 'q');
                assertThat(find(wrongFourth, months)).as(wrongFourth).isZero();
            }
        }
        for (String none : new String[] {"", "ja", "abc", "j@n", "ja[", "jän", "Ja\u0144", "{an", "`an"}) {
            assertThat(find(none, months)).as(none).isZero();
        }
    }

    private static int find(String s, boolean months) {
        return find(s, 0, s.length(), months);
    }

    private static int find(String s, int from, int to, boolean months) {
        return months ? CalendarNames.month(s, from, to) : CalendarNames.weekday(s, from, to);
    }
}
