package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class RepeatedValuesTest {

    /** The value's bytes inside a record, with bytes after it as a record has (its closing quote, …). */
    private static byte[] inRecord(byte[] value, int before) {
        byte[] b = new byte[before + value.length + 10];
        Arrays.fill(b, (byte) '#');
        System.arraycopy(value, 0, b, before, value.length);
        return b;
    }

    private static byte[] bytes(StringData s) {
        return ((BinaryStringData) s).toBytes();
    }

    @Test
    void aValueIsKeptTheSecondTimeItIsSeenAndSharedAfter() {
        RepeatedValues values = new RepeatedValues();
        byte[] service = "checkout".getBytes(StandardCharsets.UTF_8);
        assertThat(values.find(inRecord(service, 3), 3, service.length)).isNull();
        StringData second = values.find(inRecord(service, 7), 7, service.length);
        assertThat(second).isNotNull();
        assertThat(second.toString()).isEqualTo("checkout");
        // an array of its own: Flink hands it out as it is instead of copying
        assertThat(bytes(second)).isSameAs(bytes(second)).isEqualTo(service);
        assertThat(values.find(inRecord(service, 0), 0, service.length)).isSameAs(second);
    }

    @Test
    void valuesThatNeverRepeatAreNotKept() {
        RepeatedValues values = new RepeatedValues();
        for (int i = 0; i < 10_000; i++) {
            byte[] id = Integer.toHexString(i * 7919).getBytes(StandardCharsets.UTF_8);
            assertThat(values.find(inRecord(id, 1), 1, id.length)).isNull();
        }
    }

    @Test
    void longValuesAndValuesAtTheEndOfTheArrayAreLeftToTheCaller() {
        RepeatedValues values = new RepeatedValues();
        byte[] longer = "seventeen bytes!!".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 3; i++) {
            assertThat(values.find(inRecord(longer, 0), 0, longer.length)).isNull();
        }
        byte[] end = "{\"a\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 3; i++) {
            assertThat(values.find(end, 6, 2)).isNull(); // fewer than eight bytes left to read
        }
    }

    /**
     * Random values of 0 to 16 bytes (ASCII and not, many alike: the same head or tail, one byte
     * apart), each seen several times in random order at random places: whatever is kept is always
     * the value's exact bytes, and every value seen twice in a row is kept.
     */
    @Test
    void whatIsKeptIsAlwaysTheValuesOwnBytes() {
        Random random = new Random(20261205);
        List<byte[]> pool = new ArrayList<>();
        byte[] alphabet = "ab0-é".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 300; i++) {
            byte[] v = new byte[random.nextInt(17)];
            for (int k = 0; k < v.length; k++) {
                v[k] = alphabet[random.nextInt(alphabet.length)];
            }
            pool.add(v);
        }
        RepeatedValues values = new RepeatedValues();
        int kept = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] v = pool.get(random.nextInt(pool.size()));
            int at = random.nextInt(5);
            StringData s = values.find(inRecord(v, at), at, v.length);
            if (s != null) {
                kept++;
                assertThat(bytes(s)).isEqualTo(v);
            }
            StringData again = values.find(inRecord(v, at + 1), at + 1, v.length);
            assertThat(again).isNotNull();
            assertThat(bytes(again)).isEqualTo(v);
        }
        assertThat(kept).isPositive();
    }

    /**
     * Through the reader: a service repeated over records is one string, and its rows equal a fresh
     * reader's; the message is the record's own bytes every time.
     */
    @Test
    void theReaderSharesAColumnsRepeatedValuesAcrossRows() {
        RowType columns = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("service_name", DataTypes.STRING()), DataTypes.FIELD("log", DataTypes.STRING()))
                .getLogicalType();
        RecordReader reader =
                RecordReader.create(DecoderOptions.defaults(), columns, List.of(), new FormatMetrics(null));
        List<GenericRowData> rows = new ArrayList<>();
        for (String service : List.of("billing", "billing", "billing", "search", "billing")) {
            String json = "{\"service_name\":\"" + service + "\",\"log\":\"hi\"}";
            RecordReader.Result result = reader.read(json.getBytes(StandardCharsets.UTF_8), new RecordReader.Result());
            assertThat(result.error).isNull();
            rows.add(result.rows.get(0));
            RecordReader fresh =
                    RecordReader.create(DecoderOptions.defaults(), columns, List.of(), new FormatMetrics(null));
            GenericRowData expected = fresh.read(json.getBytes(StandardCharsets.UTF_8), new RecordReader.Result())
                    .rows
                    .get(0);
            assertThat(rows.get(rows.size() - 1).toString()).isEqualTo(expected.toString());
        }
        assertThat(rows.get(2).getString(0)).isSameAs(rows.get(1).getString(0));
        assertThat(rows.get(4).getString(0)).isSameAs(rows.get(1).getString(0));
        assertThat(rows.get(3).getString(0).toString()).isEqualTo("search");
        // the message column keeps no values: each row's is cut from its own record
        assertThat(rows.get(2).getString(1)).isNotSameAs(rows.get(1).getString(1));
    }
}
