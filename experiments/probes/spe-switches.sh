#!/usr/bin/env bash
# Where a mode's extra CPU per record goes: while a sweep runs, every 5 s this probe sums, over the
# threads of each JVM confined to the SPE's CPU (the sweep's --spe-cpus, 0 by default), the
# voluntary and involuntary context switches (/proc/<pid>/task/*/status) and the JVM's CPU ticks
# (utime + stime of /proc/<pid>/stat), one line each: epoch seconds, PID, voluntary, involuntary,
# ticks. Then summarise.py pairs each SPE JVM with its trial in the sweep's measurements.csv.
#
# Usage: experiments/probes/spe-switches.sh OUT_DIR CPU -- SWEEP_ARGS...   (after mvn package)
# e.g.   experiments/probes/spe-switches.sh /tmp/switches 0 -- --spe flink --query stats --rates 25000 \
#            --modes OS,LACHESIS-MOD-RT,LACHESIS-MOD --reps 1 --warm-up 40s --measure 60s --spe-cpus 0
set -euo pipefail
out="${1:?usage: spe-switches.sh OUT_DIR CPU -- SWEEP_ARGS...}"
cpu="${2:?usage: spe-switches.sh OUT_DIR CPU -- SWEEP_ARGS...}"
shift 2
[[ "${1:-}" == "--" ]] && shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"

sample() {
  while true; do
    for pid in $(pgrep java); do
      [[ "$(taskset -cp "$pid" 2>/dev/null | awk '{print $NF}')" == "$cpu" ]] || continue
      switches=$(awk '/^voluntary_ctxt/{a+=$2} /^nonvoluntary_ctxt/{b+=$2} END{print a+0, b+0}' \
        /proc/"$pid"/task/*/status 2>/dev/null) || continue
      ticks=$(awk '{print $14 + $15}' /proc/"$pid"/stat 2>/dev/null) || continue
      echo "$(date +%s) $pid $switches $ticks"
    done
    sleep 5
  done
}
sample > "$out/samples.txt" &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT
"$root/bin/lachesis-bench" sweep "$@" --out "$out/sweep" | tee "$out/sweep.log.txt"
kill "$sampler"
python3 "$root/experiments/probes/spe-switches-summary.py" "$out" | tee "$out/summary.txt"
