package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;
import dev.flinklog.core.lines.ParsedLine.Field;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.flinklog.core.lines.LayoutReaderSupport.assertLinear;
import static dev.flinklog.core.lines.LayoutReaderSupport.repeat;
import static dev.flinklog.core.lines.LayoutReaderSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

class JavaLayoutReaderTest {

    private static final JavaLayoutReader READER = new JavaLayoutReader();

    private static ParsedLine read(String line) {
        return LayoutReaderSupport.read(READER, line);
    }

    @Test
    void quarkus() {
        ParsedLine p =
                read("2020-07-10 17:33:27,111 WARN  [io.agr.pool] (Agroal_6655648741) Datasource '<default>': failed");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.value("logger")).isEqualTo("io.agr.pool");
        assertThat(p.value("thread")).isEqualTo("Agroal_6655648741");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Datasource '<default>': failed");
        assertThat(read("2024-12-01 17:17:51,419 INFO  [io.quarkus] (Quarkus Main Thread) Installed features")
                        .value("thread"))
                .isEqualTo("Quarkus Main Thread");
        // no closing parenthesis, an empty logger or thread: not Quarkus's
        assertThat(read("2024-12-01 17:17:51,419 INFO  [io.quarkus] (main no close"))
                .isNull();
        assertThat(read("2024-12-01 17:17:51,419 INFO  [] (main) x")).isNull();
        assertThat(read("2024-12-01 17:17:51,419 INFO  [io.quarkus] () x")).isNull();
    }

    @Test
    void allBracketed() {
        ParsedLine p = read("[2024-10-28 14:30:45.123] [INFO ] [main] [com.example.UserService] - User logged in");
        assertThat(time(p)).isEqualTo("2024-10-28T14:30:45.123Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("com.example.UserService");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("User logged in");
        p = read("[2021-01-20 12:43:13,109] [WARN ] [pool [1]] [a.B] [] x");
        assertThat(p.value("thread")).isEqualTo("pool [1]");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("x");
        // all three groups, a level first, a logger without spaces
        assertThat(read("[2021-01-20 12:43:13,109] [INFO ] [main] x")).isNull();
        assertThat(read("[2021-01-20 12:43:13,109] [main] [INFO] [a.B] x")).isNull();
        assertThat(read("[2021-01-20 12:43:13,109] [INFO] [main] [a b] x")).isNull();
        assertThat(read("[2021-01-20 12:43:13,109] [INFO] [main] [a.B]x")).isNull();
    }

    @Test
    void springBootLog4j2UnknownPid() {
        ParsedLine p = read("2017-04-07 14:37:36.443  INFO ???? --- [           main] s.a.l.App    : Starting");
        assertThat(p.text(Field.PID)).isNull();
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("s.a.l.App");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Starting");
        assertThat(read("2017-04-07 14:37:36.443  INFO ??? --- [main] s.a.l.App : Starting"))
                .isNull();
    }

    @Test
    void threadThenLoggerBeforeSpacedColon() {
        // log4j2's "%d %p [%t] %c : %m", and the same with Spring's padding
        ParsedLine p = read("2024-01-01 10:00:00,123 INFO [main] com.example.App : message here");
        assertThat(time(p)).isEqualTo("2024-01-01T10:00:00.123Z");
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("com.example.App");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("message here");
        p = read(
                "2025-03-14T07:05:01.314-05:00 INFO [           main] o.s.b.w.e.t.TomcatWebServer     : Tomcat started");
        assertThat(time(p)).isEqualTo("2025-03-14T12:05:01.314Z");
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("o.s.b.w.e.t.TomcatWebServer");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Tomcat started");
        assertThat(read("2024-01-01 10:00:00,123 INFO [main] com.example.App :").text(Field.MESSAGE))
                .isNull();
        // a second word before the colon, or a colon glued to the text after it: not this layout
        assertThat(read("2024-01-01 10:00:00,123 INFO [main] com.example.App says : hi"))
                .isNull();
        assertThat(read("2024-01-01 10:00:00,123 INFO [main] com.example.App :hi"))
                .isNull();
    }

    @Test
    void springBootTwoWithoutApplicationName() {
        ParsedLine p = read("2014-03-05 10:57:51.112  INFO 45469 --- [           main] o.a.c.c.StandardEngine"
                + "                  : Starting Servlet Engine");
        assertThat(time(p)).isEqualTo("2014-03-05T10:57:51.112Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(Field.PID)).isEqualTo("45469");
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("o.a.c.c.StandardEngine");
        assertThat(p.text(Field.SERVICE)).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Starting Servlet Engine");
    }

    @Test
    void springBootThreeNamesTheGroupsByTheThreadsWidth() {
        ParsedLine app =
                read("2024-01-02T03:04:05.123+01:00  WARN 7 --- [shop] [           main] [abc-def] c.e.App : hi");
        assertThat(time(app)).isEqualTo("2024-01-02T02:04:05.123Z");
        assertThat(app.text(Field.SERVICE)).isEqualTo("shop");
        assertThat(app.value("thread")).isEqualTo("main");
        assertThat(app.value("correlation")).isEqualTo("abc-def");
        assertThat(app.text(Field.MESSAGE)).isEqualTo("hi");

        ParsedLine group = read("2024-01-02T03:04:05.123Z  INFO 7 --- [shop] [sales] [nio-8080-exec-1] c.e.App : hi");
        assertThat(group.text(Field.SERVICE)).isEqualTo("shop");
        assertThat(group.value("application_group")).isEqualTo("sales");
        assertThat(group.value("thread")).isEqualTo("nio-8080-exec-1");

        // no 15-character group: [app] [thread]
        ParsedLine narrow = read("2024-01-02T03:04:05.123Z ERROR 7 --- [shop] [main] c.e.App : boom");
        assertThat(narrow.text(Field.SERVICE)).isEqualTo("shop");
        assertThat(narrow.value("thread")).isEqualTo("main");
        assertThat(narrow.level()).isEqualTo(LogLevel.ERROR);
    }

    @Test
    void springBootWithTracingIdsAfterTheLevel() {
        // Sleuth's "%5p [app,traceId,spanId,exportable]" (a Stack Overflow question's line)
        ParsedLine sleuth = read("2019-06-19 09:31:05.875 INFO [tkc,37b5f215d418d0ff,d5501f25ae8599bf,false] 13 --- "
                + "[ntainer#0-1-C-1] a.b.c.d.sample.ClassName : This is log message");
        assertThat(sleuth.level()).isEqualTo(LogLevel.INFO);
        assertThat(sleuth.text(Field.SERVICE)).isEqualTo("tkc");
        assertThat(sleuth.text(Field.PID)).isEqualTo("13");
        assertThat(sleuth.value("correlation")).isEqualTo("tkc,37b5f215d418d0ff,d5501f25ae8599bf,false");
        assertThat(sleuth.value("thread")).isEqualTo("ntainer#0-1-C-1");
        assertThat(sleuth.value("logger")).isEqualTo("a.b.c.d.sample.ClassName");
        assertThat(sleuth.text(Field.MESSAGE)).isEqualTo("This is log message");
        // Boot 3.0/3.1's documented "%5p [${spring.application.name:},%X{traceId:-},%X{spanId:-}]",
        // with no application name, and with no trace at all
        ParsedLine boot3 = read("2022-11-26T17:24:12.050+01:00  INFO [,63823dabe8475ad8d31ec1fc81853dcc,"
                + "d31ec1fc81853dcc] 1848 --- [nio-8080-exec-1] com.example.demomvc.DemoMvcApplication   : home()");
        assertThat(time(boot3)).isEqualTo("2022-11-26T16:24:12.050Z");
        assertThat(boot3.text(Field.SERVICE)).isNull();
        assertThat(boot3.value("correlation")).isEqualTo(",63823dabe8475ad8d31ec1fc81853dcc,d31ec1fc81853dcc");
        assertThat(boot3.text(Field.PID)).isEqualTo("1848");
        assertThat(boot3.text(Field.MESSAGE)).isEqualTo("home()");
        ParsedLine none = read("2022-11-26T17:27:44.991+01:00  INFO [,,] 19376 --- [ctor-http-nio-3] "
                + "com.example.demo.DemoApplication         : home() has been called");
        assertThat(none.value("correlation")).isNull();
        assertThat(none.text(Field.PID)).isEqualTo("19376");
        assertThat(none.value("thread")).isEqualTo("ctor-http-nio-3");
        // Boot 3.2's correlation group, blank when there is no trace
        ParsedLine blank = read("2026-01-22T17:52:24.971+05:30  INFO 6356 --- [demo] [           main] ["
                + " ".repeat(49) + "] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat started on port 8080");
        assertThat(blank.value("correlation")).isNull();
        assertThat(blank.text(Field.SERVICE)).isEqualTo("demo");
        assertThat(blank.value("thread")).isEqualTo("main");
    }

    @Test
    void springBootWithoutPidAndWithAnEmptyMessage() {
        ParsedLine p = read("2024-01-02 03:04:05.123  INFO --- [           main] c.e.App : ");
        assertThat(p.text(Field.PID)).isNull();
        assertThat(p.value("logger")).isEqualTo("c.e.App");
        assertThat(p.has(Field.MESSAGE)).isFalse();
        assertThat(read("2024-01-02 03:04:05.123  INFO 1 --- [main] c.e.App x")).isNull();
        assertThat(read("2024-01-02 03:04:05.123  INFO 1 --- c.e.App : x")).isNull();
    }

    @Test
    void flinkLayoutsWithAndWithoutTheNdc() {
        ParsedLine p = read("2021-11-17 15:53:38,655 INFO  org.apache.flink.A        [] -  Starting");
        assertThat(time(p)).isEqualTo("2021-11-17T15:53:38.655Z");
        assertThat(p.value("logger")).isEqualTo("org.apache.flink.A");
        assertThat(p.value("thread")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo(" Starting");

        ParsedLine old = read("2020-01-15 14:08:10,754 WARN  org.apache.flink.A         - Starting.");
        assertThat(old.level()).isEqualTo(LogLevel.WARN);
        assertThat(old.text(Field.MESSAGE)).isEqualTo("Starting.");

        ParsedLine ndc = read("2024-01-02 03:04:05,678 DEBUG com.example.Service [worker-1] - done");
        assertThat(ndc.value("thread")).isEqualTo("worker-1");
        assertThat(ndc.value("logger")).isEqualTo("com.example.Service");
    }

    @Test
    void zookeeperSplitsThreadClassAndLine() {
        ParsedLine p = read("2015-07-29 17:41:44,747 - INFO  [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181"
                + ":FastLeaderElection@774] - Notification time out: 3200");
        assertThat(p.value("thread")).isEqualTo("QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181");
        assertThat(p.value("logger")).isEqualTo("FastLeaderElection");
        assertThat(p.value("line")).isEqualTo("774");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Notification time out: 3200");

        ParsedLine plainGroup = read("2015-07-29 17:41:44,747 - ERROR [main] - x");
        assertThat(plainGroup.value("thread")).isEqualTo("main");
        assertThat(plainGroup.value("logger")).isNull();
    }

    @Test
    void hadoopAndRelativeMillisecondLayouts() {
        ParsedLine p = read("2015-10-18 18:06:26,029 FATAL [IPC Server handler 13 on 62270] o.a.h.Listener: Task");
        assertThat(p.level()).isEqualTo(LogLevel.FATAL);
        assertThat(p.value("thread")).isEqualTo("IPC Server handler 13 on 62270");
        assertThat(p.value("logger")).isEqualTo("o.a.h.Listener");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Task");

        ParsedLine r = read("2022-08-23 15:46:15,022 - 15506 WARN  [main] a.B$C:Log file not set.");
        assertThat(r.value("logger")).isEqualTo("a.B$C");
        assertThat(r.text(Field.MESSAGE)).isEqualTo("Log file not set.");
    }

    @Test
    void pythonsLevelNameColonIsNotTaken() {
        // "%d %p %c: %m" (Hadoop without a thread) is the same text as Python's
        // "%(asctime)s %(levelname)s %(name)s: %(message)s": PythonLogReader reads it.
        assertThat(read("2015-10-18 18:01:47,978 INFO org.apache.hadoop.Master: Created"))
                .isNull();
        assertThat(read("2024-01-02 03:04:05,678 INFO plain words here")).isNull();
    }

    @Test
    void ttllWithAndWithoutDate() {
        ParsedLine dated = read("2024-01-02 03:04:05.123 [main] INFO  com.example.App - Started");
        assertThat(time(dated)).isEqualTo("2024-01-02T03:04:05.123Z");
        assertThat(dated.yearInferred()).isFalse();
        assertThat(dated.value("thread")).isEqualTo("main");

        // logback 1.3+: " -" + (no key/values) + "- "
        ParsedLine dashes = read("20:49:07.962 [main] DEBUG c.i.HelloWorld1 -- Hello world.");
        assertThat(dashes.text(Field.MESSAGE)).isEqualTo("Hello world.");

        // after the reference's 12:00: the day before; before it: the same day
        assertThat(time(read("20:49:07.962 [main] DEBUG c.H - x"))).isEqualTo("2026-12-01T20:49:07.962Z");
        ParsedLine morning = read("08:58:45.839 [qtp1-47] DEBUG [HttpParser.java:281] - filled");
        assertThat(time(morning)).isEqualTo("2026-12-02T08:58:45.839Z");
        assertThat(morning.yearInferred()).isTrue();
        assertThat(morning.value("logger")).isEqualTo("HttpParser.java:281");

        assertThat(read("12:49:22,076 |-INFO in ch.qos.logback.classic.LoggerContext[default] - x"))
                .isNull();
        assertThat(read("06:46:40.95 INFO  ==> ** Starting **")).isNull();
    }

    @Test
    void pipesWithANumericZone() {
        ParsedLine p = read("2014-01-09 20:03:28,269 -0800 | ERROR | com.example.Service - unexpected");
        assertThat(time(p)).isEqualTo("2014-01-10T04:03:28.269Z");
        assertThat(p.value("logger")).isEqualTo("com.example.Service");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("unexpected");
    }

    @Test
    void kafkaTakesTheLoggerFromTheEnd() {
        ParsedLine p = read("[2018-11-22 07:48:26,262] INFO [Log partition=t-4, dir=/d] Recovering (kafka.log.Log)");
        assertThat(time(p)).isEqualTo("2018-11-22T07:48:26.262Z");
        assertThat(p.value("logger")).isEqualTo("kafka.log.Log");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("[Log partition=t-4, dir=/d] Recovering");

        ParsedLine empty = read("[2018-11-22 07:48:26,262] WARN (kafka.log.Log)");
        assertThat(empty.has(Field.MESSAGE)).isFalse();

        assertThat(read("[2018-11-22 07:48:26,262] INFO no logger at the end")).isNull();
        assertThat(read("[2018-11-22 07:48:26,262] INFO pid (PID 1234)")).isNull();
        assertThat(read("[2018-11-22 07:48:26,262] INFO glued(kafka.log.Log)")).isNull();
        // Flask's "in module:" is PythonLogReader's
        assertThat(read("[2018-11-22 07:48:26,262] INFO in app: x (a.b)")).isNull();
    }

    @Test
    void elasticsearchWithoutTheNodeAndLogstashWithItsPipeline() {
        // Elasticsearch 6's deprecation log: no node group
        ParsedLine es = read("[2017-12-01T14:46:10,428][WARN ][o.e.d.s.a.InternalOrder$Parser] Deprecated aggregation"
                + " order key [_term] used, replaced by [_key]");
        assertThat(time(es)).isEqualTo("2017-12-01T14:46:10.428Z");
        assertThat(es.level()).isEqualTo(LogLevel.WARN);
        assertThat(es.value("logger")).isEqualTo("o.e.d.s.a.InternalOrder$Parser");
        assertThat(es.value("node_name")).isNull();
        assertThat(es.text(Field.MESSAGE))
                .isEqualTo("Deprecated aggregation order key [_term] used, replaced by [_key]");
        // Logstash: the pipeline's id right after the logger, then the plugin's
        ParsedLine ls = read("[2019-11-20T19:04:48,468][ERROR][logstash.outputs.elasticsearch][.monitoring-logstash]"
                + " Encountered a retryable error.");
        assertThat(ls.level()).isEqualTo(LogLevel.ERROR);
        assertThat(ls.value("logger")).isEqualTo("logstash.outputs.elasticsearch");
        assertThat(ls.value("pipeline_id")).isEqualTo(".monitoring-logstash");
        assertThat(ls.value("plugin_id")).isNull();
        assertThat(ls.text(Field.MESSAGE)).isEqualTo("Encountered a retryable error.");
        ParsedLine both = read("[2023-01-02T03:04:05,006][INFO ][logstash.javapipeline    ][main][a1b2c3] Starting");
        assertThat(both.value("logger")).isEqualTo("logstash.javapipeline");
        assertThat(both.value("pipeline_id")).isEqualTo("main");
        assertThat(both.value("plugin_id")).isEqualTo("a1b2c3");
        assertThat(both.text(Field.MESSAGE)).isEqualTo("Starting");
        // with the node, as before (empty before the node is named)
        ParsedLine node = read("[2018-05-17T08:19:48,826][INFO ][o.e.c.s.ClusterApplierService] [vWNJsZ3] new_master");
        assertThat(node.value("node_name")).isEqualTo("vWNJsZ3");
        assertThat(node.text(Field.MESSAGE)).isEqualTo("new_master");
        assertThat(read("[2018-05-17T08:19:35,939][INFO ][o.e.n.Node               ] [] initializing ...")
                        .text(Field.MESSAGE))
                .isEqualTo("initializing ...");
        assertThat(read("[2018-05-17T08:19:35,939][INFO ][o.e.n.Node]x")).isNull();
    }

    @Test
    void log4jOnesTtccLayout() {
        // the log4j 1.2 manual's example output (BasicConfigurator sets this layout)
        ParsedLine p = read("176 [main] INFO  org.apache.log4j.examples.Sort - Populating an array of 2 elements.");
        assertThat(p.hasTime()).as("milliseconds since the start are no time").isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("org.apache.log4j.examples.Sort");
        assertThat(p.value("ndc")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Populating an array of 2 elements.");
        ParsedLine ndc = read("262 [main] DEBUG org.apache.log4j.examples.SortAlgo.OUTER i=1 - Outer loop.");
        assertThat(ndc.value("ndc")).isEqualTo("i=1");
        assertThat(ndc.text(Field.MESSAGE)).isEqualTo("Outer loop.");
        assertThat(read("0 [main] INFO a.B  - empty NDC").text(Field.MESSAGE)).isEqualTo("empty NDC");
        assertThat(read("176 [main] INFO org.apache.log4j.examples.Sort no dash"))
                .isNull();
        assertThat(read("176 [main] populating an array")).isNull();
        assertThat(read("200 [OK] INFO x - y").level()).isEqualTo(LogLevel.INFO);
    }

    @Test
    void tomcatOneLineFormatter() {
        ParsedLine p = read("30-Dec-2020 11:44:31.277 SEVERE [main] org.apache.catalina.util.LifecycleBase"
                + ".handleSubClassException Failed to initialize component [Connector[HTTP/1.1-8080]]");
        assertThat(time(p)).isEqualTo("2020-12-30T11:44:31.277Z");
        assertThat(p.level()).isEqualTo(LogLevel.ERROR);
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("logger")).isEqualTo("org.apache.catalina.util.LifecycleBase");
        assertThat(p.value("method")).isEqualTo("handleSubClassException");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Failed to initialize component [Connector[HTTP/1.1-8080]]");

        assertThat(read("31-Jul-2020 16:40:38.505 FINE [x] Source msg").value("logger"))
                .isEqualTo("Source");
        assertThat(read("31-Jul-2020 16:40:38.505 FINE [x] Source msg").level()).isEqualTo(LogLevel.DEBUG);
        assertThat(read("31-Foo-2020 16:40:38.505 INFO [x] a.b msg")).isNull();
        assertThat(read("31-Feb-2020 16:40:38.505 INFO [x] a.b msg")).isNull();
    }

    @Test
    void cassandraLevelFirst() {
        ParsedLine p = read("INFO  [main] 2021-07-21 12:18:15,910 YamlConfigurationLoader.java:92 - Configuration"
                + " location: file:/C:/conf/cassandra.yaml");
        assertThat(time(p)).isEqualTo("2021-07-21T12:18:15.910Z");
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.value("thread")).isEqualTo("main");
        assertThat(p.value("source")).isEqualTo("YamlConfigurationLoader.java:92");
        assertThat(p.value("logger")).isNull();
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Configuration location: file:/C:/conf/cassandra.yaml");
        p = read("WARN  [nioEventLoopGroup-2-1] 2021-07-21 12:23:32,856 Message.java:826 - a [b] - c");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.value("thread")).isEqualTo("nioEventLoopGroup-2-1");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("a [b] - c");
        // no date, no line number, no " - ", no space before the thread: not Cassandra's
        assertThat(read("INFO  [main] Message.java:826 - x")).isNull();
        assertThat(read("INFO  [main] 2021-07-21 12:23:32,856 Message.java - x"))
                .isNull();
        assertThat(read("INFO  [main] 2021-07-21 12:23:32,856 Message.java:826 x"))
                .isNull();
        assertThat(read("INFO[main] 2021-07-21 12:23:32,856 Message.java:826 - x"))
                .isNull();
    }

    @Test
    void jenkins() {
        ParsedLine p = read("2020-11-10 08:35:07.470+0000 [id=1]\tWARNING\to.e.j.s.handler.ContextHandler"
                + "#setContextPath: Empty contextPath");
        assertThat(time(p)).isEqualTo("2020-11-10T08:35:07.470Z");
        assertThat(p.level()).isEqualTo(LogLevel.WARN);
        assertThat(p.value("thread")).isEqualTo("1");
        assertThat(p.value("logger")).isEqualTo("o.e.j.s.handler.ContextHandler");
        assertThat(p.value("method")).isEqualTo("setContextPath");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Empty contextPath");
        assertThat(read("2025-01-06 01:36:00.891+0100 [id=40]\tINFO\tjenkins.InitReactorRunner$1#onAttained: Started")
                        .value("logger"))
                .isEqualTo("jenkins.InitReactorRunner$1");
        // spaces for the tabs, no method, no id number: not Jenkins's
        assertThat(read("2020-11-10 08:35:07.470+0000 [id=1] INFO a.B#m: x")).isNull();
        assertThat(read("2020-11-10 08:35:07.470+0000 [id=1]\tINFO\ta.B: x")).isNull();
        assertThat(read("2020-11-10 08:35:07.470+0000 [id=]\tINFO\ta.B#m: x")).isNull();
    }

    @Test
    void sparkAndStatusLogger() {
        ParsedLine p = read("17/06/09 20:10:40 INFO executor.CoarseGrainedExecutorBackend: Registered");
        assertThat(time(p)).isEqualTo("2017-06-09T20:10:40Z");
        assertThat(p.value("logger")).isEqualTo("executor.CoarseGrainedExecutorBackend");
        assertThat(p.text(Field.MESSAGE)).isEqualTo("Registered");

        ParsedLine s = read("ERROR StatusLogger No log4j2 configuration file found.");
        assertThat(s.level()).isEqualTo(LogLevel.ERROR);
        assertThat(s.value("logger")).isEqualTo("StatusLogger");
        assertThat(s.hasTime()).isFalse();
        assertThat(read("ERROR Something else")).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\tat org.example.App.main(App.java:12)",
                "at com.example.Foo.bar(Foo.java:28) ~[classes/:na]",
                "Caused by: java.net.BindException: Address already in use",
                "java.lang.NullPointerException: null",
                "Exception in thread \"main\" java.lang.RuntimeException: Test exception",
                "\t... 13 more",
                "Jul 30, 2020 3:00:21 PM org.apache.coyote.http11.Http11Protocol init",
                "2024-01-02 03:04:05,678",
                "2024-01-02 03:04:05,678 ",
                "2024-13-02 03:04:05,678 INFO  a.B - x",
                "[2024-01-02 03:04:05,678]",
                "2"
            })
    void notTaken(String line) {
        assertThat(read(line)).isNull();
    }

    @Test
    void startsOnlyWhereItsLayoutsDo() {
        assertThat(READER.mayStartWith('2')).isTrue();
        assertThat(READER.mayStartWith('[')).isTrue();
        assertThat(READER.mayStartWith('E')).isTrue();
        assertThat(READER.mayStartWith('a')).isFalse();
        assertThat(READER.mayStartWith('\t')).isFalse();
        assertThat(READER.mayStartWith(' ')).isFalse();
        assertThat(READER.mayStartWith('C')).isFalse();
    }

    @Test
    void linear() {
        // nested brackets for the thread group, never closed
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 INFO  " + repeat("[", n));
        assertLinear(READER, n -> "2024-01-02 03:04:05,678 - INFO  [" + repeat("a:b@1", n) + "] - x");
        assertLinear(READER, n -> "2024-01-02 03:04:05.123 [" + repeat("t[]", n) + "] INFO  a.B - x");
        // Kafka: the backward scan for the logger
        assertLinear(READER, n -> "[2024-01-02 03:04:05,678] INFO " + repeat("a.b", n) + ")");
        assertLinear(READER, n -> "2024-01-02 03:04:05.123  INFO 1 --- " + repeat("[x] ", n));
        assertLinear(READER, n -> "2024-01-02 03:04:05.123  INFO 1 --- [           main] " + repeat("c", n));
        assertLinear(READER, n -> "31-Jul-2020 16:40:38.505 INFO [x] " + repeat("a.", n) + " msg");
        assertLinear(READER, n -> "20:49:07.962 [" + repeat("main", n) + "] DEBUG a.B - x");
    }
}
