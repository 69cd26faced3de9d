package dev.lachesis.translators.journal;

import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import java.util.Optional;

/**
 * A thread told apart from any later thread that reuses its ids: the pid and tid together with the
 * start times (field 22 of {@code stat}, clock ticks after boot) of the process and of the thread,
 * and the user that owns the process (its real user id, {@link ProcFs#owner}). A journalled thread is touched again
 * only if all five still match, so a journal entry never applies to another user's process.
 * Immutable.
 *
 * @param pid the process id
 * @param pidStartTicks when the process started
 * @param uid the process's owner (real user id)
 * @param tid the thread id
 * @param tidStartTicks when the thread started
 */
public record ThreadIdentity(int pid, long pidStartTicks, int uid, int tid, long tidStartTicks) {
    /** The identity of the live thread {@code ref}, or empty when it (or its process) is gone. */
    public static Optional<ThreadIdentity> read(ProcFs proc, ThreadRef ref) {
        Optional<TaskStat> process = proc.processStat(ref.pid());
        Optional<Integer> owner = proc.owner(ref.pid());
        Optional<TaskStat> thread = proc.taskStat(ref.pid(), ref.tid());
        if (process.isEmpty() || owner.isEmpty() || thread.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ThreadIdentity(ref.pid(), process.get().startTimeTicks(), owner.get(), ref.tid(),
                thread.get().startTimeTicks()));
    }

    public ThreadRef ref() {
        return new ThreadRef(pid, tid);
    }

    /** Whether this very thread is still alive (not gone, its ids not reused, its process's owner the same). */
    public boolean isAlive(ProcFs proc) {
        return read(proc, ref()).map(this::equals).orElse(false);
    }

    @Override
    public String toString() {
        return pid + "/" + tid;
    }
}
