package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.realtime.RealTimeTranslatorFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread the rt translator made real-time that then starts a thread (an SPE that spawns an
 * executor or a timer later) does not hand its real-time class to it: the new thread is SCHED_OTHER,
 * to be scheduled by the daemon's next round like any other thread it has not seen.
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canUseRealTime")
class RealTimeForkKernelTest {
    @TempDir
    Path tmp;

    @Test
    void aThreadStartedByARealTimeThreadStartsOutsideRealTime() throws Exception {
        try (ReportingChild child = ReportingChild.start(List.of(), ThreadsChild.class, "forker:parent");
             Translator translator = new RealTimeTranslatorFactory().create(new TranslatorContext("it",
                     ConfigNode.ofYaml("settings", "{lowest: 10, highest: 30}"), ConfigNode.empty("cgroups"),
                     tmp.resolve("journal")))) {
            translator.apply(translator.plan(Fixtures.single(child, "parent", 1)));

            child.awaitLine("forked");

            assertThat(ProcReader.scheduler(child.pid(), child.tid("parent"))).isEqualTo("2/30");
            assertThat(ProcReader.scheduler(child.pid(), child.tid("parent-child"))).isEqualTo("0/0");
        }
    }
}
