package dev.flinklog.format;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

/** Metadata the format can add to each row ({@code METADATA FROM 'parse-error'}). */
enum ReadableMetadata {
    /** Why the record was not read as a JSON object; NULL when it was. */
    PARSE_ERROR("parse-error", DataTypes.STRING().nullable()),
    /** What the record is: {@code json}, {@code otlp}, a text line's shape ({@code syslog5424} …), {@code plain}. */
    SHAPE("shape", DataTypes.STRING().nullable());

    final String key;
    final DataType type;

    ReadableMetadata(String key, DataType type) {
        this.key = key;
        this.type = type;
    }
}
