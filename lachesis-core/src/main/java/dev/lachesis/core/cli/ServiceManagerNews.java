package dev.lachesis.core.cli;

import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.spi.ServiceManager;
import java.util.List;
import java.util.function.Consumer;

/**
 * What {@code lachesis run} tells the service managers that started it, as a round listener: ready
 * after the first round, whatever its outcome (the daemon is up and retries a failed round by
 * itself), and alive after every round, so a loop that stops going round is noticed. Called from
 * the loop's thread only.
 */
final class ServiceManagerNews implements Consumer<RoundResult> {
    private final List<ServiceManager> managers;
    private boolean ready;

    ServiceManagerNews(List<ServiceManager> managers) {
        this.managers = List.copyOf(managers);
    }

    @Override
    public void accept(RoundResult round) {
        if (!ready) {
            RoundReport report = round.report();
            String status = "first round " + report.outcome() + (report.problems().isEmpty() ? ""
                    : ": " + report.problems().get(0));
            managers.forEach(m -> m.ready(status));
            ready = true;
        }
        managers.forEach(ServiceManager::alive);
    }
}
