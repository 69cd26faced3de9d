package dev.lachesis.translators.realtime;

import dev.lachesis.core.model.ThreadRef;
import java.util.List;

/**
 * What the {@link RtWatchdog} may do to the threads its translator made real-time: take real time
 * away from all of them when it finds a livelock, or lend a starving one the top priority for a
 * moment when its query progresses. Implemented by the translator, which owns the threads' state.
 */
interface WatchdogActions {
    /** Demotes every real-time thread to SCHED_OTHER and starts the back-off; {@code reason} is one line. */
    void demoteAll(String reason);

    /**
     * Gives each of {@code threads} that is still real-time the top priority of the translator's
     * range until {@link #endLoans()}.
     */
    void lendTop(List<ThreadRef> threads);

    /** Puts every thread lent the top priority back at the priority its schedule gave it. */
    void endLoans();
}
