package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.testkit.ReportingChild;
import dev.lachesis.translators.NiceTranslatorFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread the nice translator gave a negative nice that then starts a thread (a Flink subtask's
 * timer, started when first needed) does not hand that nice to it: Linux copies a thread's nice to
 * the threads it starts, the daemon would take the copy for the new thread's original and leave it
 * there on exit (found by FlinkClusterIT). The new thread starts at nice 0, to be ranked by the
 * daemon's next round like any thread it has not seen.
 */
@EnabledIf("dev.lachesis.translators.it.KernelGate#canLowerNice")
class NiceForkKernelTest {
    @TempDir
    Path tmp;

    @Test
    void aThreadStartedByAThreadWithANegativeNiceStartsAtNiceZero() throws Exception {
        try (ReportingChild child = ReportingChild.start(List.of(), ThreadsChild.class, "niceforker:parent");
             Translator translator = new NiceTranslatorFactory().create(new TranslatorContext("it",
                     ConfigNode.empty("settings"), ConfigNode.empty("cgroups"), tmp.resolve("journal")))) {
            translator.apply(translator.plan(Fixtures.single(child, "parent", 1)));

            child.awaitLine("forked");

            assertThat(ProcReader.nice(child.pid(), child.tid("parent"))).isEqualTo(-20);
            assertThat(ProcReader.nice(child.pid(), child.tid("parent-child"))).isEqualTo(0);
            assertThat(ProcReader.scheduler(child.pid(), child.tid("parent"))).isEqualTo("0/0");
        }
    }
}
