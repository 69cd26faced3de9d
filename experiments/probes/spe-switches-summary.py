"""Summarises spe-switches.sh: per trial, context switches and JVM CPU per record taken in.

The SPE's JVM of a trial is the busy one (more than 50 s of CPU ticks) among those the sampler saw,
taken in the order they started, matched to the sweep's trials in measurements.csv; its rates are
measured between 45 s after it appeared and 5 s before it was last seen (the trial's warm-up and
window, roughly).
"""
import collections
import csv
import sys

out = sys.argv[1]
samples = collections.defaultdict(list)
with open(f"{out}/samples.txt") as lines:
    for line in lines:
        fields = line.split()
        if len(fields) == 5:
            samples[int(fields[1])].append(tuple(int(f) for f in fields[:1] + fields[2:]))
busy = [s for _, s in sorted(samples.items(), key=lambda kv: kv[1][0][0]) if s[-1][3] - s[0][3] > 5000]
with open(f"{out}/sweep/measurements.csv") as f:
    trials = list(csv.DictReader(f))
print("mode,rate,rep,voluntary_per_s,involuntary_per_s,jvm_cpu_share,source_tps,switches_per_record,jvm_cpu_us_per_record")
for series, trial in zip(busy, trials):
    start, end = series[0][0], series[-1][0]
    window = [s for s in series if start + 45 <= s[0] <= end - 5]
    first, last = window[0], window[-1]
    seconds = last[0] - first[0]
    voluntary = (last[1] - first[1]) / seconds
    involuntary = (last[2] - first[2]) / seconds
    share = (last[3] - first[3]) / seconds / 100
    source = float(trial["source_throughput"])
    print(f"{trial['mode']},{trial['rate']},{trial['rep']},{voluntary:.0f},{involuntary:.0f},{share:.3f},{source:.0f},"
          f"{(voluntary + involuntary) / source:.3f},{share * 1e6 / source:.1f}")
