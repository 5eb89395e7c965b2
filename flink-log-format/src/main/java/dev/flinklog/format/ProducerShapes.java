package dev.flinklog.format;

import dev.flinklog.core.fields.FieldAliases;
import dev.flinklog.core.level.LevelFieldParser;
import dev.flinklog.core.level.LevelScale;
import dev.flinklog.core.level.LogLevel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * Producer shapes whose fields mean something only together (the rules are in {@link
 * FieldAliases}): Serilog's compact format (CLEF) implies Information when it writes no level,
 * bunyan's {@code name} is the service only in bunyan records, and journald's upper-case {@code
 * PRIORITY} is a syslog severity. Noted while a record's top level is walked, applied when its row
 * is finished. One per row being read.
 */
final class ProducerShapes {

    private boolean clef;
    private boolean bunyan;
    private String bunyanName;
    private LogLevel journald;

    void reset() {
        clef = false;
        bunyan = false;
        bunyanName = null;
        journald = null;
    }

    /** Whether a top-level key is one that {@link #note} looks at; no other key needs noting. */
    static boolean marks(String name) {
        return FieldAliases.isClefMessageKey(name)
                || name.equals(FieldAliases.BUNYAN_VERSION_KEY)
                || name.equals(FieldAliases.BUNYAN_NAME_KEY)
                || name.equals(FieldAliases.JOURNALD_PRIORITY_KEY);
    }

    /**
     * Notes a top-level key that {@link #marks} a shape, the parser on its value; {@code
     * wantsService}: some column would take bunyan's name, {@code wantsLevel}: a level.
     */
    void note(String name, JsonToken t, JsonParser p, boolean wantsService, boolean wantsLevel) throws IOException {
        if (FieldAliases.isClefMessageKey(name)) {
            clef = true;
        } else if (name.equals(FieldAliases.BUNYAN_VERSION_KEY)) {
            bunyan = t == JsonToken.VALUE_NUMBER_INT;
        } else if (wantsService && name.equals(FieldAliases.BUNYAN_NAME_KEY) && t == JsonToken.VALUE_STRING) {
            bunyanName = p.getText();
        } else if (wantsLevel && name.equals(FieldAliases.JOURNALD_PRIORITY_KEY) && journald == null) {
            if (t == JsonToken.VALUE_STRING) {
                journald = LevelFieldParser.parse(p.getText(), LevelScale.SYSLOG);
            } else if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
                journald = LevelFieldParser.parse(p.getIntValue(), LevelScale.SYSLOG);
            }
        }
    }

    /** The level the producer gives a record that has no level field of the usual names, or null. */
    LogLevel level() {
        if (journald != null) {
            return journald;
        }
        return clef ? FieldAliases.CLEF_DEFAULT_LEVEL : null;
    }

    /** The service the producer names outside the usual fields, or null. */
    String service() {
        return bunyan ? bunyanName : null;
    }
}
