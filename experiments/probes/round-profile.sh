#!/usr/bin/env bash
# Where a round's CPU goes (issue 45): async-profiler (CPU samples every 100 us, native frames and
# the JVM's own threads included) attached to `lachesis run --dry-run` beside a running query, after
# its start-up, for SECONDS; writes OUT_DIR/profile.collapsed (one stack a line, for flame graphs)
# and OUT_DIR/profile.md, the samples by what they were doing.
#
# Usage: experiments/probes/round-profile.sh OUT_DIR CONFIG [SECONDS] [WARM_UP_SECONDS]
#   CONFIG: a daemon policy file whose SPE runs now (pids: or discovery), e.g. one
#   experiments/probes/daemon-cost.sh writes. As root, after mvn package. async-profiler comes from
#   Maven Central (tools.profiler:async-profiler, its jar holds the Linux agent).
set -euo pipefail
out="${1:?usage: round-profile.sh OUT_DIR CONFIG [SECONDS] [WARM_UP_SECONDS]}"
config="${2:?usage: round-profile.sh OUT_DIR CONFIG [SECONDS] [WARM_UP_SECONDS]}"
seconds="${3:-80}"
warm_up="${4:-40}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version=2.9
mkdir -p "$out"
out="$(cd "$out" && pwd)"
jar="$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar"
if [[ ! -f "$jar" ]]; then
  mvn -q -B dependency:get -Dartifact="tools.profiler:async-profiler:$version" >&2
fi
agent_dir="$(mktemp -d)"
trap 'rm -rf "$agent_dir"' EXIT
unzip -q -o "$jar" 'linux-x64/*' -d "$agent_dir"
agent="$agent_dir/linux-x64/libasyncProfiler.so"

taskset -c 1 "$root/bin/lachesis" run --config "$config" --dry-run --rounds json > "$out/rounds.json" \
  2> "$out/daemon.log" &
daemon=$!
sleep "$warm_up"
attach() { java --add-modules jdk.attach "$root/experiments/probes/AttachAgent.java" "$daemon" "$agent" "$1"; }
attach "start,event=cpu,interval=100us"
before=$(wc -l < "$out/rounds.json")
sleep "$seconds"
attach "stop,collapsed,file=$out/profile.collapsed"
rounds=$(( $(wc -l < "$out/rounds.json") - before ))
kill "$daemon"
wait "$daemon" || true
python3 - "$out/profile.collapsed" "$rounds" "$seconds" <<'PY' | tee "$out/profile.md"
import sys
from collections import Counter
path, rounds, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# A stack counts for the category of its innermost frame that names one (leaf first), so JSON
# parsing inside an HTTP exchange counts as JSON; the order breaks ties within one frame.
categories = [
    ("JIT compiler threads", ["CompilerThread", "CompileBroker", "Compilation::", "Compiler::"]),
    ("garbage collection", ["GCTaskThread", "VMThread", "SerialHeap", "DefNewGeneration", "GenCollectedHeap",
                            "TenuredGeneration"]),
    ("logging", ["ch/qos/logback", "org/slf4j"]),
    ("printing the rounds (--rounds json)", ["RunCommand.lambda$printer", "RunCommand.printer", "ThreadRow"]),
    ("JSON of the metric answer", ["com/fasterxml/jackson"]),
    ("HTTP to the metric store", ["dev/lachesis/core/http", "sun/net/www", "java/net/", "sun/nio/ch/Net", "SocketDispatcher"]),
    ("reading /proc", ["dev/lachesis/core/proc", "proc_", "do_task_stat"]),
    ("thread names (attach / jcmd)", ["dev/lachesis/discovery"]),
    ("metric provider and derived metrics", ["dev/lachesis/core/metric"]),
    ("SPE driver", ["dev/lachesis/drivers"]),
    ("policies", ["dev/lachesis/policies"]),
    ("translators and syscalls", ["dev/lachesis/translators", "com/sun/jna"]),
    ("the loop", ["dev/lachesis/core/loop"]),
]
totals = Counter()
total = 0
for line in open(path):
    stack, _, count = line.rstrip("\n").rpartition(" ")
    n = int(count)
    total += n
    name = "other (JVM, class loading, kernel)"
    for frame in reversed(stack.split(";")):
        found = next((c for c, needles in categories if any(needle in frame for needle in needles)), None)
        if found:
            name = found
            break
    totals[name] += n
print(f"{total} samples of 100 us over {seconds} s ({total * 0.1 / 1000:.3f} CPU-s, "
      f"{total * 0.1 / 1000 / seconds * 100:.3f}% of a core), {rounds} rounds: "
      f"{total * 0.1 / max(rounds, 1):.2f} ms of CPU per round\n")
print("| what | share of samples | ms per round |")
print("|---|---|---|")
for name, n in totals.most_common():
    print(f"| {name} | {100 * n / total:.1f}% | {n * 0.1 / max(rounds, 1):.3f} |")
PY
