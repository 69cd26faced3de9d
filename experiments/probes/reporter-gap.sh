#!/usr/bin/env bash
# What a Storm worker's Graphite reporter waits for when the SPE's metrics go dark (issue 40): while a
# Storm query of the experiments runs, polls its reporter thread every 0.5 s and, once it has slept
# (state S) for 2 s without CPU (it reports every second), records its kernel wait channel, kernel
# stack and scheduler state, and every thread of the worker with its state, CPU ticks, nice and wait
# channel. Needs root (kernel stacks). At most MAX_GAPS (default 3) records.
# Usage: experiments/probes/reporter-gap.sh OUT_DIR     (runs until killed)
# Output: OUT_DIR/gap-N.proc (the reporter) and OUT_DIR/gap-N.tasks (tid state ticks nice comm wchan).
set -u
out="${1:?usage: reporter-gap.sh OUT_DIR}"
max="${MAX_GAPS:-3}"
mkdir -p "$out"
gaps=0; flat=0; last=""
while (( gaps < max )); do
  worker=$(pgrep -f 'StormQueryMain|Storm1QueryMain' | head -n 1)
  reporter=""
  if [[ -n "$worker" ]]; then
    for t in /proc/"$worker"/task/*; do
      [[ "$(cat "$t/comm" 2>/dev/null)" == metrics-graphit* ]] && reporter=$(basename "$t")
    done
  fi
  if [[ -n "$reporter" ]]; then
    # Fields after the command name, which may hold spaces: state is the 1st, utime+stime the 12th and 13th.
    read -r state ticks < <(sed 's/.*) //' "/proc/$worker/task/$reporter/stat" 2>/dev/null | awk '{print $1, $12 + $13}')
    if [[ "$state" == S && "$ticks" == "$last" ]]; then flat=$((flat + 1)); else flat=0; fi
    last=$ticks
    if (( flat >= 4 )); then
      gaps=$((gaps + 1)); f="$out/gap-$gaps"
      { date +%s.%N; echo "worker $worker reporter $reporter state $state ticks $ticks"
        cat "/proc/$worker/task/$reporter/wchan"; echo; cat "/proc/$worker/task/$reporter/stack"
        cat "/proc/$worker/task/$reporter/sched"; } > "$f.proc" 2>&1
      for t in /proc/"$worker"/task/*; do
        s=$(sed 's/.*) //' "$t/stat" 2>/dev/null | awk '{print $1, $12 + $13, $17}')
        echo "$(basename "$t") $s $(cat "$t/comm" 2>/dev/null | tr ' ' '_') $(cat "$t/wchan" 2>/dev/null)"
      done > "$f.tasks"
      flat=0
    fi
  fi
  sleep 0.5
done
