package dev.lachesis.core.testing;

import dev.lachesis.core.loop.PluginRegistry;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * The fake plug-ins, registered in {@code src/test/resources/fake-plugins/META-INF/services} and
 * loaded through {@code ServiceLoader} like real ones. They sit in a sub-directory so that modules
 * using the core test-jar do not see them as plug-ins.
 */
public final class FakePlugins {
    private FakePlugins() {
    }

    public static PluginRegistry registry() {
        try {
            URL services = FakePlugins.class.getResource("/fake-plugins/");
            URL root = Path.of(services.toURI()).toUri().toURL();
            return PluginRegistry.load(new URLClassLoader(new URL[] {root}, FakePlugins.class.getClassLoader()));
        } catch (URISyntaxException | MalformedURLException e) {
            throw new IllegalStateException("test resources not found", e);
        }
    }
}
