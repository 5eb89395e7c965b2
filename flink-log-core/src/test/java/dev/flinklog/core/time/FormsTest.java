package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link IsoForms} and {@link TextualForms} read shapes, not values: the fields they fill are
 * checked by the parser's finish step, so these tests look at the fields.
 */
class FormsTest {

    private final ParsedTime t = new ParsedTime();

    private boolean extended(String s) {
        t.clearScratch();
        return IsoForms.extended(s, 0, s.length(), t, TimeFields.fixedDigits(s, 0, 4, 4), s.charAt(4));
    }

    private void assertFields(int year, int month, int day, int hour, int minute, int second) {
        assertThat(new int[] {t.year, t.month, t.day, t.hour, t.minute, t.second})
                .containsExactly(year, month, day, hour, minute, second);
    }

    @Test
    void isoExtended() {
        assertThat(extended("2026-09-16T12:34:56.5+09:00")).isTrue();
        assertFields(2026, 9, 16, 12, 34, 56);
        assertThat(t.nano).isEqualTo(500_000_000);
        assertThat(t.offsetSeconds).isEqualTo(32400);
        assertThat(extended("2026/09/16  12:34")).isTrue();
        assertThat(t.hasZone).isFalse();
        assertThat(extended("2026-09-16")).isTrue();
        assertThat(extended("2026-09/16")).isFalse(); // mixed separators
        assertThat(extended("2026-09-16X12:34")).isFalse();
        assertThat(extended("2026-02-30T00:00")).isTrue(); // shape only: finish rejects the date
        assertThat(TimestampParser.UTC.parse("2026-02-30T00:00", t)).isFalse();
    }

    @Test
    void isoBasic() {
        String s = "20260916T123456Z";
        assertThat(IsoForms.basic(s, 0, s.length(), t)).isTrue();
        assertFields(2026, 9, 16, 12, 34, 56);
        String colons = "20260916T12:34:56";
        assertThat(IsoForms.basic(colons, 0, colons.length(), t)).isTrue();
        String bad = "20260916T12";
        assertThat(IsoForms.basic(bad, 0, bad.length(), t)).isFalse();
    }

    @Test
    void textualForms() {
        String clf = "16/Sep/2026:12:34:56 +0000";
        assertThat(TextualForms.commonLog(clf, 0, clf.length(), t, '/')).isTrue();
        assertFields(2026, 9, 16, 12, 34, 56);
        String php = "16-Sep-2026 12:34:56 UTC";
        t.clearScratch();
        assertThat(TextualForms.commonLog(php, 0, php.length(), t, '-')).isTrue();
        assertFields(2026, 9, 16, 12, 34, 56);
        t.clearScratch();
        assertThat(TextualForms.commonLog(php, 0, php.length(), t, '/')).isFalse();
        String mixed = "16-Sep/2026 12:34:56";
        t.clearScratch();
        assertThat(TextualForms.commonLog(mixed, 0, mixed.length(), t, '-')).isFalse();
        String rfc = "16 Sep 2026 12:34 GMT";
        t.clearScratch();
        assertThat(TextualForms.rfc2822(rfc, 0, rfc.length(), t)).isTrue();
        assertFields(2026, 9, 16, 12, 34, 0);
        String rfcWithWeekday = "Wed, 16 Sep 2026 12:34:56 +0000";
        assertThat(TextualForms.weekdayLed(rfcWithWeekday, 0, rfcWithWeekday.length(), t))
                .isTrue();
        String asctime = "Wed Sep 16 12:34:56 EST 2026";
        assertThat(TextualForms.weekdayLed(asctime, 0, asctime.length(), t)).isTrue();
        assertThat(t.offsetSeconds).isEqualTo(-5 * 3600);
        String syslog = "Sep 16 12:34:56";
        assertThat(TextualForms.weekdayLed(syslog, 0, syslog.length(), t)).isFalse(); // no year
        String noSpace = "Wed,16 Sep 2026 12:34:56";
        assertThat(TextualForms.weekdayLed(noSpace, 0, noSpace.length(), t)).isTrue();
        String glued = "WedSep 16 12:34:56 2026";
        assertThat(TextualForms.weekdayLed(glued, 0, glued.length(), t)).isFalse();
    }

    @Test
    void regionIdsAnyCase() {
        assertThat(RegionIds.canonical("asia/tokyo")).isEqualTo("Asia/Tokyo");
        assertThat(RegionIds.canonical("EUROPE/BERLIN")).isEqualTo("Europe/Berlin");
        assertThat(RegionIds.canonical("Mars/Olympus")).isNull();
    }
}
