package dev.lachesis.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JavaCommandLineTest {
    @Test
    void splitsOptionsTheMainClassAndTheProgramsArguments() {
        JavaCommandLine line = JavaCommandLine.parse(List.of("/usr/lib/jvm/java-17/bin/java", "-Xmx1g",
                "-Dlog.file=/var/log/tm.log", "-classpath", "/opt/flink/lib/flink-dist-1.20.5.jar",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "org.apache.flink.runtime.taskexecutor.TaskManagerRunner", "--configDir", "/opt/flink/conf")).orElseThrow();

        assertThat(line.options()).containsExactly("-Xmx1g", "-Dlog.file=/var/log/tm.log", "-classpath",
                "/opt/flink/lib/flink-dist-1.20.5.jar", "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        assertThat(line.mainClass()).contains("org.apache.flink.runtime.taskexecutor.TaskManagerRunner");
        assertThat(line.arguments()).containsExactly("--configDir", "/opt/flink/conf");
        assertThat(line.systemProperty("log.file")).contains("/var/log/tm.log");
    }

    @Test
    void aWrappersArgumentsDoNotCountAsWhatItLaunches() {
        JavaCommandLine logWriter = JavaCommandLine.parse(List.of("java", "-Dstorm.id=etl-1-1", "-cp", "/storm/lib/*",
                "org.apache.storm.LogWriter", "java", "-cp", "/storm/lib-worker/*",
                "org.apache.storm.daemon.worker.Worker", "etl-1-1", "sup", "6627", "6700", "w")).orElseThrow();

        assertThat(logWriter.mainClass()).contains("org.apache.storm.LogWriter");
        assertThat(logWriter.launchMentionsAny(List.of("org.apache.storm.daemon.worker.Worker", "lib-worker"))).isFalse();
        assertThat(logWriter.launchMentionsAny(List.of("/storm/lib/"))).isTrue();
    }

    @Test
    void jarsAndModulesAreWhatTheyLaunch() {
        JavaCommandLine jar = JavaCommandLine.parse(List.of("java", "-jar", "app.jar", "--port", "1")).orElseThrow();
        JavaCommandLine module = JavaCommandLine.parse(List.of("java", "--module-path", "mods", "-m",
                "com.example/com.example.Main", "x")).orElseThrow();

        assertThat(jar.launch()).isEqualTo("app.jar");
        assertThat(jar.mainClass()).isEmpty();
        assertThat(jar.arguments()).containsExactly("--port", "1");
        assertThat(module.mainClass()).contains("com.example.Main");
        assertThat(module.arguments()).containsExactly("x");
    }

    @Test
    void notJavaOrLaunchingNothingIsNoJavaCommandLine() {
        assertThat(JavaCommandLine.parse(List.of("/usr/bin/python3", "Main"))).isEmpty();
        assertThat(JavaCommandLine.parse(List.of("java", "-version"))).isEmpty();
        assertThat(JavaCommandLine.parse(List.of("java", "-jar"))).isEmpty();
        assertThat(JavaCommandLine.parse(List.of())).isEmpty();
    }
}
