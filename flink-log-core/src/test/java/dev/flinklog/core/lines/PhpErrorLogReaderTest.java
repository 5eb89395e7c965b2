package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;
import dev.flinklog.core.time.TimestampParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.ZoneId;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class PhpErrorLogReaderTest {

    private static final PhpErrorLogReader READER = new PhpErrorLogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void errorLogInUtc() {
        ParsedLine p =
                read("[27-Apr-2026 12:34:56 UTC] PHP Fatal error:  Uncaught Error: boom in /var/www/main.php:42");
        assertThat(time(p)).isEqualTo("2026-04-27T12:34:56Z");
        assertThat(p.level()).isEqualTo(LogLevel.FATAL);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Uncaught Error: boom in /var/www/main.php:42");
        assertThat(p.pairCount()).isZero();
    }

    @Test
    void errorLogInARegion() {
        // php.ini's date.timezone: Berlin is UTC+1 in January, UTC+2 in July, whatever the default zone
        ParsedLine winter = LayoutReaderSupport.read(
                READER,
                "[12-Jan-2016 23:59:29 Europe/Berlin] PHP Warning:  x in /a.php on line 1",
                TimestampParser.forZone(ZoneId.of("Asia/Tokyo")));
        assertThat(time(winter)).isEqualTo("2016-01-12T22:59:29Z");
        assertThat(winter.level()).isEqualTo(LogLevel.WARN);
        ParsedLine summer = read("[12-Jul-2016 23:59:29 europe/berlin] PHP Notice:  y");
        assertThat(time(summer)).isEqualTo("2016-07-12T21:59:29Z");
        assertThat(summer.level()).isEqualTo(LogLevel.INFO);
        assertThat(summer.text(Field.MESSAGE)).isEqualTo("y");
        // an unknown region: not read rather than read in the wrong zone
        assertThat(read("[12-Jul-2016 23:59:29 Mars/Olympus] PHP Notice:  y")).isNull();
    }

    @Test
    void labels() {
        String head = "[27-Apr-2026 12:34:56 UTC] PHP ";
        assertThat(read(head + "Parse error:  syntax error").level()).isEqualTo(LogLevel.FATAL);
        assertThat(read(head + "Recoverable fatal error:  x").level()).isEqualTo(LogLevel.ERROR);
        assertThat(read(head + "Deprecated:  x").level()).isEqualTo(LogLevel.INFO);
        assertThat(read(head + "Strict Standards:  x").level()).isEqualTo(LogLevel.INFO);
        // not a label: the line is the application's text, with no level
        ParsedLine trace = read(head + "Stack trace:");
        assertThat(trace.level()).isNull();
        assertThat(trace.text(Field.MESSAGE)).isEqualTo("PHP Stack trace:");
        ParsedLine own = read("[27-Apr-2026 12:34:56 UTC] cron finished in 3 s");
        assertThat(own.level()).isNull();
        assertThat(own.text(Field.MESSAGE)).isEqualTo("cron finished in 3 s");
    }

    @Test
    void fpm() {
        ParsedLine p = read(
                "[26-Jan-2015 14:00:59] NOTICE: [pool www] 'user' directive is ignored when FPM is not running as root");
        assertThat(time(p)).isEqualTo("2015-01-26T14:00:59Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("pool")).isEqualTo("www");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("'user' directive is ignored when FPM is not running as root");
        ParsedLine debug = read(
                "[14-Feb-2019 12:58:52.123456] DEBUG: pid 1, fpm_event_loop(), line 409: event module triggered 2 times");
        assertThat(time(debug)).isEqualTo("2019-02-14T12:58:52.123456Z");
        assertThat(debug.level()).isEqualTo(LogLevel.DEBUG);
        assertThat(debug.text(Field.MESSAGE))
                .isEqualTo("pid 1, fpm_event_loop(), line 409: event module triggered 2 times");
        assertThat(read("[01-Sep-2018 11:28:28] ALERT: oops").level()).isEqualTo(LogLevel.FATAL);
        assertThat(
                        read("[01-Sep-2018 11:28:28] WARNING: [pool www] server reached pm.max_children setting (5), consider raising it")
                                .level())
                .isEqualTo(LogLevel.WARN);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // no zone and no level: too little says it is PHP's
                "[15-Jan-2024 10:30:45] my own message without zone",
                "[15-Jan-2024 10:30:45] INFO: not a level FPM writes",
                "[15-Jan-2024 10:30:45] NOTICE:no space",
                "[15-Jan-2024 10:30:45 UTC]no space",
                "[15-Jan-2024 10:30:45 UTC]",
                "[15-Jan-2024] PHP Warning:  no time",
                "[15/Jan/2024 10:30:45] PHP Warning:  slashes are Django's",
                "[2024-01-15 10:30:45] production.ERROR: Monolog",
                "[Mon Jan 15 10:30:45 2024] [error] Apache",
                "[15-Jan-2024 25:30:45 UTC] PHP Warning:  no such hour"
            })
    void notPhp(String line) {
        assertThat(read(line)).as(line).isNull();
    }

    @Test
    void throughTheParser() {
        ParsedLine p = ReaderFixture.parse("[09-Apr-2023 16:40:14 UTC] PHP Warning:  file_get_contents(x): failed");
        assertThat(p.shape()).isEqualTo(LineShape.PHP);
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "[27-Apr-2026 12:34:56 UTC] PHP " + repeat("Ab ", n) + ": x");
        assertLinear(READER, n -> "[27-Apr-2026 12:34:56] NOTICE: [pool " + repeat("w", n));
        assertLinear(READER, n -> "[27-Apr-2026 12:34:56 " + repeat("a/", n) + "] x");
    }
}
