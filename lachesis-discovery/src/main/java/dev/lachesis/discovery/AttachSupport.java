package dev.lachesis.discovery;

import java.util.Optional;

/**
 * Whether this JVM can take thread dumps in-process through the attach API (see
 * {@link AttachApiDumpSource}), decided without
 * touching any {@code jdk.attach} class, so that a runtime without that module (a jlink image)
 * still loads the daemon and falls back to {@code jcmd}. Stateless; thread-safe.
 */
public final class AttachSupport {
    static final String ATTACH_MODULE = "jdk.attach";
    static final String HOTSPOT_PACKAGE = "sun.tools.attach";

    private AttachSupport() {
    }

    /** Why the in-process dump cannot work in this JVM, or empty when it can. */
    public static Optional<String> unavailableReason() {
        Optional<Module> attach = ModuleLayer.boot().findModule(ATTACH_MODULE);
        if (attach.isEmpty()) {
            return Optional.of("this Java runtime has no " + ATTACH_MODULE + " module");
        }
        if (!attach.get().isExported(HOTSPOT_PACKAGE, AttachSupport.class.getModule())) {
            return Optional.of("the JVM was started without --add-exports " + ATTACH_MODULE + "/" + HOTSPOT_PACKAGE
                    + "=ALL-UNNAMED");
        }
        return Optional.empty();
    }
}
