package dev.lachesis.core.cli;

import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import dev.lachesis.core.loop.ThreadRow;
import java.util.List;

/**
 * One line of {@code run --rounds json}: when a round ran, how long it took, how it ended and the
 * threads it ranked, so a script (the experiments' harness, a dashboard) can follow the daemon's
 * own cost and decisions round by round. The field names are the JSON's. Immutable.
 *
 * @param startedAt the round's start, ISO-8601
 * @param durationMs how long the round took, milliseconds by the monotonic clock
 * @param outcome {@code OK}, {@code PARTIAL} or {@code FAILED}
 * @param threads every thread the round's plans ranked, as {@code once} prints them
 */
record RoundLine(String startedAt, double durationMs, RoundReport.Outcome outcome, List<ThreadRow> threads) {
    RoundLine {
        threads = List.copyOf(threads);
    }

    /** The line for {@code round}, whose threads are {@code rows}. */
    static RoundLine of(RoundResult round, List<ThreadRow> rows) {
        RoundReport report = round.report();
        return new RoundLine(report.startedAt().toString(), report.duration().toNanos() / 1e6, report.outcome(), rows);
    }
}
