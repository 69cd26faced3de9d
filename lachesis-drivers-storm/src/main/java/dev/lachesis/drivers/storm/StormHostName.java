package dev.lachesis.drivers.storm;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This machine's name as Storm's reporters write it into their series when {@code storm.local.hostname}
 * is not set: the canonical host name of the local address, as Storm's {@code Utils.localHostname()}
 * finds it. The default of the driver's {@code host} setting, so that a daemon beside one Supervisor
 * reads its own workers' series and not those of another machine reporting the same ports to the same
 * Graphite. When the name does not resolve, the kernel's host name, which Storm would not get further
 * than either.
 */
final class StormHostName {
    private static final Path KERNEL_HOSTNAME = Path.of("/proc/sys/kernel/hostname");

    private StormHostName() {
    }

    /** This machine's name as Storm names it, looked up once per call (it may ask DNS). */
    static String ofThisMachine() {
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (UnknownHostException e) {
            return kernelHostName();
        }
    }

    private static String kernelHostName() {
        try {
            return Files.readString(KERNEL_HOSTNAME).strip();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
