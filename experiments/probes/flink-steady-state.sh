#!/usr/bin/env bash
# A probe, not a sweep: does any thread ordering raise the intake of the ETL query on Flink once
# its JIT has settled? One Flink JVM runs the query on CPU 0 beyond its saturation point; after a
# long warm-up the probe switches the query's threads between orderings in rounds (each ordering
# for SETTLE + MEASURE seconds, rounds repeat every ordering), so every ordering is compared with
# OS inside the same JVM, after the same compilation, minutes apart at most. The sweep instead
# starts a JVM per trial, whose intake still climbs during its 60-s window.
#
# The orderings are hand-set with renice/chrt by this script (it probes the kernel; the daemon
# itself never forks them): OS (all nice 0), BATCH (SCHED_BATCH, nice 0: no wake-up preemption),
# STATIC (bloom-filter -20, source -10), QS (the nice values QS applied on average in
# experiments/results/issue18/flink-etl-2rates and flink-etl-settled) and SOURCE-FIRST (the source
# -20, every operator 19: how QS-IO, and DRAIN before commit f674520, ranked this query there).
#
# Usage: experiments/probes/flink-steady-state.sh OUT_DIR [RATE] [WARM_UP_S] [ROUNDS] [INPUT]
# Writes OUT_DIR/phases.csv (one line per ordering and round) and OUT_DIR/cpu-per-thread.txt.
set -euo pipefail

out="${1:?usage: flink-steady-state.sh OUT_DIR [RATE] [WARM_UP_S] [ROUNDS] [INPUT]}"
rate="${2:-44000}"
warm_up="${3:-150}"
rounds="${4:-3}"
input="${5:-}"
settle=15
measure=25
orderings=(OS BATCH STATIC QS SOURCE-FIRST)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

if [[ -z "$input" ]]; then
  # Enough records for the whole probe at the query's steady intake (~25,000 t/s on this machine).
  input="$work/input.senml"
  records=$(( 30000 * (warm_up + 60 + rounds * ${#orderings[@]} * (settle + measure)) ))
  java -Xmx256m -cp "$root/experiments/common/target/classes:$root/experiments/harness/target/lib/*" \
    dev.lachesis.experiments.etl.GenerateSenml --records "$records" --out "$input"
fi

# A carbon plaintext receiver that keeps every line: the probe reads the source's record counter.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
metrics="$work/metrics.txt"
taskset -c 1 python3 - "$port" "$metrics" <<'EOF' &
import socketserver, sys
out = open(sys.argv[2], 'a', buffering=1)
class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for line in self.rfile:
            out.write(line.decode(errors='replace'))
class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True
Server(('127.0.0.1', int(sys.argv[1])), Handler).serve_forever()
EOF

taskset -c 0 "$root/bin/lachesis-bench" query --spe flink --query etl --rate "$rate" \
  --metrics "127.0.0.1:$port" --input "$input" > "$work/query.log" 2>&1 &
until pid=$(sed -n 's/^flink pid=\([0-9]*\).*/\1/p' "$work/query.log") && [[ -n "$pid" ]]; do
  sleep 1
done
echo "flink-steady-state: Flink JVM $pid on CPU 0 at $rate t/s; warming up for $warm_up s" >&2
sleep "$warm_up"

nice_for() { # ordering, thread name -> nice value
  case "$1:$2" in
    STATIC:bloom*) echo -20 ;; STATIC:Source*|STATIC:lachesis-source*) echo -10 ;;
    QS:bloom*) echo -11 ;; QS:range*) echo -8 ;; QS:interp*|QS:join*) echo -7 ;; QS:parse*) echo 7 ;;
    QS:sink*) echo 16 ;; QS:Source*|QS:lachesis-source*) echo 5 ;;
    SOURCE-FIRST:Source*|SOURCE-FIRST:lachesis-source*) echo -20 ;; SOURCE-FIRST:*) echo 19 ;;
    *) echo 0 ;;
  esac
}
apply() { # the query's operator and source threads get the ordering's class and nice value
  for task in /proc/"$pid"/task/*; do
    name=$(cat "$task/comm" 2>/dev/null) || continue
    case "$name" in
      *"(1/1)"*|Source*|lachesis-source*)
        if [[ $1 == BATCH ]]; then chrt -b -p 0 "${task##*/}"; else chrt -o -p 0 "${task##*/}"; fi
        renice -n "$(nice_for "$1" "$name")" -p "${task##*/}" ;;
    esac
  done >/dev/null
}
source_count() { # the source's latest records-out counter and its timestamp
  grep 'Source:-source.numRecordsOut.count ' "$metrics" | tail -1 | awk '{print $2, $3}'
}
switches() { # voluntary and involuntary context switches of the whole JVM
  cat /proc/"$pid"/task/*/status 2>/dev/null | awk '/^voluntary/{v+=$2} /^nonvoluntary/{n+=$2} END{print v, n}'
}

echo "round,ordering,intake_tps,voluntary_switches_per_s,involuntary_switches_per_s" > "$out/phases.csv"
for round in $(seq 1 "$rounds"); do
  for ordering in "${orderings[@]}"; do
    apply "$ordering"
    sleep "$settle"
    read -r c0 t0 < <(source_count); read -r v0 n0 < <(switches)
    sleep "$measure"
    read -r c1 t1 < <(source_count); read -r v1 n1 < <(switches)
    awk -v r="$round" -v o="$ordering" -v c="$((c1 - c0))" -v t="$((t1 - t0))" -v v="$((v1 - v0))" \
        -v n="$((n1 - n0))" -v m="$measure" 'BEGIN{printf "%s,%s,%.0f,%.0f,%.0f\n", r, o, c / t, v / m, n / m}' \
      | tee -a "$out/phases.csv"
  done
done
apply OS

# Each thread's share of CPU 0 over 20 s under OS: how much of the core is not the query's operators.
snapshot() {
  for task in /proc/"$pid"/task/*; do
    stat=$(cat "$task/stat" 2>/dev/null) || continue
    echo "${task##*/}|$(cat "$task/comm")|$(echo "${stat##*) }" | awk '{print $12 + $13}')"
  done | sort
}
snapshot > "$work/cpu0"; sleep 20; snapshot > "$work/cpu1"
join -t'|' "$work/cpu0" "$work/cpu1" \
  | awk -F'|' '{share = ($5 - $3) / 20; if (share > 0) printf "%5.1f%% %s\n", share, $2}' | sort -rn \
  > "$out/cpu-per-thread.txt"
