package dev.flinklog.loggen;

import dev.flinklog.gen.GeneratedLog;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.util.Collector;

import java.io.IOException;
import java.io.Serializable;

/**
 * Turns one generated record into the source's output: none, one or several elements (an OTLP
 * batch read by a format gives several rows). The table source's implementation runs the payload
 * through the table's format; a DataStream job can emit the payload or the ground truth directly.
 */
public interface GeneratedLogDeserializer<T> extends Serializable, ResultTypeQueryable<T> {

    /** Called once per reader before the first record. */
    default void open(DeserializationSchema.InitializationContext context) throws Exception {}

    void deserialize(GeneratedLog log, Collector<T> out) throws IOException;
}
