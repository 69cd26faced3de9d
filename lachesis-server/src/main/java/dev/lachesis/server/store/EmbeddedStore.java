package dev.lachesis.server.store;

import dev.lachesis.core.config.DurationText;
import dev.lachesis.core.metricsource.GraphiteGlob;
import dev.lachesis.core.spi.Series;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded store's memory: a bounded ring of 1-second buckets per series, at most
 * {@code maxSeries} series, so its memory is bounded by {@code maxSeries × retention} points
 * (16 bytes each). A series that received nothing for a whole retention expires: when room is
 * needed, and whenever a new series arrives a retention or more after the last expiry, so the series
 * of queries that have stopped (every topology submitted anew has series of its own) do not pile up
 * and slow every query down, which walks all series (the daemon's round p50 grew from 25 to 135 ms
 * over an hour's sweep before). Series are kept in name order and a pattern only walks the names
 * that start with its {@link GraphiteGlob#literalPrefix() literal prefix}, so a query of one job's
 * series does not walk every job's (a round of 20 Flink jobs took over a second before). When the store is full of live series, points of <em>new</em> series are dropped: logged
 * once when it fills and once when it has room again; series already stored keep working. Queries
 * follow Graphite's render semantics: one point per second after {@code from} up to now, null where
 * nothing arrived. Thread-safe.
 */
public final class EmbeddedStore {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStore.class);

    private final ConcurrentSkipListMap<String, SeriesRing> series = new ConcurrentSkipListMap<>();
    private final int maxSeries;
    private final int retentionSeconds;
    private final Clock clock;
    private final Object creation = new Object();
    /** How many series there are, kept here since counting a skip list walks it; guarded by {@link #creation}. */
    private int stored;
    private long lastExpirySecond = Long.MIN_VALUE;
    private boolean full;
    private long droppedWhileFull;

    /**
     * @param maxSeries how many series the store holds at most
     * @param retention how far back points are kept, whole seconds
     * @param clock gives "now" for queries and expiry
     */
    public EmbeddedStore(int maxSeries, Duration retention, Clock clock) {
        if (maxSeries < 1) {
            throw new IllegalArgumentException("maxSeries must be at least 1 but was " + maxSeries);
        }
        if (retention.getSeconds() < 1) {
            throw new IllegalArgumentException("retention must be at least 1s but was " + DurationText.format(retention));
        }
        this.maxSeries = maxSeries;
        this.retentionSeconds = Math.toIntExact(retention.getSeconds());
        this.clock = clock;
    }

    /**
     * Stores one point.
     *
     * @return false when the point was dropped because the store is full of live series
     */
    public boolean put(String name, double value, long epochSeconds) {
        long now = nowSecond();
        SeriesRing ring = series.get(name);
        if (ring == null) {
            ring = create(name, now);
            if (ring == null) {
                return false;
            }
        }
        ring.put(epochSeconds, value, now);
        return true;
    }

    /**
     * Every series matching any pattern, with one point per second over the last {@code window}
     * (the buckets after {@code now - window}, up to and including now's), as Graphite's
     * {@code from=-<window>} returns them. Series come in pattern order, sorted by name within a
     * pattern, each once.
     *
     * @throws IllegalArgumentException naming a pattern that is not a valid glob
     */
    public List<Series> query(Collection<String> patterns, Duration window) {
        long now = nowSecond();
        long seconds = Math.max(1, (window.toMillis() + 999) / 1000);
        return query(patterns, now - seconds + 1, now);
    }

    /** Like {@link #query(Collection, Duration)} between two seconds, both included. */
    public List<Series> query(Collection<String> patterns, long firstSecond, long lastSecond) {
        Map<String, Series> found = new LinkedHashMap<>();
        for (String pattern : patterns) {
            GraphiteGlob glob = GraphiteGlob.compile(pattern);
            for (SeriesRing ring : matching(glob)) {
                found.computeIfAbsent(ring.name(), n -> new Series(n, ring.points(firstSecond, lastSecond)));
            }
        }
        return List.copyOf(found.values());
    }

    /** The nodes at the depth of {@code pattern} that match it, sorted by path (Graphite's {@code /metrics/find}). */
    public List<FoundNode> find(String pattern) {
        GraphiteGlob glob = GraphiteGlob.compile(pattern);
        int depth = glob.nodeCount();
        TreeSet<String> leaves = new TreeSet<>();
        TreeSet<String> branches = new TreeSet<>();
        for (String name : series.keySet()) {
            String[] nodes = name.split("\\.", -1);
            if (nodes.length < depth || !prefixMatches(glob, nodes)) {
                continue;
            }
            String id = String.join(".", Arrays.copyOf(nodes, depth));
            (nodes.length == depth ? leaves : branches).add(id);
        }
        List<FoundNode> result = new ArrayList<>();
        TreeSet<String> all = new TreeSet<>(branches);
        all.addAll(leaves);
        for (String id : all) {
            if (branches.contains(id)) {
                result.add(new FoundNode(id, false));
            }
            if (leaves.contains(id)) {
                result.add(new FoundNode(id, true));
            }
        }
        return result;
    }

    /** How many series the store holds now. */
    public int size() {
        return series.size();
    }

    public int maxSeries() {
        return maxSeries;
    }

    public Duration retention() {
        return Duration.ofSeconds(retentionSeconds);
    }

    /** The series {@code glob} matches, in name order. */
    private List<SeriesRing> matching(GraphiteGlob glob) {
        if (glob.isLiteral()) {
            SeriesRing ring = series.get(glob.pattern());
            return ring == null ? List.of() : List.of(ring);
        }
        String prefix = glob.literalPrefix();
        Collection<SeriesRing> candidates = prefix.isEmpty() ? series.values()
                : series.subMap(prefix, true, prefix + Character.MAX_VALUE, true).values();
        List<SeriesRing> matched = new ArrayList<>();
        for (SeriesRing ring : candidates) {
            if (glob.matches(ring.name())) {
                matched.add(ring);
            }
        }
        return matched;
    }

    private static boolean prefixMatches(GraphiteGlob glob, String[] nodes) {
        for (int i = 0; i < glob.nodeCount(); i++) {
            if (!glob.matchesNode(i, nodes[i])) {
                return false;
            }
        }
        return true;
    }

    /** Creates the ring of a new series, expiring silent series first if the store is full; null when no room. */
    private SeriesRing create(String name, long now) {
        synchronized (creation) {
            SeriesRing ring = series.get(name);
            if (ring != null) {
                return ring;
            }
            if (stored >= maxSeries && now > lastExpirySecond || now >= lastExpirySecond + retentionSeconds) {
                lastExpirySecond = now;
                expireSilent(now);
            }
            if (stored >= maxSeries) {
                droppedWhileFull++;
                if (!full) {
                    full = true;
                    LOG.warn("Embedded store is full with {} series (max-series); dropping points of new series such as "
                            + "'{}' until a series has been silent for {} and expires", maxSeries, name,
                            DurationText.format(retention()));
                }
                return null;
            }
            if (full) {
                full = false;
                LOG.info("Embedded store has room again; {} points of new series were dropped while it was full",
                        droppedWhileFull);
                droppedWhileFull = 0;
            }
            ring = new SeriesRing(name, retentionSeconds);
            series.put(name, ring);
            stored++;
            return ring;
        }
    }

    /** Drops the series silent for a retention; the caller holds {@link #creation}. */
    private void expireSilent(long now) {
        int expired = 0;
        for (Iterator<SeriesRing> rings = series.values().iterator(); rings.hasNext(); ) {
            if (rings.next().lastReceivedSecond() <= now - retentionSeconds) {
                rings.remove();
                expired++;
            }
        }
        stored -= expired;
        if (expired > 0) {
            LOG.debug("Expired {} series silent for {}", expired, DurationText.format(retention()));
        }
    }

    private long nowSecond() {
        return Math.floorDiv(clock.millis(), 1000L);
    }
}
