package dev.lachesis.translators.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where the cpu controller is mounted and in which cgroup version, found once at start-up from
 * {@code /proc/mounts}: a v1 {@code cgroup} mount with the {@code cpu} option wins (it is the one that
 * controls CPU on a hybrid system); otherwise a {@code cgroup2} mount whose {@code cgroup.controllers}
 * lists {@code cpu}. Group paths are written as the kernel shows them in
 * {@code /proc/<pid>/task/<tid>/cgroup}, relative to the mount and starting with {@code /}. Immutable.
 *
 * @param version the cgroup interface
 * @param mount the directory the cpu controller's hierarchy is mounted on
 */
public record CgroupHierarchy(CgroupVersion version, Path mount) {
    /** The CPU hierarchy of this machine, if there is one. */
    public static Optional<CgroupHierarchy> detect(List<String> procMounts) {
        Optional<CgroupHierarchy> v2 = Optional.empty();
        for (String line : procMounts) {
            String[] f = line.split(" ");
            if (f.length < 4) {
                continue;
            }
            Path mountPoint = Path.of(unescape(f[1]));
            if (f[2].equals("cgroup") && Arrays.asList(f[3].split(",")).contains("cpu")) {
                return Optional.of(new CgroupHierarchy(CgroupVersion.V1, mountPoint));
            }
            if (f[2].equals("cgroup2") && v2.isEmpty() && controllers(mountPoint).contains("cpu")) {
                v2 = Optional.of(new CgroupHierarchy(CgroupVersion.V2, mountPoint));
            }
        }
        return v2;
    }

    private static List<String> controllers(Path mountPoint) {
        try {
            return Arrays.asList(Files.readString(mountPoint.resolve(CgroupFiles.CONTROLLERS), StandardCharsets.US_ASCII)
                    .strip().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * The group this mount shows as its top, from {@code /proc/self/mountinfo} (its fourth field):
     * {@code /} on a host, the container's own group (e.g. {@code /docker/<id>}) inside a container
     * on cgroup v1. Empty when the mount is not listed.
     */
    public Optional<String> visibleTop(List<String> mountInfo) {
        for (String line : mountInfo) {
            String[] f = line.split(" ");
            if (f.length >= 5 && Path.of(unescape(f[4])).equals(mount)) {
                return Optional.of(unescape(f[3]));
            }
        }
        return Optional.empty();
    }

    /** /proc/mounts writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String field) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                sb.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The directory of group {@code group} (e.g. {@code /lachesis/sink}). */
    public Path dir(String group) {
        String rel = group.startsWith("/") ? group.substring(1) : group;
        return rel.isEmpty() ? mount : mount.resolve(rel);
    }

    /**
     * The group of the cpu hierarchy in a task's {@code cgroup} file lines: v1 {@code id:cpu,cpuacct:/path},
     * v2 {@code 0::/path}.
     */
    public Optional<String> groupOf(List<String> cgroupLines) {
        for (String line : cgroupLines) {
            int first = line.indexOf(':');
            int second = line.indexOf(':', first + 1);
            if (first < 0 || second < 0) {
                continue;
            }
            String controllers = line.substring(first + 1, second);
            boolean match = version == CgroupVersion.V1
                    ? Arrays.asList(controllers.split(",")).contains("cpu")
                    : line.startsWith("0::");
            if (match) {
                return Optional.of(line.substring(second + 1));
            }
        }
        return Optional.empty();
    }

    /** Whether real-time group scheduling is built in: v1 groups have {@code cpu.rt_runtime_us}. */
    public boolean hasRtGroupScheduling() {
        return version == CgroupVersion.V1 && Files.exists(mount.resolve(CgroupFiles.RT_RUNTIME));
    }

    /** The parent group of {@code group}, or empty for the root {@code /}. */
    public static Optional<String> parent(String group) {
        if (group.equals("/") || group.isEmpty()) {
            return Optional.empty();
        }
        int cut = group.lastIndexOf('/');
        return Optional.of(cut <= 0 ? "/" : group.substring(0, cut));
    }

    @Override
    public String toString() {
        return "cgroup " + (version == CgroupVersion.V1 ? "v1" : "v2") + " cpu hierarchy at " + mount;
    }
}
