#!/usr/bin/env bash
# How fresh the metrics a policy reads can be (issue 24): Storm 2.8's pipeline query reports
# through its Graphite reporter (report.period 1 s, as the experiments configure it) to the embedded
# store (`lachesis store`, 1-s buckets, the same render API as graphite-web); every 100 ms for
# SECONDS seconds the probe asks the store for the executors' queue gauges, as the driver does, and
# records how old the newest filled bucket is. Prints the distribution of that age.
#
# Usage: experiments/probes/metric-freshness.sh OUT_DIR [SECONDS]   (after mvn package)
set -euo pipefail
out="${1:?usage: metric-freshness.sh OUT_DIR [SECONDS]}"
seconds="${2:-120}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"
carbon=32003
http=38080
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
"$root/bin/lachesis" store --carbon-port "$carbon" --http-port "$http" --bind 127.0.0.1 > "$out/store.log" 2>&1 &
pids+=($!)
"$root/bin/lachesis-bench" query --spe storm --query pipeline --rate 2000 --metrics "127.0.0.1:$carbon" \
  --wait-strategy park --name lachesis-freshness > "$out/storm.log" 2>&1 &
pids+=($!)
python3 - "$http" "$seconds" "$out/ages.csv" <<'PY'
import json, sys, time, urllib.request, statistics
http, seconds, csv = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
url = (f"http://127.0.0.1:{http}/render?format=json&from=-10s"
       "&target=storm.worker.lachesis-freshness-*.*.*.*.*-receive-queue-population")
deadline = time.time() + 240
while time.time() < deadline:  # the first report of the executors' queues
    try:
        if json.load(urllib.request.urlopen(url, timeout=2)):
            break
    except OSError:
        pass
    time.sleep(0.5)
ages = []
end = time.time() + seconds
with open(csv, "w") as f:
    f.write("asked_at,newest_bucket,age_s\n")
    while time.time() < end:
        asked = time.time()
        newest = max((p[1] for s in json.load(urllib.request.urlopen(url, timeout=2)) for p in s["datapoints"]
                      if p[0] is not None), default=None)
        if newest is not None:
            ages.append(asked - newest)
            f.write(f"{asked:.3f},{newest},{asked - newest:.3f}\n")
        time.sleep(max(0.0, 0.1 - (time.time() - asked)))
q = statistics.quantiles(ages, n=100)
print(f"{len(ages)} samples every 100 ms: age of the newest filled 1-s bucket (from its start) "
      f"min {min(ages):.2f} s, p50 {q[49]:.2f} s, p99 {q[98]:.2f} s, max {max(ages):.2f} s")
PY
