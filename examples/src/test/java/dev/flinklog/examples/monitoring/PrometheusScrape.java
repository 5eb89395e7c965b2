package dev.flinklog.examples.monitoring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * One scrape of a Prometheus endpoint in the text exposition format (version 0.0.4), parsed into
 * samples. Only what the tests need: names, labels, values; comments and timestamps are skipped.
 */
final class PrometheusScrape {

    /** One line of the exposition: a series and its value. */
    static final class Sample {
        final String name;
        final Map<String, String> labels;
        final double value;

        Sample(String name, Map<String, String> labels, double value) {
            this.name = name;
            this.labels = labels;
            this.value = value;
        }

        String label(String key) {
            return labels.get(key);
        }

        @Override
        public String toString() {
            return name + labels + " " + value;
        }
    }

    final String text;
    final List<Sample> samples;

    private PrometheusScrape(String text, List<Sample> samples) {
        this.text = text;
        this.samples = samples;
    }

    /** GETs {@code url}; an endpoint that is not up yet gives an empty scrape, not an error. */
    static PrometheusScrape get(HttpClient http, URI url) throws InterruptedException {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(url)
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? parse(r.body()) : parse("");
        } catch (IOException e) {
            return parse("");
        }
    }

    static PrometheusScrape parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            out.add(parseLine(line));
        }
        return new PrometheusScrape(text, Collections.unmodifiableList(out));
    }

    /** {@code name{k="v",...} value [timestamp]}; label values may hold spaces, commas and escapes. */
    static Sample parseLine(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
            i++;
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                String key = line.substring(i, eq).trim();
                i = eq + 2; // past ="
                StringBuilder v = new StringBuilder();
                while (line.charAt(i) != '"') {
                    char c = line.charAt(i);
                    if (c == '\\') {
                        char n = line.charAt(++i);
                        v.append(n == 'n' ? '\n' : n);
                    } else {
                        v.append(c);
                    }
                    i++;
                }
                labels.put(key, v.toString());
                i++; // past the closing quote
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            i++; // past }
        }
        String[] rest = line.substring(i).trim().split(" ");
        return new Sample(name, Collections.unmodifiableMap(labels), parseValue(rest[0]));
    }

    private static double parseValue(String v) {
        switch (v) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                return Double.parseDouble(v);
        }
    }

    Set<String> names() {
        Set<String> names = new TreeSet<>();
        for (Sample s : samples) {
            names.add(s.name);
        }
        return names;
    }

    List<Sample> series(String name) {
        return series(name, s -> true);
    }

    List<Sample> series(String name, Predicate<Sample> filter) {
        List<Sample> out = new ArrayList<>();
        for (Sample s : samples) {
            if (s.name.equals(name) && filter.test(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The sum over all series of {@code name}; 0 when there is none. */
    double sum(String name) {
        double sum = 0;
        for (Sample s : series(name)) {
            sum += s.value;
        }
        return sum;
    }
}
