#!/usr/bin/env bash
# The scheduling-period sweep (issue 24): Storm 2.8's ETL beyond saturation on one core
# (WaitStrategyPark), OS once and LACHESIS-MOD (QS-IO through nice) at each period, 3 repetitions
# of 60-s windows, in one sitting; measurements.csv has the intake, the sink's latencies and the
# daemon's own CPU share and round times for each.
#
# Usage: experiments/probes/period-sweep.sh OUT_DIR [RATE] [PERIODS...]
#   (as root, after mvn package; nothing else may run meanwhile)
set -euo pipefail
out="${1:?usage: period-sweep.sh OUT_DIR [RATE] [PERIODS...]}"
rate="${2:-14000}"
shift $(( $# >= 2 ? 2 : 1 ))
periods=("$@")
if (( ${#periods[@]} == 0 )); then
  periods=(5s 2s 1s 500ms 200ms 100ms)
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
sweep=("$root/bin/lachesis-bench" sweep --spe storm --query etl --wait-strategy park --rates "$rate" --reps 3
       --warm-up 40s --measure 60s)
"${sweep[@]}" --modes OS --period 1s --out "$out/os"
for period in "${periods[@]}"; do
  "${sweep[@]}" --modes LACHESIS-MOD --period "$period" --out "$out/period-$period"
done
