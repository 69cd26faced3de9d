package org.apache.storm.shade.org.apache.zookeeper.client;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Takes the place of the ZooKeeper 3.4.14 class of this name shaded into storm-core 1.2.3, which
 * cannot reach a server on Java 14 and later (ZOOKEEPER-3779): it resolves each server from
 * {@code InetSocketAddress.toString()}, which for an unresolved address reads
 * {@code localhost/<unresolved>:2000} since Java 14, so a LocalCluster's own ZooKeeper is never
 * found. This one resolves from the host string. It must come before storm-core on the class path,
 * which the child JVM's class path ensures (this module's jar first). Round-robin over the servers
 * in random order, pausing {@code spinDelay} ms once every server was tried without a connection,
 * as the original does. Not thread-safe, as the original: one client thread calls it.
 */
public final class StaticHostProvider implements HostProvider {
    private final List<InetSocketAddress> servers;
    private int current = -1;
    private int lastConnected = -1;

    public StaticHostProvider(Collection<InetSocketAddress> serverAddresses) {
        if (serverAddresses.isEmpty()) {
            throw new IllegalArgumentException("a ZooKeeper client needs at least one server");
        }
        servers = new ArrayList<>(serverAddresses);
        Collections.shuffle(servers);
    }

    @Override
    public int size() {
        return servers.size();
    }

    @Override
    public InetSocketAddress next(long spinDelay) {
        current = (current + 1) % servers.size();
        if (current == lastConnected && spinDelay > 0) {
            try {
                Thread.sleep(spinDelay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else if (lastConnected == -1) {
            lastConnected = 0;
        }
        InetSocketAddress server = servers.get(current);
        return new InetSocketAddress(server.getHostString(), server.getPort());
    }

    @Override
    public void onConnected() {
        lastConnected = current;
    }
}
