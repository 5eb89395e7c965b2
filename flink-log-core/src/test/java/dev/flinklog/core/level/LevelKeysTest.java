package dev.flinklog.core.level;

import dev.flinklog.core.fields.FieldAliases;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The keys of the keyed level come from {@link FieldAliases}' level column; these tests pin what
 * that yields, so that a change to the aliases that would change what text reads shows up here.
 */
class LevelKeysTest {

    private final LevelInference inference = new LevelInference();

    /** The level column's aliases as the text matches them: dotted, lower case. */
    private static List<String> levelAliases() {
        List<String> out = new ArrayList<>();
        for (FieldAliases.Column c : FieldAliases.columns()) {
            if (c.role() == FieldAliases.Role.LEVEL) {
                for (List<String> path : c.paths()) {
                    out.add(String.join(".", path));
                }
            }
        }
        return out;
    }

    @Test
    void keysAreTheLevelAliasesExceptTheFieldOnlyOnes() {
        List<String> expected = new ArrayList<>();
        for (String alias : levelAliases()) {
            if (!LevelKeys.FIELD_ONLY.contains(alias)) {
                expected.add(alias.toLowerCase(Locale.ROOT));
            }
        }
        assertThat(LevelKeys.KEYS).containsExactlyElementsOf(expected);
        assertThat(LevelInference.LEVEL_KEYS).isSameAs(LevelKeys.KEYS);
    }

    @Test
    void everyFieldOnlyAliasIsALevelAlias() {
        // A stale entry would be a silent no-op: each one must still name a level alias.
        assertThat(levelAliases()).containsAll(LevelKeys.FIELD_ONLY);
    }

    @Test
    void theKeysAreTheOnesTextWasReadWithBeforeTheyWereDerived() {
        // The hand-written list this replaced, as a set: deriving the keys changed no output.
        assertThat(LevelKeys.KEYS)
                .containsExactlyInAnyOrder(
                        "level",
                        "lvl",
                        "severity",
                        "loglevel",
                        "log_level",
                        "log.level",
                        "levelname",
                        "severity_text",
                        "severitytext");
    }

    @Test
    void everyKeyReadsItsValueInLogfmtAndJson() {
        for (String key : LevelKeys.KEYS) {
            assertThat(inference.infer("msg " + key + "=warn done")).as(key).isEqualTo(LogLevel.WARN);
            assertThat(inference.infer("{\"" + key + "\": \"error\", \"m\": 1}"))
                    .as(key)
                    .isEqualTo(LogLevel.ERROR);
            assertThat(inference.infer("x " + key.toUpperCase(Locale.ROOT) + "=debug"))
                    .as(key)
                    .isEqualTo(LogLevel.DEBUG);
        }
    }

    @Test
    void fieldOnlyAliasesAreNotReadInText() {
        assertThat(inference.infer("x severityNumber=17")).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer("job PRIORITY=critical queued")).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer("{\"@l\":\"Debug\",\"x\":1}")).isEqualTo(LogLevel.INFO);
        assertThat(inference.infer("x @l=debug")).isEqualTo(LogLevel.INFO);
    }

    @Test
    void valueAfterReadsWordsNumbersAndRejectsOneDigit() {
        String s = "a level=30 b";
        int a = s.indexOf("level");
        int b = a + 5;
        assertThat(LevelKeys.valueAfter(s, s.length(), a, a, b, '=')).isEqualTo(LogLevel.INFO);
        String one = "lvl=2";
        assertThat(LevelKeys.valueAfter(one, one.length(), 0, 0, 3, '=')).isNull();
        String json = "\"severity\" :  \"FATAL\"";
        assertThat(LevelKeys.valueAfter(json, json.length(), 0, 1, 9, '"')).isEqualTo(LogLevel.FATAL);
        String longer = "xseverity=warn";
        assertThat(LevelKeys.valueAfter(longer, longer.length(), 0, 0, 9, '=')).isNull();
    }
}
