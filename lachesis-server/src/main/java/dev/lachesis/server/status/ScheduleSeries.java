package dev.lachesis.server.status;

import dev.lachesis.core.loop.ThreadRow;
import dev.lachesis.core.loop.RoundReport;
import dev.lachesis.core.loop.RoundResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of carbon's plaintext protocol that describe one round, under a prefix:
 * <pre>
 * PREFIX.round.duration_ms / .outcome (0 ok, 1 partial, 2 failed)
 * PREFIX.policy.POLICY.threads
 * PREFIX.schedule.SPE.QUERY.OPERATOR.KIND.TID.priority / .value
 * </pre>
 * Name parts are made safe for Graphite (a dot, space or other character outside
 * {@code [A-Za-z0-9_-]} becomes {@code _}), so a Flink chain {@code Source: in -> Map} becomes
 * {@code Source__in_-_Map}. A worker-wide helper has {@code _worker} as its operator. Stateless.
 */
public final class ScheduleSeries {
    private ScheduleSeries() {
    }

    /** The lines for {@code round}, stamped with its start second. */
    public static List<String> of(String prefix, RoundResult round) {
        RoundReport report = round.report();
        long at = report.startedAt().getEpochSecond();
        List<String> lines = new ArrayList<>();
        lines.add(line(prefix + ".round.duration_ms", report.duration().toNanos() / 1e6, at));
        lines.add(line(prefix + ".round.outcome", report.outcome().ordinal(), at));
        for (var plan : round.planList()) {
            lines.add(line(prefix + ".policy." + safe(plan.getKey()) + ".threads", plan.getValue().threads().size(), at));
        }
        for (ThreadRow row : ThreadRow.of(round)) {
            String thread = prefix + ".schedule." + safe(row.spe()) + "." + safe(row.queryName()) + "."
                    + (row.operatorName() == null ? "_worker" : safe(row.operatorName())) + "." + safe(row.kind()) + "."
                    + row.tid();
            lines.add(line(thread + ".priority", row.priority(), at));
            lines.add(line(thread + ".value", row.value(), at));
        }
        return lines;
    }

    /** A name part Graphite reads as one node. */
    static String safe(String part) {
        return part.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private static String line(String path, double value, long epochSeconds) {
        String number = Double.isFinite(value) && value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value) : Double.toString(value);
        return path + " " + number + " " + epochSeconds;
    }
}
