package dev.flinklog.packaging;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the jar users drop into Flink's {@code lib/}: only our classes, our relocated
 * dependencies and license files; nothing that could clash with Flink's own classpath.
 */
class PackagingITCase {

    private static Path jar;
    private static List<String> entries;

    @BeforeAll
    static void readJar() throws IOException {
        jar = Path.of(System.getProperty("flinklog.jar", "target/flink-sql-log-0.1.0-SNAPSHOT.jar"));
        assertThat(jar).exists();
        entries = new ArrayList<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> e = jf.entries();
            while (e.hasMoreElements()) {
                entries.add(e.nextElement().getName());
            }
        }
    }

    @Test
    void containsOnlyOurPackagesRelocatedDependenciesAndLicenses() {
        List<String> unexpected = new ArrayList<>();
        for (String name : entries) {
            boolean ok =
                    name.startsWith("dev/flinklog/")
                            || name.equals("dev/")
                            || name.equals("META-INF/")
                            || name.equals("META-INF/MANIFEST.MF")
                            || name.equals("META-INF/LICENSE")
                            || name.equals("META-INF/NOTICE")
                            // jackson-core's licenses of the code it embeds (fast_float, bigint)
                            || name.equals("META-INF/thirdparty-LICENSE")
                            || name.equals("META-INF/services/")
                            || name.startsWith("META-INF/services/dev.flinklog.")
                            || name.equals("META-INF/services/org.apache.flink.table.factories.Factory");
            if (!ok) {
                unexpected.add(name);
            }
        }
        assertThat(unexpected).as("entries outside dev/flinklog/ and the license files").isEmpty();
    }

    @Test
    void bundlesTheRelocatedDependencies() {
        assertThat(entries)
                .contains(
                        "dev/flinklog/shaded/com/fasterxml/jackson/core/JsonParser.class",
                        "dev/flinklog/shaded/com/jayway/jsonpath/JsonPath.class",
                        "dev/flinklog/shaded/net/minidev/json/JSONValue.class");
        assertThat(entries)
                .noneMatch(n -> n.startsWith("com/fasterxml/"))
                .noneMatch(n -> n.startsWith("com/jayway/"))
                .noneMatch(n -> n.startsWith("net/minidev/"))
                .noneMatch(n -> n.startsWith("org/slf4j/"))
                .noneMatch(n -> n.startsWith("org/apache/flink/"));
    }

    @Test
    void containsTheFunctionsTheModuleTheFormatAndTheLogGenSource() {
        assertThat(entries)
                .contains(
                        "dev/flinklog/functions/LogsModuleFactory.class",
                        "dev/flinklog/functions/LogsModule.class",
                        "dev/flinklog/format/LogJsonFormatFactory.class",
                        "dev/flinklog/core/TimestampParser.class",
                        "dev/flinklog/loggen/LogGenTableSourceFactory.class",
                        "dev/flinklog/gen/LogGenerator.class");
    }

    @Test
    void servicesFileNamesTheModuleFormatAndLogGenFactories() throws IOException {
        String services = read("META-INF/services/org.apache.flink.table.factories.Factory");
        assertThat(services.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")))
                .containsExactlyInAnyOrder(
                        "dev.flinklog.functions.LogsModuleFactory",
                        "dev.flinklog.format.LogJsonFormatFactory",
                        "dev.flinklog.loggen.LogGenTableSourceFactory");
    }

    @Test
    void logParseReachesTheModuleThroughItsProviderFile() throws IOException {
        String services = read("META-INF/services/dev.flinklog.functions.LogFunctionProvider");
        assertThat(services.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")))
                .containsExactly("dev.flinklog.format.LogJsonFunctions");
    }

    @Test
    void relocatedDependenciesAreReferencedByTheirNewNames() throws IOException {
        // The format's classes must point at the relocated Jackson, not at com.fasterxml.
        byte[] reader;
        try (JarFile jf = new JarFile(jar.toFile());
                InputStream in = jf.getInputStream(jf.getJarEntry("dev/flinklog/format/RecordReader.class"))) {
            reader = in.readAllBytes();
        }
        String constants = new String(reader, StandardCharsets.ISO_8859_1);
        assertThat(constants)
                .contains("dev/flinklog/shaded/com/fasterxml/jackson/core/JsonParser")
                .doesNotContain("com/fasterxml/jackson/core/JsonParser;".replace("com/", "Lcom/"));
    }

    @Test
    void licenseAndNoticeNameEveryBundledLibrary() throws IOException {
        String license = read("META-INF/LICENSE");
        String notice = read("META-INF/NOTICE");
        assertThat(license).startsWith("\n                                 Apache License");
        for (String lib :
                List.of(
                        "com.fasterxml.jackson.core:jackson-core",
                        "com.jayway.jsonpath:json-path",
                        "net.minidev:json-smart",
                        "net.minidev:accessors-smart",
                        "org.ow2.asm:asm")) {
            assertThat(license).contains(lib);
            assertThat(notice).contains(lib);
        }
    }

    private static String read(String entry) throws IOException {
        try (JarFile jf = new JarFile(jar.toFile())) {
            JarEntry e = jf.getJarEntry(entry);
            assertThat(e).as(entry).isNotNull();
            try (InputStream in = jf.getInputStream(e)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }
}
