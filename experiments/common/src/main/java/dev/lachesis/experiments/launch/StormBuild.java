package dev.lachesis.experiments.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The build of experiments/storm, which a Storm child JVM runs from: its jar (what
 * {@code StormSubmitter} uploads, as {@code storm local} does) and {@code target/lib} with Storm and
 * the rest of its runtime class path. The harness and the tests carry no Storm on their own class
 * path; they start Storm's JVMs with this one. Immutable.
 *
 * @param jar the module's jar
 * @param lib the directory of its runtime dependencies
 */
public record StormBuild(Path jar, Path lib) {
    /** Where the module builds, relative to the checkout. */
    static final String TARGET = "experiments/storm/target";
    private static final String JAR_PREFIX = "lachesis-experiments-storm-";

    /**
     * The build in the checkout at {@code root}.
     *
     * @throws IllegalStateException naming the directory and the command that builds it, when it is not there
     */
    public static StormBuild in(Path root) {
        Path target = root.resolve(TARGET);
        Path lib = target.resolve("lib");
        List<Path> jars = List.of();
        if (Files.isDirectory(target)) {
            try (Stream<Path> files = Files.list(target)) {
                jars = files.filter(StormBuild::isModuleJar).toList();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + target, e);
            }
        }
        if (jars.size() != 1 || !Files.isDirectory(lib)) {
            throw new IllegalStateException(target + " holds " + (jars.isEmpty() ? "no" : jars.size() + " builds of")
                    + " the Storm experiments" + (Files.isDirectory(lib) ? "" : " and no lib/") + "; build them with: "
                    + "mvn -q -DskipTests clean package -pl experiments/storm -am");
        }
        return new StormBuild(jars.get(0), lib);
    }

    private static boolean isModuleJar(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(JAR_PREFIX) && name.endsWith(".jar") && !name.endsWith("-tests.jar")
                && !name.endsWith("-sources.jar");
    }

    /** The class path of a Storm child JVM: the module's jar, then every jar in {@code lib}. */
    public String classPath() {
        return jar + java.io.File.pathSeparator + lib.resolve("*");
    }
}
