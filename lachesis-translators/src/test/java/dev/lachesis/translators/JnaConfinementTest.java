package dev.lachesis.translators;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** JNA may appear in one package only, so every native call stays behind the errno-typed boundary. */
class JnaConfinementTest {
    private static final String ALLOWED = "dev/lachesis/translators/linux/jna/";

    @Test
    void onlyTheJnaPackageImportsComSunJna() throws IOException {
        Path projectRoot = Path.of("").toAbsolutePath().getParent();
        assertThat(projectRoot.resolve("pom.xml")).exists();
        List<Path> offenders;
        List<Path> scanned;
        try (Stream<Path> files = Files.walk(projectRoot)) {
            scanned = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/"))
                    .toList();
        }
        offenders = scanned.stream()
                .filter(p -> !p.toString().replace('\\', '/').contains(ALLOWED))
                .filter(JnaConfinementTest::importsJna)
                .toList();
        assertThat(scanned).anyMatch(p -> p.toString().contains(ALLOWED) && importsJna(p));
        assertThat(offenders).as("files importing com.sun.jna outside " + ALLOWED).isEmpty();
    }

    private static boolean importsJna(Path file) {
        try {
            return Files.readAllLines(file).stream().anyMatch(l -> l.strip().matches("import\\s+(static\\s+)?com\\.sun\\.jna\\b.*"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
