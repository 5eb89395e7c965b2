package dev.flinklog.gen;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LogGeneratorTest {

    private static final int N = 20_000;
    private static final LogGenerator GEN =
            new LogGenerator(GeneratorConfig.builder().recordsPerSpan(N).build());

    @Test
    void sameConfigAndSequenceGiveTheSameBytesInAnyOrder() {
        LogGenerator other =
                new LogGenerator(GeneratorConfig.builder().recordsPerSpan(N).build());
        for (long s : new long[] {7, 0, 19_999, 123, 5_000_000, 7}) {
            GeneratedLog a = GEN.generate(s);
            GeneratedLog b = other.generate(s);
            assertThat(b.payload()).isEqualTo(a.payload());
            assertThat(b.expectedEventTime()).isEqualTo(a.expectedEventTime());
            assertThat(b.id()).isEqualTo(LogGenerator.id(s));
        }
    }

    @Test
    void anotherSeedGivesOtherRecords() {
        LogGenerator seeded = new LogGenerator(
                GeneratorConfig.builder().recordsPerSpan(N).seed(7).build());
        int same = 0;
        for (long s = 0; s < 100; s++) {
            same += new String(seeded.generate(s).payload(), StandardCharsets.UTF_8)
                            .equals(new String(GEN.generate(s).payload(), StandardCharsets.UTF_8))
                    ? 1
                    : 0;
        }
        assertThat(same).isZero();
    }

    @Test
    void idsAreUniqueAndInEveryPayloadWithoutNewlines() {
        Set<String> ids = new HashSet<>();
        Set<String> producers = new TreeSet<>();
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            assertThat(ids.add(g.id())).as("unique %s", g.id()).isTrue();
            String text = new String(g.payload(), StandardCharsets.ISO_8859_1); // ids are ASCII
            for (int k = 0; k < g.rows(); k++) {
                assertThat(text).as("payload of %s", g.id()).contains(g.rowId(k));
            }
            for (byte b : g.payload()) {
                assertThat(b)
                        .as("no line break in %s", g.id())
                        .isNotEqualTo((byte) '\n')
                        .isNotEqualTo((byte) '\r');
            }
            producers.add(g.producer());
        }
        assertThat(ids).hasSize(N);
        for (Producer p : Producer.values()) {
            assertThat(producers).contains(p.id());
        }
        for (MalformedShapes.Kind k : MalformedShapes.Kind.values()) {
            assertThat(producers).contains(k.producer);
        }
    }

    @Test
    void theGroundTruthOfEveryRecordHangsTogether() {
        Map<String, Set<String>> shapes = new HashMap<>();
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            shapes.computeIfAbsent(g.malformed() ? "malformed" : g.producer(), k -> new TreeSet<>())
                    .add(g.expectedShape());
            // parse-error exactly for malformed records and text of no known shape
            assertThat(g.expectParseError())
                    .isEqualTo(g.malformed() || g.expectedShape().equals("plain"));
            // a status exactly where an access line is read (also inside a container's log)
            assertThat(g.expectedHttpStatus() != null)
                    .as("%s", g.payloadText())
                    .isEqualTo(g.expectedShape().equals("combined")
                            || g.expectedShape().equals("logfmt"));
            if (g.expectedShape().equals("combined")) {
                int status = g.expectedHttpStatus();
                assertThat(g.expectedLevel()).isEqualTo(status >= 500 ? "error" : status >= 400 ? "warn" : "info");
            }
            assertThat(g.expectedService()).isIn(null, g.service());
        }
        Set<String> json = Set.of("json");
        assertThat(shapes)
                .containsEntry("malformed", Set.of("plain"))
                .containsEntry("otlp", Set.of("otlp"))
                .containsEntry("ecs", json)
                .containsEntry("journald", json)
                .containsEntry("text", Set.of("plain", "python", "java"))
                .containsEntry("k8s-fluentbit", Set.of("klog", "java", "python", "combined"))
                .containsEntry("docker-fluentd", Set.of("klog", "java", "python"))
                .containsEntry("syslog5424", Set.of("syslog5424"))
                .containsEntry("syslog3164", Set.of("syslog3164"))
                .containsEntry("nginx-access", Set.of("combined"))
                .containsEntry("cri-klog", Set.of("klog"))
                .containsEntry("heroku-router", Set.of("logfmt"));
    }

    @Test
    void theDefaultMixKeepsTheExistingProducersDominant() {
        int added = 0;
        int all = 0;
        for (Producer p : Producer.values()) {
            all += p.defaultWeight();
            if (p.ordinal() > Producer.TEXT.ordinal()) {
                added += p.defaultWeight();
            }
        }
        assertThat(added).isPositive();
        assertThat((double) added / all).isLessThan(0.1);
    }

    @Test
    void otlpBatchesGiveEachLogRecordItsOwnId() {
        LogGenerator otlp = new LogGenerator(GeneratorConfig.builder()
                .onlyShapes(Producer.OTLP)
                .malformedRate(0)
                .build());
        GeneratedLog g = otlp.generate(42);
        assertThat(g.rows()).isBetween(2, 4);
        String text = g.payloadText();
        for (int k = 0; k < g.rows(); k++) {
            assertThat(text)
                    .contains("{\"key\":\"log_id\",\"value\":{\"stringValue\":\"log-000000000042." + k + "\"}}");
        }
        assertThat(text).doesNotContain("log-000000000042." + g.rows());
        assertThat(text.split("\"timeUnixNano\"", -1)).hasSize(g.rows() + 1);
    }

    @Test
    void timesFollowTheSequenceInsideTheSpan() {
        GeneratorConfig c = GEN.config();
        Instant end = c.start().plus(c.span());
        Instant previous = Instant.EPOCH;
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            Instant t = g.expectedEventTime();
            if (t == null) {
                continue;
            }
            assertThat(t).isAfterOrEqualTo(c.start()).isBefore(end);
            // truncation to the producer's precision may put a record up to a second early
            assertThat(t).isAfter(previous.minusSeconds(1));
            previous = t.isAfter(previous) ? t : previous;
        }
        // the next span continues the timeline
        assertThat(GEN.generate(N).expectedEventTime()).isAfterOrEqualTo(end.minusSeconds(1));
    }

    @Test
    void theSilentServiceStopsForTheLastSevenDays() {
        GeneratorConfig c = GEN.config();
        assertThat(c.silentService()).isEqualTo("legacy-ftp");
        assertThat(c.silenceStart()).isEqualTo(Instant.parse("2026-09-08T00:00:00Z"));
        int before = 0;
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            if (g.service().equals("legacy-ftp")) {
                Instant t = g.expectedEventTime();
                if (t != null) {
                    assertThat(t).isBefore(c.silenceStart());
                    before++;
                }
            }
        }
        assertThat(before).isGreaterThan(200);
    }

    @Test
    void theBurstHourMakesTheBurstServiceTheTopErrorSource() {
        GeneratorConfig c = GEN.config();
        assertThat(c.burstStart()).isEqualTo(Instant.parse("2026-09-08T14:00:00Z"));
        Map<String, Integer> errorRows = new HashMap<>();
        int inBurst = 0;
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            if (g.templateId() != null && g.templateId().startsWith("incident.burst")) {
                inBurst++;
                assertThat(g.service()).isEqualTo("payments");
                assertThat(g.expectedLevel()).isEqualTo("error");
                if (g.expectedEventTime() != null) {
                    assertThat(g.expectedEventTime())
                            .isBetween(
                                    c.burstStart().minusSeconds(1),
                                    c.burstStart().plus(Duration.ofHours(1)));
                }
            }
            if ("error".equals(g.expectedLevel()) || "fatal".equals(g.expectedLevel())) {
                errorRows.merge(g.service(), g.rows(), Integer::sum);
            }
        }
        // 20k records over 14 days: ~60 per hour, 6x denser in the burst, 85% of those the burst
        assertThat(inBurst).isBetween(250, 370);
        String top = errorRows.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
        assertThat(top).isEqualTo("payments");
    }

    @Test
    void theMisconfigurationRecursEveryDayWithVaryingValues() {
        Set<String> days = new TreeSet<>();
        Set<String> messages = new HashSet<>();
        for (long s = 0; s < N; s++) {
            GeneratedLog g = GEN.generate(s);
            if ("incident.misconfig".equals(g.templateId())) {
                assertThat(g.service()).isEqualTo("notifications");
                if (g.expectedEventTime() != null) {
                    days.add(g.expectedEventTime()
                            .atOffset(ZoneOffset.UTC)
                            .toLocalDate()
                            .toString());
                }
                messages.add(g.payloadText().replaceAll(".*(smtp\\.port=\\S+ .*?yaml).*", "$1"));
            }
        }
        assertThat(days).hasSize(14).first().isEqualTo("2026-09-01");
        assertThat(messages.size()).isGreaterThan(10);
    }

    @Test
    void withoutIncidentsNothingIsPlanted() {
        LogGenerator quiet = new LogGenerator(
                GeneratorConfig.builder().recordsPerSpan(N).incidents(false).build());
        for (long s = 0; s < N; s += 3) {
            GeneratedLog g = quiet.generate(s);
            assertThat(g.malformed() ? "none" : g.templateId()).doesNotStartWith("incident.");
        }
    }

    @Test
    void malformedRecordsComeAtTheConfiguredRate() {
        LogGenerator g = new LogGenerator(
                GeneratorConfig.builder().recordsPerSpan(N).malformedRate(0.1).build());
        int malformed = 0;
        for (long s = 0; s < N; s++) {
            GeneratedLog r = g.generate(s);
            if (r.malformed()) {
                malformed++;
                assertThat(r.expectedEventTime()).isNull();
                assertThat(r.expectedLevel()).isNull();
                assertThat(r.producer()).startsWith("malformed-");
            }
        }
        assertThat(malformed).isBetween(1800, 2200);
    }

    @Test
    void aShapeMixLimitsTheProducers() {
        LogGenerator g = new LogGenerator(GeneratorConfig.builder()
                .shapeMix("pino=3, journald")
                .malformedRate(0)
                .build());
        Map<String, Integer> counts = new HashMap<>();
        for (long s = 0; s < 4000; s++) {
            counts.merge(g.generate(s).producer(), 1, Integer::sum);
        }
        assertThat(counts.keySet()).containsExactlyInAnyOrder("pino", "journald");
        assertThat(counts.get("pino")).isBetween(2800, 3200);
    }

    @Test
    void badConfigurationFailsNamingTheOption() {
        assertThatThrownBy(
                        () -> GeneratorConfig.builder().shapeMix("pino,fluentd").build())
                .hasMessageContaining("unknown producer shape 'fluentd'")
                .hasMessageContaining("k8s-fluentbit");
        assertThatThrownBy(() -> GeneratorConfig.builder().errorRate(2).build()).hasMessageStartingWith("errorRate:");
        assertThatThrownBy(() ->
                        GeneratorConfig.builder().span(Duration.ofHours(5)).build())
                .hasMessageStartingWith("span:");
        assertThatThrownBy(() ->
                        GeneratorConfig.builder().services(List.of("a", "b")).build())
                .hasMessageStartingWith("services:")
                .hasMessageContaining("incidents");
        assertThatThrownBy(() -> GeneratorConfig.builder()
                        .services(List.of("A b"))
                        .incidents(false)
                        .build())
                .hasMessageStartingWith("services:");
        assertThatThrownBy(() ->
                        GeneratorConfig.builder().onlyShapes().malformedRate(0).build())
                .hasMessageStartingWith("shape mix:");
        assertThatThrownBy(() -> GEN.generate(-1)).hasMessageContaining("sequence");
    }

    @Test
    void fewerServicesKeepTheSilentOneLast() {
        GeneratorConfig c = GeneratorConfig.builder().services(5).build();
        assertThat(c.services()).containsExactly("gateway", "payments", "notifications", "checkout", "legacy-ftp");
    }

    @Test
    void recordBytesPadsWellFormedRecordsAndKeepsEverythingElse() {
        LogGenerator natural =
                new LogGenerator(GeneratorConfig.builder().malformedRate(0.05).build());
        LogGenerator padded = new LogGenerator(
                GeneratorConfig.builder().malformedRate(0.05).recordBytes(1500).build());
        int json = 0;
        int text = 0;
        for (long s = 0; s < 3_000; s++) {
            GeneratedLog a = natural.generate(s);
            GeneratedLog b = padded.generate(s);
            assertThat(b.expectedLevel()).isEqualTo(a.expectedLevel());
            assertThat(b.expectedEventTime()).isEqualTo(a.expectedEventTime());
            assertThat(b.rows()).isEqualTo(a.rows());
            assertThat(b.producer()).isEqualTo(a.producer());
            assertThat(b.expectedShape()).isEqualTo(a.expectedShape());
            assertThat(b.expectedHttpStatus()).isEqualTo(a.expectedHttpStatus());
            String at = a.payloadText();
            String bt = b.payloadText();
            if (a.malformed() || a.payload().length >= 1500) {
                assertThat(b.payload()).isEqualTo(a.payload());
            } else if (at.startsWith("{")) {
                json++;
                assertThat(b.payload()).hasSize(1500);
                assertThat(bt)
                        .startsWith(at.substring(0, at.length() - 1) + ",\"padding\":\"lorem ipsum ")
                        .endsWith("\"}");
            } else {
                text++;
                assertThat(b.payload()).hasSize(1500);
                assertThat(bt).startsWith(at + " padding=\"lorem ipsum ").endsWith("\"");
                assertThat(bt.substring(at.length() + 10, bt.length() - 1)).doesNotContain("\"");
            }
        }
        assertThat(json).isGreaterThan(1000);
        assertThat(text).isGreaterThan(10);
        assertThatThrownBy(() -> GeneratorConfig.builder().recordBytes(-1).build())
                .hasMessageContaining("recordBytes");
    }
}
