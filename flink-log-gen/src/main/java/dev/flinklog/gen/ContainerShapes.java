package dev.flinklog.gen;

import java.util.SplittableRandom;

/**
 * Container logs: Docker's json-file records collected by Fluent Bit with its kubernetes filter,
 * and Docker's fluentd driver. The {@code log} field holds the application's own text line, so
 * the level the format reports is the one it reads from that line's header (klog letter,
 * Spring/Python level word, or an access line's status), and the record's shape is the line's
 * ({@code klog}, {@code java}, {@code python}, {@code combined}): these records have no level
 * field, so the format reads their message as a line whenever the schema has a level column.
 */
final class ContainerShapes {

    private ContainerShapes() {}

    private static final int[] SERVER_ERRORS = {500, 502, 503, 504};
    private static final String[] TEAMS = {"platform", "commerce", "growth"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (X11; Linux x86_64)", "curl/8.5.0", "okhttp/4.12.0", "kube-probe/1.30"
    };

    static GeneratedLog kubernetes(Event e) {
        SplittableRandom r = e.random;
        TextLine line = appText(e, r, true);
        Json j = Json.object()
                .str("time", Times.isoUtc(e.micros, 9))
                .str("stream", line.level.atLeast(Level.WARN) ? "stderr" : "stdout")
                .str("_p", "F")
                .str("log", line.text + "\n")
                .str("log_id", e.id);
        Json k = j.obj("kubernetes")
                .str("pod_name", e.pod())
                .str("namespace_name", "shop")
                .str("host", e.node())
                .str("container_name", e.service)
                .str("container_image", "registry.shop.internal/" + e.service + ":1." + (e.serviceIndex % 5) + ".2");
        k.obj("labels")
                .str("app.kubernetes.io/name", e.service)
                .str("pod-template-hash", e.pod().substring(e.service.length() + 1, e.service.length() + 7))
                .str("team", TEAMS[e.serviceIndex % TEAMS.length])
                .end();
        k.end();
        return e.out(
                Producer.K8S_FLUENTBIT, j.close(), line.level, e.micros, 1, line.templateId, line.shape, line.status);
    }

    static GeneratedLog dockerFluentd(Event e) {
        SplittableRandom r = e.random;
        TextLine line = appText(e, r, false);
        String payload = Json.object()
                .str("container_id", Messages.hex(new StringBuilder(64), r, 64).toString())
                .str("container_name", "/shop-" + e.service + "-" + (e.hostIndex + 1))
                .str("source", line.level.atLeast(Level.WARN) ? "stderr" : "stdout")
                .str("log", line.text)
                .str("com.docker.compose.project", "shop")
                .str("com.docker.compose.service", e.service)
                .str("service.name", e.service)
                .str("log_id", e.id)
                // Fluent Bit's default time_key format: epoch seconds as a double
                .raw("@timestamp", Times.epochSecondsDecimal(e.micros, 6))
                .close();
        return e.out(
                Producer.DOCKER_FLUENTD, payload, line.level, e.micros, 1, line.templateId, line.shape, line.status);
    }

    /**
     * An application's text line, the level and shape the format reads from it, the template of
     * its own text (an access line) or null, and its HTTP status or null.
     */
    record TextLine(String text, Level level, String templateId, String shape, Integer status) {
        TextLine(String text, Level level, String shape) {
            this(text, level, null, shape, null);
        }
    }

    /** One of klog, Spring Boot, Python logging or (for background records) an nginx access line. */
    static TextLine appText(Event e, SplittableRandom r, boolean allowAccessLog) {
        boolean background = !e.template.id().startsWith("incident.");
        int style = r.nextInt(allowAccessLog && background ? 10 : 8);
        if (style < 2) {
            return klog(e);
        } else if (style < 5) {
            return spring(e, r);
        } else if (style < 8) {
            return python(e);
        }
        return access(e, r);
    }

    private static TextLine klog(Event e) {
        char letter = e.level.klogLetter();
        Level level = e.level.asKlog();
        String text = letter + Times.klog(e.micros) + "       1 controller.go:" + (100 + e.serviceIndex * 7) + "] "
                + e.message;
        return new TextLine(text, level, Shapes.KLOG);
    }

    private static TextLine spring(Event e, SplittableRandom r) {
        // logback has no FATAL: Spring prints those as ERROR
        Level level = e.level == Level.FATAL ? Level.ERROR : e.level;
        String word = level.name();
        String text = Times.isoUtc(e.micros, 3) + " " + (word.length() == 4 ? " " : "") + word + " 1 --- ["
                + e.service + "] [nio-8080-exec-" + (1 + r.nextInt(10)) + "] c.s." + e.service.replace("-", "")
                + ".Service : " + e.message;
        return new TextLine(text, level, Shapes.JAVA);
    }

    private static TextLine python(Event e) {
        String word;
        Level level;
        switch (e.level) {
            case TRACE, DEBUG -> {
                word = "DEBUG";
                level = Level.DEBUG;
            }
            case WARN -> {
                word = "WARNING";
                level = Level.WARN;
            }
            case ERROR -> {
                word = "ERROR";
                level = Level.ERROR;
            }
            case FATAL -> {
                word = "CRITICAL";
                level = Level.FATAL;
            }
            default -> {
                word = "INFO";
                level = Level.INFO;
            }
        }
        String text =
                Times.iso(e.micros, 0, 3, ' ', ',', 'N') + " - " + e.service + ".worker - " + word + " - " + e.message;
        return new TextLine(text, level, Shapes.PYTHON);
    }

    private static TextLine access(Event e, SplittableRandom r) {
        // the access line replaces the message; its status carries the level
        int status;
        switch (e.level) {
            case WARN -> status = r.nextBoolean() ? 404 : 429;
            case ERROR, FATAL -> status = SERVER_ERRORS[r.nextInt(SERVER_ERRORS.length)];
            default -> status = r.nextInt(5) == 0 ? 304 : 200;
        }
        Level level = status >= 500 ? Level.ERROR : status >= 400 ? Level.WARN : Level.INFO;
        String text = "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254)) + " - - ["
                + Times.clf(e.micros) + "] \"GET /api/v2/products/" + r.nextInt(1, 10_000) + " HTTP/1.1\" "
                + status + " " + (status == 304 ? 0 : r.nextInt(200, 20_000)) + " \"-\" \""
                + AGENTS[r.nextInt(AGENTS.length)] + "\"";
        return new TextLine(text, level, "access." + status, Shapes.COMBINED, status);
    }
}
