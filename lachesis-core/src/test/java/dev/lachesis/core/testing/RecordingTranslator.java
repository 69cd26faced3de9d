package dev.lachesis.core.testing;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.schedule.ThreadPriority;
import dev.lachesis.core.spi.PolicyInput;
import dev.lachesis.core.spi.TranslatedThread;
import dev.lachesis.core.spi.TranslationPlan;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A translator that "applies" into a map (tid → value, value = minus the rounded priority, like a
 * nice value) instead of the kernel, remembers every applied plan and every round it observed, can
 * be told to refuse and to require metrics, and restores the map on {@link #close()}. Not
 * thread-safe.
 */
public final class RecordingTranslator implements Translator {
    private final String name;
    private final ScheduleForm accepts;
    private final boolean realTime;
    private final Map<Integer, Long> applied = new HashMap<>();
    private final List<TranslationPlan> history = new ArrayList<>();
    private final List<PolicyInput> observed = new ArrayList<>();
    private Set<String> optionalMetrics = Set.of();
    private String refusal;
    private boolean closed;
    private int restored;

    public RecordingTranslator(String name, ScheduleForm accepts) {
        this(name, accepts, false);
    }

    public RecordingTranslator(String name, ScheduleForm accepts, boolean realTime) {
        this.name = name;
        this.accepts = accepts;
        this.realTime = realTime;
    }

    @Override
    public boolean isRealTime() {
        return realTime;
    }

    /** From now on, {@link #apply} throws with {@code message}; {@code null} lets it work again. */
    public synchronized void refuseWith(String message) {
        refusal = message;
    }

    /** From now on, {@link #optionalMetrics()} returns {@code metrics}. */
    public synchronized void useOptionally(Set<String> metrics) {
        optionalMetrics = Set.copyOf(metrics);
    }

    @Override
    public synchronized Set<String> optionalMetrics() {
        return optionalMetrics;
    }

    @Override
    public synchronized void observe(PolicyInput round) {
        observed.add(round);
    }

    /** Every round shown to {@link #observe}, oldest first. */
    public synchronized List<PolicyInput> observed() {
        return List.copyOf(observed);
    }

    @Override
    public ScheduleForm accepts() {
        return accepts;
    }

    @Override
    public TranslationPlan plan(Schedule schedule) {
        List<TranslatedThread> threads = new ArrayList<>();
        for (ThreadPriority entry : schedule.threads()) {
            threads.add(new TranslatedThread(entry, null, -Math.round(entry.priority())));
        }
        return new TranslationPlan(name, "nice", threads);
    }

    @Override
    public synchronized TranslationPlan apply(TranslationPlan plan) throws TranslatorException {
        if (closed) {
            throw new IllegalStateException(name + " is closed"); // as the real translators
        }
        if (refusal != null) {
            throw new TranslatorException(refusal);
        }
        plan.threads().forEach(t -> applied.put(t.entry().thread().ref().tid(), t.value()));
        history.add(plan);
        return plan;
    }

    /** Takes over what another recording translator of the same name applied, as a nice translator does. */
    @Override
    public boolean takeOver(Translator previous) {
        if (!(previous instanceof RecordingTranslator old) || old == this || !old.name.equals(name)) {
            return false;
        }
        Map<Integer, Long> threads;
        synchronized (old) {
            threads = new HashMap<>(old.applied);
            old.applied.clear();
            old.closed = true;
        }
        synchronized (this) {
            threads.forEach(applied::putIfAbsent);
        }
        return true;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            restored += applied.size();
        }
        applied.clear();
        closed = true;
    }

    /** How many threads {@link #close()} restored. */
    public synchronized int restored() {
        return restored;
    }

    /** tid → the value last applied; empty after {@link #close()} (everything restored). */
    public synchronized Map<Integer, Long> applied() {
        return Map.copyOf(applied);
    }

    public synchronized List<TranslationPlan> history() {
        return List.copyOf(history);
    }

    public synchronized boolean isClosed() {
        return closed;
    }
}
