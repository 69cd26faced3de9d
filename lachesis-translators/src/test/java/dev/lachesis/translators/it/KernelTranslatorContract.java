package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.linux.jna.JnaKernel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every translator meets on real threads: after apply, {@code /proc} shows the values
 * the schedule asks for; after close, every thread has its original policy, RT priority, nice value
 * and cgroup again. A child JVM with three sleeping threads (long Java names, one with
 * parentheses) is the subject; one thread starts at nice 5 so a restore to "default" would be caught.
 */
abstract class KernelTranslatorContract {
    static final String SOURCE = "Source: lachesis-it (1/1)#0";
    static final String MAP = "Map lachesis-it very long operator name (2/2)#0";
    static final String SINK = "Sink: lachesis-it";

    @TempDir
    Path tmp;
    ReportingChild child;
    Translator translator;
    private final Map<Integer, String> originals = new LinkedHashMap<>();

    /** Creates the translator under test through its factory. */
    abstract Translator create(Path journal) throws Exception;

    /**
     * A schedule over the child's three threads, SOURCE highest, SINK lowest: each thread its own
     * priority (10, 5, 1) unless the translator under test needs another form.
     */
    Schedule schedule() {
        return Fixtures.single(child, SOURCE, 10, MAP, 5, SINK, 1);
    }

    /** Checks {@code /proc} (and cgroup files) show what {@link #schedule()} asked for. */
    abstract void assertApplied() throws Exception;

    @BeforeEach
    void startChild() throws Exception {
        child = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:" + SOURCE, "sleep:" + MAP, "sleep:" + SINK);
        JnaKernel.instance().setNice(child.tid(MAP), 5);
        for (int tid : child.tids().values()) {
            originals.put(tid, observed(tid));
        }
    }

    @AfterEach
    void restoreAndStop() {
        try {
            if (translator != null) {
                translator.close();
            }
        } finally {
            child.close();
        }
    }

    String observed(int tid) {
        return "nice=" + ProcReader.nice(child.pid(), tid) + " sched=" + ProcReader.scheduler(child.pid(), tid)
                + " cgroup=" + ProcReader.cpuGroup(child.pid(), tid);
    }

    @Test
    void appliesTheScheduleThenRestoresEveryOriginal() throws Exception {
        translator = create(tmp.resolve("journal"));
        translator.apply(translator.plan(schedule()));
        assertApplied();
        translator.close();
        for (Map.Entry<Integer, String> o : originals.entrySet()) {
            assertThat(observed(o.getKey())).as("thread %d after restore", o.getKey()).isEqualTo(o.getValue());
        }
        assertThat(tmp.resolve("journal")).as("journal removed after a complete restore").doesNotExist();
    }

    @Test
    void reapplyingTheSameScheduleKeepsTheValues() throws Exception {
        translator = create(tmp.resolve("journal"));
        translator.apply(translator.plan(schedule()));
        translator.apply(translator.plan(schedule()));
        assertApplied();
    }
}
