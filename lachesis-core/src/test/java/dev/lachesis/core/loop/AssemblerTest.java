package dev.lachesis.core.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.config.ConfigLoader;
import dev.lachesis.core.metric.MetricNames;
import dev.lachesis.core.spi.TranslatorContext;
import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.testing.FakeMetricSourceFactory;
import dev.lachesis.core.testing.FakePlugins;
import dev.lachesis.core.testing.FakeSpeDriverFactory;
import dev.lachesis.core.testing.FakeResolver;
import dev.lachesis.core.testing.FakeTranslatorFactories;
import dev.lachesis.core.testing.LogCapture;
import dev.lachesis.core.testing.ManualClock;
import dev.lachesis.core.testing.RecordingTranslator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AssemblerTest {
    private static final String VALID = """
            spes:
              - name: storm
                driver: fake-spe
              - name: flink
                driver: fake-spe
                settings:
                  replicas: 3
            metrics:
              source: fake-source
            policies:
              - name: order
                policy: fake-order
                translator: fake-nice
            """;

    private final Assembler assembler = new Assembler(FakePlugins.registry(), pid -> List.<JvmThread>of(),
            new ManualClock(Instant.EPOCH));
    private final FakeResolver resolver = new FakeResolver();

    @BeforeEach
    void forgetTranslators() {
        FakeTranslatorFactories.CREATED.clear();
        FakeTranslatorFactories.CONTEXTS.clear();
        FakeSpeDriverFactory.TOLD_REAL_TIME.clear();
        FakeMetricSourceFactory.OPEN.set(0);
    }

    private Assembly assemble(String yaml) throws ConfigException {
        return assembler.assemble(ConfigLoader.parse("lachesis.yaml", yaml), () -> resolver);
    }

    @Test
    void buildsEveryPartAndRegistersThePoliciesMetrics() throws ConfigException {
        try (Assembly assembly = assemble(VALID)) {
            assertThat(assembly.spes()).extracting(Spe::name).containsExactly("storm", "flink");
            assertThat(assembly.policies()).singleElement().satisfies(p -> {
                assertThat(p.name()).isEqualTo("order");
                assertThat(p.spes()).as("a policy without spes schedules all").containsExactly("storm", "flink");
            });
            assertThat(resolver.registered()).containsExactly(MetricNames.INPUT_QUEUE);
        }
    }

    @Test
    void assembliesOfOneAssemblerShareTheSourceOfEqualSettingsUntilTheLastOneCloses() throws ConfigException {
        Assembly first = assemble(VALID);
        Assembly reloaded = assemble(VALID.replace("translator: fake-nice", "translator: fake-nice\n    period: 2s"));
        assertThat(FakeMetricSourceFactory.OPEN).as("a reload keeping the metrics section").hasValue(1);

        first.close();
        assertThat(FakeMetricSourceFactory.OPEN).as("still read by the reloaded assembly").hasValue(1);
        Assembly otherWindow = assemble(VALID.replace("source: fake-source", "source: fake-source\n  window: 20s"));
        assertThat(FakeMetricSourceFactory.OPEN).as("other settings, another source").hasValue(2);

        reloaded.close();
        otherWindow.close();
        assertThat(FakeMetricSourceFactory.OPEN).hasValue(0);
    }

    @Test
    void aPolicyRunMoreOftenThanItsMetricsChangeIsToldOnce() throws ConfigException {
        try (LogCapture log = new LogCapture(Assembler.class);
             Assembly assembly = assemble(VALID.replace("translator: fake-nice", "translator: fake-nice\n    period: 200ms"))) {
            assertThat(assembly.policies()).hasSize(1);
            assertThat(log.lines()).filteredOn(l -> l.contains("runs every 200 ms")).singleElement().asString()
                    .contains("Policy 'order'", "change at most once a second");
        }
        try (LogCapture log = new LogCapture(Assembler.class); Assembly assembly = assemble(VALID)) {
            assertThat(assembly.policies()).singleElement().extracting(ScheduledPolicy::period)
                    .isEqualTo(Duration.ofSeconds(1));
            assertThat(log.lines()).noneMatch(l -> l.contains("runs every"));
        }
    }

    @Test
    void aMetricATranslatorCanUseIsRegisteredWhenEveryDriverGivesIt() throws ConfigException {
        FakeTranslatorFactories.OPTIONAL.add(MetricNames.INPUT_QUEUE);
        FakeTranslatorFactories.OPTIONAL.add(MetricNames.PROCESSED_RATE);
        String yaml = VALID.replace("policy: fake-order", "policy: fake-groups")
                .replace("translator: fake-nice", "translator: fake-shares");
        try (Assembly assembly = assemble(yaml)) {
            assertThat(assembly.policies()).hasSize(1);
            assertThat(resolver.registered()).as("fake-groups needs nothing; the fake drivers give input-queue,"
                    + " not processed-rate").containsExactly(MetricNames.INPUT_QUEUE);
        } finally {
            FakeTranslatorFactories.OPTIONAL.clear();
        }
    }

    @Test
    void driversOfSpesUnderARealTimeTranslatorAreToldSoTheyCanWarn() throws ConfigException {
        String yaml = VALID.replace("""
                    translator: fake-nice
                """, """
                    translator: fake-rr
                    spes: [flink]
                  - name: other
                    policy: fake-order
                    translator: fake-nice
                    spes: [storm]
                """);

        try (Assembly assembly = assemble(yaml)) {
            assertThat(assembly.policies()).hasSize(2);
            assertThat(FakeSpeDriverFactory.TOLD_REAL_TIME).containsExactly("flink");
        }
    }

    @Test
    void eachTranslatorIsToldWhichOfItsPolicysSpesRunOperatorThreadsThatPoll() throws ConfigException {
        String yaml = VALID.replace("    driver: fake-spe\n  - name: flink",
                "    driver: fake-spe\n    settings:\n      polls: true\n  - name: flink") + """
                  - name: storm-only
                    policy: fake-order
                    translator: fake-rr
                    spes: [storm]
                """;

        try (Assembly assembly = assemble(yaml)) {
            assertThat(assembly.policies()).extracting(ScheduledPolicy::name).containsExactly("order", "storm-only");
            assertThat(FakeTranslatorFactories.CONTEXTS).hasSize(2);
            TranslatorContext both = FakeTranslatorFactories.CONTEXTS.get(0);
            TranslatorContext stormOnly = FakeTranslatorFactories.CONTEXTS.get(1);
            assertThat(both.spes()).containsExactly("storm", "flink");
            assertThat(both.pollingSpes()).containsExactly("storm");
            assertThat(both.schedulesOnlyPollingSpes()).isFalse();
            assertThat(stormOnly.spes()).containsExactly("storm");
            assertThat(stormOnly.schedulesOnlyPollingSpes()).isTrue();
        }
    }

    @Test
    void aTranslatorThatDoesNotAcceptThePolicysScheduleFormIsAConfigError() {
        String yaml = VALID.replace("translator: fake-nice", "translator: fake-shares");

        assertThatThrownBy(() -> assemble(yaml)).isInstanceOf(ConfigException.class).hasMessage(
                "policies[0].translator (lachesis.yaml:13) was 'fake-shares' but it applies grouping schedules and"
                        + " policy 'fake-order' produces single-priority schedules");
        assertThat(FakeTranslatorFactories.CREATED).singleElement().extracting(RecordingTranslator::isClosed)
                .isEqualTo(true);
    }

    @Test
    void aPlugInsOwnSettingsErrorNamesItsKeyAndLine() {
        String yaml = VALID.replace("replicas: 3", "replicas: 0");

        assertThatThrownBy(() -> assemble(yaml)).isInstanceOf(ConfigException.class)
                .hasMessage("spes[1].settings.replicas (lachesis.yaml:7) was '0' but must be at least 1");
    }

    @Test
    void aMetricNoDriverCanResolveIsAConfigErrorForEverySpe() {
        resolver.register(Set.of("head-age-ms"));

        assertThatThrownBy(() -> assemble(VALID)).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "metric 'head-age-ms' cannot be resolved for SPE 'storm'",
                        "metric 'head-age-ms' cannot be resolved for SPE 'flink'"));
        assertThat(FakeTranslatorFactories.CREATED).allMatch(RecordingTranslator::isClosed);
    }

    @Test
    void aTranslatorThatCannotBeCreatedStillLetsItsPolicysSettingsBeChecked() {
        String yaml = VALID.replace("translator: fake-nice", "translator: fake-nice\n    translator-settings:"
                + " {refuse: the journal is in use}\n    settings: {refuse: 'policies[0].settings.x was wrong'}");

        assertThatThrownBy(() -> assemble(yaml)).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly("the journal is in use",
                        "policies[0].settings.x was wrong"));
    }

    @Test
    void checksTheFileBeforeCreatingAnything() {
        String yaml = VALID.replace("policy: fake-order", "policy: qs");

        assertThatThrownBy(() -> assemble(yaml)).isInstanceOf(ConfigException.class)
                .hasMessage("policies[0].policy (lachesis.yaml:12) was 'qs' but no policy has that name"
                        + " (available: fake-groups, fake-order)");
        assertThat(FakeTranslatorFactories.CREATED).isEmpty();
    }
}
