package dev.flinklog.core.time;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Default zones: how they are named, and how zone-less local times resolve in them. */
class TimestampParserZoneTest {

    private final ParsedTime out = new ParsedTime();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            Asia/Tokyo        | Asia/Tokyo
            asia/tokyo        | Asia/Tokyo
            " Europe/Berlin " | Europe/Berlin
            Etc/GMT+5         | Etc/GMT+5
            UTC               | Z
            utc               | Z
            Z                 | Z
            GMT               | Z
            +09:00            | +09:00
            +0900             | +09:00
            +09               | +09:00
            -03:30            | -03:30
            UTC+9             | +09:00
            GMT-03:30         | -03:30
            EST               | -05:00
            """)
    void zonesByName(String text, String expectedId) {
        TimestampParser p = TimestampParser.forZone(text);
        assertThat(p).isNotNull();
        assertThat(p.defaultZone()).isEqualTo(ZoneId.of(expectedId));
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(
            strings = {
                "",
                "  ",
                "Mars/Olympus",
                "+19:00",
                "+9",
                "UTC+19",
                "IST",
                "MSK",
                "Asia/",
                "Asia/Tokyo/x",
                "\ud800"
            })
    void unknownZonesGiveNoParser(String text) {
        assertThat(TimestampParser.forZone(text)).isNull();
    }

    @Test
    void nullZoneTextGivesNoParser() {
        assertThat(TimestampParser.forZone((CharSequence) null)).isNull();
    }

    @Test
    void utcIsShared() {
        assertThat(TimestampParser.forZone("UTC")).isSameAs(TimestampParser.UTC);
        assertThat(TimestampParser.forZone(ZoneOffset.UTC)).isSameAs(TimestampParser.UTC);
        assertThat(TimestampParser.UTC.defaultZone()).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void defaultZoneAppliesOnlyWithoutZoneInText() {
        TimestampParser tokyo = TimestampParser.forZone("Asia/Tokyo");
        assertThat(tokyo.parse("2026-09-16 12:34:56", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-16T03:34:56Z"));
        assertThat(out.usedDefaultZone()).isTrue();
        assertThat(tokyo.parse("2026-09-16 12:34:56Z", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-16T12:34:56Z"));
        assertThat(out.usedDefaultZone()).isFalse();
        assertThat(tokyo.parse("1789561696", out)).isTrue();
        assertThat(out.usedDefaultZone()).isFalse();

        TimestampParser plus9 = TimestampParser.forZone("+09:00");
        assertThat(plus9.parse("2026-09-16", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-09-15T15:00:00Z"));
    }

    @Test
    void gapsTakeTheOffsetBeforeTheTransition() {
        TimestampParser ny = TimestampParser.forZone("America/New_York");
        // 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT; 02:30 does not exist.
        assertThat(ny.parse("2026-03-08 02:30:00", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-03-08T07:30:00Z")); // read as -05:00
        assertThat(ny.parse("2026-03-08 01:59:59", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-03-08T06:59:59Z"));
        assertThat(ny.parse("2026-03-08 03:00:00", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-03-08T07:00:00Z")); // -04:00
    }

    @Test
    void overlapsTakeTheEarlierInstant() {
        TimestampParser ny = TimestampParser.forZone("America/New_York");
        // 2026-11-01: clocks fall back from 02:00 EDT to 01:00 EST; 01:30 happens twice.
        assertThat(ny.parse("2026-11-01 01:30:00", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-11-01T05:30:00Z")); // EDT, -04:00
        assertThat(ny.parse("2026-11-01 02:00:00", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-11-01T07:00:00Z")); // EST, -05:00
        assertThat(ny.parse("2026-11-01 00:59:59", out)).isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-11-01T04:59:59Z"));
    }

    /** The transition table agrees with java.time's ZonedDateTime.ofLocal everywhere, edges included. */
    @Test
    void regionZonesAgreeWithJavaTime() {
        String[] zones = {
            "America/New_York", "Europe/Berlin", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia",
            "Asia/Tokyo", "America/Sao_Paulo", "Africa/Casablanca", "Asia/Kolkata", "Antarctica/Troll"
        };
        Random random = new Random(42);
        ParsedTime t = new ParsedTime();
        for (String id : zones) {
            ZoneId zone = ZoneId.of(id);
            LocalTimeResolver resolver = LocalTimeResolver.of(zone);
            // random local times from 1800 to 2400 (outside 1900-2200 the fallback answers)
            for (int i = 0; i < 20_000; i++) {
                long local = -5_364_662_400L + (long) (random.nextDouble() * 18_934_560_000L);
                check(zone, resolver, local);
            }
            // every second around each transition in the table window
            ZonedDateTime cursor = ZonedDateTime.of(1900, 1, 2, 0, 0, 0, 0, zone);
            var rules = zone.getRules();
            var tr = rules.nextTransition(cursor.toInstant());
            int checked = 0;
            while (tr != null && tr.getInstant().getEpochSecond() < 7_258_118_400L && checked < 400) {
                long localBefore = tr.toEpochSecond() + tr.getOffsetBefore().getTotalSeconds();
                long localAfter = tr.toEpochSecond() + tr.getOffsetAfter().getTotalSeconds();
                for (long l = Math.min(localBefore, localAfter) - 2; l <= Math.max(localBefore, localAfter) + 2; l++) {
                    check(zone, resolver, l);
                }
                tr = rules.nextTransition(tr.getInstant());
                checked++;
            }
        }
        assertThat(t).isNotNull();
    }

    private static void check(ZoneId zone, LocalTimeResolver resolver, long local) {
        long expected = ZonedDateTime.ofLocal(LocalDateTime.ofEpochSecond(local, 0, ZoneOffset.UTC), zone, null)
                .toEpochSecond();
        assertThat(resolver.toEpochSecond(local)).as("%s local %s", zone, local).isEqualTo(expected);
    }

    @Test
    void regionZonesThroughTheParserMatchJavaTime() {
        TimestampParser berlin = TimestampParser.forZone(ZoneId.of("Europe/Berlin"));
        for (String local : new String[] {
            "2026-03-29T02:30:00",
            "2026-10-25T02:30:00",
            "1916-05-01T00:00:00",
            "1850-06-01T12:00:00",
            "2300-06-01T12:00:00",
            "2026-07-01T12:00:00"
        }) {
            assertThat(berlin.parse(local, out)).isTrue();
            assertThat(out.toInstant())
                    .as(local)
                    .isEqualTo(LocalDateTime.parse(local)
                            .atZone(ZoneId.of("Europe/Berlin"))
                            .toInstant());
        }
    }

    @Test
    void zoneNamesApartFromTheTime() {
        // what a layout that writes its zone as a word of its own (Cisco IOS) asks
        assertThat(TimestampParser.zoneNameOffset("x UTC:", 2, 5)).isZero();
        assertThat(TimestampParser.zoneNameOffset("EDT", 0, 3)).isEqualTo(-4 * 3600);
        assertThat(TimestampParser.zoneNameOffset("cest", 0, 4)).isEqualTo(2 * 3600);
        assertThat(TimestampParser.zoneNameOffset("IST", 0, 3)).isEqualTo(TimestampParser.NO_ZONE);
        assertThat(TimestampParser.zoneNameOffset("CRON", 0, 4)).isEqualTo(TimestampParser.NO_ZONE);
        assertThat(TimestampParser.zoneNameOffset("UTC+1", 0, 5)).isEqualTo(TimestampParser.NO_ZONE);
        assertThat(TimestampParser.zoneNameOffset("", 0, 0)).isEqualTo(TimestampParser.NO_ZONE);
        for (String name : new String[] {"IST", "BST", "MSK", "SGT", "BRT", "ART", "ist"}) {
            assertThat(TimestampParser.zoneNameWithoutOffset(name, 0, name.length()))
                    .as(name)
                    .isTrue();
            // and such a name is never read in text either
            assertThat(TimestampParser.UTC.parse("2026-09-16T12:34:56 " + name, out))
                    .as(name)
                    .isFalse();
        }
        for (String name : new String[] {"UTC", "EST", "CST", "CRON", "I1T"}) {
            assertThat(TimestampParser.zoneNameWithoutOffset(name, 0, name.length()))
                    .as(name)
                    .isFalse();
        }
    }

    @Test
    void aLocalTimeAtAnOffset() {
        assertThat(TimestampParser.atOffset(2026, 3, 1, 18, 46, 11, 123_000_000, -5 * 3600, out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-03-01T23:46:11.123Z"));
        assertThat(out.usedDefaultZone()).isFalse();
        assertThat(TimestampParser.UTC.parse("2026-03-01 18:46:11.123 EST", out))
                .isTrue();
        assertThat(out.toInstant()).isEqualTo(Instant.parse("2026-03-01T23:46:11.123Z"));
        assertThat(TimestampParser.atOffset(2026, 2, 30, 0, 0, 0, 0, 0, out)).isFalse();
        assertThat(TimestampParser.atOffset(2026, 2, 1, 0, 0, 0, 0, 19 * 3600, out))
                .isFalse();
    }
}
