package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.time.TimestampParser;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldPlanTest {

    private static FieldPlan plan(Map<String, List<String>> overrides, DataTypes.Field... fields) {
        return FieldPlan.build(
                (RowType) DataTypes.ROW(fields).getLogicalType(),
                "raw_json",
                overrides,
                new Input(),
                TimestampParser.UTC);
    }

    private static FieldPlan plan(DataTypes.Field... fields) {
        return plan(Map.of(), fields);
    }

    /** The columns (and ranks) a dotted key path reaches, walking nested keys from the root. */
    private static String reach(FieldPlan plan, String... keys) {
        FieldPlan.Node n = plan.root;
        for (int i = 0; i < keys.length && n != null; i++) {
            n = i == 0 ? n.key(keys[i]) : n.nested == null ? null : n.nested.key(keys[i]);
        }
        if (n == null || n.targets == null) {
            return "";
        }
        return Arrays.stream(n.targets)
                .map(t -> plan.columns[t.column].name + "@" + t.rank)
                .collect(Collectors.joining(","));
    }

    @Test
    void aliasesReachTheirColumnFlatDottedOrNested() {
        FieldPlan p =
                plan(DataTypes.FIELD("service_name", DataTypes.STRING()), DataTypes.FIELD("log", DataTypes.STRING()));
        assertThat(reach(p, "service_name")).isEqualTo("service_name@0");
        assertThat(reach(p, "service.name")).isEqualTo("service_name@0");
        assertThat(reach(p, "service", "name")).isEqualTo("service_name@0");
        assertThat(reach(p, "kubernetes", "labels", "app.kubernetes.io/name")).isEqualTo("service_name@2");
        assertThat(reach(p, "program")).isEqualTo("service_name@5");
        assertThat(reach(p, "msg")).isEqualTo("log@2");
        assertThat(reach(p, "unrelated")).isEmpty();
        assertThat(p.root.key("unrelated"))
                .as("a key that leads nowhere is skipped")
                .isNull();
    }

    @Test
    void theColumnsOwnNameComesFirstAndOverridesReplaceAliases() {
        FieldPlan p = plan(
                Map.of("host_name", List.of("$.h", "$.items[0].host", "$['a.b']")),
                DataTypes.FIELD("host_name", DataTypes.STRING()),
                DataTypes.FIELD("user_id", DataTypes.BIGINT()));
        assertThat(reach(p, "user_id")).isEqualTo("user_id@0");
        assertThat(reach(p, "h")).isEqualTo("host_name@0");
        assertThat(reach(p, "a", "b")).isEqualTo("host_name@2");
        assertThat(reach(p, "hostname"))
                .as("aliases give way to the user's paths")
                .isEmpty();
        assertThat(p.needsJsonPath).isTrue();
        assertThat(p.columns[0].jsonPathExpressions).containsExactly("$.items[0].host");
        assertThat(p.columns[0].jsonPathRanks).containsExactly(1);
    }

    @Test
    void aRoleNeedsATypeThatFitsIt() {
        FieldPlan p = plan(
                DataTypes.FIELD("event_time", DataTypes.STRING()),
                DataTypes.FIELD("log_level", DataTypes.INT()),
                DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())),
                DataTypes.FIELD("timestamp", DataTypes.TIMESTAMP_LTZ(3)));
        assertThat(p.columns[0].role).isNull();
        assertThat(p.columns[1].role).isNull();
        assertThat(p.columns[2].role).isNull();
        assertThat(p.columns[3].role).isEqualTo(FieldAliases.Role.TIME);
        assertThat(reach(p, "labels")).isEqualTo("labels@0");
    }

    @Test
    void aLevelWithoutAMessageColumnReadsAHiddenOne() {
        FieldPlan p = plan(DataTypes.FIELD("log_level", DataTypes.STRING()));
        assertThat(p.physicalCount).isEqualTo(1);
        assertThat(p.columns).hasSize(2);
        assertThat(p.messageColumn).isEqualTo(1);
        assertThat(reach(p, "message")).isEqualTo("log@1");
        assertThat(p.columns[0].converter).isInstanceOf(ValueConverters.Level.class);
    }

    @Test
    void labelsComeFromTheCollectorNotFromPaths() {
        FieldPlan p = plan(
                Map.of("labels", List.of("$.tags")),
                DataTypes.FIELD("labels", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING())));
        assertThat(reach(p, "tags")).isEmpty();
        assertThat(p.columns[0].converter).isNull();
    }

    @Test
    void keysAreRememberedPerNodeUpToABound() {
        FieldPlan p = plan(DataTypes.FIELD("log", DataTypes.STRING()));
        for (int i = 0; i < FieldPlan.MEMO_LIMIT * 2; i++) {
            assertThat(p.root.key("k" + i)).isNull();
        }
        assertThat(p.root.key("log")).isNotNull();
    }

    @Test
    void aRememberedKeyLeadsWhereItsWalkLedAfterTheMemoGrew() {
        FieldPlan p =
                plan(DataTypes.FIELD("log", DataTypes.STRING()), DataTypes.FIELD("service_name", DataTypes.STRING()));
        FieldPlan.Node log = p.root.key("log");
        FieldPlan.Node service = p.root.key("serviceName");
        assertThat(log).isNotNull();
        assertThat(service).isNotNull().isNotSameAs(log);
        for (int i = 0; i < FieldPlan.MEMO_LIMIT - 2; i++) {
            assertThat(p.root.key("k" + i)).isNull(); // grows the table several times
        }
        // equal keys that are other String instances than the remembered ones
        assertThat(p.root.key(new String("log".toCharArray()))).isSameAs(log);
        assertThat(p.root.key(new String("serviceName".toCharArray()))).isSameAs(service);
        assertThat(p.root.key("service.name")).isSameAs(service);
        assertThat(p.root.key("k7")).isNull();
    }

    @Test
    void aTypeTheFormatCannotFillNamesTheColumn() {
        assertThatThrownBy(() -> plan(DataTypes.FIELD("blob", DataTypes.ARRAY(DataTypes.BYTES()))))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Column 'blob' has type ARRAY<BYTES>")
                .hasMessageContaining("VARBINARY is not read from JSON");
    }
}
