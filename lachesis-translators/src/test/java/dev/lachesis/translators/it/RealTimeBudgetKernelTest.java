package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.Machine;
import dev.lachesis.translators.kernel.Kernel;
import dev.lachesis.translators.kernel.NotPermittedException;
import dev.lachesis.translators.kernel.SchedPolicy;
import dev.lachesis.translators.linux.jna.JnaKernel;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * cgroup v1 RT group scheduling on the real kernel: threads in a group whose cpu.rt_runtime_us is 0
 * cannot become SCHED_RR; the translator gives the group a budget first and takes it back on close.
 */
@ExtendWith(KernelGate.RtGroupScheduling.class)
class RealTimeBudgetKernelTest {
    @TempDir
    Path tmp;

    @Test
    void aGroupWithoutBudgetGetsOneBeforeItsThreadsBecomeRealTimeAndLosesItOnClose() throws Exception {
        Path mount = Machine.system().cgroups().orElseThrow().mount();
        String name = "lachesis-it-rt-" + UUID.randomUUID().toString().substring(0, 8);
        Path group = Files.createDirectory(mount.resolve(name));
        Translator translator = null;
        try (ReportingChild child = ReportingChild.start(List.of(), ThreadsChild.class, "sleep:rt-a", "sleep:rt-b")) {
            try {
                for (int tid : child.tids().values()) {
                    Files.writeString(group.resolve("tasks"), Integer.toString(tid));
                }
                assertThat(Files.readString(group.resolve("cpu.rt_runtime_us")).strip()).isEqualTo("0");
                assertThatThrownBy(() -> JnaKernel.instance().setScheduler(child.tid("rt-a"), SchedPolicy.RR, 5))
                        .isInstanceOf(NotPermittedException.class).hasMessageContaining("EPERM");

                translator = new RealTimeTranslatorFactory().create(new TranslatorContext("it", ConfigNode.empty("s"),
                        ConfigNode.ofYaml("cgroups", "{rt-runtime-us: 50000}"), tmp.resolve("journal")));
                translator.apply(translator.plan(Fixtures.single(child, "rt-a", 2, "rt-b", 1)));

                assertThat(Files.readString(group.resolve("cpu.rt_runtime_us")).strip()).isEqualTo("50000");
                assertThat(ProcReader.scheduler(child.pid(), child.tid("rt-a"))).isEqualTo("2/99");
                assertThat(ProcReader.scheduler(child.pid(), child.tid("rt-b"))).isEqualTo("2/1");

                translator.close();
                assertThat(ProcReader.scheduler(child.pid(), child.tid("rt-a"))).isEqualTo("0/0");
                assertThat(Files.readString(group.resolve("cpu.rt_runtime_us")).strip()).isEqualTo("0");
            } finally {
                if (translator != null) {
                    translator.close();
                }
                for (int tid : child.tids().values()) {
                    Files.writeString(mount.resolve("tasks"), Integer.toString(tid));
                }
            }
        } finally {
            Files.writeString(group.resolve("cpu.rt_runtime_us"), "0");
            Files.delete(group);
        }
    }
}
