package dev.lachesis.translators.cgroup;

/**
 * The two cgroup interfaces. They differ in the files a translator writes: v1 moves a thread by
 * writing its tid to {@code tasks} and weighs groups with {@code cpu.shares} (2–262144, default
 * 1024); v2 needs a threaded subtree, moves threads through {@code cgroup.threads} and weighs groups
 * with {@code cpu.weight} (1–10000, default 100). Only v1 has real-time group budgets.
 */
public enum CgroupVersion {
    V1(CgroupFiles.TASKS, CgroupFiles.SHARES, 2, 262_144),
    V2(CgroupFiles.THREADS, CgroupFiles.WEIGHT, 1, 10_000);

    private final String threadsFile;
    private final String weightFile;
    private final int minWeight;
    private final int maxWeight;

    CgroupVersion(String threadsFile, String weightFile, int minWeight, int maxWeight) {
        this.threadsFile = threadsFile;
        this.weightFile = weightFile;
        this.minWeight = minWeight;
        this.maxWeight = maxWeight;
    }

    /** The file a thread id is written to in order to move that thread into a group. */
    public String threadsFile() {
        return threadsFile;
    }

    /** The file holding a group's relative CPU weight. */
    public String weightFile() {
        return weightFile;
    }

    public int minWeight() {
        return minWeight;
    }

    public int maxWeight() {
        return maxWeight;
    }
}
