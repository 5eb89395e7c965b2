package dev.flinklog.examples;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One example's docker-compose.yml and .env.example, read the way docker compose reads them as far
 * as the consistency tests need: services with their image, bind mounts, environment and command
 * (YAML anchors and {@code <<} merges resolved by the parser), and the ${VAR} references.
 */
final class ExamplesCompose {

    /** ${NAME}, ${NAME:-default}, ${NAME-default}; {@code $$} is compose's escape for a literal $. */
    private static final Pattern REFERENCE =
            Pattern.compile("(?<!\\$)\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?}");

    final Path dir;
    final Path file;
    final Map<String, Object> root;
    final String text;

    private ExamplesCompose(Path dir) {
        this.dir = dir;
        this.file = dir.resolve("docker-compose.yml");
        try (Reader in = Files.newBufferedReader(file)) {
            this.text = Files.readString(file);
            this.root = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ExamplesCompose of(String example) {
        return new ExamplesCompose(ScriptRun.EXAMPLES.resolve(example));
    }

    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> services() {
        return (Map<String, Map<String, Object>>) root.get("services");
    }

    Map<String, Object> service(String name) {
        Map<String, Object> service = services().get(name);
        if (service == null) {
            throw new AssertionError(file + " has no service " + name);
        }
        return service;
    }

    /** A service's environment as a map, whether written as a map or as a list of NAME=value. */
    @SuppressWarnings("unchecked")
    static Map<String, String> environment(Map<String, Object> service) {
        Object env = service.get("environment");
        Map<String, String> out = new LinkedHashMap<>();
        if (env instanceof Map) {
            ((Map<String, Object>) env).forEach((k, v) -> out.put(k, v == null ? null : String.valueOf(v)));
        } else if (env instanceof List) {
            for (Object entry : (List<Object>) env) {
                String s = String.valueOf(entry);
                int eq = s.indexOf('=');
                out.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? null : s.substring(eq + 1));
            }
        }
        return out;
    }

    /** A bind mount: host path (relative to the compose file's folder) and container path. */
    record Mount(String host, String container) {}

    /** A service's bind mounts (named volumes, which have no path, are left out). */
    @SuppressWarnings("unchecked")
    static List<Mount> mounts(Map<String, Object> service) {
        List<Mount> out = new ArrayList<>();
        Object volumes = service.get("volumes");
        if (volumes instanceof List) {
            for (Object v : (List<Object>) volumes) {
                String[] parts = String.valueOf(v).split(":");
                if (parts.length >= 2 && (parts[0].startsWith(".") || parts[0].startsWith("/"))) {
                    out.add(new Mount(parts[0], parts[1]));
                }
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<String> list(Map<String, Object> service, String key) {
        Object value = service.get(key);
        if (value instanceof List) {
            List<String> out = new ArrayList<>();
            ((List<Object>) value).forEach(o -> out.add(String.valueOf(o)));
            return out;
        }
        return value == null ? List.of() : List.of(String.valueOf(value));
    }

    /** The names referenced as ${NAME} without a default anywhere in this text. */
    static Set<String> requiredReferences(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = REFERENCE.matcher(text);
        while (m.find()) {
            if (m.group(2) == null) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** The names referenced as ${NAME...} with or without a default. */
    static Set<String> references(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = REFERENCE.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** NAME=value lines of the example's .env.example (comments and blank lines skipped). */
    Map<String, String> envExample() {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(dir.resolve(".env.example"))) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                int eq = l.indexOf('=');
                if (eq <= 0) {
                    throw new AssertionError(".env.example: not NAME=value: " + line);
                }
                out.put(l.substring(0, eq), l.substring(eq + 1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
