package dev.flinklog.core.template;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The context rules switched off one at a time (for the leave-one-system-out measurement): each
 * changes exactly its own decision, the fast paths of the word loop agree with the complete rules
 * (the streaming fingerprint equals the hash of the built template), and with every rule on the
 * scanner is the default one.
 */
class ContextRuleTest {

    private static String template(Set<ContextRule> off, String m) {
        return MessageTemplate.without(off).templateOf(m);
    }

    @Test
    void eachRuleChangesItsOwnDecision() {
        // rule on (the default) against the same rule off
        assertThat(MessageTemplate.template("Failed password for invalid user admin from 10.0.0.1 port 22"))
                .isEqualTo("Failed password for invalid user <*> from <*> port <*>");
        assertThat(template(
                        EnumSet.of(ContextRule.USER_NAMES),
                        "Failed password for invalid user admin from 10.0.0.1 port 22"))
                .isEqualTo("Failed password for invalid user admin from <*> port <*>");
        assertThat(template(EnumSet.of(ContextRule.USER_NAMES), "Accepted password for [bob] from 10.0.0.1"))
                .isEqualTo("Accepted password for [bob] from <*>");

        assertThat(MessageTemplate.template("request took 995 ms")).isEqualTo("request took <*>");
        assertThat(template(EnumSet.of(ContextRule.UNITS), "request took 995 ms"))
                .isEqualTo("request took <*> ms");
        assertThat(template(EnumSet.of(ContextRule.UNITS), "wrote 5 MB, 7 %")).isEqualTo("wrote <*> MB, <*> %");

        assertThat(MessageTemplate.template("Sent 1024 bytes (1 KB) to peer")).isEqualTo("Sent <*> to peer");
        assertThat(template(EnumSet.of(ContextRule.ASIDES), "Sent 1024 bytes (1 KB) to peer"))
                .isEqualTo("Sent <*> (<*> KB) to peer");

        assertThat(MessageTemplate.template("called init () with name ''"))
                .isEqualTo("called init (<*>) with name '<*>'");
        assertThat(template(EnumSet.of(ContextRule.EMPTY_PAIRS), "called init () with name ''"))
                .isEqualTo("called init () with name ''");
        assertThat(template(EnumSet.of(ContextRule.EMPTY_PAIRS), "args: '' and [x] ()"))
                .isEqualTo("args: '' and [x] ()");
    }

    @Test
    void noRuleOffIsTheDefaultScanner() {
        MessageTemplate all = MessageTemplate.without(EnumSet.noneOf(ContextRule.class));
        for (String m : TemplatePropertiesTest.randomMessages(7L, 5_000)) {
            assertThat(all.fingerprint(m)).isEqualTo(Fingerprint.of(m));
        }
    }

    @Test
    void fastPathsAgreeWithTheCompleteRulesWithRulesOff() {
        List<String> messages = TemplatePropertiesTest.randomMessages(20261202L, 5_000);
        // every subset of the four rules
        for (int mask = 0; mask < 16; mask++) {
            EnumSet<ContextRule> off = EnumSet.noneOf(ContextRule.class);
            for (ContextRule r : ContextRule.values()) {
                if ((mask & r.bit()) != 0) {
                    off.add(r);
                }
            }
            MessageTemplate scanner = MessageTemplate.without(off);
            for (String m : messages) {
                String t = scanner.templateOf(m);
                assertThat(scanner.fingerprint(m)).as("%s off: %s", off, m).isEqualTo(Fingerprint.ofTemplate(t));
            }
        }
    }
}
