package dev.flinklog.bench;

import dev.flinklog.core.template.ContextRule;
import dev.flinklog.core.template.MessageTemplate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The CSV reader and the GA rule of the evaluation command, on data written here. */
class GroupingAccuracyTest {

    @Test
    void csvHandlesQuotesCommasDoubledQuotesAndNewlines() {
        String text = "LineId,Content,EventId\n"
                + "1,plain text,E1\n"
                + "2,\"with, comma\",E2\n"
                + "3,\"say \"\"hi\"\"\",E3\n"
                + "4,\"two\nlines\",E4\r\n"
                + "5,,E5";
        List<List<String>> rows = GroupingAccuracy.Csv.parse(text);
        assertThat(rows).hasSize(6);
        assertThat(rows.get(2)).containsExactly("2", "with, comma", "E2");
        assertThat(rows.get(3)).containsExactly("3", "say \"hi\"", "E3");
        assertThat(rows.get(4)).containsExactly("4", "two\nlines", "E4");
        assertThat(rows.get(5)).containsExactly("5", "", "E5");
    }

    @Test
    void lineIsCorrectOnlyWhenItsGroupIsExactlyItsTruthGroup() {
        // truth: A A B B C; predicted: {0,1} right, {2} and {3} split B, {4} right.
        List<String> truth = List.of("A", "A", "B", "B", "C");
        List<List<Integer>> predicted = List.of(List.of(0, 1), List.of(2), List.of(3), List.of(4));
        assertThat(GroupingAccuracy.groupingAccuracy(predicted, truth, sizes(truth)))
                .isEqualTo(3.0 / 5);
        // merging A and C into one group loses both
        List<List<Integer>> merged = List.of(List.of(0, 1, 4), List.of(2, 3));
        assertThat(GroupingAccuracy.groupingAccuracy(merged, truth, sizes(truth)))
                .isEqualTo(2.0 / 5);
    }

    @Test
    void evaluateGroupsByFingerprint() {
        List<String> messages =
                new ArrayList<>(List.of("took 5 ms", "took 7 ms", "user alice left", "user bob left", "disk full"));
        List<String> truth = List.of("T", "T", "U", "U", "D");
        GroupingAccuracy.Result r = GroupingAccuracy.evaluate(new MessageTemplate(), messages, truth);
        assertThat(r.ga).isEqualTo(1.0);
        assertThat(r.predictedGroups).isEqualTo(3);
        assertThat(r.trueGroups).isEqualTo(3);
        // without the user-name rule the two user lines split, without units the ms lines don't
        GroupingAccuracy.Result noUsers =
                GroupingAccuracy.evaluate(MessageTemplate.without(EnumSet.of(ContextRule.USER_NAMES)), messages, truth);
        assertThat(noUsers.ga).isEqualTo(3.0 / 5);
        assertThat(noUsers.predictedGroups).isEqualTo(4);
    }

    @Test
    void leaveOneOutChoosesOnTheOtherSystemsOnly() {
        // 16 subsets x 3 systems; subset 5 is best on systems 1 and 2, subset 0 only on system 0
        double[][] ga = new double[16][3];
        for (double[] row : ga) {
            java.util.Arrays.fill(row, 0.5);
        }
        ga[0][0] = 1.0;
        ga[5][1] = 0.9;
        ga[5][2] = 0.9;
        ga[5][0] = 0.1;
        assertThat(GroupingAccuracy.bestWithout(ga, 0)).isEqualTo(5);
        // held out system 1: subset 0 (1.0 + 0.5) beats subset 5 (0.1 + 0.9)
        assertThat(GroupingAccuracy.bestWithout(ga, 1)).isEqualTo(0);
        // a tie goes to fewer rules off: subset 8 (one rule off) and 3 (two) tie, 8 wins
        double[][] tie = new double[16][2];
        tie[3][1] = 0.7;
        tie[8][1] = 0.7;
        assertThat(GroupingAccuracy.bestWithout(tie, 0)).isEqualTo(8);
    }

    private static Map<String, Integer> sizes(List<String> truth) {
        Map<String, Integer> m = new HashMap<>();
        for (String t : truth) {
            m.merge(t, 1, Integer::sum);
        }
        return m;
    }
}
