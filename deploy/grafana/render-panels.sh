#!/usr/bin/env bash
# Renders each panel of lachesis-dashboard.json to a PNG with graphite-web's render API, from the
# same targets Grafana would send (template variables filled in here), so the dashboard's content can
# be seen where no Grafana runs (Debian ships none, and this machine reaches no other download).
#
# Usage: deploy/grafana/render-panels.sh GRAPHITE_URL OUT_DIR [FROM] [PREFIX] [SPE] [QUERY]
#   GRAPHITE_URL  graphite-web, e.g. http://127.0.0.1:8080
#   FROM          graphite's from=, default -10min
#   PREFIX SPE QUERY  the dashboard's variables: default lachesis, * and *
# Writes OUT_DIR/panel-<id>.png, one per panel, and prints their paths.
set -euo pipefail
url="${1:?usage: render-panels.sh GRAPHITE_URL OUT_DIR [FROM] [PREFIX] [SPE] [QUERY]}"
out="${2:?usage: render-panels.sh GRAPHITE_URL OUT_DIR [FROM] [PREFIX] [SPE] [QUERY]}"
from="${3:--10min}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$out"
python3 - "$here/lachesis-dashboard.json" "$url" "$out" "$from" "${4:-lachesis}" "${5:-*}" "${6:-*}" <<'PY'
import json, sys, urllib.parse, urllib.request
dashboard, url, out, start, prefix, spe, query = sys.argv[1:]
values = {"prefix": prefix, "spe": spe, "query": query}
for panel in json.load(open(dashboard))["panels"]:
    params = [("format", "png"), ("from", start), ("width", "800"), ("height", "300"),
              ("title", panel["title"]), ("bgcolor", "white"), ("fgcolor", "black"), ("hideLegend", "false")]
    for t in panel["targets"]:
        target = t["target"]
        for name, value in values.items():
            target = target.replace("${" + name + "}", value).replace("$" + name, value)
        params.append(("target", target))
    path = f"{out}/panel-{panel['id']}.png"
    with urllib.request.urlopen(url.rstrip("/") + "/render?" + urllib.parse.urlencode(params), timeout=30) as r:
        open(path, "wb").write(r.read())
    print(path)
PY
