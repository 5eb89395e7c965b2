package dev.flinklog.gen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GenerateLogsTest {

    @TempDir
    Path dir;

    private static final PrintStream NOWHERE =
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void writesOneRecordPerLineAndItsGroundTruth() throws IOException {
        Path out = dir.resolve("logs.jsonl");
        Path truth = dir.resolve("truth.tsv");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = GenerateLogs.run(
                new String[] {
                    "--records",
                    "2000",
                    "--seed",
                    "7",
                    "--out",
                    out.toString(),
                    "--truth",
                    truth.toString(),
                    "--days",
                    "3",
                    "--start",
                    "2026-01-01T00:00:00Z"
                },
                NOWHERE,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isZero();

        byte[] bytes = Files.readAllBytes(out);
        LogGenerator same = new LogGenerator(GeneratorConfig.builder()
                .recordsPerSpan(2000)
                .seed(7)
                .days(3)
                .start(Instant.parse("2026-01-01T00:00:00Z"))
                .build());
        // the file is exactly the generator's payloads, each followed by \n
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (long s = 0; s < 2000; s++) {
            expected.writeBytes(same.generate(s).payload());
            expected.write('\n');
        }
        assertThat(bytes).isEqualTo(expected.toByteArray());

        List<String> lines = Files.readAllLines(truth);
        assertThat(lines).hasSize(2001);
        assertThat(lines.get(0))
                .isEqualTo("id\tproducer\tservice\texpected_level\texpected_event_time\trows\tmalformed\ttemplate"
                        + "\texpected_shape\texpect_parse_error\texpected_service\texpected_http_status");
        GeneratedLog g = same.generate(5);
        assertThat(lines.get(6)).startsWith(g.id() + "\t" + g.producer() + "\t" + g.service() + "\t");
        // every line has every column; NULL is \N; the ground truth of each record as GeneratedLog says
        for (int s = 0; s < 2000; s++) {
            GeneratedLog r = same.generate(s);
            String[] f = lines.get(s + 1).split("\t", -1);
            assertThat(f).as(lines.get(s + 1)).hasSize(12);
            assertThat(f[8]).isEqualTo(r.expectedShape());
            assertThat(f[9]).isEqualTo(String.valueOf(r.expectParseError()));
            assertThat(f[10]).isEqualTo(r.expectedService() == null ? "\\N" : r.expectedService());
            assertThat(f[11])
                    .isEqualTo(
                            r.expectedHttpStatus() == null
                                    ? "\\N"
                                    : r.expectedHttpStatus().toString());
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("GenerateLogs: 2000 records (");
    }

    @Test
    void firstStartsAtAnySequence() throws IOException {
        Path out = dir.resolve("tail.jsonl");
        GenerateLogs.run(
                new String[] {"--records", "3", "--seed", "42", "--first", "1000", "--out", out.toString()},
                NOWHERE,
                NOWHERE);
        List<String> lines = Files.readAllLines(out, StandardCharsets.ISO_8859_1);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).contains("log-000000001000");
        assertThat(lines.get(2)).contains("log-000000001002");
    }

    @Test
    void badArgumentsNameTheOption() {
        assertThatThrownBy(() -> GenerateLogs.run(new String[] {"--seed", "1"}, NOWHERE, NOWHERE))
                .hasMessageContaining("--records");
        assertThatThrownBy(() -> GenerateLogs.run(new String[] {"--records", "x", "--seed", "1"}, NOWHERE, NOWHERE))
                .hasMessage("--records: 'x' is not an integer");
        assertThatThrownBy(() -> GenerateLogs.run(
                        new String[] {"--records", "1", "--seed", "1", "--start", "monday"}, NOWHERE, NOWHERE))
                .hasMessageStartingWith("--start:");
        assertThatThrownBy(() -> GenerateLogs.run(
                        new String[] {"--records", "1", "--seed", "1", "--bogus", "1"}, NOWHERE, NOWHERE))
                .hasMessage("unknown option --bogus");
        assertThatThrownBy(() -> GenerateLogs.run(
                        new String[] {"--records", "1", "--seed", "1", "--shapes", "otlp=two"}, NOWHERE, NOWHERE))
                .hasMessageContaining("otlp=two");
    }
}
