package dev.flinklog.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The {@code fields.<column>.path} expressions the streaming pass cannot follow (filters, wildcards,
 * indexes, deep scans): evaluated with JSONPath on the whole record after the pass, for the
 * columns they may still improve. Their results are read again as JSON by the column's converter,
 * so they convert exactly as values of the pass do.
 */
final class JsonPathColumns {

    private final FieldPlan plan;
    private final JsonPath[][] paths;
    private final Configuration config;
    private final JsonFactory factory;
    private final Input in;
    private final FormatMetrics metrics;

    private JsonPathColumns(FieldPlan plan, JsonFactory factory, Input in, FormatMetrics metrics) {
        this.plan = plan;
        this.factory = factory;
        this.in = in;
        this.metrics = metrics;
        this.config = Configuration.defaultConfiguration()
                .addOptions(Option.SUPPRESS_EXCEPTIONS, Option.DEFAULT_PATH_LEAF_TO_NULL);
        this.paths = new JsonPath[plan.columns.length][];
        for (FieldPlan.ColumnPlan c : plan.columns) {
            // Compiled here, when the task opens: JsonPath is not serializable.
            JsonPath[] compiled = new JsonPath[c.jsonPathExpressions.length];
            for (int i = 0; i < compiled.length; i++) {
                compiled[i] = JsonPath.compile(c.jsonPathExpressions[i]);
            }
            paths[c.index] = compiled;
        }
    }

    /** The JSONPath columns of a plan, or null when it has none. */
    static JsonPathColumns of(FieldPlan plan, JsonFactory factory, Input in, FormatMetrics metrics) {
        return plan.needsJsonPath ? new JsonPathColumns(plan, factory, in, metrics) : null;
    }

    /** Evaluates the expressions that rank before what the pass found for their columns, in the user's order. */
    void apply(byte[] bytes, RowState row) {
        DocumentContext doc = null;
        for (FieldPlan.ColumnPlan c : plan.columns) {
            JsonPath[] expressions = paths[c.index];
            if (expressions.length == 0 || c.converter == null) {
                continue;
            }
            for (int i = 0; i < expressions.length; i++) {
                int preference = RowState.preference(c.jsonPathRanks[i], RowState.FIELD);
                if (!row.wants(c.index, preference)) {
                    break;
                }
                if (doc == null) {
                    doc = JsonPath.using(config).parse(new String(bytes, StandardCharsets.UTF_8));
                }
                Object v = doc.read(expressions[i]);
                if (v == null || (v instanceof List && ((List<?>) v).isEmpty())) {
                    continue;
                }
                Object converted = fromJava(v, c);
                if (converted == null) {
                    continue;
                }
                if (converted == ValueConverters.FAILED) {
                    metrics.conversionFailures.inc();
                    continue;
                }
                row.set(c.index, preference, converted);
                break;
            }
        }
    }

    /** Converts a value JSONPath returned by reading its JSON text with the column's converter. */
    private Object fromJava(Object v, FieldPlan.ColumnPlan c) {
        String json;
        if (v instanceof String) {
            json = '"' + new String(JsonStringEncoder.getInstance().quoteAsString((String) v)) + '"';
        } else if (v instanceof Number || v instanceof Boolean) {
            json = v.toString();
        } else {
            json = config.jsonProvider().toJson(v);
        }
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonParser saved = in.parser;
        byte[] savedBytes = in.bytes;
        int savedBase = in.base;
        try (JsonParser p = factory.createParser(b)) {
            in.set(p, b, 0);
            return ValueConverters.element(p, p.nextToken(), c.converter);
        } catch (IOException | RuntimeException e) {
            return ValueConverters.FAILED;
        } finally {
            in.set(saved, savedBytes, savedBase);
        }
    }
}
