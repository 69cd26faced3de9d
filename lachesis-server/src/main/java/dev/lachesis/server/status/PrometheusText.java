package dev.lachesis.server.status;

import dev.lachesis.core.loop.RoundReport;
import java.util.Locale;
import java.util.Map;

/**
 * The daemon's counters in Prometheus' text exposition format (version 0.0.4), for
 * {@code GET /metrics}: a round-duration histogram, rounds by outcome, threads controlled per policy,
 * real-time demotions, failing conditions, uptime and health, and the usual process metrics every
 * Prometheus client exports ({@code process_cpu_seconds_total}, {@code process_resident_memory_bytes}),
 * so a node's dashboards show the daemon's cost beside the SPE's. Written by hand: nine metric
 * families do not need a client library. Stateless.
 */
public final class PrometheusText {
    /** The content type Prometheus expects for this format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private PrometheusText() {
    }

    /** The exposition of {@code m}. */
    public static String of(MetricsView m) {
        StringBuilder out = new StringBuilder();
        family(out, "lachesis_round_duration_seconds", "histogram", "How long scheduling rounds took.");
        for (int i = 0; i < m.bucketBounds().length; i++) {
            out.append("lachesis_round_duration_seconds_bucket{le=\"").append(number(m.bucketBounds()[i])).append("\"} ")
                    .append(m.bucketCounts()[i]).append('\n');
        }
        out.append("lachesis_round_duration_seconds_bucket{le=\"+Inf\"} ").append(m.rounds()).append('\n');
        out.append("lachesis_round_duration_seconds_sum ").append(number(m.durationSecondsSum())).append('\n');
        out.append("lachesis_round_duration_seconds_count ").append(m.rounds()).append('\n');
        family(out, "lachesis_rounds_total", "counter",
                "Scheduling rounds by outcome: ok, partial (some policies kept their last priorities), failed.");
        for (Map.Entry<RoundReport.Outcome, Long> e : m.roundsByOutcome().entrySet()) {
            out.append("lachesis_rounds_total{outcome=\"").append(e.getKey().name().toLowerCase(Locale.ROOT))
                    .append("\"} ").append(e.getValue()).append('\n');
        }
        family(out, "lachesis_threads_controlled", "gauge", "Threads a policy controls after its last round.");
        for (Map.Entry<String, Integer> e : m.threadsControlled().entrySet()) {
            out.append("lachesis_threads_controlled{policy=\"").append(label(e.getKey())).append("\"} ")
                    .append(e.getValue()).append('\n');
        }
        family(out, "lachesis_rt_demotions_total", "counter",
                "Times the real-time watchdog demoted a policy's threads to SCHED_OTHER.");
        for (Map.Entry<String, Long> e : m.realTimeDemotions().entrySet()) {
            out.append("lachesis_rt_demotions_total{policy=\"").append(label(e.getKey())).append("\"} ")
                    .append(e.getValue()).append('\n');
        }
        family(out, "lachesis_conditions_active", "gauge",
                "Conditions failing now (an SPE not seen, a policy the kernel refuses).");
        out.append("lachesis_conditions_active ").append(m.activeConditions()).append('\n');
        family(out, "lachesis_healthy", "gauge", "1 while rounds run on time and apply their schedules, as /health.");
        out.append("lachesis_healthy ").append(m.healthy() ? 1 : 0).append('\n');
        family(out, "lachesis_uptime_seconds", "gauge", "How long the daemon has run.");
        out.append("lachesis_uptime_seconds ").append(number(m.uptimeSeconds())).append('\n');
        if (!Double.isNaN(m.processCpuSeconds())) {
            family(out, "process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.");
            out.append("process_cpu_seconds_total ").append(number(m.processCpuSeconds())).append('\n');
        }
        if (!Double.isNaN(m.residentBytes())) {
            family(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
            out.append("process_resident_memory_bytes ").append(number(m.residentBytes())).append('\n');
        }
        return out.toString();
    }

    private static void family(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }

    /** A label value with backslash, double quote and newline escaped, as the format asks. */
    private static String label(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
