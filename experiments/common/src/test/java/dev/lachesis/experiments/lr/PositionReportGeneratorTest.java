package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import dev.lachesis.experiments.lr.TollNotifier.TollNotification;
import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PositionReportGeneratorTest {
    /**
     * Simulated seconds of the standard fleet the query-level checks run over: the jam fills for
     * about 40 minutes (vehicles cross its 15 segments at 10–35 mph), then stays.
     */
    private static final int SECONDS = 3_600;

    private static List<PositionReport> reports(long seed, int vehicles, int count) {
        PositionReportGenerator generator = new PositionReportGenerator(seed, vehicles);
        return IntStream.range(0, count).mapToObj(i -> generator.next()).toList();
    }

    private static List<PositionReport> standardUntil(int seconds) {
        return reports(PositionReportGenerator.STANDARD_SEED, PositionReportGenerator.STANDARD_VEHICLES,
                PositionReportGenerator.STANDARD_VEHICLES / PositionReportGenerator.REPORT_EVERY_S * seconds);
    }

    @Test
    void theSameSeedMakesTheSameReports() {
        assertThat(reports(7, 100, 5_000)).isEqualTo(reports(7, 100, 5_000)).isNotEqualTo(reports(8, 100, 5_000));
    }

    @Test
    void everyVehicleReportsEveryThirtySecondsInTimeOrderFromWhereItIs() {
        List<PositionReport> reports = reports(7, 100, 100 * 20);
        Map<Integer, Integer> lastTime = new HashMap<>();

        for (int i = 0; i < reports.size(); i++) {
            PositionReport r = reports.get(i);
            assertThat(r.time()).isGreaterThanOrEqualTo(i == 0 ? 0 : reports.get(i - 1).time());
            assertThat(r.time() % 30).as("vehicle %d reports in its own second", r.vid()).isEqualTo(r.vid() % 30);
            Integer last = lastTime.put(r.vid(), r.time());
            assertThat(last == null ? r.time() : r.time() - last).isEqualTo(last == null ? r.vid() % 30 : 30);
            assertThat(r.seg()).isEqualTo(r.pos() / PositionReport.SEGMENT_FEET).isBetween(0, 99);
            assertThat(r.lane()).isBetween(0, PositionReport.EXIT_LANE);
        }
    }

    @Test
    void stagesAnAccidentThatTheDetectorFindsAndSeesCleared() {
        AccidentDetector detector = new AccidentDetector();
        List<AccidentEvent> events = new ArrayList<>();
        for (PositionReport r : standardUntil(PositionReportGenerator.FIRST_ACCIDENT_S + PositionReportGenerator.ACCIDENT_LASTS_S + 60)) {
            detector.add(r).ifPresent(events::add);
        }

        assertThat(events).extracting(AccidentEvent::active).containsExactly(true, false);
        assertThat(events.get(0).minute()).as("found by the second vehicle's fourth report at the place")
                .isBetween(3 + 1, (PositionReportGenerator.FIRST_ACCIDENT_S + 4 * 30) / 60 + 1);
        assertThat(events.get(1).minute()).as("cleared when the vehicles drive on")
                .isEqualTo((PositionReportGenerator.FIRST_ACCIDENT_S + PositionReportGenerator.ACCIDENT_LASTS_S) / 60 + 1);
    }

    @Test
    void tollsAreChargedOnlyInTheCongestedSegments() {
        VehicleSpeedAverager averager = new VehicleSpeedAverager();
        LatestAverageSpeed lav = new LatestAverageSpeed();
        SegmentVehicleCounter counter = new SegmentVehicleCounter();
        AccidentDetector detector = new AccidentDetector();
        TollNotifier tolls = new TollNotifier();
        List<TollNotification> charged = new ArrayList<>();
        int crossings = 0;
        List<PositionReport> reports = standardUntil(SECONDS);
        for (PositionReport r : reports) {
            for (VehicleSpeed speed : averager.add(r)) {
                lav.add(speed).forEach(tolls::lav);
            }
            counter.add(r).forEach(tolls::count);
            detector.add(r).ifPresent(tolls::accident);
            Optional<TollNotification> toll = tolls.position(r);
            crossings += toll.isPresent() ? 1 : 0;
            toll.filter(t -> t.toll() > 0).ifPresent(charged::add);
        }

        assertThat(charged).isNotEmpty().allSatisfy(t -> assertThat(t.segment().seg())
                .isBetween(PositionReportGenerator.CONGESTED_FROM, PositionReportGenerator.CONGESTED_TO - 1));
        assertThat(charged).allSatisfy(t -> assertThat(t.toll()).isEqualTo(2 * (t.vehicles() - 50) * (t.vehicles() - 50)));
        assertThat(crossings).as("about one segment entered every two reports")
                .isBetween(reports.size() / 4, reports.size());
    }

    @Test
    void theStatisticsOfTheStandardFleetAreThoseOfATrafficJamInTheCongestedSegments() {
        VehicleSpeedAverager averager = new VehicleSpeedAverager();
        LatestAverageSpeed lav = new LatestAverageSpeed();
        SegmentVehicleCounter counter = new SegmentVehicleCounter();
        Map<SegmentId, SegmentLav> lastLav = new HashMap<>();
        Map<SegmentId, SegmentCount> lastCount = new HashMap<>();
        for (PositionReport r : standardUntil(SECONDS)) {
            for (VehicleSpeed speed : averager.add(r)) {
                lav.add(speed).forEach(l -> lastLav.put(l.segment(), l));
            }
            counter.add(r).forEach(c -> lastCount.put(c.segment(), c));
        }
        SegmentId jammed = new SegmentId(0, 0, 40);
        SegmentId free = new SegmentId(0, 0, 70);

        assertThat(lastLav.get(jammed).lav()).isBetween(10.0, 35.0);
        assertThat(lastLav.get(free).lav()).isBetween(45.0, 75.0);
        assertThat(lastCount.get(jammed).vehicles()).isGreaterThan(TollNotifier.FREE_VEHICLES);
    }
}
