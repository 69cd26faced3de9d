package dev.lachesis.core.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads a policy file: parses the YAML, notes the line of every key, and binds each section to its
 * record strictly (unknown keys and wrong types are errors). Every section is bound on its own so
 * one run reports the problems of all sections, one line each. Meaning (ranges, plug-in names,
 * references) is {@code ConfigValidator} (in the loop package, beside the plug-ins it checks names against)'s job. Stateless.
 */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    /**
     * Loads {@code file}.
     *
     * @throws ConfigException one line per problem, each naming key path, file and line
     */
    public static LachesisConfig load(Path file) throws ConfigException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException(file + " cannot be read: " + e.getMessage());
        }
        Path name = file.getFileName();
        return parse(name == null ? file.toString() : name.toString(), utf8(file, bytes));
    }

    /**
     * Decodes the file as UTF-8, the only encoding YAML files are read in.
     *
     * @throws ConfigException naming the first byte (counted from 1, as {@code cmp} does) and line that are not UTF-8
     */
    private static String utf8(Path file, byte[] bytes) throws ConfigException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new ConfigException(file + " is not UTF-8 at byte " + (at + 1) + " (line " + line + ", "
                    + String.format("0x%02X", bytes[at] & 0xff) + "): save it as UTF-8");
        }
        return out.flip().toString();
    }

    /**
     * Loads YAML text; {@code file} is the name shown in messages.
     *
     * @throws ConfigException one line per problem, each naming key path, file and line
     */
    public static LachesisConfig parse(String file, String yaml) throws ConfigException {
        SourceLines lines;
        JsonNode tree;
        try {
            lines = SourceLineReader.read(file, yaml);
            tree = ConfigMapper.yaml().readTree(yaml);
        } catch (JsonProcessingException e) {
            throw syntaxError(file, e);
        } catch (IOException e) {
            throw new ConfigException(file + " cannot be read: " + e.getMessage());
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            throw new ConfigException(file + " is empty; see the examples in config/");
        }
        ConfigNode root = new ConfigNode(tree, "", lines);
        if (!tree.isObject()) {
            throw new ConfigException(file + " must be a mapping with the keys " + LachesisConfig.KEYS);
        }
        List<String> problems = new ArrayList<>();
        tree.fieldNames().forEachRemaining(key -> {
            if (!LachesisConfig.KEYS.contains(key)) {
                problems.add(where(lines, key) + " is not a known key (known: " + new TreeSet<>(LachesisConfig.KEYS)
                        + ")");
            }
        });
        List<SpeConfig> spes = bindList(root.child("spes"), SpeConfig.class, problems);
        MetricsConfig metrics = bind(root.child("metrics"), MetricsConfig.class, problems);
        List<PolicyConfig> policies = bindList(root.child("policies"), PolicyConfig.class, problems);
        LoggingConfig logging = bind(root.child("logging"), LoggingConfig.class, problems);
        Path journal = journal(root.child("journal"), problems);
        StatusConfig status = root.child("status").isMissing() ? StatusConfig.off()
                : bind(root.child("status"), StatusConfig.class, problems);
        ReportConfig report = root.child("report").isMissing() ? ReportConfig.off()
                : bind(root.child("report"), ReportConfig.class, problems);
        ConfigNode cgroups = root.child("cgroups");
        if (!cgroups.isMissing() && !cgroups.json().isObject()) {
            problems.add(where(lines, "cgroups") + " must be a mapping");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new LachesisConfig(root, spes, metrics, policies, logging, journal, status, report);
    }

    /**
     * One line for a file the YAML parser rejects: the line (and column) of the problem as the
     * parser marked it, and its whole explanation, e.g. {@code lachesis.yaml:14:1 is not valid YAML:
     * while scanning for the next token: found character '\t(TAB)' that cannot start any token. (Do
     * not use \t(TAB) for indentation)}. Jackson's own location is where its parser stood, often the
     * line before.
     */
    private static ConfigException syntaxError(String file, JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
            Mark at = marked.getProblemMark();
            StringBuilder what = new StringBuilder();
            if (marked.getContext() != null) {
                what.append(marked.getContext());
                Mark context = marked.getContextMark();
                if (context != null && context.getLine() != at.getLine()) {
                    what.append(" started on line ").append(context.getLine() + 1);
                }
                what.append(": ");
            }
            what.append(marked.getProblem());
            return new ConfigException(file + ":" + (at.getLine() + 1) + ":" + (at.getColumn() + 1)
                    + " is not valid YAML: " + oneLine(what.toString()));
        }
        int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
        return new ConfigException(file + (line > 0 ? ":" + line : "") + " is not valid YAML: " + oneLine(e.getOriginalMessage()));
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static <T> List<T> bindList(ConfigNode node, Class<T> type, List<String> problems) {
        List<T> result = new ArrayList<>();
        if (node.isMissing()) {
            return result;
        }
        if (!node.json().isArray()) {
            problems.add(where(node.lines(), node.path()) + " must be a list");
            return result;
        }
        for (int i = 0; i < node.json().size(); i++) {
            ConfigNode element = node.element(i);
            if (!element.json().isObject()) {
                problems.add(where(node.lines(), element.path()) + " must be a mapping");
                continue;
            }
            T bound = bind(element, type, problems);
            if (bound != null) {
                result.add(bound);
            }
        }
        return result;
    }

    private static <T> T bind(ConfigNode node, Class<T> type, List<String> problems) {
        try {
            return node.bind(type);
        } catch (ConfigException e) {
            problems.addAll(e.problems());
            return null;
        }
    }

    private static Path journal(ConfigNode node, List<String> problems) {
        if (node.isMissing()) {
            return JournalLocation.defaultPath();
        }
        if (!node.json().isTextual() || node.json().asText().isBlank()) {
            problems.add(node.problem("", node.json(), "must be a file path"));
            return JournalLocation.defaultPath();
        }
        return Path.of(node.json().asText());
    }

    private static String where(SourceLines lines, String path) {
        return lines.locate(path).map(l -> path + " " + l).orElse(path);
    }
}
