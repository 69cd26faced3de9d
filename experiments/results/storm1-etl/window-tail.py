#!/usr/bin/env python3
"""The last N seconds (default 30) of each trial's measured window, from a sweep's seconds.csv:
the mean sink rate and the median of the per-second e2e p50 per rate, mode and repetition. It tells
a query that keeps up from one still draining a start-up backlog inside the window, which the
window's mean sink rate counts as throughput above the input rate.
Usage: window-tail.py seconds.csv [N]"""
import collections
import csv
import statistics
import sys

rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['in_window'] == '1']
last = int(sys.argv[2]) if len(sys.argv) > 2 else 30
trials = collections.OrderedDict()
for r in rows:
    trials.setdefault((int(float(r['rate'])), r['mode'], r['rep']), []).append(r)
by_point = collections.defaultdict(list)
for (rate, mode, rep), seconds in trials.items():
    tail = seconds[-last:]
    sink = sum(int(r['sink_tuples']) for r in tail) / len(tail)
    e2e = statistics.median(float(r['e2e_p50_ms']) for r in tail if r['e2e_p50_ms'] != 'NaN')
    by_point[(rate, mode)].append((sink, e2e))
print(f"last {last} s of each window: sink t/s per repetition | e2e p50 ms per repetition")
for (rate, mode), reps in sorted(by_point.items()):
    print(f"{rate:>6} {mode:<16}" + "".join(f"{s:8.0f}" for s, _ in reps) + "  |"
          + "".join(f"{e:10.1f}" for _, e in reps))
