package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.core.proc.ProcFs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmProcessFinderTest {
    @TempDir
    Path root;

    private void process(int pid, String... args) throws IOException {
        Path dir = Files.createDirectories(root.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("cmdline"), String.join("\0", args) + "\0");
    }

    @Test
    void findsJavaProcessesWhoseCommandLineIsAccepted() throws IOException {
        process(100, "/usr/lib/jvm/java-17-openjdk-amd64/bin/java", "-Xmx1g", "-cp", "/opt/flink/lib/flink-dist-1.20.5.jar",
                "org.apache.flink.runtime.taskexecutor.TaskManagerRunner", "--configDir", "/opt/flink/conf");
        process(200, "java", "-cp", "app.jar:lib/flink-runtime-1.20.5.jar", "com.example.Main");
        process(300, "/usr/bin/python3", "TaskManagerRunner.py");
        process(400, "java", "-cp", "storm.jar", "org.apache.storm.daemon.worker.Worker");
        process(500, "java", "-cp", "x.jar", "org.apache.flink.runtime.taskexecutor.TaskManagerRunner");

        JvmProcessFinder finder = new JvmProcessFinder(new ProcFs(root), 500);

        assertThat(finder.find(line -> line.launchMentionsAny(List.of("TaskManagerRunner", "flink-runtime-"))))
                .containsExactly(100, 200);
        assertThat(finder.find(line -> line.mainClass().orElse("").equals("org.apache.storm.daemon.worker.Worker")))
                .containsExactly(400);
    }

    @Test
    void kernelThreadsAndVanishedProcessesAreNotMatches() throws IOException {
        Files.createDirectories(root.resolve("2"));
        Files.writeString(Files.createDirectories(root.resolve("7")).resolve("cmdline"), "");

        assertThat(new JvmProcessFinder(new ProcFs(root), 1).find(line -> true)).isEmpty();
    }
}
