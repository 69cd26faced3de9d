package dev.lachesis.policies;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.config.ConfigNode;
import dev.lachesis.core.schedule.ScheduleForm;
import dev.lachesis.core.spi.Plugins;
import dev.lachesis.core.spi.Policy;
import dev.lachesis.core.spi.PolicyContext;
import dev.lachesis.core.spi.PolicyFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The example policy files in the project's {@code config/} create their policies without a problem. */
class ExampleConfigsTest {
    static Stream<Path> examples() throws Exception {
        Path dir = Path.of(System.getProperty("basedir", "."), "..", "config");
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyPolicyOfTheExampleIsValidAndFitsItsTranslator(Path file) throws Exception {
        ConfigNode root = ConfigNode.ofYaml("", Files.readString(file));
        Plugins<PolicyFactory> factories = Plugins.load(PolicyFactory.class, "policy");
        int count = root.child("policies").json().size();

        assertThat(count).isPositive();
        for (int i = 0; i < count; i++) {
            ConfigNode entry = root.child("policies").element(i);
            String translator = entry.child("translator").json().asText();
            Policy policy = factories.get(entry.child("policy").json().asText(), entry.path() + ".policy")
                    .create(new PolicyContext(entry.child("name").json().asText(), entry.child("settings"),
                            translator.equals("rt"), 1));
            assertThat(policy.form()).as(entry.path())
                    .isEqualTo(translator.equals("cgroup") ? ScheduleForm.GROUPING : ScheduleForm.SINGLE_PRIORITY);
        }
    }
}
