package dev.lachesis.experiments.run;

import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The daemon as the sweep and the demo run it beside a trial's query: {@code lachesis run --config
 * FILE --rounds json}, with {@code --dry-run} when it only watches, its rounds read from its standard
 * output as they come ({@link RoundLog}). Started here only, so both run the same daemon.
 */
public final class DaemonRun {
    private DaemonRun() {
    }

    /**
     * Starts the daemon; it prints its first round a period or so later.
     *
     * @param lachesis the command that runs {@code bin/lachesis}, with its CPU placement (e.g.
     *     {@code taskset -c 1 …/bin/lachesis})
     * @param acts whether it schedules the query; without, it computes its rounds but changes no thread
     * @param rounds where its rounds go
     */
    public static ChildJvm start(List<String> lachesis, Path config, boolean acts, RoundLog rounds) throws IOException {
        List<String> command = new ArrayList<>(lachesis);
        command.addAll(List.of("run", "--config", config.toString(), "--rounds", "json"));
        if (!acts) {
            command.add("--dry-run");
        }
        return ChildJvm.exec(command, RoundLog.MARKER, rounds);
    }
}
