package dev.lachesis.translators.it.daemon;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metric.MetricValues;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.LogicalOperator;
import dev.lachesis.core.model.OperatorThread;
import dev.lachesis.core.model.PhysicalOperator;
import dev.lachesis.core.model.Query;
import dev.lachesis.core.model.SpeState;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.proc.ProcFs;
import dev.lachesis.core.proc.TaskStat;
import dev.lachesis.core.spi.DriverContext;
import dev.lachesis.core.spi.DriverException;
import dev.lachesis.core.spi.SpeDriver;
import dev.lachesis.core.spi.SpeDriverFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code driver: proc-threads}, for running the real daemon ({@code lachesis run}) against a test
 * process: every thread of {@code settings.pid} whose kernel name starts with
 * {@code settings.prefix} is the main thread of its own operator of one query {@code q}. Found only
 * by a JVM whose class path holds {@code daemon-plugins/} (a child started by the test).
 */
public final class ProcThreadsDriverFactory implements SpeDriverFactory {
    @Override
    public String name() {
        return "proc-threads";
    }

    @Override
    public SpeDriver create(DriverContext context) throws ConfigException {
        Settings s = context.config().child("settings").bind(Settings.class);
        return new Driver(context.speName(), s.pid(), s.prefix(), context.clock());
    }

    /**
     * @param pid the process whose threads are scheduled
     * @param prefix the start of the kernel names that count
     */
    public record Settings(int pid, String prefix) {
    }

    private record Driver(String speName, int pid, String prefix, Clock clock) implements SpeDriver {
        @Override
        public SpeState refresh() throws DriverException {
            ProcFs proc = ProcFs.system();
            List<PhysicalOperator> operators = new ArrayList<>();
            List<OperatorThread> threads = new ArrayList<>();
            List<LogicalOperator> logical = new ArrayList<>();
            for (int tid : proc.tids(pid)) {
                Optional<String> comm = proc.taskStat(pid, tid).map(TaskStat::comm);
                if (comm.isPresent() && comm.get().startsWith(prefix)) {
                    String op = comm.get();
                    logical.add(new LogicalOperator(op, op));
                    operators.add(new PhysicalOperator(op, "q", List.of(op), 0, 1));
                    threads.add(OperatorThread.main(new JvmThread(new ThreadRef(pid, tid), op), "q", op));
                }
            }
            if (threads.isEmpty()) {
                throw new DriverException("no thread of pid " + pid + " starts with " + prefix);
            }
            return new SpeState(speName, "proc-threads", List.of(pid), List.of(new Query("q", "q", logical, Map.of())),
                    operators, threads, clock.instant());
        }

        @Override
        public Set<String> providedMetrics() {
            return Set.of();
        }

        @Override
        public Map<String, MetricValues> fetch(SpeState state, Set<String> metrics) {
            return Map.of();
        }
    }
}
