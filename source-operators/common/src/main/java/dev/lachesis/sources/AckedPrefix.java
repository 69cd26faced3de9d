package dev.lachesis.sources;

import java.util.TreeSet;

/**
 * The longest run of acknowledged sequence numbers from a starting point: a source may only
 * record progress up to the first record not yet acknowledged, since acknowledgements arrive out
 * of order. Not thread-safe (a Storm spout acks and emits on one thread).
 */
public final class AckedPrefix {
    private long firstUnacked;
    private final TreeSet<Long> ackedAhead = new TreeSet<>();

    /** @param firstUnacked the sequence number from which acknowledgements are awaited */
    public AckedPrefix(long firstUnacked) {
        this.firstUnacked = firstUnacked;
    }

    /** Records that {@code sequence} was acknowledged; returns whether the prefix grew. */
    public boolean ack(long sequence) {
        if (sequence < firstUnacked) {
            return false;
        }
        if (sequence > firstUnacked) {
            ackedAhead.add(sequence);
            return false;
        }
        firstUnacked++;
        while (ackedAhead.remove(firstUnacked)) {
            firstUnacked++;
        }
        return true;
    }

    /** Every sequence number below this one has been acknowledged. */
    public long firstUnacked() {
        return firstUnacked;
    }

    /** Acknowledgements held above the first unacknowledged record. */
    public int ackedAhead() {
        return ackedAhead.size();
    }
}
