package dev.lachesis.core.loop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lachesis.core.config.ConfigException;
import dev.lachesis.core.metricsource.ForwardingMetricSource;
import dev.lachesis.core.spi.MetricSource;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The metric sources of every assembly one {@link Assembler} makes, shared by their settings: when a
 * reloaded policy file keeps a {@code metrics} section as it was, the new assembly reads the source
 * the old one opened (the embedded store keeps its port and the points it holds) instead of opening
 * a second one beside it. Each assembly gets its own lease; the source closes when the last lease
 * does. Thread-safe.
 */
final class SharedMetricSources {
    /** Makes a source when none with these settings is open. */
    interface Opener {
        MetricSource open() throws ConfigException;
    }

    private final Map<JsonNode, Entry> open = new HashMap<>();

    /** A lease on the open source made from {@code settings}, opening it first when there is none. */
    synchronized MetricSource lease(JsonNode settings, Opener opener) throws ConfigException {
        Entry entry = open.get(settings);
        if (entry == null) {
            entry = new Entry(settings, opener.open());
            open.put(settings, entry);
        }
        entry.leases++;
        return new Lease(entry);
    }

    private synchronized void release(Entry entry) {
        if (--entry.leases == 0) {
            open.remove(entry.settings);
            entry.source.close();
        }
    }

    private static final class Entry {
        private final JsonNode settings;
        private final MetricSource source;
        private int leases;

        private Entry(JsonNode settings, MetricSource source) {
            this.settings = settings;
            this.source = source;
        }
    }

    /** One assembly's use of a shared source; closing it twice releases it once. */
    private final class Lease extends ForwardingMetricSource {
        private final Entry entry;
        private final AtomicBoolean closed = new AtomicBoolean();

        private Lease(Entry entry) {
            super(entry.source);
            this.entry = entry;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                release(entry);
            }
        }
    }
}
