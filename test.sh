#!/usr/bin/env bash
# The project's test command: installs what a fresh Debian machine lacks (a JDK 17+, Maven, the
# systemd tools), starts a real Graphite (deploy/graphite/graphite.sh: Debian's graphite-carbon and
# graphite-web on 127.0.0.1) and a Docker daemon (deploy/docker/dockerd.sh), then builds every module
# and runs every test with `mvn -B verify`. The integration
# tests that need Graphite fail rather than skip here (LACHESIS_REQUIRE_GRAPHITE=1).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

java_major() {
  javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p'
}

missing=()
if ! command -v javac >/dev/null || [[ $(java_major) -lt 17 ]]; then
  missing+=(jdk)
fi
if ! command -v mvn >/dev/null; then
  missing+=(maven)
fi
# DistributionIT checks the .deb's unit with systemd-analyze verify (Debian's systemd package; only
# the tool is used on the host, nothing is started there); DebInSystemdContainerIT boots a Debian root
# file system made by debootstrap with systemd-nspawn and installs the .deb in it.
if ! command -v systemd-analyze >/dev/null; then
  missing+=(systemd)
fi
if ! command -v systemd-nspawn >/dev/null; then
  missing+=(systemd-container)
fi
if ! command -v debootstrap >/dev/null; then
  missing+=(debootstrap)
fi
# DistributionIT checks the .deb with Debian's lintian and renders its manual page with man.
if ! command -v lintian >/dev/null; then
  missing+=(lintian)
fi
if ! command -v man >/dev/null; then
  missing+=(man-db)
fi

if [[ ${#missing[@]} -gt 0 ]]; then
  echo "test.sh: installing ${missing[*]} with apt-get" >&2
  as_root apt-get update -q
  packages=()
  for need in "${missing[@]}"; do
    case "$need" in
      jdk)
        # Debian 12 ships OpenJDK 17; later releases only a newer default JDK, which builds release 17 too.
        if apt-cache show openjdk-17-jdk-headless >/dev/null 2>&1; then
          packages+=(openjdk-17-jdk-headless)
        else
          packages+=(default-jdk-headless)
        fi ;;
      *) packages+=("$need") ;;
    esac
  done
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"
fi

# A Graphite this script started is stopped again however the run ends; one that ran before is left running.
graphite_was_running=0
if deploy/graphite/graphite.sh status >/dev/null 2>&1; then
  graphite_was_running=1
fi
# The integration tests run SPEs on CPU 0 and the rest on the others (the experiments' rule): Graphite's
# carbon and graphite-web, busy while the tests report, stay off CPU 0 too.
if [[ $(nproc) -ge 2 ]]; then
  taskset -c 1-$(($(nproc) - 1)) deploy/graphite/graphite.sh start
else
  deploy/graphite/graphite.sh start
fi
# The sidecar test's Docker (Debian's docker.io, with a real-time budget for containers); a dockerd
# that this script started is stopped again however the run ends.
deploy/docker/dockerd.sh start
leave_as_found() {
  deploy/docker/dockerd.sh stop
  if [[ $graphite_was_running -eq 0 ]]; then
    deploy/graphite/graphite.sh stop
  fi
}
trap leave_as_found EXIT
LACHESIS_REQUIRE_GRAPHITE=1 mvn -B verify
# The fault campaign's table with this build's outcome of each case (target/fault-campaign.md).
bin/fault-campaign-report
