package dev.flinklog.core.level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** One test per inference rule of {@link LevelInference}; inputs are pipe-separated from levels. */
class LevelInferenceTest {

    private final LevelInference inference = new LevelInference();

    private String infer(String text) {
        // CSV rows cannot hold line breaks: the cases write them as a backslash and n.
        return inference.infer(text.replace("\\n", "\n")).sqlName();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // klog / glog: letter + mmdd + space + time
                "E0901 14:00:00.123456    1234 server.go:42] connection refused | error",
                "W0901 14:00:00.123456    1234 server.go:42] slow | warn",
                "I0901 14:00:00.123456    1234 server.go:42] listening | info",
                "F0901 14:00:00.123456    1234 main.go:10] cannot start | fatal",
                "E0722 12:00:00 failed | error",
                // no time after the letter+digits: not a klog header
                "E0901 is a product code | info",
            })
    void klogHeaders(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // PRI = 8 x facility + severity
                "<11>Mar 14 06:00:00 host app[1]: all good | error",
                "<14>Mar 14 06:00:00 host app[1]: request failed | info",
                "<165>1 2025-03-14T06:00:00Z host app 1 ID47 - msg | info",
                "<0>kernel panic | fatal",
                "<4>[    1.234] usb 1-1: new device | warn",
                "<7>debugging | debug",
                // not a PRI: too large, not digits, not at the start
                "<192>Mar 14 x | info",
                "<1a>x | info",
                "x <3>y | info",
            })
    void syslogPriority(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "ERROR something broke | error",
                "WARN disk almost full | warn",
                "DEBUG cache miss | debug",
                "TRACE enter foo() | trace",
                "[WARN] disk almost full | warn",
                "[warn] disk almost full | warn",
                "<error> bad input | error",
                "(warn) slow | warn",
                "`|INFO| started` | info",
                "`2025-03-14 12:00:00|ERROR|main|boom` | error",
                "ERROR: cannot open file | error",
                "Warning: deprecated option | warn",
                "WARNING:root:Watch out! | warn",
                "[ERROR]: failed | error",
                "notice: server started with errors | info",
                "FATAL out of memory | fatal",
                "CRITICAL disk failure | fatal",
                "SEVERE: connection lost | error",
                "ERROR2 second-level error | error",
                "[info3] detail | info",
            })
    void leadingOrDelimitedTokens(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // Spring Boot
                "2025-03-14 06:00:00.262  INFO 1 --- [main] o.s.b.StartupInfoLogger : Started in 2 s, 0 errors | info",
                "2025-03-14 06:00:00.262  WARN 1 --- [main] o.s.b.Foo : Retrying after error | warn",
                // Python logging default format with a logger name
                "2025-03-14 06:00:01,163 - myapp.db - INFO - connected | info",
                "2025-03-14 06:00:01,163 - root - ERROR - connection failed | error",
                // log4j PatternLayout
                "12:00:00.123 [main] WARN  c.e.Foo - slow query | warn",
                "12:00:00.123 [pool-1-thread-3] DEBUG c.e.Foo - detail | debug",
                // nginx error log
                "2025/03/14 06:00:00 [error] 12#12: *1 open() failed | error",
                "2025/03/14 06:00:00 [notice] 1#1: signal process started | info",
                // Apache
                "[Tue Sep 15 22:10:03 2026] [notice] Apache configured -- resuming normal operations | info",
                "[Tue Sep 15 22:10:07 2026] [error] [client 10.1.2.3] File does not exist: /srv/www/robots.txt | error",
                // HDFS / Hadoop
                "081201 101507 77 INFO dfs.DataNode$PacketResponder: PacketResponder 2 terminating | info",
                "081202 093015 412 WARN dfs.DataNode$DataXceiver: slow write to mirror took 812ms | warn",
                // BGL: the level is the ninth token, after upper-case words
                "- 1790001234 2026.09.21 R11-M0-N3-C:J05-U02 2026-09-21-08.15.30.123456 R11-M0-N3-C:J05-U02 RAS KERNEL INFO cache line refreshed after parity error corrected | info",
                "KERNPANIC 1790005678 2026.09.21 R07-M1-N2-C:J09-U11 2026-09-21-09.01.02.654321 R07-M1-N2-C:J09-U11 RAS KERNEL FATAL node halted after machine check | fatal",
                // Spark
                "26/09/21 08:15:30 INFO scheduler.TaskSetManager: Finished task 3.0 in stage 1.0 | info",
                // Rust env_logger
                "[2025-03-14T06:00:00Z WARN  my_app] low disk | warn",
                // Rust tracing / zap console (lower case after a timestamp)
                "2025-03-14T06:00:00.000Z  WARN my_app: low disk | warn",
                "2025-03-14T06:00:00.000Z\terror\tmain.go:12\tboom | error",
                "2025-03-14T06:00:00Z debug cache warmed | debug",
                // header tokens with letters, but mostly digits: ISO times, hex pids, versions
                "2025-03-14T06:00:00.123+09:00 trace entering handler | trace",
                "12:00:01.5Z 0x1f3 debug poll | debug",
                // an upper-case level after an unbracketed thread name still counts
                "12:00:00.123 pool-1-thread-3 DEBUG c.e.Foo - detail | debug",
                // Android logcat threadtime: single letter after date time pid tid
                "03-17 16:13:38.811  1702  2395 D WindowManager: printFreezingDisplayLogs | debug",
                "03-17 16:13:38.811  1702  2395 E AndroidRuntime: FATAL EXCEPTION: main | error",
                // logcat brief and tag formats
                "D/dalvikvm( 1234): GC freed 2 objects | debug",
                "W/ActivityManager(  123): Slow operation | warn",
                "E/AndroidRuntime(1234): FATAL EXCEPTION: main | error",
                "V/Tag: detail | trace",
                "I/O error on disk | error",
                "A/B testing started | info",
            })
    void levelAfterHeader(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // a lower-case or capitalised word at the very start is prose, not a header
                "critical section entered | info",
                "Critical path computed | info",
                "debug mode enabled | info",
                // an upper-case word after a prose word is not a header either
                "Sent ALERT to the on-call | info",
                // java.util.logging words count in text only in upper case
                "Setting BTCoex Config: enable_2G:1 | info",
                "2025-03-14 06:00:00 fine tuning done | info",
                "CONFIG: loaded | debug",
                "2025-03-14 06:00:00 FINEST entering | trace",
                "[fine] x | info",
                // a single letter is a level only in the logcat/klog positions
                "I think it works | info",
                "E is a letter | info",
                // a word that merely holds a digit is message text, and the level word after it
                // a noun (issue 18)
                "W3C trace context propagated to downstream | info",
                "worker-1 debug symbols loaded | info",
                "IPv6 info endpoint enabled | info",
                "OAuth2 trace id missing from request | info",
                // a bracketed word beyond the header window is not a header
                "a b c d e f g h i j [debug] k | info",
                // only the first line has a header
                "started\\nDEBUG detail | info",
            })
    void notHeaders(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "time=2025-03-14T06:00:00Z level=warn msg=\"disk almost full\" | warn",
                "ts=1 lvl=dbg msg=x | debug",
                "severity=ERROR component=db | error",
                "msg=\"request failed\" level=info | info",
                "`{\"level\":\"warn\",\"msg\":\"slow\"}` | warn",
                "`{\"msg\":\"[ERROR] payload\",\"level\":\"info\"}` | info",
                "`{\"msg\": \"x\", \"level\": \"ERROR\"}` | error",
                "`{\"level\":30,\"msg\":\"hello\"}` | info",
                "`{\"level\":50,\"msg\":\"hello\"}` | error",
                "`{\"log.level\":\"debug\"}` | debug",
                "`{\"levelname\": \"WARNING\", \"message\": \"x\"}` | warn",
                "`{\"severity_text\":\"FATAL\"}` | fatal",
                "`level='info' event='request failed'` | info",
                // unknown value: falls through to the keywords
                "level=foo msg=\"request failed\" | error",
                // a single digit is too ambiguous in text; two or more digits are read on auto
                "`[lvl=2] checking engine` | info",
                "`{\"level\":3}` | info",
                "`{\"level\":40}` | warn",
                // keys that only end like a level key are not level keys
                "mylevel=error | error",
                "loglevel=trace | trace",
            })
    void keyedLevels(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "Traceback (most recent call last): | error",
                "request failed\\nTraceback (most recent call last):\\n  File \"x.py\", line 1 | error",
                "Exception in thread \"main\" java.lang.NullPointerException | error",
                "java.lang.IllegalStateException: not started | error",
                "java.lang.OutOfMemoryError: Java heap space | error",
                "ValueError: bad value | error",
                "handler done\\njava.io.IOException: broken pipe\\n\tat x.Y.z(Y.java:1) | error",
                "Caused by: java.net.ConnectException: refused | error",
                "panic: runtime error: index out of range | fatal",
                "goroutine 1 [running]:\\nmain.main() | error",
                "System.NullReferenceException: Object reference not set | error",
                // look-alikes
                "ExceptionHandler registered | info",
                "MyError is a class name | info",
                "panicked attack | info",
                "goroutine pool sized to 8 | info",
            })
    void stackTraces(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "connection error | error",
                "Connection error. | error",
                "Connection reset (error) | error",
                "request failed: timeout | error",
                "3 errors found | error",
                "unhandled exception in worker | error",
                "write failure on disk | error",
                "deprecated, warning | warn",
                "something fatal happened | fatal",
                "kernel panic - not syncing | fatal",
                "status=\"error\" | error",
                // most severe keyword wins, wherever it is
                "deprecated option warning, backup failed | error",
                "fatal error in module | fatal",
                "error then fatal | fatal",
            })
    void keywords(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // research A.1 false positives
                "completed with no error | info",
                "error=0 | info",
                "Error: none | info",
                "critical section entered | info",
                "GET /api/error-handler 200 | info",
                "INFO retrying after error | info",
                "ERR_CONNECTION_RESET | info",
                "error_count=0 | info",
                // negations and zero counts
                "0 errors | info",
                "0 error | info",
                "000 warnings | info",
                "no errors | info",
                "No error occurred | info",
                "without error | info",
                "finished without errors | info",
                "never failed | info",
                "zero failures | info",
                "errors: 0 | info",
                "errors:0 warnings: 0 | info",
                "`{\"errors\": 0}` | info",
                "error=nil | info",
                "error: null | info",
                "failed=false | info",
                "0 warnings | info",
                // not words
                "misc:error | info",
                "error.log rotated | info",
                "errorHandler registered | info",
                "error-handler registered | info",
                "ERR_X | info",
                "x/error | info",
                "500error | info",
                // a number that is not all zeros still counts
                "10 errors | error",
                "errors: 3 | error",
                // zeros after a separator inside a number are digits of it, not a count
                "2026-09-02 21:38:32,000 WARN [gateway] hello | warn",
                "2026-09-02 21:38:32.000 ERROR [db] lost connection | error",
                "2026-09-02 21:38:32,000 DEBUG [gateway] hello | debug",
                "1,000 errors since start | error",
                "ts=12:00 errors: 0 | info",
            })
    void negatedAndZeroCounted(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /api/v1/products HTTP/1.1\" 200 19906 \"-\" \"curl\" | info",
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /x HTTP/1.1\" 404 0 \"-\" \"curl\" | warn",
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"POST /x HTTP/2.0\" 503 12 | error",
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /x HTTP/2\" 500 | error",
                "10.0.0.1 - - [14/Mar/2025:06:00:00 +0000] \"GET /x HTTP/1.1\" 301 0 | info",
                // not a status: more digits, or no request line
                "\"GET /x HTTP/1.1\" 5000 | info",
                "HTTP/1.1 500 Internal Server Error | error",
                "uses HTTP/1.1 | info",
            })
    void accessLogStatus(String text, String level) {
        assertThat(infer(text)).isEqualTo(level);
    }

    @Test
    void headerBeatsKeyedAndKeywords() {
        assertThat(infer("2025-03-14 06:00:00 INFO payload level=error")).isEqualTo("info");
        assertThat(infer("INFO java.lang.IllegalStateException: x")).isEqualTo("info");
        assertThat(infer("[debug] fatal error in module")).isEqualTo("debug");
    }

    @Test
    void keyedBeatsKeywords() {
        assertThat(infer("level=info msg=\"fatal error in module\"")).isEqualTo("info");
        assertThat(infer("msg=\"fatal error\" level=debug")).isEqualTo("debug");
    }

    @Test
    void jsonLinesHaveNoHeaderWindow() {
        assertThat(infer("{\"msg\":\"[ERROR] x\"}")).isEqualTo("error"); // keyword, not header
        assertThat(infer("  {\"msg\":\"[DEBUG] x\"}")).isEqualTo("info");
    }

    @Test
    void textWithoutACueIsInfo() {
        assertThat(infer("user logged in")).isEqualTo("info");
        assertThat(infer("  .  ")).isEqualTo("info");
    }

    @Test
    void noTextIsNoLevel() {
        assertThat(inference.infer(null)).isNull();
        assertThat(inference.infer("")).isNull();
        assertThat(inference.infer(" \t\r\n ")).isNull();
        // The scanner's state does not leak from one call into the next.
        assertThat(inference.infer("ERROR boom")).isEqualTo(LogLevel.ERROR);
        assertThat(inference.infer("   ")).isNull();
    }

    @Test
    void scannerIsReusable() {
        assertThat(infer("ERROR x")).isEqualTo("error");
        assertThat(infer("plain")).isEqualTo("info");
        assertThat(infer("0 errors")).isEqualTo("info");
        assertThat(infer("3 errors")).isEqualTo("error");
    }
}
