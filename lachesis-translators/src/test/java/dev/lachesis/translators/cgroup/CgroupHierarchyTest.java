package dev.lachesis.translators.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupHierarchyTest {
    @TempDir
    Path tmp;

    @Test
    void hybridSystemUsesTheV1CpuController() {
        List<String> mounts = List.of(
                "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0",
                "cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0",
                "cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0");
        assertThat(CgroupHierarchy.detect(mounts)).contains(new CgroupHierarchy(CgroupVersion.V1, Path.of("/sys/fs/cgroup/cpu")));
    }

    @Test
    void v2WhenItsControllersIncludeCpu() throws Exception {
        Path with = Files.createDirectories(tmp.resolve("with space"));
        Files.writeString(with.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        Path without = Files.createDirectories(tmp.resolve("without"));
        Files.writeString(without.resolve("cgroup.controllers"), "memory\n");
        List<String> mounts = List.of("cgroup2 " + without + " cgroup2 rw 0 0",
                "cgroup2 " + with.toString().replace(" ", "\\040") + " cgroup2 rw,nsdelegate 0 0");
        assertThat(CgroupHierarchy.detect(mounts)).contains(new CgroupHierarchy(CgroupVersion.V2, with));
        assertThat(CgroupHierarchy.detect(List.of("proc /proc proc rw 0 0"))).isEmpty();
    }

    @Test
    void groupOfReadsTheCpuLine() {
        List<String> lines = List.of("4:memory:/m", "1:cpu,cpuacct:/docker/abc", "0::/user.slice");
        assertThat(new CgroupHierarchy(CgroupVersion.V1, Path.of("/c")).groupOf(lines)).contains("/docker/abc");
        assertThat(new CgroupHierarchy(CgroupVersion.V2, Path.of("/c")).groupOf(lines)).contains("/user.slice");
        assertThat(CgroupHierarchy.parent("/a/b")).contains("/a");
        assertThat(CgroupHierarchy.parent("/a")).contains("/");
        assertThat(CgroupHierarchy.parent("/")).isEmpty();
        assertThat(new CgroupHierarchy(CgroupVersion.V1, Path.of("/c")).dir("/a/b")).isEqualTo(Path.of("/c/a/b"));
    }
}
