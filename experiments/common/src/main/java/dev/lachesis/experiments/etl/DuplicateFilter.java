package dev.lachesis.experiments.etl;

/**
 * Drops readings already seen, by message id and field, with two generations of {@link BloomFilter}
 * so memory stays bounded on an endless stream: keys go into the young generation and are looked up
 * in both; when the young one is full it becomes the old one and the oldest is forgotten. A repeat
 * is caught for at least one generation's worth of keys after its original. Not thread-safe.
 */
public final class DuplicateFilter {
    private final int generationSize;
    private final double falsePositiveRate;
    private BloomFilter young;
    private BloomFilter old;
    private int inYoung;

    /** @param generationSize keys per generation; @param falsePositiveRate per generation when full */
    public DuplicateFilter(int generationSize, double falsePositiveRate) {
        this.generationSize = generationSize;
        this.falsePositiveRate = falsePositiveRate;
        this.young = new BloomFilter(generationSize, falsePositiveRate);
        this.old = new BloomFilter(generationSize, falsePositiveRate);
    }

    /** Whether {@code key} is new; a new key is remembered. */
    public boolean firstTime(String key) {
        if (young.mightContain(key) || old.mightContain(key)) {
            return false;
        }
        if (inYoung == generationSize) {
            old = young;
            young = new BloomFilter(generationSize, falsePositiveRate);
            inYoung = 0;
        }
        young.add(key);
        inYoung++;
        return true;
    }
}
