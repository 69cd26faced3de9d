#!/usr/bin/env python3
"""What the kernel sees of a query's threads under real time (issue 40): how long the real-time
threads that hold a CPU go without sleeping of their own accord, and how long the query's other
real-time threads stay runnable without any CPU, during the starvation a policy intends and during a spin.

Usage:
  rt-run-gaps.py sample PID OUT.csv [PERIOD_MS]   samples every thread of PID until PID exits
  rt-run-gaps.py report OUT.csv [FROM_S TO_S]     longest stretches, per phase (seconds since start)

A sample row: seconds since the first sample, tid, comm, state, policy (0 other, 1 fifo, 2 rr),
rt priority, run time in ns (schedstat), voluntary context switches. Reads /proc only.
"""
import csv
import os
import sys
import time


def task_rows(pid):
    base = f"/proc/{pid}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/stat") as f:
                stat = f.read()
            with open(f"{base}/{tid}/schedstat") as f:
                runtime = int(f.read().split()[0])
            nvcsw = 0
            with open(f"{base}/{tid}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches"):
                        nvcsw = int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")].replace(" ", "_")
        fields = stat[stat.rindex(")") + 2:].split()
        # Fields after the name, from 0: state is 0, rt_priority 37 (stat field 40), policy 38 (field 41).
        yield tid, comm, fields[0], fields[38], fields[37], runtime, nvcsw


def sample(pid, out, period_ms):
    start = time.monotonic()
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["t", "tid", "comm", "state", "policy", "rtprio", "runtime_ns", "nvcsw"])
        while os.path.exists(f"/proc/{pid}"):
            t = round(time.monotonic() - start, 3)
            for row in task_rows(pid):
                w.writerow([t, *row])
            f.flush()
            time.sleep(period_ms / 1000)


def report(path, t_from, t_to):
    samples = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            t = float(r["t"])
            if t_from <= t <= t_to:
                samples.setdefault(t, {})[r["tid"]] = r
    times = sorted(samples)
    top = max((int(r["rtprio"]) for s in samples.values() for r in s.values()), default=0)
    # Per real-time thread: the longest stretch without a voluntary context switch, and the CPU it took then.
    stretch_start = {}
    longest = {}
    # Per real-time thread: the longest it stayed runnable without getting any CPU.
    wait_start = {}
    waited = {}
    for a, b in zip(times, times[1:]):
        below_ran = False
        for tid, rb in samples[b].items():
            ra = samples[a].get(tid)
            if ra is None or rb["policy"] not in ("1", "2"):
                continue
            if int(rb["nvcsw"]) > int(ra["nvcsw"]):
                stretch_start[tid] = b
            else:
                since = stretch_start.setdefault(tid, a)
                first = samples[since].get(tid)
                if first is not None and b - since > longest.get(tid, (0.0,))[0]:
                    ran = (int(rb["runtime_ns"]) - int(first["runtime_ns"])) / 1e9
                    longest[tid] = (b - since, rb["comm"], b, ran)
            if rb["state"] == "R" and ra["state"] == "R" and rb["runtime_ns"] == ra["runtime_ns"]:
                since = wait_start.setdefault(tid, a)
                if b - since > waited.get(tid, (0.0,))[0]:
                    waited[tid] = (b - since, rb["comm"], b)
            else:
                wait_start.pop(tid, None)
    print(f"window {t_from}-{t_to} s, {len(times)} samples, top RT priority {top}")
    for secs, comm, at in sorted(waited.values(), reverse=True)[:4]:
        print(f"  {comm}: runnable without CPU for {secs:.2f} s (ending at {at} s)")
    busy = [(secs, comm, tid, at, ran) for tid, (secs, comm, at, ran) in longest.items() if ran >= 0.5 * secs]
    for secs, comm, tid, at, ran in sorted(busy, reverse=True)[:6]:
        print(f"  {comm} ({tid}): {secs:.2f} s without a voluntary switch, {ran:.2f} s of CPU in it"
              f" (ending at {at} s)")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "sample":
        sample(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 50)
    elif len(sys.argv) >= 3 and sys.argv[1] == "report":
        lo = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
        hi = float(sys.argv[4]) if len(sys.argv) > 4 else float("inf")
        report(sys.argv[2], lo, hi)
    else:
        sys.exit(__doc__)
