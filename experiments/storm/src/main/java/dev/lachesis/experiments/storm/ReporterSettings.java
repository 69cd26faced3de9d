package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.process.HostPort;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The topology settings a user adds so Lachesis can schedule a Storm 2.x topology: Storm's own
 * metrics v2 Graphite reporter, reporting every second without the worker's thread-state gauges, and
 * unsampled counters. These are exactly the keys documented in {@code config/storm.yaml}; the
 * launcher sets nothing else that Lachesis relies on.
 */
public final class ReporterSettings {
    /** The reporter class shipped in {@code storm-client}. */
    public static final String GRAPHITE_REPORTER = "org.apache.storm.metrics2.reporters.GraphiteStormReporter";

    /** The metrics v2 filter shipped in {@code storm-client}: reports what its expression matches. */
    public static final String REGEX_FILTER = "org.apache.storm.metrics2.filters.RegexFilter";
    /**
     * Every metric but those of the {@code ThreadStatesGaugeSet} each worker's {@code __system}
     * registers ({@code …__system.-1.<port>-threads.*}). Its deadlock gauges call
     * {@code ThreadMXBean.findDeadlockedThreads}, a safepoint operation: each report then waits until
     * every thread of the worker, the starved ones too, reaches a safepoint, and under a schedule
     * that starves threads the reporter went seconds without reporting (profiled in issue 40).
     */
    public static final String WITHOUT_THREAD_STATES = "(?!.*\\.__system\\.-1\\.\\d+-threads\\.).*";

    private ReporterSettings() {
    }

    /**
     * Topology settings reporting to the Graphite plaintext receiver at {@code graphite}, filtered by
     * {@link #WITHOUT_THREAD_STATES}, with
     * {@code topology.stats.sample.rate} 1.0 so the execute/emit counters count every tuple (Storm
     * samples 5% by default).
     */
    public static Map<String, Object> forGraphite(HostPort graphite) {
        return forGraphite(graphite, 1.0);
    }

    /**
     * As {@link #forGraphite(HostPort)} with another sample rate (0 &lt; rate ≤ 1). Storm then counts
     * one tuple in 1/rate and adds 1/rate each time, so counters stay estimates of the true totals.
     */
    public static Map<String, Object> forGraphite(HostPort graphite, double sampleRate) {
        if (!(sampleRate > 0 && sampleRate <= 1)) {
            throw new IllegalArgumentException("sample rate " + sampleRate + " is outside (0, 1]");
        }
        Map<String, Object> reporter = new HashMap<>();
        reporter.put("class", GRAPHITE_REPORTER);
        reporter.put("graphite.host", graphite.host());
        reporter.put("graphite.port", graphite.port());
        reporter.put("report.period", 1);
        reporter.put("report.period.units", "SECONDS");
        reporter.put("filter", Map.of("class", REGEX_FILTER, "expression", WITHOUT_THREAD_STATES));
        Map<String, Object> settings = new HashMap<>();
        settings.put("topology.metrics.reporters", List.of(reporter));
        settings.put("topology.stats.sample.rate", sampleRate);
        return settings;
    }
}
