package dev.lachesis.translators;

import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;

/**
 * Gives each thread a nice value ({@code setpriority(PRIO_PROCESS, tid, n)}): the 2021 paper's nice
 * translator, the highest priority getting the lowest (most favourable) nice. Not thread-safe beyond
 * what {@link ThreadTranslator} serialises.
 */
public final class NiceTranslator extends ThreadTranslator {
    public NiceTranslator(String name, NiceSettings settings, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups,
                          RestoreJournal journal) {
        super(name, "nice", kernel, proc, cgroups, journal, settings.normaliser(), settings.range(), settings.smoothing());
    }

    /** Nice 0, what the kernel gives a thread nobody reniced. */
    @Override
    protected int neutral() {
        return 0;
    }

    /** A nice value means the same whichever nice translator set it. */
    @Override
    protected boolean canTakeOver(JournallingTranslator previous) {
        return previous instanceof NiceTranslator;
    }

    @Override
    protected void set(int tid, long value) throws KernelException {
        kernel.setNice(tid, (int) value);
    }

    @Override
    protected boolean restore(OriginalSettings original) {
        return restorer.restoreNice(original);
    }

    @Override
    protected String permissionAdvice() {
        return PermissionAdvice.forNice();
    }
}
