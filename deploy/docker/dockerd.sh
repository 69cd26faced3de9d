#!/usr/bin/env bash
# Runs a Docker daemon for the sidecar test, without systemd, and leaves the host as it found it.
#
#   deploy/docker/dockerd.sh start   install docker.io if needed; start dockerd with a real-time
#                                    budget for containers unless one already answers; wait for it
#   deploy/docker/dockerd.sh stop    stop the dockerd this script started (none other)
#
# Containers get SCHED_RR threads only inside a budget (cgroup v1 cpu.rt_runtime_us): dockerd's
# --cpu-rt-runtime gives its parent group (/docker) one, docker run --cpu-rt-runtime each
# container's. The parent's budget is taken from the root group's for as long as /docker exists,
# even after dockerd ends, so it is a third of a second here (the translators' own real-time tests
# need the rest), and stop removes the cgroups dockerd created. A dockerd that already runs is used
# as it is; the sidecar test then says if it has no budget.
set -euo pipefail

readonly RUN_DIR=/run/lachesis-dockerd
readonly PID_FILE="$RUN_DIR/dockerd.pid"
readonly LOG=/var/log/lachesis-dockerd.log
readonly RT_RUNTIME_US=300000
readonly CREATED="$RUN_DIR/created-cgroups"

say() { printf 'dockerd.sh: %s\n' "$*"; }
fail() { printf 'dockerd.sh: %s\n' "$*" >&2; exit 1; }

answers() { docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

start() {
  [[ $(id -u) -eq 0 ]] || fail "must run as root (installs docker.io, starts dockerd)"
  if answers; then
    say "a Docker daemon already answers; using it"
    return
  fi
  if ! command -v dockerd >/dev/null; then
    say "installing docker.io with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends docker.io >/dev/null
  fi
  mkdir -p "$RUN_DIR"
  # The docker groups dockerd is about to create, so stop can take them away again.
  : > "$CREATED"
  for controller in /sys/fs/cgroup/*/; do
    [[ -e "${controller}docker" ]] || echo "${controller}docker" >> "$CREATED"
  done
  local rt=()
  if [[ -f /sys/fs/cgroup/cpu/cpu.rt_runtime_us ]]; then
    rt=(--cpu-rt-runtime="$RT_RUNTIME_US")
  fi
  setsid dockerd "${rt[@]}" --pidfile "$PID_FILE" >"$LOG" 2>&1 < /dev/null &
  for _ in $(seq 1 60); do
    if answers; then
      say "dockerd started (${rt[*]:-no real-time budget: no cgroup v1 cpu.rt_runtime_us}); log: $LOG"
      return
    fi
    sleep 1
  done
  fail "dockerd did not answer within 60 s; log: $LOG"
}

stop() {
  [[ -f "$PID_FILE" ]] || return 0
  local pid
  pid=$(cat "$PID_FILE")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 30); do
    if ! kill -0 "$pid" 2>/dev/null; then
      remove_cgroups
      rm -f "$PID_FILE"
      say "dockerd stopped"
      return
    fi
    sleep 1
  done
  fail "dockerd (PID $pid) did not stop within 30 s"
}

# Gives the root group its real-time budget back and removes the (empty) groups dockerd made.
remove_cgroups() {
  [[ -f "$CREATED" ]] || return 0
  local group
  while read -r group; do
    [[ -d "$group" ]] || continue
    [[ -f "$group/cpu.rt_runtime_us" ]] && echo 0 > "$group/cpu.rt_runtime_us" 2>/dev/null
    rmdir "$group" 2>/dev/null || say "left $group (it still has groups or tasks)"
  done < "$CREATED"
  rm -f "$CREATED"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) fail "usage: dockerd.sh start|stop" ;;
esac
