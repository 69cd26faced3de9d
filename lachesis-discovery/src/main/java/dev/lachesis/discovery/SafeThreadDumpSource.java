package dev.lachesis.discovery;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.spi.DriverException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread dump source the daemon uses: it first checks that the target can be attached to
 * without harm ({@link AttachPreflight}), then asks in-process through the attach API when this
 * JVM allows it ({@link AttachApiDumpSource}, no fork), and otherwise forks {@code jcmd}
 * ({@link JcmdDumpSource}). The daemon's own PID always goes through {@code jcmd}, because the JDK
 * refuses to attach a JVM to itself. A target that refuses the attach is not retried through
 * {@code jcmd}: it would refuse that the same way, after another timeout. Thread-safe.
 */
public final class SafeThreadDumpSource implements ThreadDumpSource {
    private static final Logger LOG = LoggerFactory.getLogger(SafeThreadDumpSource.class);

    private final AttachPreflight preflight;
    private final Optional<ThreadDumpSource> inProcess;
    private final Optional<? extends ThreadDumpSource> jcmd;
    private final int ownPid = (int) ProcessHandle.current().pid();

    SafeThreadDumpSource(ProcFs procFs, Optional<ThreadDumpSource> inProcess,
                         Optional<? extends ThreadDumpSource> jcmd) {
        this.preflight = new AttachPreflight(procFs, ownPid);
        this.inProcess = inProcess;
        this.jcmd = jcmd;
    }

    /** In-process when possible, else {@code jcmd} of the running JDK. */
    public static SafeThreadDumpSource system(ProcFs procFs) {
        Optional<String> whyNot = AttachSupport.unavailableReason();
        Optional<ThreadDumpSource> inProcess = whyNot.isEmpty() ? AttachApiDumpSource.create() : Optional.empty();
        Optional<JcmdDumpSource> jcmd = JcmdDumpSource.ofRunningJdk();
        if (inProcess.isPresent()) {
            LOG.debug("Thread names come from in-process thread dumps (attach API)");
        } else if (jcmd.isPresent()) {
            LOG.info("Thread names come from forking jcmd, because in-process attach is unavailable: {}",
                    whyNot.orElse("the attach API has no thread dump"));
        } else {
            LOG.warn("No way to read Java thread names: {}, and this runtime has no jcmd",
                    whyNot.orElse("the attach API has no thread dump"));
        }
        return new SafeThreadDumpSource(procFs, inProcess, jcmd);
    }

    @Override
    public String threadDump(int pid) throws DriverException {
        preflight.check(pid);
        if (inProcess.isPresent() && pid != ownPid) {
            return inProcess.get().threadDump(pid);
        }
        if (jcmd.isPresent()) {
            return jcmd.get().threadDump(pid);
        }
        throw JvmThreadDiscovery.failure(pid, "this Java runtime can neither attach in-process ("
                + AttachSupport.unavailableReason().orElse("no thread dump in its attach API") + ") nor run jcmd");
    }
}
