import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A SQL session the way Flink's lib/ gives it: started by UserLibSessionITCase with `java -cp
 * <Flink's jars>:<flink-sql-log.jar> LibSession.java script.sql` (the source launcher, so that no
 * compiled test class joins the class path). Runs each statement of the script (statements end with
 * a ';' at the end of a line) and prints, one line each, what the test compares:
 * "flink-version|V", "loaded-from|CLASS|LOCATION", "row|STATEMENT#|f1|f2|...", and "ok|STATEMENT#".
 * A failing statement ends the JVM with its stack trace and a non-zero status, but for one that
 * starts with "-- may fail": its failure is printed as "error|STATEMENT#|messages of the causes".
 */
public class LibSession {
    public static void main(String[] args) throws Exception {
        System.out.println("flink-version|" + EnvironmentInformation.getVersion());
        for (String name :
                new String[] {"dev.flinklog.functions.LogsModuleFactory", "dev.flinklog.format.LogJsonFormatFactory"}) {
            Class<?> c = Class.forName(name);
            System.out.println(
                    "loaded-from|" + name + "|" + c.getProtectionDomain().getCodeSource().getLocation());
        }
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        String script = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
        int n = 0;
        for (String statement : script.split(";\\s*(\\n|$)")) {
            if (statement.isBlank()) {
                continue;
            }
            n++;
            TableResult result;
            try {
                result = tEnv.executeSql(statement);
            } catch (Exception e) {
                if (!statement.strip().startsWith("-- may fail")) {
                    throw e;
                }
                // a statement whose failure is what some versions must give: printed, not fatal
                StringBuilder causes = new StringBuilder();
                for (Throwable t = e; t != null; t = t.getCause()) {
                    causes.append(' ').append(String.valueOf(t.getMessage()).replace('\n', ' '));
                }
                System.out.println("error|" + n + "|" + causes.toString().strip());
                continue;
            }
            if (result.getResultKind() == ResultKind.SUCCESS_WITH_CONTENT) {
                try (CloseableIterator<Row> it = result.collect()) {
                    while (it.hasNext()) {
                        Row row = it.next();
                        StringBuilder line = new StringBuilder("row|").append(n);
                        for (int i = 0; i < row.getArity(); i++) {
                            line.append('|').append(row.getField(i));
                        }
                        System.out.println(line);
                    }
                }
            }
            System.out.println("ok|" + n);
        }
    }
}
