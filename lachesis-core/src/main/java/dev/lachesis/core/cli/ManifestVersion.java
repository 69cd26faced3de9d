package dev.lachesis.core.cli;

import picocli.CommandLine.IVersionProvider;

/**
 * The version {@code --version} prints: the {@code Implementation-Version} the build writes into the
 * jar's manifest, or a note that the classes do not come from a jar (an IDE, {@code target/classes}).
 */
public final class ManifestVersion implements IVersionProvider {
    /** The version alone, e.g. {@code 0.1.0}, or a note that the classes do not come from a jar. */
    static String version() {
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        return version == null ? "(development build, not from a jar)" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"lachesis " + version(),
            "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch")};
    }
}
