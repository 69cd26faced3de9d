package dev.lachesis.experiments.soak;

/**
 * One second of a soak: what the daemon's process used, read from {@code /proc}, and how many times
 * the Storm worker had been restarted by then.
 *
 * @param elapsedSeconds seconds since the daemon started
 * @param residentMib the daemon's resident set ({@code VmRSS}) in MiB
 * @param cpuSeconds CPU seconds the daemon has used since it started (user + system)
 * @param threads the daemon's thread count
 * @param restarts how many times the worker was killed and started again so far
 */
public record SoakSample(double elapsedSeconds, double residentMib, double cpuSeconds, int threads, int restarts) {
    /** The CSV header of {@link #csv()}. */
    public static final String CSV_HEADER = "elapsed_s,rss_mib,cpu_s,threads,restarts";

    /** This sample as a CSV row. */
    public String csv() {
        return "%.1f,%.2f,%.2f,%d,%d".formatted(elapsedSeconds, residentMib, cpuSeconds, threads, restarts);
    }
}
