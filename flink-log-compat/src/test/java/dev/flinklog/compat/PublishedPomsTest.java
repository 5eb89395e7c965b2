package dev.flinklog.compat;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a Maven user of the thin artifacts gets (docs/maven.md): Flink only {@code provided}, no test
 * library in a scope that passes on, our few third-party dependencies as compile dependencies, and
 * sources and javadoc jars next to each. The shaded jar's dependency-reduced POM passes nothing on.
 * Reads the modules' POMs and target folders, so it runs after they were packaged (-am).
 */
class PublishedPomsTest {

    private static final Path ROOT = Path.of("..");

    /** groupId:artifactId:scope of the {@code <project><dependencies>} of a POM (scope compile when absent). */
    private static List<String> dependencies(Path pom) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        Document d = f.newDocumentBuilder().parse(pom.toFile());
        List<String> out = new ArrayList<>();
        for (Node n = d.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals("dependencies")) {
                NodeList deps = ((Element) n).getElementsByTagName("dependency");
                for (int i = 0; i < deps.getLength(); i++) {
                    Element dep = (Element) deps.item(i);
                    String scope = text(dep, "scope");
                    out.add(text(dep, "groupId") + ":" + text(dep, "artifactId") + ":"
                            + (scope == null ? "compile" : scope)
                            + ("true".equals(text(dep, "optional")) ? ":optional" : ""));
                }
            }
        }
        return out;
    }

    private static String text(Element dep, String tag) {
        for (Node n = dep.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals(tag)) {
                return n.getTextContent().trim();
            }
        }
        return null;
    }

    private static List<String> passedOn(List<String> deps) {
        return deps.stream()
                .filter(d -> d.endsWith(":compile") || d.endsWith(":runtime"))
                .map(d -> d.substring(0, d.lastIndexOf(':')))
                .collect(Collectors.toList());
    }

    @Test
    void corePassesOnJacksonOnlyAndKnowsNoFlink() throws Exception {
        List<String> deps = dependencies(ROOT.resolve("flink-log-core/pom.xml"));
        assertThat(passedOn(deps)).containsExactly("com.fasterxml.jackson.core:jackson-core");
        assertThat(deps).noneMatch(d -> d.startsWith("org.apache.flink:"));
        assertFlinkProvidedAndTestLibrariesTest(deps);
    }

    @Test
    void functionsPassOnTheCoreOnly() throws Exception {
        List<String> deps = dependencies(ROOT.resolve("flink-log-sql-functions/pom.xml"));
        assertThat(passedOn(deps)).containsExactly("dev.flinklog:flink-log-core");
        assertThat(deps).contains("org.apache.flink:flink-table-common:provided");
        assertFlinkProvidedAndTestLibrariesTest(deps);
    }

    @Test
    void formatPassesOnTheCoreTheFunctionsJacksonAndJsonPath() throws Exception {
        List<String> deps = dependencies(ROOT.resolve("flink-log-format/pom.xml"));
        assertThat(passedOn(deps))
                .containsExactlyInAnyOrder(
                        "dev.flinklog:flink-log-core",
                        "dev.flinklog:flink-log-sql-functions",
                        "com.fasterxml.jackson.core:jackson-core",
                        "com.jayway.jsonpath:json-path");
        assertThat(deps).contains("org.apache.flink:flink-table-common:provided");
        assertFlinkProvidedAndTestLibrariesTest(deps);
    }

    @Test
    void parentDeclaresNoDependencyOfItsOwn() throws Exception {
        assertThat(dependencies(ROOT.resolve("pom.xml"))).isEmpty();
    }

    @Test
    void shadedJarPassesNothingOn() throws Exception {
        List<String> deps = dependencies(ROOT.resolve("flink-sql-log/dependency-reduced-pom.xml"));
        assertThat(passedOn(deps)).isEmpty();
    }

    @Test
    void sourcesAndJavadocJarsHoldThePublicClasses() throws Exception {
        String version = System.getProperty("project.version", "0.1.0-SNAPSHOT");
        check("flink-log-core", version, "dev/flinklog/core/time/TimestampParser");
        check("flink-log-sql-functions", version, "dev/flinklog/functions/LogsModule");
        check("flink-log-format", version, "dev/flinklog/format/LogJsonDeserializationSchema");
    }

    private static void check(String module, String version, String publicClass) throws Exception {
        Path target = ROOT.resolve(module).resolve("target");
        try (JarFile sources = new JarFile(
                        target.resolve(module + "-" + version + "-sources.jar").toFile());
                JarFile javadoc = new JarFile(
                        target.resolve(module + "-" + version + "-javadoc.jar").toFile())) {
            assertThat(sources.getEntry(publicClass + ".java"))
                    .as(module + " sources")
                    .isNotNull();
            assertThat(javadoc.getEntry(publicClass + ".html"))
                    .as(module + " javadoc")
                    .isNotNull();
            assertThat(javadoc.getEntry("index.html")).as(module + " javadoc").isNotNull();
        }
    }

    private static void assertFlinkProvidedAndTestLibrariesTest(List<String> deps) {
        for (String d : deps) {
            if (d.startsWith("org.apache.flink:")) {
                assertThat(d).as("Flink comes from the user's job or cluster").matches(".*:(provided|test)");
            }
            if (d.startsWith("org.junit")
                    || d.startsWith("org.assertj:")
                    || d.startsWith("org.apache.kafka:")
                    || d.startsWith("dev.flinklog:flink-log-gen:")) {
                assertThat(d).as("test libraries stay in test scope").endsWith(":test");
            }
            if (d.startsWith("com.google.auto.service:")) {
                assertThat(d).endsWith(":provided:optional");
            }
        }
    }
}
