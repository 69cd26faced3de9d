#!/usr/bin/env bash
# The daemon's own cost (issue 45): CPU and memory of `lachesis run` beside a real Storm 2.8 query
# beyond saturation, each JVM option set against the others in the same sitting.
#
# Starts the embedded store (CPU 1) and Storm's ETL query in a LocalCluster (CPU 0, park wait, RATE
# t/s, about 150 threads), then per repetition and period starts one daemon per option set at once,
# all on CPU 1 with the same policy file (QS-IO through nice, --dry-run so that only one thing
# changes between them: their JVM options; the syscalls a real round adds are 0.6 us per changed
# thread). It reads each daemon's utime + stime from /proc between its 40th and 120th second, and
# its peak RSS (VmHWM) at the end. "default" is bin/lachesis's defaults; "before" the options the
# daemon shipped with until issue 45 (the heap sized by -Xmx alone, its young generation a third of it);
# "jit-0.02" the defaults compiling after a fiftieth of the usual invocations instead of a twentieth.
# DAEMON_COST_SETS picks the sets (default: before default jit-0.02); DAEMON_COST_BASELINE=DIR adds
# the set "baseline": the daemon of another built checkout (an earlier commit) with its own defaults,
# to compare code rather than options.
#
# Usage: [DAEMON_COST_SETS="default"] [DAEMON_COST_BASELINE=DIR] experiments/probes/daemon-cost.sh OUT_DIR [RATE] [REPS] [PERIODS...]
#   (as root, after mvn package, two CPUs, nothing else running; about 2.5 min per rep and period)
# Output: OUT_DIR/cost.csv (period,rep,options,cpu_percent,rss_mib,peak_rss_mib,rounds) and a summary.
set -euo pipefail
out="${1:?usage: daemon-cost.sh OUT_DIR [RATE] [REPS] [PERIODS...]}"
rate="${2:-14000}"
reps="${3:-3}"
shift $(( $# >= 3 ? 3 : $# ))
periods=("$@")
(( ${#periods[@]} > 0 )) || periods=(1s 100ms)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

declare -A option_sets=(
  [before]="-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.05 -XX:-UsePerfData"
  [default]=""
  [jit-0.02]="-Xms16m -Xmx64m -Xmn4m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.02 -XX:-UsePerfData"
  [baseline]=""
)
read -r -a sets <<< "${DAEMON_COST_SETS:-before default jit-0.02}"
baseline="${DAEMON_COST_BASELINE:-}"
if [[ -n "$baseline" ]]; then
  [[ -x "$baseline/bin/lachesis" ]] || { echo "daemon-cost: no $baseline/bin/lachesis" >&2; exit 1; }
  sets+=(baseline)
fi

pids_to_stop=()
stop_all() {
  for p in "${pids_to_stop[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all EXIT

carbon=$((20000 + RANDOM % 10000)); http=$((carbon + 1))
taskset -c 1 "$root/bin/lachesis" store --carbon-port "$carbon" --http-port "$http" --log-level warn \
  > "$out/store.log" 2>&1 &
pids_to_stop+=($!)
taskset -c 0 "$root/bin/lachesis-bench" query --spe storm --query etl --wait-strategy park --rate "$rate" \
  --metrics "127.0.0.1:$carbon" --name daemon-cost > "$out/query.out" 2> "$out/query.log" &
pids_to_stop+=($!)
for _ in $(seq 1 180); do
  storm=$(grep -Eo '^[0-9]+$' "$out/query.out" | head -n 1 || true)
  [[ -n "$storm" ]] && break
  sleep 1
done
[[ -n "${storm:-}" ]] || { echo "daemon-cost: the query did not start; see $out/query.log" >&2; exit 1; }
echo "Storm worker PID $storm, $(ls /proc/"$storm"/task | wc -l) threads; store on 127.0.0.1:$http"

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
kib() { awk -v k="$2" '$1 == k":" {print $2}' "/proc/$1/status"; }
echo "period,rep,options,cpu_percent,rss_mib,peak_rss_mib,rounds" > "$out/cost.csv"
for rep in $(seq 1 "$reps"); do
  for period in "${periods[@]}"; do
    declare -A daemons=()
    for set in "${sets[@]}"; do
      cat > "$out/$set.yaml" <<YAML
spes:
  - name: storm
    driver: storm
    pids: [$storm]
    discovery: {topology: daemon-cost}
    settings: {version: 2, window: 5s, wait-strategy: park}
metrics: {source: graphite, url: "http://127.0.0.1:$http", window: 10s}
policies:
  - {name: qs-io, policy: qs-io, period: $period, translator: nice}
journal: $out/$set-journal.json
logging: {level: warn}
YAML
      opts=()
      [[ -n "${option_sets[$set]}" ]] && opts=(LACHESIS_JAVA_DEFAULT_OPTS="${option_sets[$set]}")
      daemon="$root/bin/lachesis"
      [[ "$set" == baseline ]] && daemon="$baseline/bin/lachesis"
      env "${opts[@]}" taskset -c 1 "$daemon" run --config "$out/$set.yaml" \
        --rounds json --dry-run > "$out/$set.rounds" 2> "$out/$set-$period-$rep.log" &
      daemons[$set]=$!
    done
    sleep 40
    declare -A start=()
    for set in "${!daemons[@]}"; do start[$set]=$(ticks "${daemons[$set]}"); done
    sleep 80
    for set in "${!daemons[@]}"; do
      p=${daemons[$set]}
      cpu=$(awk -v a="${start[$set]}" -v b="$(ticks "$p")" 'BEGIN {printf "%.3f", (b - a) / 80}')
      echo "$period,$rep,$set,$cpu,$(( $(kib "$p" VmRSS) / 1024 )),$(( $(kib "$p" VmHWM) / 1024 )),$(wc -l < "$out/$set.rounds")" \
        | tee -a "$out/cost.csv"
      kill "$p"
    done
    wait "${daemons[@]}" 2>/dev/null || true
    unset daemons start
  done
done
python3 - "$out/cost.csv" <<'PY' | tee "$out/summary.md"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("| period | options | CPU, % of a core (mean of reps) | peak RSS MiB (max) | reps |")
print("|---|---|---|---|---|")
for key in sorted({(r["period"], r["options"]) for r in rows}):
    sel = [r for r in rows if (r["period"], r["options"]) == key]
    cpu = [float(r["cpu_percent"]) for r in sel]
    print(f"| {key[0]} | {key[1]} | {statistics.mean(cpu):.3f} ({', '.join(f'{c:.3f}' for c in cpu)}) | "
          f"{max(int(r['peak_rss_mib']) for r in sel)} | {len(sel)} |")
PY
