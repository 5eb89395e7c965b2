package dev.flinklog.core.lines;

import java.util.Locale;

/**
 * The shapes of a log record that flink-log recognises, as the {@code shape} metadata and {@code
 * LOG_PARSE_LINE} name them. {@link #JSON} and {@link #OTLP} are the format's own (a JSON object, an
 * OTLP/JSON batch or record); the others are text lines read by {@link LineParser}, in the order it
 * tries them; {@link #PLAIN} is a line of no known shape (free text, a stack-trace line).
 */
public enum LineShape {
    // spotless:off: one shape per entry, its example a real line (source in the comment)
    JSON("a JSON object", null),
    OTLP("OTLP/JSON logs: a batch or one log record", null),
    // RFC 5424 §6.5, example 2
    SYSLOG5424("syslog RFC 5424, also RFC 6587 octet-counted",
            "<165>1 2003-08-24T05:14:15.000003-07:00 192.0.2.1 myproc 8710 - - %% It's time to make the do-nuts."),
    // RFC 3164 §5.4, example 1
    SYSLOG3164("BSD syslog RFC 3164, with or without PRI; rsyslog's and journald's short file formats",
            "<34>Oct 11 22:14:15 mymachine su: 'su root' failed for lonvick on /dev/pts/8"),
    // apache/httpd docs/manual/logs.xml, Combined Log Format
    COMBINED("Combined Log Format: Apache, nginx, Traefik (also with their extra fields)",
            "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326 "
                    + "\"http://www.example.com/start.html\" \"Mozilla/4.08 [en] (Win98; I ;Nav)\""),
    // apache/httpd docs/manual/logs.xml, Common Log Format
    CLF("Common Log Format: Apache, nginx",
            "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326"),
    // nginx/nginx.org xml/en/docs/dev/development_guide.xml, Logging
    NGINX_ERROR("nginx error log",
            "2016/09/16 22:08:52 [info] 17445#0: *1 client prematurely closed connection while sending mp4 to "
                    + "client, client: 127.0.0.1, server: , request: \"GET /file.mp4 HTTP/1.1\""),
    // apache/httpd docs/manual/logs.xml, Error Log
    APACHE_ERROR("Apache httpd error log, 2.2 and 2.4",
            "[Fri Sep 09 10:42:29.902022 2011] [core:error] [pid 35708:tid 4328636416] [client 72.15.99.187] "
                    + "File does not exist: /usr/local/apache2/htdocs/favicon.ico"),
    // haproxy/haproxy doc/configuration.txt §8.2.3, HTTP log format
    HAPROXY("HAProxy HTTP and TCP logs",
            "10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- "
                    + "1/1/1/1/0 0/0 {1wt.eu} {} \"GET /index.html HTTP/1.1\""),
    // istio.io access-log task
    ENVOY("Envoy and Istio sidecar access log, default text format; Envoy's own log",
            "[2020-11-25T21:26:18.409Z] \"GET /status/418 HTTP/1.1\" 418 - via_upstream - \"-\" 0 135 4 4 \"-\" "
                    + "\"curl/7.73.0-DEV\" \"84961386-6d84-929d-98bd-c5aee93b5c88\" \"httpbin:8000\" \"10.44.1.27:80\" "
                    + "outbound|8000||httpbin.foo.svc.cluster.local 10.44.1.23:37652 10.0.45.184:8000 "
                    + "10.44.1.23:46520 - default"),
    // vectordotdev/vrl src/stdlib/parse_klog.rs (tests)
    KLOG("Kubernetes klog / glog header",
            "I0505 17:59:40.692994   28133 klog.go:70] hello from klog"),
    // kubernetes design-proposals-archive, node/kubelet-cri-logging.md
    CRI("CRI container log line (containerd, CRI-O)",
            "2016-10-06T00:17:09.669794202Z stdout F The content of the log entry 1"),
    // docker-library/postgres issue 679, the default log_line_prefix
    POSTGRESQL("PostgreSQL server log with the default log_line_prefix",
            "2020-02-14 17:26:38.505 UTC [62] FATAL:  password authentication failed for user \"postgres\""),
    // bluewave-labs/Checkmate issue 2097, Redis 7 starting
    REDIS("Redis server log",
            "1:C 19 Apr 2025 19:18:19.277 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo"),
    // dev.mysql.com refman 8.0, Error Log Output Format
    MYSQL("MySQL and MariaDB server error log (5.5 to 8.x)",
            "2020-08-06T14:25:02.835618Z 0 [Note] [MY-012487] [InnoDB] DDL log recovery : begin"),
    // cpython Doc/howto/logging.rst, basicConfig's default format
    PYTHON("Python logging defaults and asctime layouts (also gunicorn, Celery, Airflow, uvicorn, Scrapy)", "WARNING:root:Watch out!"),
    // docs.spring.io spring-boot 1.3.0 reference, Logging
    JAVA("log4j, logback and Spring Boot default layouts (also Kafka, ZooKeeper, Hadoop, Spark, Elasticsearch, Quarkus, Cassandra, Jenkins)",
            "2014-03-05 10:57:51.112  INFO 45469 --- [           main] org.apache.catalina.core.StandardEngine  "
                    + ": Starting Servlet Engine: Apache Tomcat/7.0.52"),
    // ruby/logger lib/logger.rb, the documentation of Logger#add
    RUBY("Ruby's Logger default format (also Rails, Sidekiq)",
            "I, [2022-05-07T17:21:46.536234 #20536]  INFO -- mung: My message."),
    // thiagomarcal1984/alura-symfony-assincrono README.md, a Symfony dev.log (Monolog 2+)
    PHP("PHP Monolog's default line format (also Laravel, Symfony), PHP's error log and PHP-FPM's log",
            "[2023-03-19T15:57:43.219726+00:00] doctrine.DEBUG: Beginning transaction [] []"),
    // golang/go src/log/log.go, the default flags with Lshortfile
    GO("Go's log package default; HashiCorp's hclog (Consul, Vault, Nomad, Terraform)",
            "2009/01/23 01:23:23.123123 /a/b/c/d.go:23: message"),
    // projectsesame/sesame site/content/docs/main/troubleshooting/operator.md, controller-runtime's zap
    ZAP("Go zap's console encoder (also controller-runtime operators, Caddy)",
            "2020-12-01T00:10:14.245Z\tINFO\tcontroller-runtime.metrics\tmetrics server is starting to listen\t{\"addr\": \"127.0.0.1:8080\"}"),
    // elastic/beats filebeat/module/auditd/log/test/audit-rhel7.log
    AUDITD("Linux audit records: auditd's audit.log (also enriched, or forwarded by audispd), the kernel's audit lines, ausearch -i's interpreted records",
            "type=SERVICE_START msg=audit(1481076983.864:6): pid=1 uid=0 auid=4294967295 ses=4294967295 "
                    + "subj=system_u:system_r:init_t:s0 msg='unit=auditd comm=\"systemd\" exe=\"/usr/lib/systemd/systemd\" "
                    + "hostname=? addr=? terminal=? res=success'"),
    // sirupsen/logrus README, the text formatter
    LOGFMT("logfmt key=value lines (logrus, Go kit, slog, Heroku)",
            "time=\"2015-03-26T01:27:38-04:00\" level=warning msg=\"The group's number increased tremendously!\" "
                    + "number=122 omg=true"),
    PLAIN("free text of no known shape, stack-trace lines included", null);
    // spotless:on

    private final String description;
    private final String example;
    private final String sqlName = name().toLowerCase(Locale.ROOT);

    LineShape(String description, String example) {
        this.description = description;
        this.example = example;
    }

    /** A real line of this shape, as the documentation shows it; null for JSON, OTLP and plain. */
    public String example() {
        return example;
    }

    /** The name the metadata column and the functions give, e.g. {@code syslog5424}. */
    public String sqlName() {
        return sqlName;
    }

    /** What it is, for the documentation. */
    public String description() {
        return description;
    }

    /** Whether {@link LineParser} recognises this shape in text (JSON and OTLP are the format's). */
    public boolean isTextLine() {
        return this != JSON && this != OTLP && this != PLAIN;
    }

    /** The shape of a name as {@link #sqlName()} gives it, any case; null for none. */
    public static LineShape byName(String name) {
        for (LineShape s : values()) {
            if (s.sqlName.equalsIgnoreCase(name.trim())) {
                return s;
            }
        }
        return null;
    }
}
