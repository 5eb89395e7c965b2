package dev.flinklog.bench;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAccessor;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The whole job of the text-line recogniser done the way users write it with {@code java.util.regex}
 * and {@code java.time}, for {@link LineShapeBenchmark#regexSameJob}: the grok-style patterns of one
 * of {@link LineShapeBenchmark}'s tables tried in order until one matches; the time group turned into
 * an instant by a {@link DateTimeFormatter} written for that pattern (optional sections for the
 * variants the pattern allows, the reference's year for year-less forms or, placing years as the
 * recogniser does, the year before where that would be after the reference, the reference's day for
 * time-only ones, UTC for zone-less ones); the level normalised (the layout's level word, the syslog
 * severity from PRI, the access-log status class); the message of a syslog or CRI envelope, or of a
 * prefix that container tools put before a line (a pattern whose shape is {@code plain}), matched
 * against the other patterns in the same order, and a logfmt line's pairs read with a pair pattern for
 * its time, level and message keys. This is what a Logstash pipeline does with grok, a second grok
 * on the syslog message, the date filter and a translate table, and what {@code LineParser} does.
 * Everything is compiled once.
 */
final class RegexLineParser {

    /** One line's result; reused. */
    static final class Result {
        String shape;
        Instant time;
        String level;
        String host;
        String app;
        String message;
        /** The time was written without a year (see {@link #YEARLESS}; only with placeYears). */
        boolean yearless;

        void clear() {
            shape = "plain";
            time = null;
            yearless = false;
            level = null;
            host = null;
            app = null;
            message = null;
        }
    }

    private static final String[] GROUPS = {"time", "level", "host", "app", "msg", "pri", "status"};
    private static final int TIME = 0;
    private static final int LEVEL = 1;
    private static final int HOST = 2;
    private static final int APP = 3;
    private static final int MSG = 4;
    private static final int PRI = 5;
    private static final int STATUS = 6;

    private static final Pattern LOGFMT_PAIR = Pattern.compile("([\\w.\\-]+)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S*)");

    private static final Map<String, String> LEVELS = new HashMap<>();

    static {
        for (String w : new String[] {"trace", "finest", "finer"}) {
            LEVELS.put(w, "trace");
        }
        for (String w :
                new String[] {"debug", "fine", "d", ".", "-", "debug1", "debug2", "debug3", "debug4", "debug5"}) {
            LEVELS.put(w, "debug");
        }
        for (String w : new String[] {"info", "information", "notice", "note", "log", "i", "*", "config", "system"}) {
            LEVELS.put(w, "info");
        }
        for (String w : new String[] {"warn", "warning", "w", "#"}) {
            LEVELS.put(w, "warn");
        }
        for (String w : new String[] {"error", "err", "e", "severe"}) {
            LEVELS.put(w, "error");
        }
        for (String w : new String[] {"fatal", "critical", "crit", "alert", "emerg", "panic", "f"}) {
            LEVELS.put(w, "fatal");
        }
        // The layouts table's words: logrus's four letters, PHP's labels.
        LEVELS.put("trac", "trace");
        LEVELS.put("debu", "debug");
        for (String w : new String[] {"deprecated", "strict standards"}) {
            LEVELS.put(w, "info");
        }
        for (String w : new String[] {"erro", "recoverable fatal error"}) {
            LEVELS.put(w, "error");
        }
        for (String w : new String[] {"fata", "pani", "fatal error", "parse error"}) {
            LEVELS.put(w, "fatal");
        }
    }

    /** The patterns whose time may be written without a year, which the reference then gives. */
    private static final Set<String> YEARLESS =
            Set.of("syslog3164", "syslog3164#grok", "syslog3164#cisco", "klog", "redis", "redis#2", "java#logback");

    /** A year in a time's text (no month-and-day, hour or fraction looks so). */
    private static final Pattern YEAR = Pattern.compile("(?<![\\d.])(?:19|20)\\d{2}(?!\\d)");

    private static final String[] SEVERITY = {"fatal", "fatal", "fatal", "error", "warn", "info", "info", "debug"};

    private final Pattern[] patterns;
    private final String[] names;
    /** Per pattern, which of {@link #GROUPS} it has (looked up once, not per line). */
    private final boolean[][] has;

    private final Function<String, Instant>[] times;
    private final boolean[] envelope;
    /** A prefix's pattern: without a line of a shape behind it, the line is plain. */
    private final boolean[] prefix;

    private final boolean[] logfmt;
    private final boolean[] yearless;
    private final boolean placeYears;
    private final Instant reference;
    private final Result inner = new Result();

    /**
     * A parser for {@code patternTable}'s rows, each {name, pattern}: the name is the shape, or the
     * shape, {@code #} and the layout's name where a shape has several layouts ({@code java#log4j}),
     * which picks the time formatter. Year-less times are read in {@code reference}'s year; with
     * {@code placeYears}, placed as the recogniser places them: in the year before where the
     * reference's would put them after the reference, and behind an envelope whose time has no year
     * (RFC 3164's) the line's own time where that has one (HAProxy's accept date, Docker's time=).
     */
    @SuppressWarnings("unchecked")
    RegexLineParser(String[][] patternTable, Instant reference, boolean placeYears) {
        this.reference = reference;
        this.placeYears = placeYears;
        int n = patternTable.length;
        patterns = new Pattern[n];
        names = new String[n];
        has = new boolean[n][GROUPS.length];
        times = new Function[n];
        envelope = new boolean[n];
        prefix = new boolean[n];
        logfmt = new boolean[n];
        yearless = new boolean[n];
        for (int i = 0; i < n; i++) {
            names[i] = shape(patternTable[i][0]);
            patterns[i] = Pattern.compile(patternTable[i][1]);
            for (int k = 0; k < GROUPS.length; k++) {
                has[i][k] = patternTable[i][1].contains("(?<" + GROUPS[k] + ">");
            }
            prefix[i] = names[i].equals("plain");
            envelope[i] = prefix[i]
                    || names[i].equals("syslog5424")
                    || names[i].equals("syslog3164")
                    || names[i].equals("cri");
            logfmt[i] = names[i].equals("logfmt");
            yearless[i] = YEARLESS.contains(patternTable[i][0]);
            times[i] = timeReader(patternTable[i][0], reference);
        }
    }

    /** The shape a pattern's name reports: the name up to {@code #}. */
    static String shape(String name) {
        int hash = name.indexOf('#');
        return hash < 0 ? name : name.substring(0, hash);
    }

    /** Parses {@code line} into {@code out}. */
    void parse(String line, Result out) {
        out.clear();
        int i = match(line, out);
        if (i >= 0 && envelope[i] && out.message != null) {
            inner.clear();
            int j = match(out.message, inner);
            if (j >= 0 && !envelope[j]) {
                // The inner line's shape and free text; the envelope's host, program and time stay.
                out.shape = inner.shape;
                out.message = inner.message;
                if (out.time == null || (out.yearless && inner.time != null && !inner.yearless)) {
                    out.time = inner.time;
                }
                if (inner.level != null) {
                    out.level = inner.level;
                }
                if (out.host == null) {
                    out.host = inner.host;
                }
                if (out.app == null) {
                    out.app = inner.app;
                }
            } else if (prefix[i]) {
                out.clear();
            }
        }
    }

    /** The first pattern that matches, its fields in {@code out}; -1 for none. */
    private int match(String line, Result out) {
        for (int i = 0; i < patterns.length; i++) {
            Matcher m = patterns[i].matcher(line);
            if (!m.matches()) {
                continue;
            }
            out.shape = names[i];
            boolean[] h = has[i];
            if (h[TIME]) {
                String t = m.group("time");
                out.time = t == null ? null : times[i].apply(t);
                if (placeYears
                        && yearless[i]
                        && out.time != null
                        && !YEAR.matcher(t).find()) {
                    out.yearless = true;
                    if (out.time.isAfter(reference)) {
                        out.time = out.time.atZone(ZoneOffset.UTC).minusYears(1).toInstant();
                    }
                }
            }
            String level = null;
            if (h[LEVEL]) {
                String l = m.group("level");
                level = l == null ? null : LEVELS.get(l.toLowerCase(Locale.ROOT));
            }
            if (level == null && h[PRI]) {
                String p = m.group("pri");
                if (p != null) {
                    level = SEVERITY[Integer.parseInt(p) & 7];
                }
            }
            if (level == null && h[STATUS]) {
                String s = m.group("status");
                if (s != null && s.length() == 3) {
                    char c = s.charAt(0);
                    level = c == '5' ? "error" : c == '4' ? "warn" : "info";
                }
            }
            out.level = level;
            out.host = h[HOST] ? m.group("host") : null;
            out.app = h[APP] ? m.group("app") : null;
            out.message = h[MSG] ? m.group("msg") : null;
            if (logfmt[i]) {
                logfmt(line, out);
            }
            return i;
        }
        return -1;
    }

    /** A logfmt line's time, level and message keys, read with a pair pattern. */
    private void logfmt(String line, Result out) {
        Matcher p = LOGFMT_PAIR.matcher(line);
        while (p.find()) {
            String key = p.group(1);
            String value = p.group(2);
            if (value.length() >= 2 && value.charAt(0) == '"') {
                value = value.substring(1, value.length() - 1).replace("\\\"", "\"");
            }
            switch (key) {
                case "time", "ts", "timestamp" -> out.time = iso(value);
                case "level", "lvl", "severity" -> out.level = LEVELS.get(value.toLowerCase(Locale.ROOT));
                case "msg", "message" -> out.message = value;
                default -> {}
            }
        }
    }

    /** Epoch seconds and a fraction, exactly (a double would round the fraction). */
    private static Instant epoch(String t) {
        BigDecimal seconds = new BigDecimal(t);
        return Instant.ofEpochSecond(
                seconds.longValue(),
                seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
    }

    private static Instant iso(String t) {
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The time reader for the pattern named {@code name}. */
    private static Function<String, Instant> timeReader(String name, Instant reference) {
        int year = reference.atZone(ZoneOffset.UTC).getYear();
        switch (name) {
            case "syslog5424", "cri", "mysql", "envoy":
                return RegexLineParser::iso;
            case "syslog3164": {
                DateTimeFormatter bsd = local("MMM ppd HH:mm:ss", true, year);
                return t -> Character.isDigit(t.charAt(0)) ? iso(t) : utc(bsd, t);
            }
            case "klog":
                return zoneless(local("MMdd HH:mm:ss", true, year));
            case "nginx_error", "go":
                return zoneless(local("yyyy/MM/dd HH:mm:ss", true, year));
            case "haproxy":
                return zoneless(local("dd/MMM/yyyy:HH:mm:ss", true, year));
            case "combined", "clf":
                return withZone(DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH));
            case "apache_error":
                return zoneless(fractionBetween("EEE MMM dd HH:mm:ss", " yyyy"));
            case "postgresql":
                return withZone(fractionBetween("yyyy-MM-dd HH:mm:ss", " z"));
            case "redis":
                return zoneless(new DateTimeFormatterBuilder()
                        .appendPattern("dd MMM[ uuuu] HH:mm:ss.SSS")
                        .parseDefaulting(ChronoField.YEAR, year)
                        .toFormatter(Locale.ENGLISH));
            case "java":
                // Spring Boot: a space or a T, then an offset or nothing.
                return offsetOrUtc(new DateTimeFormatterBuilder()
                        .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
                        .appendPattern("[.SSS][,SSS]")
                        .optionalStart()
                        .appendOffset("+HH:MM", "Z")
                        .optionalEnd()
                        .toFormatter(Locale.ENGLISH));
            case "java#log4j":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS][,SSS]", Locale.ENGLISH));
            case "python":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ENGLISH));
            case "ruby":
                return zoneless(local("yyyy-MM-dd'T'HH:mm:ss", true, year));
            case "php":
                // Monolog 1 and Laravel: no fraction, no offset; Monolog 2+: both
                return offsetOrUtc(new DateTimeFormatterBuilder()
                        .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
                        .optionalStart()
                        .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                        .optionalEnd()
                        .optionalStart()
                        .appendOffset("+HH:MM", "Z")
                        .optionalEnd()
                        .toFormatter(Locale.ENGLISH));
            case "zap": {
                // ISO 8601 with Z, +hh:mm or +hhmm; or the production config's epoch seconds
                Function<String, Instant> isoTime = withZone(new DateTimeFormatterBuilder()
                        .appendPattern("yyyy-MM-dd'T'HH:mm:ss")
                        .optionalStart()
                        .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                        .optionalEnd()
                        .appendPattern("[XXX][XX][X]")
                        .toFormatter(Locale.ENGLISH));
                return t -> {
                    if (t.indexOf('-') < 0) {
                        double seconds = Double.parseDouble(t);
                        long whole = (long) Math.floor(seconds);
                        return Instant.ofEpochSecond(whole, Math.round((seconds - whole) * 1e9));
                    }
                    return isoTime.apply(t);
                };
            }
            // The layouts table's.
            case "syslog5424#logplex",
                    "syslog3164#heroku",
                    "syslog3164#iso",
                    "plain#timestamps",
                    "ruby#sidekiq",
                    "ruby#sidekiq5",
                    "logfmt#logrus",
                    "logfmt#logrus_text":
                return RegexLineParser::iso;
            case "go#hclog":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXX", Locale.ENGLISH));
            case "syslog3164#cisco":
                // The year and the zone where the device writes them.
                return zoneOrUtc(new DateTimeFormatterBuilder()
                        .appendPattern("MMM [ ]d[ uuuu] HH:mm:ss[.SSS][ z]")
                        .parseDefaulting(ChronoField.YEAR, year)
                        .toFormatter(Locale.ENGLISH));
            case "syslog3164#grok":
                return zoneless(local("MMM [ ]d HH:mm:ss", true, year));
            case "klog#glog":
                return zoneless(DateTimeFormatter.ofPattern("yyyyMMdd HH:mm:ss.SSSSSS", Locale.ENGLISH));
            case "go#indented":
                return timeReader("go", reference);
            case "haproxy#logasap", "haproxy#tcp", "haproxy#error":
                return timeReader("haproxy", reference);
            case "clf#localtime":
                return zoneless(DateTimeFormatter.ofPattern("dd/MMM/yyyy HH:mm:ss", Locale.ENGLISH));
            case "combined#grok", "combined#vhost", "clf#grok", "clf#vhost", "clf#squid", "apache_error#clftime":
                return timeReader("combined", reference);
            case "envoy#app":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ENGLISH));
            case "apache_error#24":
                return timeReader("apache_error", reference);
            case "apache_error#isotime":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS Z", Locale.ENGLISH));
            case "postgresql#prefix":
                // %t or %m: a zone's abbreviation or an offset (-03, -0800) as log_timezone gives it.
                return withZone(new DateTimeFormatterBuilder()
                        .appendPattern("yyyy-MM-dd HH:mm:ss")
                        .optionalStart()
                        .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                        .optionalEnd()
                        .appendPattern(" [z][xx][x]")
                        .toFormatter(Locale.ENGLISH));
            case "redis#day":
                return zoneless(DateTimeFormatter.ofPattern("d MMM yyyy HH:mm:ss.SSS", Locale.ENGLISH));
            case "redis#2":
                return zoneless(new DateTimeFormatterBuilder()
                        .appendPattern("d MMM HH:mm:ss[.SSS]")
                        .parseDefaulting(ChronoField.YEAR, year)
                        .toFormatter(Locale.ENGLISH));
            case "redis#signal", "auditd", "auditd#kernel":
                return RegexLineParser::epoch;
            case "mysql#mariadb":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd ppH:mm:ss", Locale.ENGLISH));
            case "mysql#yymmdd":
                return zoneless(DateTimeFormatter.ofPattern("yyMMdd ppH:mm:ss", Locale.ENGLISH));
            case "mysql#entrypoint":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ssXXX", Locale.ENGLISH));
            case "java#spring":
                return timeReader("java", reference);
            case "java#flink",
                    "java#kafka",
                    "java#hadoop",
                    "java#zookeeper",
                    "java#quarkus",
                    "java#cassandra",
                    "java#brackets",
                    "java#relative",
                    "python#celery",
                    "python#flask",
                    "python#lineno",
                    "python#django",
                    "python#name_first",
                    "python#patroni",
                    "python#asctime":
                return timeReader("python", reference);
            case "java#classline", "python#gunicorn_old", "python#scrapy", "python#datefmt", "ruby#datetime":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ENGLISH));
            case "python#levelname":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[,SSS]", Locale.ENGLISH));
            case "java#tomcat":
                return zoneless(DateTimeFormatter.ofPattern("dd-MMM-yyyy HH:mm:ss.SSS", Locale.ENGLISH));
            case "java#logback": {
                // The time of day alone: the reference's day, or the day before where that is later.
                DateTimeFormatter f = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ENGLISH);
                LocalDate day = reference.atZone(ZoneOffset.UTC).toLocalDate();
                return t -> {
                    try {
                        Instant at = LocalTime.parse(t, f).atDate(day).toInstant(ZoneOffset.UTC);
                        return at.isAfter(reference) ? at.minus(1, ChronoUnit.DAYS) : at;
                    } catch (DateTimeParseException e) {
                        return null;
                    }
                };
            }
            case "java#spark":
                return zoneless(DateTimeFormatter.ofPattern("yy/MM/dd HH:mm:ss", Locale.ENGLISH));
            case "java#jenkins":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSZ", Locale.ENGLISH));
            case "java#elasticsearch":
                return zoneless(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS", Locale.ENGLISH));
            case "java#bars":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS Z", Locale.ENGLISH));
            case "python#gunicorn":
                return withZone(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z", Locale.ENGLISH));
            case "python#airflow":
                return offsetOrUtc(
                        DateTimeFormatter.ofPattern("yyyy-MM-dd[ ]['T']HH:mm:ss[.SSS][,SSS][xx]", Locale.ENGLISH));
            case "php#fpm":
                return zoneless(local("dd-MMM-yyyy HH:mm:ss", true, year));
            case "php#error_log":
                // date.timezone's name as written (europe/berlin too).
                return withZone(new DateTimeFormatterBuilder()
                        .parseCaseInsensitive()
                        .appendPattern("dd-MMM-yyyy HH:mm:ss VV")
                        .toFormatter(Locale.ENGLISH));
            default:
                return t -> null;
        }
    }

    /** {@code pattern} with an optional fraction of any length, year defaulted where it has none. */
    private static DateTimeFormatter local(String pattern, boolean fraction, int year) {
        DateTimeFormatterBuilder b =
                new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern(pattern);
        if (fraction) {
            b.optionalStart()
                    .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                    .optionalEnd();
        }
        if (!pattern.contains("y")) {
            b.parseDefaulting(ChronoField.YEAR, year);
        }
        return b.toFormatter(Locale.ENGLISH);
    }

    /** {@code head}, an optional fraction of any length, then {@code tail}. */
    private static DateTimeFormatter fractionBetween(String head, String tail) {
        return new DateTimeFormatterBuilder()
                .appendPattern(head)
                .optionalStart()
                .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                .optionalEnd()
                .appendPattern(tail)
                .toFormatter(Locale.ENGLISH);
    }

    /** A formatter whose offset is optional: the instant, in UTC where the text has no offset. */
    private static Function<String, Instant> offsetOrUtc(DateTimeFormatter f) {
        return t -> {
            try {
                TemporalAccessor a = f.parseBest(t, OffsetDateTime::from, LocalDateTime::from);
                return a instanceof OffsetDateTime o ? o.toInstant() : ((LocalDateTime) a).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                return null;
            }
        };
    }

    /** A formatter whose zone is optional: the instant, in UTC where the text has no zone. */
    private static Function<String, Instant> zoneOrUtc(DateTimeFormatter f) {
        return t -> {
            try {
                TemporalAccessor a = f.parseBest(t, ZonedDateTime::from, LocalDateTime::from);
                return a instanceof ZonedDateTime z ? z.toInstant() : ((LocalDateTime) a).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                return null;
            }
        };
    }

    /** A formatter that reads an offset or a zone: the instant it names. */
    private static Function<String, Instant> withZone(DateTimeFormatter f) {
        return t -> {
            try {
                return f.parse(t, Instant::from);
            } catch (DateTimeParseException e) {
                return null;
            }
        };
    }

    private static Function<String, Instant> zoneless(DateTimeFormatter f) {
        return t -> utc(f, t);
    }

    private static Instant utc(DateTimeFormatter f, String t) {
        try {
            return LocalDateTime.parse(t, f).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
