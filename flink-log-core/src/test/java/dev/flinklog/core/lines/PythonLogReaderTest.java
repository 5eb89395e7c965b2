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

class PythonLogReaderTest {

    private static final PythonLogReader READER = new PythonLogReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void scrapyAndOldGunicorn() {
        ParsedLine scrapy =
                read("2019-05-13 15:15:26 [scrapy.core.engine] DEBUG: Crawled (200) <GET https://x/> (referer: None)");
        assertThat(scrapy.level()).isEqualTo(LogLevel.DEBUG);
        assertThat(scrapy.value("logger")).isEqualTo("scrapy.core.engine");
        assertThat(scrapy.text(Field.MESSAGE)).isEqualTo("Crawled (200) <GET https://x/> (referer: None)");
        assertThat(read("2019-05-13 15:15:26 [scrapy.core.engine] Debug: lower case is not Python's"))
                .isNull();
        assertThat(read("2019-05-13 15:15:26 [a b] INFO: a space in the name")).isNull();
        ParsedLine gunicorn = read("2012-05-25 10:22:06 [83883] [INFO] Starting gunicorn 0.14.3");
        assertThat(gunicorn.level()).isEqualTo(LogLevel.INFO);
        assertThat(gunicorn.text(Field.PID)).isEqualTo("83883");
        assertThat(gunicorn.text(Field.MESSAGE)).isEqualTo("Starting gunicorn 0.14.3");
        assertThat(read("2012-05-25 10:22:06 [83883] [NOPE] x")).isNull();
    }

    @Test
    void loggerThenFileAndLineInBrackets() {
        ParsedLine p = read("2024-11-01 17:11:32,699 INFO daphne.server [server.py:113] HTTP/2 support not enabled");
        assertThat(p.value("logger")).isEqualTo("daphne.server");
        assertThat(p.value("source")).isEqualTo("server.py:113");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("HTTP/2 support not enabled");
        assertThat(read("2024-11-01 17:11:32,699 INFO app [app.py:7]: hi").text(Field.MESSAGE))
                .isEqualTo("hi");
        assertThat(read("2024-11-01 17:11:32,699 INFO app [app.py:7]").has(Field.MESSAGE))
                .isFalse();
        // no file and line in the brackets: the text stays the message
        assertThat(read("2024-11-01 17:11:32,699 INFO app [app:7] hi").text(Field.MESSAGE))
                .isEqualTo("app [app:7] hi");
        assertThat(read("2024-11-01 17:11:32,699 INFO app [a.py:] hi").text(Field.MESSAGE))
                .isEqualTo("app [a.py:] hi");
        assertThat(read("2024-11-01 17:11:32,699 INFO app [a.py:7]x").text(Field.MESSAGE))
                .isEqualTo("app [a.py:7]x");
    }

    @Test
    void djangoVerboseLevelFirst() {
        ParsedLine p = read("WARNING 2013-02-23 12:46:01,605 forms 22360 -1250423952 User exists");
        assertThat(time(p)).isEqualTo("2013-02-23T12:46:01.605Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.text(Field.PID)).isEqualTo("22360");
        assertThat(p.value("module")).isEqualTo("forms");
        assertThat(p.value("thread")).isEqualTo("-1250423952");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("User exists");
        assertThat(read("INFO 2024-01-01 10:00:00,123 views 1 2").has(Field.MESSAGE))
                .isFalse();
        // all of module, process and thread, or not this layout
        assertThat(read("INFO 2024-01-01 10:00:00,123 views 1 hello")).isNull();
        assertThat(read("INFO 2024-01-01 10:00:00,123 views hello")).isNull();
        assertThat(read("INFO 2024-01-01 10:00:00,123 hello")).isNull();
        assertThat(read("INFO 2024-01-01 10:00:00,123 views 1 - x")).isNull();
        assertThat(read("NOTICE 2024-01-01 10:00:00,123 views 1 2 x")).isNull();
        assertThat(read("ERROR 404 not found")).isNull();
    }

    @Test
    void basicConfigDefault() {
        ParsedLine p = read("CRITICAL:app.db:connection lost: retrying");
        assertThat(p.level()).isEqualTo(LogLevel.FATAL);
        assertThat(p.value("logger")).isEqualTo("app.db");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("connection lost: retrying");
        assertThat(p.hasTime()).isFalse();

        ParsedLine noLogger = read("DEBUG:This message should appear on the console");
        assertThat(noLogger.value("logger")).isNull();
        assertThat(noLogger.text(Field.MESSAGE)).isEqualTo("This message should appear on the console");

        ParsedLine bare = read("ERROR:");
        assertThat(bare.level()).isEqualTo(LogLevel.ERROR);
        assertThat(bare.has(Field.MESSAGE)).isFalse();
    }

    @Test
    void uvicornPadsTheLevel() {
        assertThat(read("WARNING:  StatReload detected changes").level()).isEqualTo(LogLevel.WARN);
        assertThat(read("INFO:     Started server process [409602]").text(Field.MESSAGE))
                .isEqualTo("Started server process [409602]");
        // uvicorn's access line: its client, request and status; the level stays the prefix's
        ParsedLine access =
                read("INFO:     172.17.0.1:46818 - \"POST /predict?x=1 HTTP/1.1\" 500 Internal Server Error");
        assertThat(access.level()).isEqualTo(LogLevel.INFO);
        assertThat(access.text(Field.CLIENT_IP)).isEqualTo("172.17.0.1");
        assertThat(access.text(Field.HTTP_METHOD)).isEqualTo("POST");
        assertThat(access.text(Field.HTTP_PATH)).isEqualTo("/predict?x=1");
        assertThat(access.httpStatus()).isEqualTo(500);
        assertThat(access.text(Field.MESSAGE)).startsWith("172.17.0.1:46818 - ");
        // not quite that form: only the message
        for (String other : new String[] {
            "INFO:     host:1 - \"GET / HTTP/1.1\" 200 OK",
            "INFO:     127.0.0.1:1 - \"GET / HTTP/1.1\" 2000 OK",
            "INFO:     127.0.0.1:1 - \"GET / HTTP/1.1 200 OK",
            "INFO:     127.0.0.1:1 \"GET / HTTP/1.1\" 200 OK"
        }) {
            ParsedLine p = read(other);
            assertThat(p.httpStatus()).as(other).isEqualTo(-1);
            assertThat(p.has(Field.CLIENT_IP)).as(other).isFalse();
        }
        // Go's log with the prefix "INFO: " and Lshortfile is GoLogReader's
        assertThat(read("INFO: example_test.go:36: Hello world")).isNull();
        // not a Python level name
        assertThat(read("WARN: x")).isNull();
        assertThat(read("SEVERE: Servlet.service() threw exception")).isNull();
        assertThat(read("Info: x")).isNull();
    }

    @Test
    void howtoLayout() {
        ParsedLine p = read("2005-03-19 15:10:26,618 - simple_example - DEBUG - debug message");
        assertThat(time(p)).isEqualTo("2005-03-19T15:10:26.618Z");
        assertThat(p.value("logger")).isEqualTo("simple_example");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("debug message");
        assertThat(read("2005-03-19 15:10:26,618 - simple_example - WARN - x")).isNull();
        assertThat(read("2005-03-19 15:10:26,618 - INFO  [main:A@1] - x")).isNull();
    }

    @Test
    void levelThenLoggerColonOnlyForModuleLikeNames() {
        ParsedLine p = read("2024-01-02 03:04:05,678 INFO mymodule.sub: started");
        assertThat(p.value("logger")).isEqualTo("mymodule.sub");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("started");

        ParsedLine _private = read("2024-01-02 03:04:05,678 WARNING __main__: careful");
        assertThat(_private.value("logger")).isEqualTo("__main__");

        ParsedLine capital = read("2024-01-02 03:04:05,678 ERROR Error: disk full");
        assertThat(capital.value("logger")).isNull();
        assertThat(capital.text(Field.MESSAGE)).isEqualTo("Error: disk full");

        ParsedLine padded = read("2024-01-02 03:04:05,678 INFO     plain message");
        assertThat(padded.text(Field.MESSAGE)).isEqualTo("plain message");

        ParsedLine colon = read("2020-04-12 21:59:38,330 INFO: no action.  i am the leader");
        assertThat(colon.text(Field.MESSAGE)).isEqualTo("no action.  i am the leader");
        assertThat(read("2020-04-12 21:59:38,330 INFO:x")).isNull();
    }

    @Test
    void anyLevelWordAfterTheTime() {
        assertThat(read("2024-01-02 03:04:05,678 WARN something odd").level()).isEqualTo(LogLevel.WARN);
        assertThat(read("2024-01-02 03:04:05,678 [TRACE] x").level()).isEqualTo(LogLevel.TRACE);
        assertThat(read("2024-01-02 03:04:05,678 [ERROR] x").text(Field.MESSAGE))
                .isEqualTo("x");
    }

    @Test
    void javaLayoutsAreLeftToJava() {
        assertThat(read("2021-11-17 15:53:38,655 INFO  org.apache.flink.A        [] -  Starting"))
                .isNull();
        assertThat(read("2015-10-18 18:01:47,978 INFO [main] org.apache.hadoop.Master: Created"))
                .isNull();
        assertThat(read("2024-01-02 03:04:05.123 [main] INFO  com.example.App - Started"))
                .isNull();
        assertThat(read("2020-08-24 12:49:28.607 ERROR 30618 --- [nio-5000-exec-1] o.a.Foo : x"))
                .isNull();
    }

    @Test
    void bareAsctimeOnlyWithPythonsComma() {
        ParsedLine p = read("2010-12-12 11:41:42,612 is when this event was logged.");
        assertThat(p.level()).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("is when this event was logged.");
        assertThat(read("2010-12-12 11:41:42.612 is when this event was logged."))
                .isNull();
        assertThat(read("2010-12-12 11:41:42 is when this event was logged.")).isNull();
        assertThat(read("2017-09-07 10:12:46.100543 I | proto: duplicate proto type"))
                .isNull();
        // asctime has a space between date and time: an ISO "T" is another writer's
        assertThat(read("2021-03-09T17:32:02.136Z INFO CBAS.bootstrap.AnalyticsNCApplication [main] ..."))
                .isNull();
        assertThat(read("[2021-03-09T17:32:02.136Z] [1] [INFO] x")).isNull();
    }

    @Test
    void zonelessTimesAreInTheDefaultZone() {
        ParsedLine p = LayoutReaderSupport.read(
                READER, "2024-07-01 12:00:00,000 INFO x", TimestampParser.forZone(ZoneId.of("Europe/Berlin")));
        assertThat(time(p)).isEqualTo("2024-07-01T10:00:00Z");
    }

    @Test
    void osloLogRequestContext() {
        ParsedLine p =
                read("2017-05-16 00:00:00.008 25746 INFO nova.osapi_compute.wsgi.server [req-3810 113d 54fa - - -]"
                        + " 10.11.10.1 \"GET /v2/x HTTP/1.1\" status: 200");
        assertThat(p.text(Field.PID)).isEqualTo("25746");
        assertThat(p.value("logger")).isEqualTo("nova.osapi_compute.wsgi.server");
        assertThat(p.value("request_id")).isEqualTo("req-3810");
        assertThat(p.value("global_request_id")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("10.11.10.1 \"GET /v2/x HTTP/1.1\" status: 200");

        ParsedLine global = read("2023-01-02 03:04:05.006 7 ERROR nova.api [req-g1 req-l2 u p - - -] boom");
        assertThat(global.value("global_request_id")).isEqualTo("req-g1");
        assertThat(global.value("request_id")).isEqualTo("req-l2");

        ParsedLine none = read("2023-01-02 03:04:05.006 7 DEBUG nova.api [None req-l2 u p - - -] x");
        assertThat(none.value("request_id")).isEqualTo("req-l2");

        ParsedLine dash = read("2023-01-02 03:04:05.006 7 DEBUG nova.api [-] x");
        assertThat(dash.value("request_id")).isNull();
        assertThat(dash.text(Field.MESSAGE)).isEqualTo("x");
    }

    @Test
    void gunicornFlaskAndDictConfig() {
        ParsedLine g = read("[2022-03-10 15:28:37 +0100] [77809] [CRITICAL] WORKER TIMEOUT (pid:77883)");
        assertThat(time(g)).isEqualTo("2022-03-10T14:28:37Z");
        assertThat(g.text(Field.PID)).isEqualTo("77809");
        assertThat(g.level()).isEqualTo(LogLevel.FATAL);
        assertThat(g.text(Field.MESSAGE)).isEqualTo("WORKER TIMEOUT (pid:77883)");

        ParsedLine f = read("[2021-06-14 22:40:02,027] ERROR in app: Exception on /edit_profile [POST]");
        assertThat(f.value("module")).isEqualTo("app");
        assertThat(f.text(Field.MESSAGE)).isEqualTo("Exception on /edit_profile [POST]");
        assertThat(read("[2021-06-14 22:40:02,027] ERROR app: x")).isNull();

        ParsedLine d = read("[2023-07-14 08:04:06,168 - gunicorn.error - 264][INFO] Starting gunicorn 20.1.0");
        assertThat(d.value("logger")).isEqualTo("gunicorn.error");
        assertThat(d.value("line")).isEqualTo("264");
        assertThat(d.text(Field.MESSAGE)).isEqualTo("Starting gunicorn 20.1.0");
    }

    @Test
    void loggerFirst() {
        ParsedLine p = read("galaxy.queue_worker INFO 2022-03-10 15:28:36,431 [pN:main] Queuing sync task");
        assertThat(p.value("logger")).isEqualTo("galaxy.queue_worker");
        assertThat(time(p)).isEqualTo("2022-03-10T15:28:36.431Z");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("[pN:main] Queuing sync task");
        assertThat(read("galaxy.queue_worker INFO yesterday")).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Traceback (most recent call last):",
                "  File \"/app/main.py\", line 17, in start",
                "    return get()",
                "Exception: ('spam', 'eggs')",
                "ValueError: invalid literal for int() with base 10: 'x'",
                "During handling of the above exception, another exception occurred:",
                "LOG:  database system is ready to accept connections",
                "12/12/2010 11:46:36 AM is when this event was logged.",
                "2024-01-02 03:04:05,678",
                "[2024-01-02 03:04:05,678]",
                "_"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsOnlyWhereItsLayoutsDo() {
        assertThat(READER.mayStartWith('W')).isTrue();
        assertThat(READER.mayStartWith('g')).isTrue();
        assertThat(READER.mayStartWith('[')).isTrue();
        assertThat(READER.mayStartWith('1')).isTrue();
        assertThat(READER.mayStartWith(' ')).isFalse();
        assertThat(READER.mayStartWith('\t')).isFalse();
        assertThat(READER.mayStartWith('é')).isFalse();
    }

    @Test
    void linear() {
        assertLinear(READER, n -> "INFO:" + repeat("a", n) + ":x");
        assertLinear(READER, n -> "INFO:     " + repeat("a", n) + ".g");
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 INFO " + repeat("a", n) + " [");
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 INFO " + repeat("a", n) + "  " + repeat("[", n));
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 - " + repeat("a", n) + " - INFO - x");
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 [" + repeat("[", n));
        assertLinear(READER, n -> "2017-05-16 00:00:00.008 1 INFO n [" + repeat("req- ", n) + "] x");
        assertLinear(READER, n -> repeat("a", n) + " INFO 2024-01-02 03:04:05,678 x");
    }
}
