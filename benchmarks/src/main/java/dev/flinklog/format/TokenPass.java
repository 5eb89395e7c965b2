package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonToken;

/**
 * A bare token pass of the reader's own tokenizer ({@link RecordParser}, package-private), for
 * {@code FormatBenchmark.ownTokens}: the same loop as its {@code jacksonTokens}.
 */
public final class TokenPass {

    private final RecordParser parser = new RecordParser(RecordReader.jsonFactory(
                    DecoderOptions.defaults().maxNestingDepth(),
                    DecoderOptions.defaults().maxStringLength(),
                    DecoderOptions.defaults().maxRecordBytes())
            .streamReadConstraints());

    /** The sum of the record's token ordinals; -1 if the record is one the tokenizer leaves to Jackson. */
    public int tokens(byte[] record) {
        if (!RecordParser.reads(record)) {
            return -1;
        }
        try {
            parser.reset(record);
            int n = 0;
            JsonToken t;
            while ((t = parser.nextToken()) != null) {
                n += t.ordinal();
            }
            return n;
        } catch (RecordParser.Fallback f) {
            return -1;
        }
    }
}
