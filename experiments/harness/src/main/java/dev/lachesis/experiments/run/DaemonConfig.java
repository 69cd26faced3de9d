package dev.lachesis.experiments.run;

import dev.lachesis.experiments.mode.HandSetPriority;
import dev.lachesis.experiments.mode.SchedulingMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Writes the policy file the experiments run {@code lachesis run} with for one {@link SchedulingMode}:
 * the query JVMs they started ({@link SpeBlock}, one per SPE), metrics read back from their metric store, the
 * mode's policy and translator every period, and a journal and cgroup root of their own. The
 * real-time translator runs with its watchdog's defaults, the safety net a user gets. The
 * {@link SchedulingMode#STATIC} mode writes the query's {@link HandSetPriority}; a mode that
 * {@link SchedulingMode#groupsQueries() groups queries} adds a {@code query-groups} entry through the
 * cgroup translator, every query with the same share, rewritten every {@value #GROUPS_PERIOD_SECONDS}
 * s (queries do not come and go within a trial). Immutable.
 *
 * @param spes the query JVMs to schedule, one daemon scheduling all of them
 * @param mode what the daemon schedules with; {@link SchedulingMode#OS} plans only (run it with {@code --dry-run})
 * @param storeHttpPort the render API of the metric store on 127.0.0.1
 * @param period how often the policy runs
 * @param journal where the translator records original settings
 * @param cgroupRoot the group under the cpu controller Lachesis may create groups in
 * @param handSet the query's hand-set priority; required by {@link SchedulingMode#STATIC}, else ignored (may be null)
 */
public record DaemonConfig(List<SpeBlock> spes, SchedulingMode mode, int storeHttpPort, Duration period, Path journal,
                           String cgroupRoot, HandSetPriority handSet) {
    /** How often the {@code query-groups} entry runs. */
    static final int GROUPS_PERIOD_SECONDS = 10;

    public DaemonConfig {
        spes = List.copyOf(spes);
        if (spes.isEmpty()) {
            throw new IllegalArgumentException("a policy file needs one SPE at least");
        }
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(cgroupRoot, "cgroupRoot");
        if (mode == SchedulingMode.STATIC && handSet == null) {
            throw new IllegalArgumentException("the " + mode.label() + " mode needs the query's hand-set priority");
        }
    }

    /** The file for a mode that needs nothing from the query (every mode but {@link SchedulingMode#STATIC}). */
    public DaemonConfig(List<SpeBlock> spes, SchedulingMode mode, int storeHttpPort, Duration period, Path journal,
                        String cgroupRoot) {
        this(spes, mode, storeHttpPort, period, journal, cgroupRoot, null);
    }

    /** The YAML text. */
    public String yaml() {
        String policySettings = mode == SchedulingMode.STATIC ? handSet.policyYaml()
                : mode.policySettings().map("    settings: %s\n"::formatted).orElse("")
                        + mode.normaliser().map("    translator-settings: {normaliser: %s}\n"::formatted).orElse("");
        String groups = !mode.groupsQueries() ? "" : """
                  - name: query-groups
                    policy: query-groups
                    period: %ds
                    translator: cgroup
                    settings: {default-priority: 1}
                """.formatted(GROUPS_PERIOD_SECONDS);
        return """
                # Written by the Lachesis experiments: %s (policy %s, translator %s).
                spes:
                %smetrics:
                  source: graphite
                  url: http://127.0.0.1:%d
                  window: 10s
                policies:
                  - name: %s
                    policy: %s
                    period: %dms
                    translator: %s
                %s%scgroups:
                  root: %s
                journal: %s
                logging:
                  level: warn
                """.formatted(mode.label(), mode.policy(), mode.translator(),
                spes.stream().map(SpeBlock::yaml).collect(Collectors.joining()), storeHttpPort,
                mode.fileName(), mode.policy(), period.toMillis(), mode.translator(), policySettings,
                groups, cgroupRoot, journal);
    }

    /** Writes {@link #yaml()} to {@code file} and returns it. */
    public Path writeTo(Path file) throws IOException {
        Files.writeString(file, yaml());
        return file;
    }
}
