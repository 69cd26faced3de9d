package dev.lachesis.translators;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.schedule.PriorityScale;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.translators.cgroup.CgroupHierarchy;
import dev.lachesis.translators.journal.OriginalSettings;
import dev.lachesis.translators.journal.RestoreJournal;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.KernelException;
import dev.lachesis.translators.normalise.ExponentialSmoother;
import dev.lachesis.translators.normalise.IntRange;
import dev.lachesis.translators.normalise.Normaliser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every per-thread translator (nice, real-time) adds to the {@link JournallingTranslator}
 * skeleton: raw priorities smoothed across rounds and normalised onto the OS range, one kernel call
 * per thread that sets its value, and one that restores it. The RT watchdog shares this object's lock.
 */
public abstract class ThreadTranslator extends JournallingTranslator {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadTranslator.class);

    private final String mechanism;
    private final Normaliser normaliser;
    private final IntRange range;
    private final ExponentialSmoother<ThreadRef> smoother;

    protected ThreadTranslator(String name, String mechanism, Kernel kernel, ProcFs proc, CgroupHierarchy cgroups,
                               RestoreJournal journal, Normaliser normaliser, IntRange range, double smoothing) {
        super(name, kernel, proc, cgroups, journal);
        this.mechanism = mechanism;
        this.normaliser = normaliser;
        this.range = range;
        this.smoother = new ExponentialSmoother<>(smoothing);
    }

    @Override
    public ScheduleForm accepts() {
        return ScheduleForm.SINGLE_PRIORITY;
    }

    /** The OS values this translator maps onto. */
    public IntRange range() {
        return range;
    }

    /**
     * The value a thread nobody touched has, from which a {@link PriorityScale#FROM_NEUTRAL} schedule
     * counts; the range's least favourable value unless the mechanism has a neutral one.
     */
    protected int neutral() {
        return range.lowest();
    }

    /**
     * Normalises (after smoothing across rounds, so calling it advances the smoothing state) without
     * touching any thread. A schedule on the {@link PriorityScale#FROM_NEUTRAL} scale is mapped thread
     * by thread from {@link #neutral()} instead of normalised. Each query's lookouts (its metrics
     * reporter, JVM service and heartbeat threads) are then put level with its most favoured thread
     * ({@link LookoutLevel}).
     */
    @Override
    public TranslationPlan plan(Schedule schedule) {
        return LookoutLevel.place(schedule, smoothAndNormalise(LookoutLevel.withoutPlacedLookouts(schedule)), range);
    }

    private TranslationPlan smoothAndNormalise(Schedule schedule) {
        List<ThreadPriority> threads = schedule.threads();
        List<ThreadRef> keys = threads.stream().map(t -> t.thread().ref()).toList();
        double[] raw = smoother.smooth(keys, threads.stream().mapToDouble(ThreadPriority::priority).toArray());
        int[] values = schedule.scale() == PriorityScale.FROM_NEUTRAL ? fromNeutral(raw)
                : normaliser.normalise(raw, range);
        List<TranslatedThread> out = new ArrayList<>(threads.size());
        for (int i = 0; i < threads.size(); i++) {
            out.add(new TranslatedThread(threads.get(i), null, values[i]));
        }
        return new TranslationPlan(name, mechanism, out);
    }

    private int[] fromNeutral(double[] fractions) {
        int[] values = new int[fractions.length];
        for (int i = 0; i < fractions.length; i++) {
            values[i] = range.fromNeutral(neutral(), fractions[i]);
        }
        return values;
    }

    @Override
    protected final boolean unchanged(Applied before, TranslatedThread now) {
        return before.value() == now.value();
    }

    @Override
    protected final void set(TranslatedThread thread) throws KernelException {
        set(thread.entry().thread().ref().tid(), thread.value());
    }

    /** Sets {@code value} on thread {@code tid}. */
    protected abstract void set(int tid, long value) throws KernelException;

    /** Restores this translator's aspect of one thread; false when it failed. */
    protected abstract boolean restore(OriginalSettings original);

    /** Hook run after the threads were restored (RT budgets); false when something could not be undone. */
    protected boolean afterRestore() {
        return true;
    }

    @Override
    protected final boolean restoreTouched() {
        boolean ok = true;
        int restored = 0;
        for (Applied a : applied.values()) {
            Optional<OriginalSettings> original = journal.original(a.identity());
            if (original.isEmpty()) {
                continue;
            }
            if (restore(original.get())) {
                restored++;
            } else {
                ok = false;
            }
        }
        ok &= afterRestore();
        LOG.info("{}: restored the original {} of {} threads", name, mechanism, restored);
        return ok;
    }
}
