package dev.lachesis.translators;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelCapabilities;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.util.Optional;

/**
 * What the translator factories reach the OS through: the kernel calls, {@code /proc}, the cpu cgroup
 * hierarchy and the capabilities probed at start-up. The real machine is probed once per JVM; tests
 * pass a fake kernel and a temporary tree. Immutable.
 */
public record Machine(Kernel kernel, ProcFs proc, Optional<CgroupHierarchy> cgroups, KernelCapabilities capabilities) {
    private static volatile Machine system;

    /** This machine, probed on first use. */
    public static Machine system() {
        Machine m = system;
        if (m == null) {
            synchronized (Machine.class) {
                m = system;
                if (m == null) {
                    Kernel kernel = JnaKernel.instance();
                    ProcFs proc = ProcFs.system();
                    m = new Machine(kernel, proc, CgroupHierarchy.detect(proc.mounts()), KernelCapabilities.probe(kernel));
                    system = m;
                }
            }
        }
        return m;
    }
}
