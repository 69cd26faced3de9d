package dev.lachesis.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.process.LachesisHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the table of {@code docs/fault-campaign.md} and the fault-campaign tests together: every row
 * names a test method that exists in a {@code *FaultCampaignTest} (or, for one that needs the built
 * {@code bin/lachesis}, {@code *FaultCampaignIT}) class of some module, and every
 * test of those classes has its row. The tests themselves run in the test command, so a row in the
 * table is a case that passed. Reads the sources, since the classes live in three modules.
 */
class FaultCampaignTableTest {
    private static final Pattern ROW_TEST = Pattern.compile("^\\|.*\\| `(\\w+)#(\\w+)` \\|$");
    private static final Pattern TEST_METHOD = Pattern.compile("@Test\\s+void (\\w+)\\(");

    private static Path repository() {
        return LachesisHome.root().toAbsolutePath().normalize();
    }

    private static List<String> rows() throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(repository().resolve("docs/fault-campaign.md"))) {
            Matcher m = ROW_TEST.matcher(line);
            if (m.matches()) {
                rows.add(m.group(1) + "#" + m.group(2));
            }
        }
        return rows;
    }

    /** Every {@code *FaultCampaignTest.java} and {@code *FaultCampaignIT.java} under a {@code src/test/java} of the repository. */
    private static List<Path> campaignClasses() throws IOException {
        try (Stream<Path> files = Files.walk(repository())) {
            return files.filter(p -> p.getFileName().toString().matches(".*FaultCampaign(Test|IT)\\.java"))
                    .filter(p -> p.toString().contains("/src/test/java/")).sorted().toList();
        }
    }

    private static Set<String> testsOf(Path source) throws IOException {
        String text = Files.readString(source);
        Set<String> tests = new LinkedHashSet<>();
        String name = source.getFileName().toString().replace(".java", "");
        Matcher m = TEST_METHOD.matcher(text);
        while (m.find()) {
            tests.add(name + "#" + m.group(1));
        }
        return tests;
    }

    @Test
    void everyRowNamesACampaignTestAndEveryCampaignTestHasARow() throws IOException {
        List<String> rows = rows();
        Set<String> tests = new LinkedHashSet<>();
        for (Path source : campaignClasses()) {
            assertThat(Files.readString(source)).as("%s is skipped", source).doesNotContain("@Disabled");
            tests.addAll(testsOf(source));
        }

        assertThat(rows).as("rows of docs/fault-campaign.md").doesNotHaveDuplicates().isNotEmpty();
        assertThat(rows).as("tests in the table").containsExactlyInAnyOrderElementsOf(tests);
    }
}
