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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the jar users drop into Flink's {@code lib/}: every entry is one of our classes, a class of
 * a relocated dependency, a service file or a license file; nothing that could clash with Flink's
 * class path (or with another jar in lib/) and nothing unaccounted for. The entries are written,
 * each with its kind, to target/flink-sql-log-entries.txt.
 */
class PackagingITCase {

    /** Every bundled dependency (groupId:artifactId) and the one package root it is relocated to. */
    private static final Map<String, String> RELOCATED = Map.of(
            "com.fasterxml.jackson.core:jackson-core", "com/fasterxml/jackson/core/",
            "com.jayway.jsonpath:json-path", "com/jayway/jsonpath/",
            "net.minidev:json-smart", "net/minidev/json/",
            "net.minidev:accessors-smart", "net/minidev/asm/",
            "org.ow2.asm:asm", "org/objectweb/asm/");

    private static final String SHADED = "dev/flinklog/shaded/";

    /** Package roots that Flink or other jars in lib/ also have: none may appear unrelocated. */
    private static final List<String> FOREIGN = List.of(
            "com/fasterxml/", "com/jayway/", "net/minidev/", "org/slf4j/", "org/objectweb/", "org/apache/flink/");

    private static Path jar;
    private static List<String> entries;
    /** groupId:artifactId -> version of what Maven resolved for the shade plugin. */
    private static Map<String, String> bundled;

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
        bundled = new TreeMap<>();
        // dependency:list lines: "   net.minidev:json-smart:jar:2.5.0:compile -- module json.smart"
        Pattern line = Pattern.compile("^\\s*([\\w.-]+):([\\w.-]+):jar:([\\w.-]+):(compile|runtime)\\b.*");
        for (String l : Files.readAllLines(
                Path.of(System.getProperty("flinklog.bundled", "target/bundled-dependencies.txt")))) {
            Matcher m = line.matcher(l);
            if (m.matches()) {
                bundled.put(m.group(1) + ":" + m.group(2), m.group(3));
            }
        }
        Map<String, List<String>> byKind = new LinkedHashMap<>();
        for (String name : entries) {
            byKind.computeIfAbsent(kind(name), k -> new ArrayList<>()).add(name);
        }
        List<String> report = new ArrayList<>();
        byKind.forEach((kind, names) -> {
            report.add("# " + kind + ": " + names.size());
            names.forEach(n -> report.add(kind + "\t" + n));
        });
        Files.write(Path.of(System.getProperty("flinklog.entries", "target/flink-sql-log-entries.txt")), report);
    }

    /** What an entry is, or "UNEXPECTED". */
    private static String kind(String name) {
        if (name.endsWith("/")) {
            boolean leadsToAllowed = "dev/".startsWith(name)
                    || "META-INF/services/".startsWith(name)
                    || (name.startsWith("dev/flinklog/") && !name.startsWith(SHADED))
                    || RELOCATED.values().stream()
                            .anyMatch(root -> (SHADED + root).startsWith(name) || name.startsWith(SHADED + root));
            return leadsToAllowed ? "directory" : "UNEXPECTED";
        }
        if (name.startsWith(SHADED)) {
            String rest = name.substring(SHADED.length());
            return RELOCATED.values().stream().anyMatch(rest::startsWith) ? "relocated" : "UNEXPECTED";
        }
        if (name.startsWith("dev/flinklog/") && name.endsWith(".class")) {
            return "ours";
        }
        switch (name) {
            case "META-INF/MANIFEST.MF":
                return "manifest";
            case "META-INF/LICENSE":
            case "META-INF/NOTICE":
            // jackson-core's licenses of the code it embeds (FastDoubleParser: fast_float, bigint)
            case "META-INF/thirdparty-LICENSE":
                return "license";
            case "META-INF/services/org.apache.flink.table.factories.Factory":
            case "META-INF/services/dev.flinklog.functions.LogFunctionProvider":
            // jackson-core's own service file, renamed with its interface by the relocation
            case "META-INF/services/dev.flinklog.shaded.com.fasterxml.jackson.core.JsonFactory":
                return "service";
            default:
                return "UNEXPECTED";
        }
    }

    @Test
    void everyEntryIsOursRelocatedAServiceOrALicense() {
        assertThat(entries.stream().filter(n -> kind(n).equals("UNEXPECTED")))
                .as("entries of no known kind (see target/flink-sql-log-entries.txt)")
                .isEmpty();
        assertThat(entries).hasSizeGreaterThan(500);
    }

    @Test
    void nothingUnrelocatedNoFlinkNoSlf4j() {
        for (String root : FOREIGN) {
            assertThat(entries).as(root).noneMatch(n -> n.startsWith(root));
        }
    }

    @Test
    void bundlesExactlyTheRelocatedDependencies() {
        assertThat(bundled.keySet())
                .as("runtime dependencies of flink-sql-log: relocate a new one and list it in LICENSE and NOTICE")
                .containsExactlyInAnyOrderElementsOf(RELOCATED.keySet());
        for (String root : RELOCATED.values()) {
            assertThat(entries).as(root).anyMatch(n -> n.startsWith(SHADED + root) && n.endsWith(".class"));
        }
        assertThat(entries)
                .contains(
                        "dev/flinklog/shaded/com/fasterxml/jackson/core/JsonParser.class",
                        "dev/flinklog/shaded/com/jayway/jsonpath/JsonPath.class",
                        "dev/flinklog/shaded/net/minidev/json/JSONValue.class");
    }

    @Test
    void containsTheFunctionsTheModuleTheFormatAndTheLogGenSource() {
        assertThat(entries)
                .contains(
                        "dev/flinklog/functions/LogsModuleFactory.class",
                        "dev/flinklog/functions/LogsModule.class",
                        "dev/flinklog/format/LogJsonFormatFactory.class",
                        "dev/flinklog/core/time/TimestampParser.class",
                        "dev/flinklog/loggen/LogGenTableSourceFactory.class",
                        "dev/flinklog/gen/LogGenerator.class");
    }

    @Test
    void servicesFileNamesTheModuleFormatAndLogGenFactories() throws IOException {
        assertThat(serviceLines("META-INF/services/org.apache.flink.table.factories.Factory"))
                .containsExactlyInAnyOrder(
                        "dev.flinklog.functions.LogsModuleFactory",
                        "dev.flinklog.format.LogJsonFormatFactory",
                        "dev.flinklog.loggen.LogGenTableSourceFactory");
    }

    @Test
    void logParseReachesTheModuleThroughItsProviderFile() throws IOException {
        assertThat(serviceLines("META-INF/services/dev.flinklog.functions.LogFunctionProvider"))
                .containsExactly("dev.flinklog.format.LogJsonFunctions");
    }

    @Test
    void everyServiceFileNamesClassesInTheJar() throws IOException {
        for (String entry : entries) {
            if (entry.startsWith("META-INF/services/") && !entry.endsWith("/")) {
                for (String impl : serviceLines(entry)) {
                    assertThat(entries).as(entry).contains(impl.replace('.', '/') + ".class");
                }
            }
        }
    }

    /**
     * No class in the jar names an unrelocated copy of a bundled dependency: a missed reference would
     * load the class from whatever else is on the class path (or fail). References to Flink and
     * slf4j are expected: Flink's lib/ provides both.
     */
    @Test
    void classesReferenceTheBundledDependenciesByTheirNewNames() throws IOException {
        Pattern unrelocated = Pattern.compile(
                "(?<!shaded/)(?<!shaded\\.)(com[/.]fasterxml|com[/.]jayway|net[/.]minidev|org[/.]objectweb)[/.]");
        List<String> offenders = new ArrayList<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            for (String name : entries) {
                if (!name.endsWith(".class")) {
                    continue;
                }
                String constants;
                try (InputStream in = jf.getInputStream(jf.getJarEntry(name))) {
                    constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                }
                Matcher m = unrelocated.matcher(constants);
                while (m.find()) {
                    offenders.add(
                            name + ": " + constants.substring(m.start(), Math.min(constants.length(), m.start() + 40)));
                }
            }
        }
        // json-smart's BeansAccessBuilder writes the generic signature of the accessor classes it
        // generates at run time as a string the relocation does not see. It runs only when json-smart
        // maps JSON onto Java beans; json-path's JsonSmartJsonProvider, which the format uses, reads into
        // maps and lists and never gets there.
        offenders.removeIf(o -> o.startsWith(
                "dev/flinklog/shaded/net/minidev/asm/BeansAccessBuilder.class: net/minidev/asm/BeansAccess<"));
        assertThat(offenders).isEmpty();
        // Our own format's classes point at the relocated Jackson.
        try (JarFile jf = new JarFile(jar.toFile());
                InputStream in = jf.getInputStream(jf.getJarEntry("dev/flinklog/format/RecordReader.class"))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1))
                    .contains("dev/flinklog/shaded/com/fasterxml/jackson/core/JsonParser");
        }
    }

    @Test
    void licenseAndNoticeNameEveryBundledLibraryWithItsVersion() throws IOException {
        String license = read("META-INF/LICENSE");
        String notice = read("META-INF/NOTICE");
        assertThat(license).startsWith("\n                                 Apache License");
        assertThat(bundled).isNotEmpty();
        bundled.forEach((ga, version) -> {
            assertThat(license).as("LICENSE").contains("- " + ga + " " + version + " ");
            assertThat(notice).as("NOTICE").contains("- " + ga + ":" + version + "\n");
        });
        // Every library the files list is bundled: no stale entries after an upgrade.
        Matcher listed = Pattern.compile("(?m)^- ([\\w.-]+:[\\w.-]+)[: ]").matcher(license + notice);
        TreeSet<String> named = new TreeSet<>();
        while (listed.find()) {
            named.add(listed.group(1));
        }
        assertThat(named).containsExactlyInAnyOrderElementsOf(bundled.keySet());
    }

    private static List<String> serviceLines(String entry) throws IOException {
        return read(entry)
                .lines()
                .map(String::trim)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .collect(Collectors.toList());
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
