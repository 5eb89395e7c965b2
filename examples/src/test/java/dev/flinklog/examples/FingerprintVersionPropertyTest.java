package dev.flinklog.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every archive table that stores a fingerprint column says which version of the rules made it
 * (the table property {@code flink-log.fingerprint-version}), and that is the version the functions
 * compute ({@code Fingerprint.VERSION}, read from its source: the examples' test class path has the
 * shaded jar only after packaging).
 */
class FingerprintVersionPropertyTest {

    private static final Pattern TABLE = Pattern.compile("CREATE TABLE[^;]*?;", Pattern.DOTALL);
    private static final Pattern PROPERTY = Pattern.compile("'flink-log\\.fingerprint-version'\\s*=\\s*'(\\d+)'");

    @Test
    void archiveTablesNameTheFingerprintVersion() throws IOException {
        String source = Files.readString(
                ScriptRun.EXAMPLES.resolve(
                        "../flink-log-core/src/main/java/dev/flinklog/core/template/Fingerprint.java"),
                StandardCharsets.UTF_8);
        Matcher v = Pattern.compile("int VERSION = (\\d+);").matcher(source);
        assertThat(v.find()).isTrue();
        int version = Integer.parseInt(v.group(1));
        int tables = 0;
        for (String example : new String[] {"kafka-iceberg-rest", "kafka-iceberg-glue-s3"}) {
            String sql = Files.readString(
                    ScriptRun.EXAMPLES.resolve(example).resolve("archive.sql"), StandardCharsets.UTF_8);
            Matcher t = TABLE.matcher(sql);
            while (t.find()) {
                String ddl = t.group();
                if (!ddl.matches("(?s).*\\n\\s*fingerprint\\s+STRING.*") || ddl.contains("TEMPORARY")) {
                    continue;
                }
                tables++;
                Matcher p = PROPERTY.matcher(ddl);
                assertThat(p.find()).as("%s: %s", example, ddl).isTrue();
                assertThat(Integer.parseInt(p.group(1))).isEqualTo(version);
            }
        }
        assertThat(tables).isEqualTo(3);
    }
}
