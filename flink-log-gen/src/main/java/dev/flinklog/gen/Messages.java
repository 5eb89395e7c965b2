package dev.flinklog.gen;

import java.util.SplittableRandom;

/**
 * The message texts, as tables of templates per level. Placeholders in braces are filled with
 * random values on each use, so one template yields many messages with one LOG_TEMPLATE: every
 * varying part is a token with a digit, a key=value, a path, a host name or a URL (see the
 * template rules in docs/functions.md). Info, debug and trace texts avoid the words the level
 * inference reads as warn or error, so text producers keep the level the template intends.
 */
final class Messages {

    private Messages() {}

    /** A template id (stable, for ground truth) and its text. */
    record Template(String id, String text) {}

    static final Template[] TRACE = {
        t("trace.enter", "entering OrderRepository.findById id={n}"),
        t("trace.span", "span {hex16} finished in {ms}ms"),
    };

    static final Template[] DEBUG = {
        t("debug.cache", "cache hit key=product:{n}"),
        t("debug.sql", "executed SELECT on {table} rows={n} in {ms}ms"),
        t("debug.flag", "feature flag new-checkout evaluated to {bool} for user {user}"),
        t("debug.pool", "http client pool stats leased={n} available={n}"),
    };

    static final Template[] INFO = {
        t("info.order", "order {order} placed for customer {n} total={amount}"),
        t("info.request", "GET {path} completed in {ms}ms"),
        t("info.login", "user {user} logged in from {ip}"),
        t("info.cache", "cache refreshed: {n} entries in {ms}ms"),
        t("info.payment", "payment {uuid} captured amount={amount} currency=EUR"),
        t("info.job", "scheduled job reindex-products finished, {n} documents"),
        t("info.connected", "connected to {host}:{port}"),
        t("info.rebalance", "consumer group rebalanced, {small} partitions assigned"),
        t("info.served", "request served status=200 path={path} duration={ms}ms"),
        t("info.shipment", "shipment {order} handed to carrier"),
        t("info.jp", "配送ラベルを作成しました order={order}"),
        t("info.de", "Bestellung {order} für Kunde {n} bestätigt"),
    };

    static final Template[] WARN = {
        t("warn.slow", "slow query on {table} took {ms}ms"),
        t("warn.retry", "retrying request to {host} (attempt {small} of 5)"),
        t("warn.pool", "connection pool at {pct}% of its maximum size"),
        t("warn.deprecated", "deprecated API /v1/orders called by client {ip}"),
        t("warn.quota", "rate limit approaching for tenant {n}: {pct}% of quota"),
        t("warn.cert", "certificate for {host} expires in {small} days"),
    };

    /** Errors: one or two per LOG_ERROR_CLASS (the class is the second part of the id). */
    static final Template[] ERROR = {
        t("error.connection_refused.0", "dial tcp {ip}:{port}: connect: connection refused"),
        t("error.timeout.0", "request to {host} timed out after {ms}ms"),
        t("error.timeout.1", "java.net.SocketTimeoutException: Read timed out after {ms}ms"),
        t("error.dns.0", "lookup {host}: no such host"),
        t("error.tls.0", "x509: certificate signed by unknown authority for {host}"),
        t("error.auth.0", "authentication failed for user {user}: invalid credentials"),
        t("error.permission.0", "open /var/lib/app/cache-{n}.db: permission denied"),
        t("error.not_found.0", "object s3://archive/{uuid}.parquet not found"),
        t("error.http_5xx.0", "upstream responded status=503 for {path}"),
        t("error.exception.0", "java.lang.IllegalStateException: order {order} has no items"),
        t("error.exception.1", "ValueError: invalid literal for int() with base 10: '{n}x'"),
        t("error.connection_reset.0", "read tcp {ip}:{port}: connection reset by peer"),
        t("error.disk_full.0", "write /var/lib/wal/{n}.log: no space left on device"),
    };

    static final Template[] FATAL = {
        t("fatal.panic", "panic: runtime error: index out of range [{n}] with length {small}"),
        t("fatal.oom.0", "java.lang.OutOfMemoryError: Java heap space (heap {n}MB)"),
        t("fatal.db", "database {host} unreachable after {small} attempts, shutting down"),
    };

    /** The error burst: the database of the burst service goes away for an hour. */
    static final Template[] BURST = {
        t(
                "incident.burst.0",
                "cannot acquire connection from pool payments-db: dial tcp 10.20.3.14:5432: connect: connection refused"),
        t("incident.burst.1", "pq: connection to payments-db.internal:5432 timed out after {ms}ms"),
        t("incident.burst.2", "POST /v1/charges failed: upstream request timed out after {ms}ms"),
    };

    /** The recurring misconfiguration: same template every day, varying values. */
    static final Template MISCONFIG = t(
            "incident.misconfig",
            "ConfigurationException: smtp.port={badport} is not a valid port in /etc/notify/conf.d/{small}-smtp.yaml");

    static Template[] of(Level level) {
        return switch (level) {
            case TRACE -> TRACE;
            case DEBUG -> DEBUG;
            case INFO -> INFO;
            case WARN -> WARN;
            case ERROR -> ERROR;
            case FATAL -> FATAL;
        };
    }

    private static Template t(String id, String text) {
        return new Template(id, text);
    }

    private static final String[] USERS = {"alice", "bob", "carol", "dmitri", "emma", "farid", "gita", "hiro", "zoë"};
    private static final String[] TABLES = {"orders", "order_items", "customers", "payments", "stock_levels"};
    private static final String[] PATHS = {
        "/api/v2/orders", "/api/v2/cart", "/api/v2/products", "/api/v2/search", "/healthz"
    };
    private static final String[] HOSTS = {
        "db-1.shop.internal",
        "cache-2.shop.internal",
        "api.partner.example.com",
        "smtp.shop.internal",
        "search-3.shop.internal"
    };
    private static final String[] BAD_PORTS = {"65536", "-1", "25a", "${SMTP_PORT}", "smtp", "0"};
    private static final String HEX = "0123456789abcdef";

    /** The template's text with each placeholder replaced by a fresh random value. */
    static String fill(String text, SplittableRandom r) {
        StringBuilder b = new StringBuilder(text.length() + 32);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int close = c == '{' ? text.indexOf('}', i) : -1;
            // a '{' that opens "${" belongs to the text (an unresolved variable), not to us
            if (close < 0 || (i > 0 && text.charAt(i - 1) == '$')) {
                b.append(c);
                i++;
                continue;
            }
            value(b, text.substring(i + 1, close), r);
            i = close + 1;
        }
        return b.toString();
    }

    private static void value(StringBuilder b, String name, SplittableRandom r) {
        switch (name) {
            case "n" -> b.append(r.nextInt(1, 100_000));
            case "small" -> b.append(r.nextInt(1, 10));
            case "ms" -> b.append(r.nextInt(1, 30_000));
            case "pct" -> b.append(r.nextInt(80, 100));
            case "port" -> b.append(r.nextInt(1024, 65_535));
            case "amount" -> b.append(r.nextInt(1, 900)).append('.').append(r.nextInt(10, 100));
            case "order" -> b.append("ord-").append(r.nextInt(100_000, 1_000_000));
            case "ip" ->
                b.append("10.")
                        .append(r.nextInt(256))
                        .append('.')
                        .append(r.nextInt(256))
                        .append('.')
                        .append(r.nextInt(1, 255));
            case "user" -> b.append(USERS[r.nextInt(USERS.length)]);
            case "table" -> b.append(TABLES[r.nextInt(TABLES.length)]);
            case "path" -> b.append(PATHS[r.nextInt(PATHS.length)]).append('/').append(r.nextInt(1, 10_000));
            case "host" -> b.append(HOSTS[r.nextInt(HOSTS.length)]);
            case "bool" -> b.append(r.nextBoolean());
            case "badport" -> b.append(BAD_PORTS[r.nextInt(BAD_PORTS.length)]);
            case "uuid" -> {
                hex(b, r, 8).append('-');
                hex(b, r, 4).append("-4");
                hex(b, r, 3).append('-').append(HEX.charAt(8 + r.nextInt(4)));
                hex(b, r, 3).append('-');
                hex(b, r, 12);
            }
            case "hex16" -> hex(b, r, 16);
            default -> throw new IllegalStateException("unknown placeholder {" + name + "}");
        }
    }

    static StringBuilder hex(StringBuilder b, SplittableRandom r, int digits) {
        for (int i = 0; i < digits; i++) {
            b.append(HEX.charAt(r.nextInt(16)));
        }
        return b;
    }
}
