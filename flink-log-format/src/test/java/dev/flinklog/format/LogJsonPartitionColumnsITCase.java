package dev.flinklog.format;

import dev.flinklog.functions.SqlFunctionTestBase;

import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code dt}/{@code hr} from the format, through SQL: the same as the DATE_FORMAT the archive writes. */
class LogJsonPartitionColumnsITCase extends SqlFunctionTestBase {

    @TempDir
    static Path dir;

    @Test
    void theSameAsDateFormatInUtc() throws IOException {
        Files.write(
                dir.resolve("logs.jsonl"),
                List.of(
                        "{\"time\":\"2026-11-30T08:30:00+09:00\",\"msg\":\"tokyo morning\"}",
                        "{\"ts\":1741932001000,\"msg\":\"epoch millis\"}",
                        "Sep 16 12:34:56 web01 sshd[42]: Accepted publickey for deploy",
                        "{\"msg\":\"no time\"}"),
                StandardCharsets.UTF_8);
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        tEnv.executeSql("CREATE TABLE parts (event_time TIMESTAMP_LTZ(3), message STRING, dt STRING, hr INT)"
                + " WITH ('connector' = 'filesystem', 'path' = '"
                + dir.resolve("logs.jsonl").toUri()
                + "', 'format' = 'log-json')");
        List<Row> rows = query("SELECT message, dt, hr, dt = DATE_FORMAT(event_time, 'yyyy-MM-dd'),"
                + " hr = CAST(DATE_FORMAT(event_time, 'HH') AS INT) FROM parts");
        assertThat(rows.get(0)).isEqualTo(Row.of("tokyo morning", "2026-11-29", 23, true, true));
        assertThat(rows.get(1)).isEqualTo(Row.of("epoch millis", "2025-03-14", 6, true, true));
        assertThat(rows.get(2).getField(0)).isEqualTo("Accepted publickey for deploy");
        assertThat(rows.get(2).getField(3)).isEqualTo(true);
        assertThat(rows.get(2).getField(4)).isEqualTo(true);
        assertThat(rows.get(3)).isEqualTo(Row.of("no time", null, null, null, null));
    }
}
