package dev.lachesis.it.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code mvn package} gives a user who installs the daemon: the tarball unpacks to a daemon
 * that runs from its own {@code lib/} (each library once, no SPE on its class path), the .deb lays it
 * out as Debian's policy asks — {@code /usr/bin/lachesis}, {@code /usr/share/lachesis}, its policy
 * file as a conffile, a unit that {@code systemd-analyze verify} accepts, the manual page, the bash
 * completion, the copyright file and changelog, none of the repository's test tooling — so that
 * Debian's {@code lintian} finds no error, and {@code LACHESIS_JAVA_OPTS} adds to the launcher's JVM
 * options instead of replacing them.
 */
class DistributionIT {
    /** A jar's artifact and version: {@code jackson-core-2.22.4.jar} is jackson-core, 2.22.4. */
    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^-]*(?:-SNAPSHOT)?)\\.jar");
    private static final Path DIST = LachesisHome.root().resolve("lachesis-dist/target");

    @TempDir
    Path tmp;

    @Test
    void theTarballRunsFromItsOwnLibWithEachLibraryOnceAndNoSpe() throws Exception {
        Path tarball = only(DIST, "lachesis-*.tar.gz");
        run(tmp, Map.of(), "tar", "-xzf", tarball.toString());
        Path home = only(tmp, "lachesis-*");

        List<String> jars = names(home.resolve("lib"));
        Map<String, List<String>> versions = jars.stream().collect(Collectors.groupingBy(
                jar -> artifact(jar).group(1), Collectors.mapping(jar -> artifact(jar).group(2), Collectors.toList())));
        assertThat(versions).as("lib/ of %s", tarball.getFileName())
                .containsKeys("lachesis-core", "lachesis-discovery", "lachesis-drivers-storm", "lachesis-drivers-flink",
                        "lachesis-policies", "lachesis-translators", "lachesis-server", "jna")
                .doesNotContainKey("lachesis-testkit")
                .allSatisfy((artifact, found) -> assertThat(found).as(artifact).hasSize(1));
        assertThat(jars).noneMatch(jar -> jar.matches("(storm|flink|kafka|zookeeper)-.*"));
        assertThat(home.resolve("bin/lachesis")).isExecutable();
        assertThat(home.resolve("conf/storm.yaml")).isRegularFile();
        assertThat(home.resolve("deploy/systemd/lachesis.service")).isRegularFile();
        assertThat(home.resolve("deploy/docker/dockerd.sh")).as("the test suite's tooling").doesNotExist();
        assertThat(home.resolve("deploy/debian-rootfs.sh")).doesNotExist();
        assertThat(home.resolve("deploy/arm")).doesNotExist();

        Result validate = run(home, Map.of(), "bin/lachesis", "validate", "--config", "conf/flink.yaml");
        assertThat(validate.exit()).as(validate.output()).isZero();
        assertThat(validate.output()).contains("flink.yaml is valid");

        // As /usr/local/bin/lachesis would be, with JAVA_HOME naming a JDK whose java says it ran.
        Path javaHome = Files.createDirectories(tmp.resolve("jdk/bin")).getParent();
        Path java = Files.writeString(javaHome.resolve("bin/java"), "#!/bin/sh\necho 'java of JAVA_HOME' >&2\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        java.toFile().setExecutable(true);
        Path link = Files.createSymbolicLink(tmp.resolve("lachesis"), home.resolve("bin/lachesis"));
        Result throughLink = run(tmp, Map.of("JAVA_HOME", javaHome.toString()), link.toString(), "validate", "--config",
                home.resolve("conf/flink.yaml").toString());
        assertThat(throughLink.exit()).as(throughLink.output()).isZero();
        assertThat(throughLink.output()).contains("java of JAVA_HOME", "flink.yaml is valid");
    }

    @Test
    void lachesisJavaOptsAddToTheDefaultsAndTheDefaultsCanBeReplaced() throws Exception {
        Path home = LachesisHome.root();

        Result added = run(home, Map.of("LACHESIS_JAVA_OPTS", "-XshowSettings:vm"), "bin/lachesis", "--version");
        Result wins = run(home, Map.of("LACHESIS_JAVA_OPTS", "-XshowSettings:vm -Xmx99m"), "bin/lachesis", "--version");
        Result replaced = run(home, Map.of("LACHESIS_JAVA_DEFAULT_OPTS", "-Xmx77m", "LACHESIS_JAVA_OPTS",
                "-XshowSettings:vm"), "bin/lachesis", "--version");

        assertThat(added.output()).as("the default -Xmx64m stays").contains("Max. Heap Size: 64.00M");
        assertThat(wins.output()).as("an added -Xmx comes last and wins").contains("Max. Heap Size: 99.00M");
        assertThat(replaced.output()).contains("Max. Heap Size: 77.00M");
        assertThat(added.exit()).isZero();
    }

    @Test
    void theDebIsLaidOutAsDebianAsksWithItsPolicyFileAsConffileAndAUnitSystemdAccepts() throws Exception {
        Path deb = only(DIST, "lachesis_*_all.deb");
        Result fields = run(tmp, Map.of(), "dpkg-deb", "--field", deb.toString(), "Package", "Architecture", "Depends");
        assertThat(fields.output()).contains("Package: lachesis", "Architecture: all", "java17-runtime-headless");
        Result conffiles = run(tmp, Map.of(), "sh", "-c", "dpkg-deb --ctrl-tarfile '" + deb + "' | tar -xO ./conffiles");
        assertThat(conffiles.output().strip()).isEqualTo("/etc/lachesis/lachesis.yaml");

        Path root = tmp.resolve("root");
        run(tmp, Map.of(), "dpkg-deb", "--extract", deb.toString(), root.toString());
        assertThat(root.resolve("usr/share/lachesis/bin/lachesis")).isExecutable();
        assertThat(Files.readSymbolicLink(root.resolve("usr/bin/lachesis")))
                .isEqualTo(Path.of("../share/lachesis/bin/lachesis"));
        assertThat(names(root.resolve("usr/share/lachesis/lib"))).contains(names(only(DIST, "lib")).toArray(String[]::new));
        assertThat(root.resolve("etc/lachesis/lachesis.yaml")).hasSameTextualContentAs(
                LachesisHome.root().resolve("config/storm.yaml"));
        assertThat(root.resolve("usr/share/doc/lachesis/copyright")).content().startsWith("Format: https://www.debian.org/");
        assertThat(root.resolve("usr/share/doc/lachesis/changelog.gz")).isRegularFile();
        assertThat(root.resolve("usr/share/doc/lachesis/deploy/docker/dockerd.sh")).doesNotExist();
        Result manual = run(tmp, Map.of("MANWIDTH", "100"), "man", "-l", root.resolve("usr/share/man/man1/lachesis.1.gz")
                .toString());
        assertThat(manual.output()).as("the manual page").contains("lachesis run", "lachesis restore", "--config");
        assertThat(root.resolve("usr/share/bash-completion/completions/lachesis")).content()
                .contains("complete -F").doesNotStartWith("#!");
        Result lintian = run(tmp, Map.of(), "lintian", "--tag-display-limit", "0", deb.toString());
        assertThat(lintian.output().lines().filter(l -> l.startsWith("E: "))).as("lintian: %s", lintian.output()).isEmpty();

        assertThat(Path.of("/usr/bin/systemd-analyze"))
                .as("systemd-analyze (Debian's systemd package, which ./test.sh installs)").isExecutable();
        // verify resolves the unit's dependencies (sysinit.target...) inside --root: the host's units go there too
        // (its files; masked units are links to /dev/null, which a unit file never needs).
        Path units = root.resolve("usr/lib/systemd/system");
        try (Stream<Path> host = Files.list(Path.of("/usr/lib/systemd/system"))) {
            for (Path unit : host.filter(Files::isRegularFile).filter(f -> !Files.isSymbolicLink(f)).toList()) {
                Path copy = units.resolve(unit.getFileName().toString());
                if (!Files.exists(copy)) {
                    Files.copy(unit, copy);
                }
            }
        }
        // ExecReload's /bin/kill comes from procps, a dependency of the package: the host's stands in for it.
        Files.createDirectories(root.resolve("bin"));
        Files.copy(Path.of("/bin/kill"), root.resolve("bin/kill"));
        Result verify = run(tmp, Map.of(), "systemd-analyze", "verify", "--root=" + root,
                "/usr/lib/systemd/system/lachesis.service");
        assertThat(verify.exit()).as(verify.output()).isZero();
        assertThat(verify.output()).doesNotContain("lachesis.service");
    }

    private static Matcher artifact(String jar) {
        Matcher matcher = JAR.matcher(jar);
        assertThat(matcher.matches()).as("a versioned jar: %s", jar).isTrue();
        return matcher;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(Path::getFileName).map(Path::toString).sorted().toList();
        }
    }

    /** The one file in {@code dir} that {@code glob} matches. */
    private static Path only(Path dir, String glob) throws IOException {
        List<Path> matches = new ArrayList<>();
        try (var stream = Files.newDirectoryStream(dir, glob)) {
            stream.forEach(matches::add);
        }
        assertThat(matches).as("%s in %s (built by mvn package)", glob, dir).hasSize(1);
        return matches.get(0);
    }

    private record Result(int exit, String output) {
    }

    private static Result run(Path dir, Map<String, String> environment, String... command)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().remove("LACHESIS_JAVA_OPTS");
        builder.environment().remove("LACHESIS_JAVA_DEFAULT_OPTS");
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        return new Result(exit, output);
    }
}
