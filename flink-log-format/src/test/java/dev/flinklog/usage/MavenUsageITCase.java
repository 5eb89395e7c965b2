package dev.flinklog.usage;

import dev.flinklog.core.template.Fingerprint;
import dev.flinklog.core.template.MessageTemplate;
import dev.flinklog.format.LogJsonDeserializationSchema;
import dev.flinklog.functions.LogFingerprintFunction;
import dev.flinklog.functions.LogTemplateFunction;
import dev.flinklog.functions.LogsModule;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.call;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The code of docs/maven.md, run: the format and the functions from Java, without SQL text, as a
 * project that depends on flink-log-format (and so flink-log-sql-functions) writes it. The blocks
 * between "// doc:NAME" and "// /doc:NAME" are the ones the page shows (MavenDocsTest compares).
 */
class MavenUsageITCase {

    @TempDir
    static Path dir;

    static String path;

    @BeforeAll
    static void writeLogs() throws Exception {
        Path file = dir.resolve("logs.jsonl");
        Files.write(
                file,
                List.of(
                        "{\"level\":\"ERROR\",\"message\":\"java.net.ConnectException: Connection refused\","
                                + "\"service\":{\"name\":\"api\"}}",
                        "{\"severity\":\"info\",\"msg\":\"Connection from 10.0.0.1:8080 closed after 41ms\","
                                + "\"service_name\":\"web\"}"),
                StandardCharsets.UTF_8);
        path = file.toUri().toString();
    }

    @Test
    void tableApi() throws Exception {
        // doc:table-api
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        // All functions under their SQL names (what LOAD MODULE logs does in SQL) ...
        tEnv.loadModule("logs", LogsModule.INSTANCE);
        tEnv.createTemporaryTable(
                "logs",
                TableDescriptor.forConnector("filesystem")
                        .schema(Schema.newBuilder()
                                .column("log_level", DataTypes.STRING())
                                .column("message", DataTypes.STRING())
                                .column("service_name", DataTypes.STRING())
                                .build())
                        .option("path", path) // e.g. "file:///var/log/app/"
                        .format("log-json")
                        .build());
        Table t = tEnv.from("logs")
                .select(
                        $("log_level"),
                        $("service_name"),
                        call("LOG_ERROR_CLASS", $("message")).as("error_class"),
                        // ... or one function by its class, without registering anything
                        call(LogTemplateFunction.class, $("message")).as("template"));
        // /doc:table-api
        assertThat(collect(t))
                .containsExactly(
                        Row.of("error", "api", "connection_refused", "java.net.ConnectException: Connection refused"),
                        Row.of("info", "web", null, "Connection from <*> closed after <*>"));
    }

    @Test
    void dataStreamFromATable() throws Exception {
        // doc:datastream-table
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporarySystemFunction("LOG_FINGERPRINT", LogFingerprintFunction.class);
        tEnv.createTemporaryTable(
                "logs",
                TableDescriptor.forConnector("filesystem")
                        .schema(Schema.newBuilder()
                                .column("message", DataTypes.STRING())
                                .build())
                        .option("path", path)
                        .format("log-json")
                        .build());
        DataStream<Row> rows =
                tEnv.toDataStream(tEnv.from("logs").select($("message"), call("LOG_FINGERPRINT", $("message"))));
        // The log semantics are plain Java too (dev.flinklog.core), for any operator:
        DataStream<String> templates =
                rows.map(r -> MessageTemplate.template((String) r.getField(0))).returns(Types.STRING);
        // /doc:datastream-table
        List<String> out = new ArrayList<>();
        try (CloseableIterator<String> it = templates.executeAndCollect()) {
            it.forEachRemaining(out::add);
        }
        assertThat(out)
                .containsExactlyInAnyOrder(
                        "java.net.ConnectException: Connection refused", "Connection from <*> closed after <*>");
        List<Row> fingerprints = new ArrayList<>();
        try (CloseableIterator<Row> it = rows.executeAndCollect()) {
            it.forEachRemaining(fingerprints::add);
        }
        assertThat(fingerprints)
                .extracting(r -> r.getField(1))
                .containsExactlyInAnyOrder(
                        Fingerprint.hexOf("java.net.ConnectException: Connection refused"),
                        Fingerprint.hexOf("Connection from 10.0.0.1:8080 closed after 41ms"));
    }

    @Test
    void deserializationSchemaForADataStreamSource() throws Exception {
        // doc:datastream-schema
        RowType rowType = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("log_level", DataTypes.STRING()),
                        DataTypes.FIELD("message", DataTypes.STRING()),
                        DataTypes.FIELD("service_name", DataTypes.STRING()))
                .getLogicalType();
        LogJsonDeserializationSchema schema = new LogJsonDeserializationSchema(rowType, InternalTypeInfo.of(rowType));
        // e.g. KafkaSource.<RowData>builder().setValueOnlyDeserializer(schema)...
        // /doc:datastream-schema
        schema.open(null);
        RowData row = schema.deserialize("{\"lvl\":\"WARN\",\"msg\":\"disk 91% full\",\"service.name\":\"db\"}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(row.getString(0).toString()).isEqualTo("warn");
        assertThat(row.getString(1).toString()).isEqualTo("disk 91% full");
        assertThat(row.getString(2).toString()).isEqualTo("db");
        RowData notJson = schema.deserialize("plain text ERROR line".getBytes(StandardCharsets.UTF_8));
        assertThat(notJson.getString(0).toString()).isEqualTo("error");
        assertThat(notJson.getString(1).toString()).isEqualTo("plain text ERROR line");
        assertThat(notJson.isNullAt(2)).isTrue();
    }

    private static List<Row> collect(Table t) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = t.execute().collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }
}
