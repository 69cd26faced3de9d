package dev.lachesis.experiments.launch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The build of an SPE's experiments module (experiments/storm, storm1 or flink), which that
 * SPE's child JVMs run from: the module's jar (for Storm also what {@code StormSubmitter} uploads,
 * as {@code storm local} does) and {@code target/lib} with the SPE and the rest of its runtime class
 * path. The harness and the tests carry no SPE on their own class path; they start the SPE's JVMs
 * with this one, which is how one launcher script serves both SPEs. Immutable.
 *
 * @param jar the module's jar
 * @param lib the directory of its runtime dependencies
 */
public record SpeBuild(Path jar, Path lib) {
    /** The Storm module's build in the checkout at {@code root}. */
    public static SpeBuild storm(Path root) {
        return in(root, "storm", "");
    }

    /** The Storm 1.x module's build in the checkout at {@code root}. */
    public static SpeBuild storm1(Path root) {
        return in(root, "storm1", "");
    }

    /**
     * The Flink module's build in the checkout at {@code root}, which must hold one Flink runtime
     * (a build for another Flink version leaves a second one in {@code lib}).
     */
    public static SpeBuild flink(Path root) {
        SpeBuild build = in(root, "flink", " [-Pflink-2.0|-Pflink-2]");
        List<Path> runtimes = build.libraries(name -> name.startsWith("flink-runtime-"));
        if (runtimes.size() != 1) {
            throw new IllegalStateException(build.lib + " holds " + runtimes.size() + " Flink runtimes (a build for "
                    + "another Flink version?); rebuild it: mvn -q -DskipTests clean package -pl experiments/flink -am"
                    + " [-Pflink-2.0|-Pflink-2]");
        }
        return build;
    }

    /**
     * The build of experiments/{@code spe}.
     *
     * @throws IllegalStateException naming the directory and the command that builds it, when it is not there
     */
    private static SpeBuild in(Path root, String spe, String buildOptions) {
        Path target = root.resolve("experiments").resolve(spe).resolve("target");
        Path lib = target.resolve("lib");
        String prefix = "lachesis-experiments-" + spe + "-";
        List<Path> jars = Files.isDirectory(target) ? list(target, name -> isModuleJar(name, prefix)) : List.of();
        if (jars.size() != 1 || !Files.isDirectory(lib)) {
            throw new IllegalStateException(target + " holds " + (jars.isEmpty() ? "no" : jars.size() + " builds of")
                    + " the " + spe + " experiments" + (Files.isDirectory(lib) ? "" : " and no lib/")
                    + "; build them with: mvn -q -DskipTests clean package -pl experiments/" + spe + " -am"
                    + buildOptions);
        }
        return new SpeBuild(jars.get(0), lib);
    }

    private static boolean isModuleJar(String name, String prefix) {
        return name.startsWith(prefix) && name.endsWith(".jar") && !name.endsWith("-tests.jar")
                && !name.endsWith("-sources.jar");
    }

    private List<Path> libraries(Predicate<String> named) {
        return list(lib, named);
    }

    private static List<Path> list(Path dir, Predicate<String> named) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> named.test(f.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /**
     * The class path of the SPE's child JVM: the module's jar, then every jar in {@code lib} by
     * name, each named on the command line as Storm's own {@code storm} script names them (a
     * {@code lib/*} wildcard would hide from {@code /proc/<pid>/cmdline} that the JVM runs Storm,
     * which is how the driver tells a Storm 1.x local-mode JVM from any other).
     */
    public String classPath() {
        List<String> entries = new ArrayList<>();
        entries.add(jar.toString());
        libraries(name -> name.endsWith(".jar")).stream().map(Path::toString).sorted().forEach(entries::add);
        return String.join(File.pathSeparator, entries);
    }
}
