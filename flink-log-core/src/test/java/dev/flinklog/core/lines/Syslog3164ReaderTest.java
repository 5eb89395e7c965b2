package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;

class Syslog3164ReaderTest {

    private static final Syslog3164Reader R = new Syslog3164Reader();

    private static String time(String line) {
        ParsedLine p = read(R, line);
        return p == null ? null : p.time().toInstant().toString();
    }

    @Test
    void anIsoTimeAndALevelWordIsNoHostlessProgram() {
        // winston's "time level: message"
        assertThat(read(R, "2024-06-27T17:46:32.192Z info: Server listening at 8080"))
                .isNull();
        assertThat(read(R, "2024-06-27T17:46:32.192Z ERROR: failed")).isNull();
        // a program of that name is still one with a PRI, or with a host
        assertThat(read(R, "<13>2024-06-27T17:46:32.192Z info: x").text(ParsedLine.Field.SERVICE))
                .isEqualTo("info");
        assertThat(read(R, "2024-04-09T17:33:12.238986028Z nginx: [emerg] host not found")
                        .text(ParsedLine.Field.SERVICE))
                .isEqualTo("nginx");
        assertThat(read(R, "2024-06-27T17:46:32.192Z info_x: y").text(ParsedLine.Field.SERVICE))
                .isEqualTo("info_x");
    }

    @Test
    void headerFieldByField() {
        ParsedLine p = read(R, "<34>Oct 11 22:14:15 mymachine su: 'su root' failed");
        assertThat(p.time().toInstant()).hasToString("2026-10-11T22:14:15Z");
        assertThat(p.yearInferred()).isTrue();
        assertThat(p.level()).isEqualTo(LogLevel.FATAL);
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("mymachine");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("su");
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("'su root' failed");
        assertThat(pairs(p)).containsExactly(Map.entry("facility", "auth"));
    }

    @Test
    void bsdTimestampForms() {
        assertThat(time("Feb  5 17:32:18 h p: m")).isEqualTo("2026-02-05T17:32:18Z");
        assertThat(time("Feb 5 17:32:18 h p: m")).isEqualTo("2026-02-05T17:32:18Z");
        assertThat(time("Feb 05 17:32:18 h p: m")).isEqualTo("2026-02-05T17:32:18Z");
        assertThat(time("feb 05 17:32:18 h p: m")).isEqualTo("2026-02-05T17:32:18Z");
        // rsyslog's own tests send an upper-case month
        assertThat(time("<6>AUG 10 22:18:24 host tag: m")).isEqualTo("2026-08-10T22:18:24Z");
        assertThat(time("Jul 14 12:17:01.234 h p: m")).isEqualTo("2026-07-14T12:17:01.234Z");
        assertThat(time("Jul 14 12:17:01.123456789123 h p: m")).isEqualTo("2026-07-14T12:17:01.123456789Z");
        assertThat(time("Dec 31 23:59:60 h p: m")).isEqualTo("2025-12-31T23:59:59.999999999Z");
        assertThat(time("Feb 30 17:32:18 h p: m")).isNull();
        assertThat(time("Feb 5 25:32:18 h p: m")).isNull();
        assertThat(time("Feb 5 17:32 h p: m")).isNull();
        assertThat(time("Feb 5 17:32:18. h p: m")).isNull();
        assertThat(time("Feb 5 17:32:18x h p: m")).isNull();
        assertThat(time("Fob 5 17:32:18 h p: m")).isNull();
        assertThat(time("February 5 17:32:18 h p: m")).isNull();
        assertThat(time("Feb   5 17:32:18 h p: m")).isNull();
    }

    @Test
    void aWrittenYearBeforeOrAfterTheTime() {
        ParsedLine p = read(R, "<14>Jan  6 2009 15:22:26 localhost");
        assertThat(p.time().toInstant()).hasToString("2009-01-06T15:22:26Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("localhost");
        assertThat(time("Mar 7 2008 19:06:53: example tag: m")).isEqualTo("2008-03-07T19:06:53Z");
        p = read(R, "<6>AUG 10 22:18:24 2009  h [audit] m");
        assertThat(p.time().toInstant()).hasToString("2009-08-10T22:18:24Z");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("h");
        assertThat(time("<13>Aug 10 22:18:24 2009")).isEqualTo("2009-08-10T22:18:24Z");
        // only 19xx and 20xx, as a word of its own: else the word is the host
        assertThat(read(R, "Aug 10 22:18:24 2109 h p: m").text(ParsedLine.Field.HOST))
                .isEqualTo("2109");
        assertThat(read(R, "Aug 10 22:18:24 20091 p: m").text(ParsedLine.Field.HOST))
                .isEqualTo("20091");
        assertThat(read(R, "Aug 10 22:18:24 2009.1 p: m").text(ParsedLine.Field.HOST))
                .isEqualTo("2009.1");
        assertThat(time("Aug 10 2109 22:18:24 h p: m")).isNull();
        assertThat(time("Aug 10 2009x22:18:24 h p: m")).isNull();
    }

    @Test
    void aZoneWordAfterTheTimeIsApplied() {
        // Cisco IOS's "show-timezone": the time is in the zone it names when the name has one offset
        ParsedLine p = read(R, "<190>Jul 14 2023 08:23:43.398 UTC: %FOO-6-BAR: m");
        assertThat(p.time().toInstant()).hasToString("2023-07-14T08:23:43.398Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.time().usedDefaultZone()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("%FOO-6-BAR");
        assertThat(p.has(ParsedLine.Field.PID)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("m");
        assertThat(pairs(p)).containsExactly(Map.entry("facility", "local7"));
        // year-less, in a zone of its own: placed before the reference as a UTC time would be
        p = read(R, "<190>Jul 14 08:23:43 EDT: %FOO-6-BAR: m");
        assertThat(p.time().toInstant()).hasToString("2026-07-14T12:23:43Z");
        assertThat(p.yearInferred()).isTrue();
        assertThat(time("Jun 12 12:34:56.789 EST: %FOO-6-BAR: m")).isEqualTo("2026-06-12T17:34:56.789Z");
        assertThat(time("Jan 23 14:54:28.511 CET: %FMANFP-6-X: m")).isEqualTo("2026-01-23T13:54:28.511Z");
        assertThat(time("Aug 18 07:15:04.461 CEST: NTP Core (NOTICE): m")).isEqualTo("2026-08-18T05:15:04.461Z");
        // CST is North America's, as everywhere in the time rules (ZoneNames)
        assertThat(time("Mar 29 07:40:10.863 CDT: %ILPOWER-5-X: m")).isEqualTo("2026-03-29T12:40:10.863Z");
        // the zone is applied whatever the default zone is
        ParsedLine tokyo = LineReaderProbe.read(
                R, "<190>Jul 14 2023 08:23:43.398 UTC: %FOO-6-BAR: m", TimestampParser.forZone("Asia/Tokyo"));
        assertThat(tokyo.time().toInstant()).hasToString("2023-07-14T08:23:43.398Z");
        // '*' (clock not synchronised) at the start of a line as the console and buffer show it
        p = read(R, "*Mar  1 18:46:11.123 UTC: %SYS-5-CONFIG_I: Configured from console by vty2");
        assertThat(p.time().toInstant()).hasToString("2026-03-01T18:46:11.123Z");
        assertThat(p.yearInferred()).isTrue();
        assertThat(p.level()).isNull();
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("%SYS-5-CONFIG_I");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Configured from console by vty2");
        assertThat(pairs(p)).isEmpty();
        assertThat(time(".Mar  1 18:46:11: %SYS-5-CONFIG_I: m")).isEqualTo("2026-03-01T18:46:11Z");
        // but a '*' or '.' before anything else is no syslog
        assertThat(read(R, "* Mar  1 18:46:11: %SYS-5-CONFIG_I: m")).isNull();
        assertThat(read(R, "*Mark this: 18:46:11")).isNull();
        assertThat(read(R, "*Mar 41 18:46:11: m")).isNull();
        assertThat(read(R, ".Marshal 1 18:46:11: m")).isNull();
    }

    @Test
    void aZoneWordOfNoOneOffsetLeavesTheTimeUnread() {
        // IST is India's, Israel's and Ireland's: no time rather than a wrong one
        ParsedLine p = read(R, "<190>Jul 14 2023 08:23:43.398 IST: %FOO-6-BAR: m");
        assertThat(p.hasTime()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Jul 14 2023 08:23:43.398 IST: %FOO-6-BAR: m");
        assertThat(pairs(p)).containsExactly(Map.entry("facility", "local7"));
        assertThat(read(R, "<190>Jul 14 08:23:43 BST: %FOO-6-BAR: m").hasTime()).isFalse();
        assertThat(read(R, "<190>82: *Jul 14 08:23:43 MSK: %FOO-6-BAR: m").hasTime())
                .isFalse();
        // without a PRI there is no syslog without a time
        assertThat(read(R, "Jul 14 08:23:43 IST: %FOO-6-BAR: m")).isNull();
        assertThat(read(R, "*Mar  1 18:46:11.123 IST: %SYS-5-CONFIG_I: m")).isNull();
        // a program named in capitals is no zone
        p = read(R, "Oct 11 22:14:15 CRON: m");
        assertThat(p.time().toInstant()).hasToString("2026-10-11T22:14:15Z");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("CRON");
        assertThat(read(R, "Oct 11 22:14:15 SSHD: m").text(ParsedLine.Field.SERVICE))
                .isEqualTo("SSHD");
        // a zone word without its colon stays the host (RFC 3164 §5.4's "CST 1987")
        p = read(R, "<165>Aug 24 05:34:00 CST 1987 h p[10]: m");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("CST");
        assertThat(p.time().toInstant()).hasToString("2026-08-24T05:34:00Z");
        assertThat(read(R, "Aug 24 05:34:00 UTC host p: m").text(ParsedLine.Field.HOST))
                .isEqualTo("UTC");
    }

    @Test
    void ciscoSequenceNumber() {
        ParsedLine p = read(R, "Sep  6 09:13:00 RouterName 82: Sep  6 14:12:56.872: %SYS-5-CONFIG_I: m");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("RouterName");
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(pairs(p)).containsExactly(Map.entry("sequence", "82"));
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Sep  6 14:12:56.872: %SYS-5-CONFIG_I: m");
        // after the PRI, kept when a time follows
        p = read(R, "<189>82: *Mar  1 18:46:11: %SYS-5-CONFIG_I: m");
        assertThat(p.time().toInstant()).hasToString("2026-03-01T18:46:11Z");
        assertThat(pairs(p)).containsEntry("sequence", "82");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("%SYS-5-CONFIG_I");
        p = read(R, "<189>82: hello");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("82: hello");
        assertThat(pairs(p)).doesNotContainKey("sequence");
        // a program name with digits and letters is still a program
        assertThat(read(R, "Sep  6 09:13:00 h 8021x: m").text(ParsedLine.Field.SERVICE))
                .isEqualTo("8021x");
    }

    @Test
    void aDateAheadOfTheReferenceIsLastYears() {
        assertThat(time("Dec 10 06:55:46 LabSZ sshd[24200]: x")).isEqualTo("2025-12-10T06:55:46Z");
        assertThat(time("Dec  3 06:55:46 LabSZ sshd[24200]: x")).isEqualTo("2026-12-03T06:55:46Z");
    }

    @Test
    void rfc3339TimeWithOrWithoutPri() {
        ParsedLine p = read(R, "<190>2019-02-13T21:53:30.605850+00:00 74794bfb6795 tag: start");
        assertThat(p.time().toInstant()).hasToString("2019-02-13T21:53:30.605850Z");
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("74794bfb6795");
        assertThat(read(R, "<13>2003-08-24T05:14:15Z localhost snarf?").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("snarf?");
        assertThat(read(R, "2023-09-08T17:20:30+0200 tarta r710.sh[20911]: hot").text(ParsedLine.Field.PID))
                .isEqualTo("20911");
        // Without PRI, a time and words is CRI, MySQL, kubectl --timestamps … unless there is a TAG.
        assertThat(read(R, "2016-10-06T00:17:09.669794202Z stdout F The content"))
                .isNull();
        assertThat(read(R, "2020-08-06T14:25:02.835618Z 0 [Note] [MY-012487] [InnoDB] DDL"))
                .isNull();
        assertThat(read(R, "2019-01-01 12:00:00 host tag: text")).isNull();
        // A PRI without a valid TIMESTAMP: all of the rest is the message (RFC 3164 §4.3.3).
        ParsedLine dateOnly = read(R, "<13>2003-08-24 localhost snarf?");
        assertThat(dateOnly.hasTime()).isFalse();
        assertThat(dateOnly.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(dateOnly.text(ParsedLine.Field.MESSAGE)).isEqualTo("2003-08-24 localhost snarf?");
    }

    @Test
    void priWithoutValidTimestampKeepsLevelFacilityAndMessage() {
        // Cisco IOS with an empty sequence number (elastic/integrations cisco_ios test log)
        ParsedLine cisco = read(R, "<190>: Jul 14 2023 08:23:43.398 UTC: %FOO-6-BAR: Test header format");
        assertThat(cisco.level()).isEqualTo(LogLevel.INFO);
        assertThat(pairs(cisco)).containsEntry("facility", "local7");
        assertThat(cisco.hasTime()).isFalse();
        assertThat(cisco.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(cisco.text(ParsedLine.Field.MESSAGE))
                .isEqualTo(": Jul 14 2023 08:23:43.398 UTC: %FOO-6-BAR: Test header format");
        ParsedLine bare = read(R, "<11>  disk full");
        assertThat(bare.level()).isEqualTo(LogLevel.ERROR);
        assertThat(bare.text(ParsedLine.Field.MESSAGE)).isEqualTo("disk full");
        assertThat(read(R, "<13>").has(ParsedLine.Field.MESSAGE)).isFalse();
        // Not a PRI: no syslog at all.
        assertThat(read(R, "<192>hello")).isNull();
        assertThat(read(R, "<1a>hello")).isNull();
        assertThat(read(R, "< 13>hello")).isNull();
    }

    @Test
    void hostAndTag() {
        ParsedLine p = read(R, "Jun 14 15:16:01 combo sshd(pam_unix)[19939]: auth failure");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("combo");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("sshd(pam_unix)");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("19939");
        p = read(R, "<133>Jun 13 16:33:35 haproxy[73411]: Proxy started.");
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("haproxy");
        p = read(R, "Jun 13 16:33:35 host haproxy[73411] no colon");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("haproxy");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("no colon");
        p = read(R, "2020-02-21T16:07:34.515030+00:00 heroku[router]: at=info");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("heroku");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("router");
        p = read(R, "<13>Feb  5 17:32:18 10.0.0.99 Use the BFG!");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("10.0.0.99");
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("Use the BFG!");
        p = read(R, "Jun 13 16:33:35 host [123]: text");
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("[123]: text");
        p = read(R, "Jun 13 16:33:35 host p[]: text");
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        p = read(R, "Jun 13 16:33:35 host :");
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(":");
    }

    @Test
    void syslogdsOwnMarkerHasNoHostOrProgram() {
        // FreeBSD's syslogd writes these itself, with no host name
        ParsedLine p = read(R, "Mar 24 14:26:01 --- last message repeated 2 times ---");
        assertThat(p.time().toInstant()).hasToString("2026-03-24T14:26:01Z");
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.has(ParsedLine.Field.SERVICE)).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("--- last message repeated 2 times ---");
        assertThat(read(R, "<13>Mar 24 14:26:01 ::1 app: hi").text(ParsedLine.Field.HOST))
                .isEqualTo("::1");
        // a relay's "-" for an unknown host (a real HAProxy line through rsyslog)
        ParsedLine dash = read(R, "Feb  1 18:34:10 - haproxy[42471]: 73.18.215.121:50886 [01/Feb/2018:18:34:10.200] x");
        assertThat(dash.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(dash.text(ParsedLine.Field.SERVICE)).isEqualTo("haproxy");
        assertThat(dash.text(ParsedLine.Field.PID)).isEqualTo("42471");
    }

    @Test
    void lineEndingEarly() {
        ParsedLine p = read(R, "<34>Oct 11 22:14:15");
        assertThat(p.hasTime()).isTrue();
        assertThat(p.has(ParsedLine.Field.HOST)).isFalse();
        assertThat(p.has(ParsedLine.Field.MESSAGE)).isFalse();
        assertThat(read(R, "Oct 11 22:14:15")).isNull();
        assertThat(read(R, "Oct 11 22:14:15 ")).isNull();
        p = read(R, "Oct 11 22:14:15 host");
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("host");
        assertThat(p.has(ParsedLine.Field.MESSAGE)).isFalse();
        p = read(R, "Oct 11 22:14:15 host kernel:");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("kernel");
        assertThat(p.has(ParsedLine.Field.MESSAGE)).isFalse();
    }

    @Test
    void messageSpacing() {
        assertThat(read(R, "Jul 27 14:41:57 combo kernel:  BIOS-e820: usable  ").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("BIOS-e820: usable  ");
        assertThat(read(R, "Jul 27 14:41:57 combo kernel: \tindented").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("\tindented");
    }

    @Test
    void structuredDataAtTheStartOfTheMessage() {
        ParsedLine p = read(R, "<46>Jan  5 15:33:03 h rsyslogd:  [origin software=\"rsyslogd\" x-pid=\"20506\"] start");
        assertThat(pairs(p))
                .containsExactly(
                        Map.entry("facility", "syslog"),
                        Map.entry("software", "rsyslogd"),
                        Map.entry("x-pid", "20506"));
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo("start");
        // A bracketed word is text: an element needs a parameter here.
        assertThat(read(R, "Jan  5 15:33:03 h app: [INFO] started").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[INFO] started");
        assertThat(read(R, "Jan  5 15:33:03 h app: [a b=\"1\"]x").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[a b=\"1\"]x");
        assertThat(read(R, "Jan  5 15:33:03 h app: [Tue Jun 08 11:54:08 2021] [php7:emerg]")
                        .text(ParsedLine.Field.MESSAGE))
                .isEqualTo("[Tue Jun 08 11:54:08 2021] [php7:emerg]");
        ParsedLine only = read(R, "Jan  5 15:33:03 h app: [a b=\"1\"]");
        assertThat(pairs(only)).containsEntry("b", "1");
        assertThat(only.has(ParsedLine.Field.MESSAGE)).isFalse();
    }

    @Test
    void octetCountedAndPri() {
        ParsedLine p = read(R, "60 <13>Feb  5 17:32:18 10.0.0.99 Use the BFG!");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(pairs(p)).containsEntry("facility", "user");
        assertThat(read(R, "60 Feb  5 17:32:18 10.0.0.99 Use the BFG!")).isNull();
        assertThat(read(R, "<192>Feb  5 17:32:18 h p: m")).isNull();
        // A space before the TIMESTAMP makes it no TIMESTAMP: the rest is the message.
        ParsedLine spaced = read(R, "<13> Feb  5 17:32:18 h p: m");
        assertThat(spaced.hasTime()).isFalse();
        assertThat(spaced.text(ParsedLine.Field.MESSAGE)).isEqualTo("Feb  5 17:32:18 h p: m");
        // An RFC 5424 line has no 3164 TIMESTAMP either; the parser tries the 5424 reader first.
        assertThat(read(R, "<13>1 2003-10-11T22:14:15.003Z h a - - -").text(ParsedLine.Field.MESSAGE))
                .isEqualTo("1 2003-10-11T22:14:15.003Z h a - - -");
        assertThat(LineParser.all(TimestampParser.UTC)
                        .parse("<13>1 2003-10-11T22:14:15.003Z h a - - -", 0L, new ParsedLine()))
                .isEqualTo(LineShape.SYSLOG5424);
        assertThat(read(R, "Jun 13 16:33:35 host app: m").level()).isNull();
    }

    @Test
    void firstCharacters() {
        for (char c : "<0123456789JFMASONDjfmasond".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isTrue();
        }
        for (char c : "[{ XIEWTBCKGHLPQRUVYZé-\"".toCharArray()) {
            assertThat(R.mayStartWith(c)).as("%s", c).isFalse();
        }
    }

    @Test
    void linear() {
        assertLinear(R, n -> "Jul 14 12:17:01." + "1".repeat(n) + " h p: m");
        assertLinear(R, n -> "<34>Oct 11 22:14:15" + " ".repeat(n) + "host");
        assertLinear(R, n -> "Oct 11 22:14:15 " + "h".repeat(n) + " " + "p".repeat(n) + "[" + "1".repeat(n));
        assertLinear(R, n -> "Oct 11 22:14:15 h p: " + "[a b=\"1\"]".repeat(n / 9) + "[open");
        assertLinear(R, n -> "Oct 11 22:14:15 h p: [a b=\"" + "\\\"".repeat(n / 2));
        assertLinear(R, n -> "2023-09-08T17:20:30" + "0".repeat(n) + " h p: m");
    }
}
