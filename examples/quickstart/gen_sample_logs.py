#!/usr/bin/env python3
"""Writes examples/quickstart/sample-logs.jsonl, the quickstart's input (deterministic: fixed seed).

    python3 examples/quickstart/gen_sample_logs.py > examples/quickstart/sample-logs.jsonl

One small, made-up shop ("api", "checkout", "orders", "inventory", "billing", "nginx") observed through
the producers a log pipeline really meets, all in one file, one record per line:

  * Fluent Bit on Kubernetes: Docker json-file records ({"log","stream","time"}) plus the kubernetes
    filter's metadata (kubernetes.labels.app); the `log` text is klog, Spring Boot, Python logging or
    an nginx access line.
  * docker compose with the fluentd/json driver: dotted top-level labels (com.docker.compose.service).
  * pino (Node.js): numeric levels (30 info, 40 warn, 50 error), epoch-millisecond `time`.
  * JSON application logs with ECS-style `labels` and ISO timestamps in +09:00.
  * OTLP-ish records: timeUnixNano, severityNumber/severityText, body.stringValue, resource attributes.
  * logfmt lines and plain text lines (not JSON at all), and one truncated JSON record.

The errors recur with varying ids, ports, durations and paths, so that templates and fingerprints
have something to group: connection refused, timeouts, 5xx responses, DNS failures, TLS errors, OOM.
"""
import json
import random
from datetime import datetime, timedelta, timezone

rnd = random.Random(20260916)
T0 = datetime(2026, 9, 16, 3, 0, 0, tzinfo=timezone.utc)
JST = timezone(timedelta(hours=9))


def at(i):
    """Event i of the run: about 5 s apart, with jitter, over ~20 minutes."""
    return T0 + timedelta(seconds=i * 5 + rnd.random() * 4, microseconds=rnd.randrange(1000) * 1000)


def rfc3339_nanos(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d%03dZ" % (t.microsecond, rnd.randrange(1000))


def iso_jst(t):
    return t.astimezone(JST).isoformat(timespec="milliseconds")


def epoch_ms(t):
    return int(t.timestamp() * 1000)


def hexid(n):
    return "".join(rnd.choice("0123456789abcdef") for _ in range(n))


def ip():
    return "10.0.%d.%d" % (rnd.randrange(1, 6), rnd.randrange(2, 250))


# --- message texts, by producer ------------------------------------------------------------------

def klog(t, sev, text):
    return "%s%s %s       1 %s" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"), text)


def api_message(t):
    """klog lines of a Go API server (the `api` app)."""
    r = rnd.random()
    if r < 0.18:
        return klog(t, "E", 'reflector.go:138] failed to list *v1.ConfigMap: Get "https://10.96.0.1:443/api/v1/configmaps?limit=500": dial tcp 10.96.0.1:443: connect: connection refused')
    if r < 0.30:
        return klog(t, "E", "handler.go:%d] request %s to inventory:8080 failed: context deadline exceeded (Client.Timeout exceeded while awaiting headers)" % (rnd.choice([88, 91]), hexid(12)))
    if r < 0.38:
        return klog(t, "W", "cache.go:52] cache miss ratio %.2f above threshold 0.50 for key space sessions" % (0.5 + rnd.random() / 3))
    if r < 0.43:
        return klog(t, "E", 'resolver.go:77] lookup payments.internal on 10.96.0.10:53: no such host')
    return klog(t, "I", "server.go:%d] GET /v1/products/%d 200 %dms" % (rnd.choice([112, 118]), rnd.randrange(1, 5000), rnd.randrange(2, 90)))


def spring(t, level, logger, text):
    return "%s %5s 1 --- [nio-8080-exec-%d] %-40s : %s" % (
        t.astimezone(JST).strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000),
        level, rnd.randrange(1, 10), logger, text)


def orders_message(t):
    """Spring Boot lines of the `orders` service (times in the pod's +09:00 zone, no offset written)."""
    r = rnd.random()
    if r < 0.20:
        return spring(t, "ERROR", "c.e.shop.orders.PaymentClient", "Payment call for order %d failed: java.net.SocketTimeoutException: Read timed out after %d ms" % (rnd.randrange(40000, 49999), rnd.choice([3000, 5000])))
    if r < 0.30:
        return spring(t, "ERROR", "o.h.engine.jdbc.spi.SqlExceptionHelper", "Connection to orders-db:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.")
    if r < 0.36:
        return spring(t, "WARN", "c.e.shop.orders.OrderService", "Order %d has %d items without stock, holding" % (rnd.randrange(40000, 49999), rnd.randrange(1, 4)))
    if r < 0.40:
        return spring(t, "ERROR", "o.a.c.c.C.[.[.[/].[dispatcherServlet]", "Servlet.service() threw exception java.lang.OutOfMemoryError: Java heap space")
    return spring(t, "INFO", "c.e.shop.orders.OrderController", "Created order %d for customer %d in %d ms" % (rnd.randrange(40000, 49999), rnd.randrange(100, 999), rnd.randrange(5, 120)))


def python_message(t):
    """Python logging lines of the `inventory` worker (asctime with a comma before the millis)."""
    stamp = t.astimezone(JST).strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)
    r = rnd.random()
    if r < 0.20:
        return "%s ERROR inventory.sync: sync of warehouse %s failed: HTTPSConnectionPool(host='erp.example.com', port=443): Read timed out. (read timeout=10)" % (stamp, rnd.choice(["tokyo-1", "osaka-2", "nagoya-1"]))
    if r < 0.28:
        return "%s ERROR inventory.sync: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired (_ssl.c:1006)" % stamp
    if r < 0.40:
        return "%s WARNING inventory.tasks: retrying job %d after timeout (attempt %d of 5)" % (stamp, rnd.randrange(7000, 7999), rnd.randrange(1, 5))
    return "%s INFO inventory.tasks: job %d done: %d SKUs updated" % (stamp, rnd.randrange(7000, 7999), rnd.randrange(1, 400))


def nginx_message(t):
    """nginx access lines (status code in its access-log position) and the odd error-log line."""
    r = rnd.random()
    stamp = t.astimezone(JST).strftime("%d/%b/%Y:%H:%M:%S +0900")
    if r < 0.10:
        return '%s [error] 29#29: *%d connect() failed (111: Connection refused) while connecting to upstream, client: %s, server: shop.example.com, request: "GET /api/cart HTTP/1.1", upstream: "http://%s:8080/api/cart"' % (
            t.astimezone(JST).strftime("%Y/%m/%d %H:%M:%S"), rnd.randrange(1000, 99999), ip(), ip())
    status = rnd.choices([200, 200, 200, 304, 404, 502, 503, 504], weights=[40, 20, 10, 6, 6, 8, 5, 5])[0]
    path = rnd.choice(["/api/orders/%d" % rnd.randrange(40000, 49999), "/api/cart", "/static/app.%s.js" % hexid(8), "/api/products/%d" % rnd.randrange(1, 5000)])
    return '%s - - [%s] "GET %s HTTP/1.1" %d %d "-" "Mozilla/5.0 (X11; Linux x86_64)"' % (ip(), stamp, path, status, rnd.randrange(100, 20000))


# --- records, by producer --------------------------------------------------------------------------

def fluent_bit_k8s(t, app, text, stream="stdout"):
    pod = "%s-%s-%s" % (app, hexid(10), hexid(5))
    return {
        "log": text + "\n",
        "stream": stream,
        "time": rfc3339_nanos(t),
        "kubernetes": {
            "pod_name": pod,
            "namespace_name": "shop",
            "container_name": app,
            "labels": {"app": app, "pod-template-hash": pod.split("-")[1]},
            "annotations": {"prometheus.io/scrape": "true"},
        },
    }


def compose_record(t, service, text):
    return {
        "log": text,
        "container_name": "/shop-%s-1" % service,
        "source": "stdout",
        "time": rfc3339_nanos(t),
        "com.docker.compose.project": "shop",
        "com.docker.compose.service": service,
    }


def pino_record(t):
    r = rnd.random()
    if r < 0.22:
        level, msg = 50, "charge failed for cart %s: upstream payment-gateway responded 503 Service Unavailable" % hexid(8)
    elif r < 0.34:
        level, msg = 50, "request to http://fraud-check:9000/score failed, reason: connect ECONNREFUSED 10.0.2.%d:9000" % rnd.randrange(2, 250)
    elif r < 0.44:
        level, msg = 40, "slow checkout for cart %s: %d ms" % (hexid(8), rnd.randrange(1500, 6000))
    elif r < 0.47:
        level, msg = 60, "unhandled rejection: Error: getaddrinfo ENOTFOUND redis-sessions"
    else:
        level, msg = 30, "checkout completed for cart %s in %d ms" % (hexid(8), rnd.randrange(80, 900))
    return {"level": level, "time": epoch_ms(t), "pid": 17, "hostname": "checkout-5c7b9d-x2k4q",
            "name": "checkout", "service.name": "checkout", "msg": msg}


def json_app_record(t):
    """A JSON application log (ECS-ish `labels`), timestamps written in the +09:00 zone."""
    r = rnd.random()
    if r < 0.25:
        level, msg = "ERROR", "ledger export %d failed: HTTP 500 from https://ledger.internal/v2/exports" % rnd.randrange(300, 399)
    elif r < 0.35:
        level, msg = "ERROR", "could not write /var/spool/billing/batch-%d.csv: No space left on device" % rnd.randrange(1000, 1999)
    elif r < 0.45:
        level, msg = "WARNING", "invoice %d retried %d times" % (rnd.randrange(90000, 99999), rnd.randrange(2, 6))
    else:
        level, msg = "INFO", "invoice %d issued to customer %d" % (rnd.randrange(90000, 99999), rnd.randrange(100, 999))
    return {"timestamp": iso_jst(t), "level": level, "logger": "billing.invoices", "message": msg,
            "labels": {"app": "billing", "team": "payments"}}


def disk_full_record(t):
    return {"timestamp": iso_jst(t), "level": "ERROR", "logger": "billing.export",
            "message": "could not write /var/spool/billing/batch-%d.csv: No space left on device" % rnd.randrange(1000, 1999),
            "labels": {"app": "billing", "team": "payments"}}


def tls_record(t):
    stamp = t.astimezone(JST).strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)
    return fluent_bit_k8s(t, "inventory", "%s ERROR inventory.sync: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired (_ssl.c:1006)" % stamp, "stderr")


def otlp_record(t):
    r = rnd.random()
    if r < 0.30:
        sev, num, body = "ERROR", 17, "upstream request failed: dial tcp 10.0.4.%d:5432: connect: connection refused" % rnd.randrange(2, 250)
    elif r < 0.45:
        sev, num, body = "ERROR", 17, "rpc error: code = DeadlineExceeded desc = context deadline exceeded after %ds" % rnd.choice([5, 10, 30])
    elif r < 0.55:
        sev, num, body = "WARN", 13, "queue depth %d above soft limit" % rnd.randrange(1000, 5000)
    else:
        sev, num, body = "INFO", 9, "shipment %s dispatched" % hexid(10)
    return {
        "timeUnixNano": str(epoch_ms(t) * 1_000_000 + rnd.randrange(1_000_000)),
        "severityNumber": num,
        "severityText": sev,
        "body": {"stringValue": body},
        "traceId": hexid(32),
        "spanId": hexid(16),
        "resource": {"attributes": [
            {"key": "service.name", "value": {"stringValue": "shipping"}},
            {"key": "k8s.namespace.name", "value": {"stringValue": "shop"}},
        ]},
    }


def logfmt_line(t):
    r = rnd.random()
    ts = iso_jst(t)
    if r < 0.35:
        return 'ts=%s level=error service=mailer msg="smtp send failed" err="dial tcp 10.0.5.%d:587: i/o timeout" mail_id=%s' % (ts, rnd.randrange(2, 250), hexid(10))
    if r < 0.50:
        return 'ts=%s level=warn service=mailer msg="bounce received" mail_id=%s code=550' % (ts, hexid(10))
    return 'ts=%s level=info service=mailer msg="mail sent" mail_id=%s duration=%dms' % (ts, hexid(10), rnd.randrange(20, 400))


def plain_line(t):
    r = rnd.random()
    stamp = t.strftime("%Y-%m-%d %H:%M:%S")
    if r < 0.40:
        return "%s ERROR [scheduler] job %d failed: Permission denied: '/data/reports/%d.pdf'" % (stamp, rnd.randrange(100, 999), rnd.randrange(1000, 9999))
    return "%s INFO [scheduler] job %d finished in %.1fs" % (stamp, rnd.randrange(100, 999), rnd.random() * 20)


def main():
    producers = [
        (16, lambda t: fluent_bit_k8s(t, "api", api_message(t), "stderr")),
        (14, lambda t: fluent_bit_k8s(t, "orders", orders_message(t))),
        (10, lambda t: fluent_bit_k8s(t, "inventory", python_message(t), "stderr")),
        (14, lambda t: compose_record(t, "nginx", nginx_message(t))),
        (14, pino_record),
        (10, json_app_record),
        (10, otlp_record),
        (7, logfmt_line),
        (5, plain_line),
    ]
    # Short incidents at fixed points, so that the rarer error kinds are always in the sample
    # (a disk filling up on billing, an expired certificate seen by the inventory worker).
    incidents = {
        **{i: disk_full_record for i in (96, 99, 103)},
        **{i: tls_record for i in (170, 174)},
    }
    weights = [w for w, _ in producers]
    out = []
    for i in range(240):
        t = at(i)
        make = incidents.get(i) or rnd.choices([p for _, p in producers], weights=weights)[0]
        rec = make(t)
        out.append(rec if isinstance(rec, str) else json.dumps(rec, separators=(",", ":")))
    # A record cut off mid-way (a crashed writer, a full disk): the pipeline must not choke on it.
    cut = json.dumps(fluent_bit_k8s(at(120), "orders", orders_message(at(120))), separators=(",", ":"))
    out.insert(121, cut[: len(cut) // 2])
    print("\n".join(out))


if __name__ == "__main__":
    main()
