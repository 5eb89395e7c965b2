package dev.flinklog.bench;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code TIME_FIELD_CUT(record, from, length)}: the characters {@code [from, from + length)} of the
 * value of a gen.py record's leading time field (the record starts {@code {"time":"...}} or {@code
 * {"@timestamp":"...}}), cut without parsing the JSON: how {@link JobThroughput}'s {@code raw}
 * pipeline gives the writer's floor its {@code dt} and {@code hr}.
 *
 * <p>Not SQL's {@code SUBSTRING}: Flink's counts every character of the string before it cuts (to
 * resolve negative positions), so three of them on an 800-byte record took a third of the {@code
 * raw} job's task thread, which made the floor slower than the writer. {@link
 * BinaryStringData#substring} reads the characters up to the end of the cut only.
 */
public class TimeFieldCut extends ScalarFunction {

    public @DataTypeHint(value = "STRING", bridgedTo = StringData.class) StringData eval(
            @DataTypeHint(value = "STRING", bridgedTo = StringData.class) StringData record,
            Integer from,
            Integer length) {
        if (record == null || from == null || length == null) {
            return null;
        }
        BinaryStringData s = (BinaryStringData) record;
        // {"time":" puts the value at character 9, {"@timestamp":" at 15
        int value = s.getSizeInBytes() > 2 && s.byteAt(2) == 't' ? 9 : 15;
        return s.substring(value + from, value + from + length);
    }
}
