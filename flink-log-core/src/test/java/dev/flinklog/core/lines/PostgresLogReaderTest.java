package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class PostgresLogReaderTest {

    private static final PostgresLogReader READER = new PostgresLogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void defaultPrefix() {
        ParsedLine p = read("2022-04-12 00:16:05.526 UTC [7755] LOG:  database system is ready to accept connections");
        assertThat(time(p)).isEqualTo("2022-04-12T00:16:05.526Z");
        assertThat(p.text(Field.PID)).isEqualTo("7755");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("pg_kind")).isEqualTo("LOG");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("database system is ready to accept connections");
    }

    @ParameterizedTest
    @CsvSource({
        "LOG, info",
        "INFO, info",
        "NOTICE, info",
        "WARNING, warn",
        "ERROR, error",
        "FATAL, fatal",
        "PANIC, fatal",
        "DEBUG1, debug",
        "DEBUG5, debug",
    })
    void severities(String word, String level) {
        ParsedLine p = read("2022-04-12 00:16:05.526 UTC [1] " + word + ":  x");
        assertThat(p.level().sqlName()).isEqualTo(level);
        assertThat(p.value("pg_kind")).isEqualTo(word);
    }

    @ParameterizedTest
    @ValueSource(strings = {"DETAIL", "HINT", "QUERY", "CONTEXT", "STATEMENT", "LOCATION"})
    void companionLinesHaveNoLevel(String word) {
        ParsedLine p = read("2022-04-12 00:16:05.526 UTC [1] " + word + ":  x");
        assertThat(p.level()).isNull();
        assertThat(p.value("pg_kind")).isEqualTo(word);
        assertThat(p.text(Field.MESSAGE)).isEqualTo("x");
    }

    @Test
    void zones() {
        assertThat(time(read("2018-05-04 03:06:18.360 +0100 [3184] LOG:  x"))).isEqualTo("2018-05-04T02:06:18.360Z");
        assertThat(time(read("2022-12-23 09:53:43.862 -03 [790081] LOG: x"))).isEqualTo("2022-12-23T12:53:43.862Z");
        assertThat(time(read("2016-04-12 06:23:29 EST [29441-2] LOG:  x"))).isEqualTo("2016-04-12T11:23:29Z");
        // a region's own abbreviation, as log_timezone prints it
        assertThat(time(read("2016-04-12 06:23:29 CEST [29441-2] LOG:  x"))).isEqualTo("2016-04-12T04:23:29Z");
        // an abbreviation the timestamp parser does not know (India's, Ireland's or Israel's): the line without its
        // time
        ParsedLine unknown = read("2016-04-12 06:23:29 IST [29441-2] LOG:  x");
        assertThat(unknown.hasTime()).isFalse();
        assertThat(unknown.text(Field.PID)).isEqualTo("29441");
        // a number that is not an offset is not this shape
        assertThat(read("2016-04-12 06:23:29 +123 [1] LOG:  x")).isNull();
        // a zone is required: a level word there is another layout
        assertThat(read("2016-04-12 06:23:29 INFO [1] LOG:  x")).isNull();
        assertThat(read("2016-04-12 06:23:29.1234 UTC [1] LOG:  x")).isNull();
    }

    @Test
    void userAndDatabase() {
        ParsedLine ubuntu =
                read("2019-03-05 17:31:47.415 UTC [3431] admin@admin FATAL:  password authentication failed");
        assertThat(ubuntu.value("user")).isEqualTo("admin");
        assertThat(ubuntu.value("database")).isEqualTo("admin");
        assertThat(ubuntu.level()).isEqualTo(LogLevel.FATAL);

        ParsedLine rds = read("2018-08-22 16:00:04 UTC:ec2-1-1-1-1.compute-1.amazonaws.com(48808):myuser@mydb:[18762]:"
                + "LOG:  duration: 3668.685 ms  execute <unnamed>: SELECT 1");
        assertThat(rds.value("user")).isEqualTo("myuser");
        assertThat(rds.value("database")).isEqualTo("mydb");
        assertThat(rds.text(Field.PID)).isEqualTo("18762");
        assertThat(rds.durationMs()).isEqualTo(3668.685);

        ParsedLine unknown = read("2020-09-08 07:35:02 UTC [436]: [5f573426.1b4-1] [unknown]@[unknown],app=[unknown]"
                + " [00000] LOG:  connection received: host=10.121.14.113 port=5179");
        assertThat(unknown.value("user")).isNull();
        assertThat(unknown.value("database")).isNull();
        assertThat(unknown.text(Field.PID)).isEqualTo("436");

        ParsedLine halfKnown = read("2020-09-08 07:35:02 UTC [436] bob@[unknown] LOG:  x");
        assertThat(halfKnown.value("user")).isEqualTo("bob");
        assertThat(halfKnown.value("database")).isNull();
    }

    @Test
    void sqlstateAndDuration() {
        ParsedLine verbose = read("2022-11-20 07:18:18.131 GMT [1288262]: [10-1] db=, user=, app=, client= LOG:  00000:"
                + " database system is ready to accept connections");
        assertThat(verbose.value("sqlstate")).isEqualTo("00000");
        assertThat(verbose.text(Field.MESSAGE)).isEqualTo("database system is ready to accept connections");

        ParsedLine heroku = read(" sql_error_code = 28P01 FATAL:  password authentication failed");
        assertThat(heroku.value("sqlstate")).isEqualTo("28P01");
        assertThat(heroku.level()).isEqualTo(LogLevel.FATAL);
        assertThat(heroku.hasTime()).isFalse();

        assertThat(read("2022-04-12 00:16:05.526 UTC [1] LOG:  duration: 0.132 ms  statement: SELECT 1")
                        .durationMs())
                .isEqualTo(0.132);
        assertThat(read("2022-04-12 00:16:05.526 UTC [1] LOG:  duration: 12 ms").durationMs())
                .isEqualTo(12.0);
        assertThat(read("2022-04-12 00:16:05.526 UTC [1] LOG:  duration: 12 s").durationMs())
                .isNaN();
        assertThat(read("2022-04-12 00:16:05.526 UTC [1] LOG:  ABCDE: no digit, no sqlstate")
                        .value("sqlstate"))
                .isNull();
    }

    @Test
    void otherPrefixes() {
        ParsedLine rpm = read("< 2018-03-14 09:08:38.505 UTC > LOG:  checkpoint starting: time");
        assertThat(time(rpm)).isEqualTo("2018-03-14T09:08:38.505Z");
        assertThat(rpm.text(Field.MESSAGE)).isEqualTo("checkpoint starting: time");

        // the message of a syslog envelope with syslog_sequence_numbers
        ParsedLine syslog = read("[3-1] LOG:  database system is ready to accept connections");
        assertThat(syslog.level()).isEqualTo(LogLevel.INFO);
        assertThat(syslog.text(Field.PID)).isNull();
        assertThat(read("[3-2] #011 something")).isNull();

        ParsedLine glued = read("2020-03-19 12:19:14.440 UTC [21100] Patroni postgres postgres 127.0.0.1(35686)"
                + "LOG:  statement: SET statement_timeout = 0");
        assertThat(glued.value("user")).isNull();
        assertThat(glued.text(Field.MESSAGE)).isEqualTo("statement: SET statement_timeout = 0");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "LOG:  database system is ready to accept connections",
                "\tConnection matched pg_hba.conf line 94: \"host all all ::1/128 md5\"",
                "        Connection matched pg_hba.conf line 95: \"host all all all md5\"",
                "2018-03-14 13:14:03.129 UTC,,,22949,,5a96ecfb.59a5,4,,2018-02-28 17:55:07 UTC,,0,LOG,00000,\"x\"",
                "2020-04-12 21:59:38,330 INFO: no action.  i am the leader with the lock",
                "2022-04-12 00:16:05.526 UTC [1] nothing of a severity here",
                "2022-04-12 00:16:05.526 UTC [1] LOGGED:  x",
                "2022-04-12 00:16:05.526 UTC [1] xLOG:  x",
                "2022-04-12 00:16:05.526 UTC [1] LOG:x",
                "<34>Oct 11 22:14:15 mymachine su: 'su root' failed",
                " sql_error_code = 280 FATAL:  x",
                "[4018] 14 Nov 07:01:22.119 * Background saving terminated with success",
                "2022-04-12 00:16:05.526 UTC"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsOnlyWhereItsPrefixesDo() {
        assertThat(READER.mayStartWith('2')).isTrue();
        assertThat(READER.mayStartWith('<')).isTrue();
        assertThat(READER.mayStartWith(' ')).isTrue();
        assertThat(READER.mayStartWith('[')).isTrue();
        assertThat(READER.mayStartWith('L')).isFalse();
        assertThat(READER.mayStartWith('\t')).isFalse();
    }

    @Test
    void linear() {
        String time = "2022-04-12 00:16:05.526 UTC ";
        assertLinear(READER, n -> time + repeat(":A@[1", n));
        assertLinear(READER, n -> time + repeat(" DEBUG9", n));
        assertLinear(READER, n -> time + repeat("[", n) + " LOG:  x");
        assertLinear(READER, n -> time + repeat("a@b ", n) + "LOG:  x");
        assertLinear(READER, n -> time + "LOG:  duration: " + repeat("1", n) + " ms");
    }
}
