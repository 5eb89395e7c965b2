package dev.flinklog.gen;

/**
 * JSON written by application logging libraries, one record each. Every shape names the service
 * in a field the format reads ({@code service.name}, {@code service_name}, bunyan's {@code name})
 * as the library's usual enrichment does, and carries the id as {@code log_id}. Levels are written
 * in the library's own vocabulary; where it has no word for a level the nearest one is written
 * and expected (logback has no FATAL, zap no TRACE).
 */
final class AppLoggerShapes {

    private AppLoggerShapes() {}

    static GeneratedLog ecs(Event e) {
        Json j = Json.object()
                .str("@timestamp", Times.isoUtc(e.micros, 3))
                .str("log.level", e.level.word())
                .str("message", e.message)
                .str("ecs.version", "1.6.0")
                .str("service.name", e.service);
        j.obj("host").str("name", e.host()).end();
        j.obj("log").str("logger", "shop." + e.service).end();
        if (e.traceId != null) {
            j.str("trace.id", e.traceId).str("span.id", e.spanId);
        }
        j.str("log_id", e.id);
        return e.out(Producer.ECS, j.close(), e.level, Times.truncate(e.micros, 1000));
    }

    static GeneratedLog logstash(Event e) {
        Level level = e.level == Level.FATAL ? Level.ERROR : e.level;
        int value = switch (level) {
            case TRACE -> 5000;
            case DEBUG -> 10000;
            case INFO -> 20000;
            case WARN -> 30000;
            default -> 40000;
        };
        Json j = Json.object()
                // logstash-logback-encoder writes the JVM's zone offset (yyyy-MM-dd'T'HH:mm:ss.SSSXXX)
                .str("@timestamp", Times.iso(e.micros, e.offsetSeconds, 3, 'T', '.', 'Z'))
                .str("@version", "1")
                .str("message", e.message)
                .str("logger_name", "com.shop." + e.service.replace("-", "") + ".Service")
                .str("thread_name", "http-nio-8080-exec-" + (1 + e.random.nextInt(10)))
                .str("level", level.name())
                .num("level_value", value)
                .str("service_name", e.service)
                .str("hostname", e.host())
                .str("log_id", e.id);
        if (e.traceId != null) {
            j.str("trace_id", e.traceId).str("span_id", e.spanId);
        }
        return e.out(Producer.LOGSTASH, j.close(), level, Times.truncate(e.micros, 1000));
    }

    static int pinoLevel(Level level) {
        return 10 * (level.ordinal() + 1);
    }

    static GeneratedLog pino(Event e) {
        Json j = Json.object()
                .num("level", pinoLevel(e.level))
                .num("time", Math.floorDiv(e.micros, 1000))
                .num("pid", 1 + e.hostIndex)
                .str("hostname", e.pod())
                .str("service_name", e.service)
                .str("log_id", e.id)
                .str("msg", e.message);
        return e.out(Producer.PINO, j.close(), e.level, Times.truncate(e.micros, 1000));
    }

    static GeneratedLog bunyan(Event e) {
        Json j = Json.object()
                .str("name", e.service)
                .str("hostname", e.host())
                .num("pid", 7 + e.hostIndex)
                .num("level", pinoLevel(e.level))
                .str("msg", e.message)
                .str("time", Times.isoUtc(e.micros, 3))
                .str("log_id", e.id)
                .num("v", 0);
        return e.out(Producer.BUNYAN, j.close(), e.level, Times.truncate(e.micros, 1000));
    }

    static GeneratedLog zap(Event e) {
        Level level = e.level == Level.TRACE ? Level.DEBUG : e.level;
        Json j = Json.object()
                .str("level", level.word())
                .raw("ts", Times.epochSecondsDecimal(e.micros, 6))
                .str("caller", "server/handler.go:" + (40 + e.serviceIndex))
                .str("msg", e.message)
                .str("service.name", e.service)
                .str("log_id", e.id);
        if (e.traceId != null) {
            j.str("trace_id", e.traceId);
        }
        return e.out(Producer.ZAP, j.close(), level, e.micros);
    }

    static GeneratedLog logrus(Event e) {
        String word = e.level == Level.WARN ? "warning" : e.level.word();
        Json j = Json.object()
                .str("level", word)
                .str("msg", e.message)
                // logrus' default RFC 3339 in the process' local zone, whole seconds
                .str("time", Times.iso(e.micros, e.offsetSeconds, 0, 'T', '.', 'Z'))
                .str("service_name", e.service)
                .str("host", e.host())
                .str("log_id", e.id);
        return e.out(Producer.LOGRUS, j.close(), e.level, Times.truncate(e.micros, Times.MICROS));
    }

    static GeneratedLog clef(Event e) {
        Json j = Json.object()
                // .NET's round-trip format: 7 fraction digits and the local offset
                .str("@t", Times.iso(e.micros, e.offsetSeconds, 7, 'T', '.', 'Z'))
                .str("@m", e.message)
                .str("@i", Messages.hex(new StringBuilder(8), e.random, 8).toString());
        String l = switch (e.level) {
            case TRACE -> "Verbose";
            case DEBUG -> "Debug";
            case INFO -> null; // CLEF leaves the default level out
            case WARN -> "Warning";
            case ERROR -> "Error";
            case FATAL -> "Fatal";
        };
        if (l != null) {
            j.str("@l", l);
        }
        j.str("service_name", e.service).str("MachineName", e.host()).str("log_id", e.id);
        return e.out(Producer.CLEF, j.close(), e.level, e.micros);
    }

    static GeneratedLog gcp(Event e) {
        Level level = e.level == Level.TRACE ? Level.DEBUG : e.level;
        String severity = switch (level) {
            case WARN -> "WARNING";
            case FATAL -> "CRITICAL";
            default -> level.name();
        };
        Json j = Json.object().str("severity", severity).str("message", e.message);
        j.obj("timestamp")
                .num("seconds", Math.floorDiv(e.micros, Times.MICROS))
                .num("nanos", Math.floorMod(e.micros, Times.MICROS) * 1000)
                .end();
        if (e.traceId != null) {
            j.str("logging.googleapis.com/trace", "projects/shop-prod/traces/" + e.traceId);
        }
        j.obj("logging.googleapis.com/labels").str("team", "commerce").end();
        j.str("service_name", e.service).str("log_id", e.id);
        return e.out(Producer.GCP, j.close(), level, e.micros);
    }

    static GeneratedLog pythonJson(Event e) {
        Level level = e.level == Level.TRACE ? Level.DEBUG : e.level;
        String name = switch (level) {
            case WARN -> "WARNING";
            case FATAL -> "CRITICAL";
            default -> level.name();
        };
        Json j = Json.object()
                // python's asctime: local time without a zone; these containers run in UTC
                .str("asctime", Times.iso(e.micros, 0, 3, ' ', ',', 'N'))
                .str("name", e.service + ".worker")
                .str("levelname", name)
                .str("message", e.message)
                .str("service_name", e.service)
                .str("log_id", e.id);
        return e.out(Producer.PYTHON_JSON, j.close(), level, Times.truncate(e.micros, 1000));
    }

    static GeneratedLog log4j2(Event e) {
        Json j = Json.object();
        j.obj("instant")
                .num("epochSecond", Math.floorDiv(e.micros, Times.MICROS))
                .num("nanoOfSecond", Math.floorMod(e.micros, Times.MICROS) * 1000)
                .end();
        j.str("thread", "main")
                .str("level", e.level.name())
                .str("loggerName", "com.shop." + e.service.replace("-", "") + ".Service")
                .str("message", e.message)
                .raw("endOfBatch", "false")
                .str("loggerFqcn", "org.apache.logging.log4j.spi.AbstractLogger")
                .num("threadId", 1)
                .num("threadPriority", 5)
                // JsonLayout's KeyValuePair additional fields land at the top level
                .str("service_name", e.service)
                .str("log_id", e.id);
        return e.out(Producer.LOG4J2, j.close(), e.level, e.micros);
    }

    static GeneratedLog lambda(Event e) {
        Json j = Json.object()
                .str("timestamp", Times.isoUtc(e.micros, 3))
                .str("level", e.level.name())
                .str("message", e.message)
                .str("logger", "root")
                .str("requestId", uuid(e))
                .str("service_name", e.service)
                .str("log_id", e.id);
        return e.out(Producer.LAMBDA, j.close(), e.level, Times.truncate(e.micros, 1000));
    }

    private static String uuid(Event e) {
        StringBuilder b = new StringBuilder(36);
        Messages.hex(b, e.random, 8).append('-');
        Messages.hex(b, e.random, 4).append('-');
        Messages.hex(b, e.random, 4).append('-');
        Messages.hex(b, e.random, 4).append('-');
        return Messages.hex(b, e.random, 12).toString();
    }
}
