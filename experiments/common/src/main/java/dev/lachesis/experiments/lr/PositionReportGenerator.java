package dev.lachesis.experiments.lr;

import java.util.Random;

/**
 * Makes Linear Road position reports, the same ones for the same seed: a fleet of vehicles on one
 * expressway of {@value #SEGMENTS} segments, each reporting every {@value #REPORT_EVERY_S} s of
 * simulated time (vehicle {@code v} in the seconds {@code t} with {@code t mod 30 = v mod 30}), in
 * time order. A vehicle enters at a random segment in a random direction on the entrance ramp,
 * drives 5 to 40 segments on one travel lane and leaves by the exit ramp, then starts another trip.
 * It drives 10–35 mph in the congested segments {@value #CONGESTED_FROM}–{@value #CONGESTED_TO}
 * (exclusive) and 45–75 mph elsewhere, a new speed each report, so the congested segments collect
 * over 50 vehicles a minute and are charged tolls once the jam has filled (about 40 simulated
 * minutes, 480,000 reports of the standard fleet; below 30 vehicles a minute elsewhere, measured). Every {@value #ACCIDENT_EVERY_S} s (from
 * {@value #FIRST_ACCIDENT_S} s) two vehicles stop at one place for {@value #ACCIDENT_LASTS_S} s, an
 * accident: the second one is moved to the first one's place, a simplification the benchmark's
 * traffic simulator does not need. Not thread-safe.
 */
public final class PositionReportGenerator {
    /** The seed of the committed experiments. */
    public static final long STANDARD_SEED = 20_040_831L;
    /** The fleet of the committed experiments: 200 reports per simulated second. */
    public static final int STANDARD_VEHICLES = 6_000;
    static final int REPORT_EVERY_S = 30;
    static final int SEGMENTS = 100;
    static final int CONGESTED_FROM = 30;
    static final int CONGESTED_TO = 45;
    static final int FIRST_ACCIDENT_S = 120;
    static final int ACCIDENT_EVERY_S = 600;
    static final int ACCIDENT_LASTS_S = 300;
    private static final int MIN_TRIP = 5;
    private static final int MAX_TRIP = 40;
    /** Feet a vehicle drives in a report interval per mph: 5280 ft/mile × 30 s / 3600 s/h. */
    private static final int FEET_PER_MPH = PositionReport.SEGMENT_FEET * REPORT_EVERY_S / 3600;

    private final Random random;
    private final Vehicle[] fleet;
    private int time;
    private int next;

    /** @param vehicles the fleet, at least 2 (an accident takes two) */
    public PositionReportGenerator(long seed, int vehicles) {
        if (vehicles < 2) {
            throw new IllegalArgumentException("the fleet must have at least 2 vehicles, got " + vehicles);
        }
        this.random = new Random(seed);
        this.fleet = new Vehicle[vehicles];
        for (int vid = 0; vid < vehicles; vid++) {
            fleet[vid] = new Vehicle(vid);
        }
    }

    /** The next report in time order. */
    public PositionReport next() {
        while (next >= fleet.length) {
            time++;
            next = time % REPORT_EVERY_S;
            if (time >= FIRST_ACCIDENT_S && (time - FIRST_ACCIDENT_S) % ACCIDENT_EVERY_S == 0) {
                stageAccident();
            }
        }
        Vehicle vehicle = fleet[next];
        next += REPORT_EVERY_S;
        return vehicle.report(time);
    }

    /** Stops two vehicles on the road at one place: the first found from a random one, and the next. */
    private void stageAccident() {
        int start = random.nextInt(fleet.length);
        Vehicle first = null;
        for (int i = 0; i < fleet.length; i++) {
            Vehicle candidate = fleet[(start + i) % fleet.length];
            if (!candidate.onRoad()) {
                continue;
            }
            if (first == null) {
                first = candidate;
            } else {
                candidate.stopAt(first, time + ACCIDENT_LASTS_S);
                first.stopAt(first, time + ACCIDENT_LASTS_S);
                return;
            }
        }
    }

    /** One vehicle's trip: where it is, where it leaves, and until when it stands still. */
    private final class Vehicle {
        private final int vid;
        private boolean onRoad;
        private int dir;
        private int lane;
        private int pos;
        private int exitSeg;
        private int stoppedUntil;

        Vehicle(int vid) {
            this.vid = vid;
        }

        boolean onRoad() {
            return onRoad && lane != PositionReport.EXIT_LANE;
        }

        void stopAt(Vehicle place, int until) {
            dir = place.dir;
            lane = place.lane;
            pos = place.pos;
            exitSeg = place.exitSeg;
            stoppedUntil = until;
        }

        PositionReport report(int now) {
            if (!onRoad || lane == PositionReport.EXIT_LANE) {
                return enter(now);
            }
            if (now < stoppedUntil) {
                return new PositionReport(now, vid, 0, 0, lane, dir, pos / PositionReport.SEGMENT_FEET, pos);
            }
            int seg = pos / PositionReport.SEGMENT_FEET;
            boolean congested = seg >= CONGESTED_FROM && seg < CONGESTED_TO;
            int speed = congested ? 10 + random.nextInt(26) : 45 + random.nextInt(31);
            int moved = pos + (dir == 0 ? 1 : -1) * speed * FEET_PER_MPH;
            int last = SEGMENTS * PositionReport.SEGMENT_FEET - 1;
            pos = Math.max(0, Math.min(last, moved));
            seg = pos / PositionReport.SEGMENT_FEET;
            boolean leaves = dir == 0 ? seg >= exitSeg || pos == last : seg <= exitSeg || pos == 0;
            if (leaves) {
                lane = PositionReport.EXIT_LANE;
            }
            return new PositionReport(now, vid, speed, 0, lane, dir, seg, pos);
        }

        private PositionReport enter(int now) {
            onRoad = true;
            dir = random.nextInt(2);
            int entrySeg = random.nextInt(SEGMENTS);
            int trip = MIN_TRIP + random.nextInt(MAX_TRIP - MIN_TRIP + 1);
            exitSeg = dir == 0 ? Math.min(SEGMENTS - 1, entrySeg + trip) : Math.max(0, entrySeg - trip);
            pos = entrySeg * PositionReport.SEGMENT_FEET + (dir == 0 ? 0 : PositionReport.SEGMENT_FEET - 1);
            lane = 0;
            PositionReport entering = new PositionReport(now, vid, 40, 0, 0, dir, entrySeg, pos);
            lane = 1 + random.nextInt(3);
            return entering;
        }
    }
}
