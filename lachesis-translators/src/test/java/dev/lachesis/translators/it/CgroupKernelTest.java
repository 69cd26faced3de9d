package dev.lachesis.translators.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.GroupingSchedule;
import dev.lachesis.core.schedule.Schedule;
import dev.lachesis.core.spi.Translator;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.translators.CgroupTranslatorFactory;
import dev.lachesis.translators.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.condition.EnabledIf;

@EnabledIf("dev.lachesis.translators.it.KernelGate#hasWritableCpuCgroup")
class CgroupKernelTest extends KernelTranslatorContract {
    private final String root = "lachesis-it-" + UUID.randomUUID().toString().substring(0, 8);
    private final Path mount = Machine.system().cgroups().orElseThrow().mount();

    @Override
    Translator create(Path journal) throws Exception {
        return new CgroupTranslatorFactory().create(new TranslatorContext("it", ConfigNode.empty("settings"),
                ConfigNode.ofYaml("cgroups", "{root: " + root + "}"), journal));
    }

    @Override
    Schedule schedule() {
        return new GroupingSchedule("it", List.of(Fixtures.group(child, "hot", 8, SOURCE, MAP),
                Fixtures.group(child, "cold", 2, SINK)), OptionalDouble.empty());
    }

    @Override
    void assertApplied() throws Exception {
        assertThat(ProcReader.cpuGroup(child.pid(), child.tid(SOURCE))).isEqualTo("/" + root + "/hot");
        assertThat(ProcReader.cpuGroup(child.pid(), child.tid(SINK))).isEqualTo("/" + root + "/cold");
        assertThat(Files.readAllLines(mount.resolve(root + "/hot/tasks")))
                .containsExactlyInAnyOrder(Integer.toString(child.tid(SOURCE)), Integer.toString(child.tid(MAP)));
        assertThat(Files.readAllLines(mount.resolve(root + "/cold/tasks"))).containsExactly(Integer.toString(child.tid(SINK)));
        String weight = Machine.system().cgroups().orElseThrow().version().weightFile();
        assertThat(Files.readString(mount.resolve(root + "/hot/" + weight)).strip()).isEqualTo("1024");
        assertThat(Files.readString(mount.resolve(root + "/cold/" + weight)).strip()).isEqualTo("10");
    }

    /** Runs before the contract's clean-up: close (idempotent) must leave no group behind. */
    @AfterEach
    void groupsAreGone() {
        if (translator != null) {
            translator.close();
        }
        assertThat(mount.resolve(root)).doesNotExist();
    }
}
