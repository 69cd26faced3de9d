package dev.lachesis.experiments.lr;

/**
 * One direction of one mile of an expressway, the unit Linear Road keeps statistics and charges
 * tolls for. Immutable.
 *
 * @param xway the expressway
 * @param dir 0 eastbound (segments grow along the way), 1 westbound
 * @param seg the segment, 0 to 99
 */
public record SegmentId(int xway, int dir, int seg) {
    /** How many segments ahead an accident concerns a vehicle (the benchmark's 4, plus the segment itself). */
    public static final int ACCIDENT_REACH = 4;

    /**
     * Whether {@code other} lies ahead of a vehicle in this segment, on the same expressway and
     * direction, at most {@link #ACCIDENT_REACH} segments on (this segment included).
     */
    public boolean hasAhead(SegmentId other) {
        if (other.xway != xway || other.dir != dir) {
            return false;
        }
        int ahead = dir == 0 ? other.seg - seg : seg - other.seg;
        return ahead >= 0 && ahead <= ACCIDENT_REACH;
    }
}
