#!/usr/bin/env bash
# Installs, configures and runs Debian's Graphite (carbon-cache + graphite-web under gunicorn) for
# Lachesis, without systemd: the machines and CI this project runs on have no init.
#
#   deploy/graphite/graphite.sh start    install if needed, configure, start, wait until both answer
#   deploy/graphite/graphite.sh stop     stop both daemons
#   deploy/graphite/graphite.sh status   exit 0 when both answer, 3 otherwise
#
# Carbon takes the plaintext protocol on 127.0.0.1:2003 and pickle on 127.0.0.1:2004; graphite-web
# answers on http://127.0.0.1:8080. Every series is stored at 1 s resolution for an hour, then 10 s
# for a day (the SPE reporters send every second). Idempotent; quick when already running.
#
# Debian binaries are called by full path with a clean environment: another Python (pyenv, a
# virtualenv) may come first on PATH and must not be used.
set -euo pipefail

readonly HOST=127.0.0.1
readonly CARBON_PORT=2003
readonly PICKLE_PORT=2004
readonly WEB_PORT=8080
readonly RUN_DIR=/run/lachesis-graphite
readonly CARBON_PID="$RUN_DIR/carbon-cache.pid"
readonly WEB_PID="$RUN_DIR/gunicorn.pid"
readonly CARBON_CONF=/etc/carbon/carbon.conf
readonly SCHEMAS_CONF=/etc/carbon/storage-schemas.conf
readonly WEB_SETTINGS=/etc/graphite/local_settings.py
readonly SECRET_FILE=/var/lib/graphite/lachesis-secret-key
readonly CARBON_LOG_DIR=/var/log/carbon
readonly WEB_LOG_DIR=/var/log/graphite
readonly WEB_LOG="$WEB_LOG_DIR/gunicorn.log"
readonly PACKAGES=(graphite-carbon graphite-web gunicorn)
readonly WAIT_SECONDS=60
readonly GRAPHITE_USER=_graphite

# A minimal environment for every Debian binary we run.
readonly CLEAN_ENV=(/usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/var/lib/graphite
  DJANGO_SETTINGS_MODULE=graphite.settings GRAPHITE_SETTINGS_MODULE=local_settings)

say() { printf 'graphite.sh: %s\n' "$*"; }
fail() { printf 'graphite.sh: %s\n' "$*" >&2; exit 1; }

logs_hint() {
  printf 'graphite.sh: logs: %s/console.log (carbon-cache), %s (gunicorn), %s/exception.log (graphite-web)\n' \
    "$CARBON_LOG_DIR" "$WEB_LOG" "$WEB_LOG_DIR" >&2
}

require_root() {
  [[ $(id -u) -eq 0 ]] || fail "must run as root (installs packages, writes /etc/carbon and $RUN_DIR)"
}

# True when the process named in pid file $1 is alive.
pid_alive() {
  local pid
  [[ -s $1 ]] || return 1
  pid=$(<"$1")
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null
}

carbon_answers() {
  (exec 3<>"/dev/tcp/$HOST/$CARBON_PORT") 2>/dev/null
}

# True when /render returns a JSON list (graphite-web is up and reads the whisper tree).
web_answers() {
  "${CLEAN_ENV[@]}" /usr/bin/python3 - "$HOST" "$WEB_PORT" <<'EOF' 2>/dev/null
import json, sys, urllib.request
url = "http://%s:%s/render?target=carbon.*&format=json&from=-10s" % (sys.argv[1], sys.argv[2])
with urllib.request.urlopen(url, timeout=5) as r:
    sys.exit(0 if isinstance(json.load(r), list) else 1)
EOF
}

package_installed() {
  [[ $(/usr/bin/dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]]
}

install_packages() {
  local missing=() pkg
  for pkg in "${PACKAGES[@]}"; do
    package_installed "$pkg" || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return 0
  say "installing ${missing[*]}"
  for pkg in "${missing[@]}"; do
    if ! /usr/bin/apt-cache show --no-all-versions "$pkg" >/dev/null 2>&1; then
      say "package lists do not know $pkg; running apt-get update"
      /usr/bin/apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null
      break
    fi
  done
  DEBIAN_FRONTEND=noninteractive /usr/bin/apt-get -o DPkg::Lock::Timeout=300 install -y -q \
    --no-install-recommends "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]} failed"
}

# Sets KEY = VALUE on every line of carbon.conf that sets KEY (commented out or not).
set_carbon_key() {
  local key=$1 value=$2
  /usr/bin/grep -Eq "^#?[[:space:]]*$key[[:space:]]*=" "$CARBON_CONF" || fail "$CARBON_CONF has no $key line"
  /usr/bin/sed -Ei "s|^#?[[:space:]]*($key)[[:space:]]*=.*|\\1 = $value|" "$CARBON_CONF"
}

# Replaces $1 with stdin when the content differs, so an unchanged file keeps its timestamp.
write_if_changed() {
  local target=$1 tmp
  tmp=$(/usr/bin/mktemp)
  cat >"$tmp"
  if ! /usr/bin/cmp -s "$tmp" "$target"; then
    /usr/bin/install -m 0644 "$tmp" "$target"
  fi
  rm -f "$tmp"
}

configure_carbon() {
  write_if_changed "$SCHEMAS_CONF" <<'EOF'
# Managed by Lachesis deploy/graphite/graphite.sh; edits are overwritten on start.
# Carbon's own metrics, as Debian ships them.
[carbon]
pattern = ^carbon\.
retentions = 60:90d

# Everything else: 1 s points for an hour (SPE reporters send every second), 10 s points for a day.
[lachesis]
pattern = .*
retentions = 1s:1h,10s:1d
EOF
  set_carbon_key MAX_CREATES_PER_MINUTE inf
  set_carbon_key ENABLE_TAGS False
  set_carbon_key LINE_RECEIVER_INTERFACE "$HOST"
  set_carbon_key PICKLE_RECEIVER_INTERFACE "$HOST"
  set_carbon_key UDP_RECEIVER_INTERFACE "$HOST"
  set_carbon_key CACHE_QUERY_INTERFACE "$HOST"
}

configure_web() {
  local secret begin='# BEGIN lachesis graphite.sh' end='# END lachesis graphite.sh'
  if [[ ! -s $SECRET_FILE ]]; then
    (umask 077 && /usr/bin/head -c 32 /dev/urandom | /usr/bin/base64 -w0 >"$SECRET_FILE")
  fi
  secret=$(<"$SECRET_FILE")
  {
    /usr/bin/sed "/^$begin\$/,/^$end\$/d" "$WEB_SETTINGS"
    cat <<EOF
$begin
SECRET_KEY = '$secret'
# No tag database: Lachesis reads plain dotted series only.
TAGDB = None
# Answer every /render from carbon-cache and the whisper files, never from a cache.
DEFAULT_CACHE_DURATION = 0
$end
EOF
  } | write_if_changed "$WEB_SETTINGS"
}

migrate_web_db() {
  /usr/sbin/runuser -u "$GRAPHITE_USER" -- "${CLEAN_ENV[@]}" /usr/bin/python3 /usr/bin/django-admin migrate \
    --run-syncdb --noinput -v 0 >>"$WEB_LOG" 2>&1 \
    || { logs_hint; fail "graphite-web database migration failed (see $WEB_LOG)"; }
}

start_carbon() {
  if pid_alive "$CARBON_PID" && carbon_answers; then
    return 0
  fi
  say "starting carbon-cache on $HOST:$CARBON_PORT (pickle $HOST:$PICKLE_PORT)"
  "${CLEAN_ENV[@]}" /usr/bin/python3 /usr/bin/carbon-cache --config="$CARBON_CONF" --pidfile="$CARBON_PID" \
    --logdir="$CARBON_LOG_DIR/" start >>"$CARBON_LOG_DIR/console.log" 2>&1 \
    || { logs_hint; fail "carbon-cache did not start"; }
}

start_web() {
  if pid_alive "$WEB_PID" && web_answers; then
    return 0
  fi
  if pid_alive "$WEB_PID"; then
    stop_pid "$WEB_PID" gunicorn
  fi
  migrate_web_db
  say "starting graphite-web under gunicorn on http://$HOST:$WEB_PORT"
  "${CLEAN_ENV[@]}" /usr/bin/python3 /usr/bin/gunicorn --daemon --pid "$WEB_PID" \
    --bind "$HOST:$WEB_PORT" --workers 2 --timeout 60 --user "$GRAPHITE_USER" --group "$GRAPHITE_USER" \
    --chdir /var/lib/graphite --error-logfile "$WEB_LOG" --log-level warning \
    graphite.wsgi:application >>"$WEB_LOG" 2>&1 \
    || { logs_hint; fail "gunicorn did not start"; }
}

# Fails at once, with the end of its log, when daemon $1 (pid file $2, log $3) has died; a missing pid
# file is only a failure after a few seconds, as a daemon writes it after forking.
fail_if_dead() {
  local name=$1 pidfile=$2 log=$3 started=$4
  if pid_alive "$pidfile"; then
    return 0
  fi
  if [[ ! -s $pidfile ]] && ((SECONDS - started < 5)); then
    return 0
  fi
  printf 'graphite.sh: last lines of %s:\n' "$log" >&2
  /usr/bin/tail -n 5 "$log" >&2 || true
  logs_hint
  fail "$name exited while starting"
}

wait_until_answering() {
  local started=$SECONDS deadline=$((SECONDS + WAIT_SECONDS))
  until carbon_answers; do
    fail_if_dead carbon-cache "$CARBON_PID" "$CARBON_LOG_DIR/console.log" "$started"
    if ((SECONDS >= deadline)); then
      logs_hint
      fail "carbon-cache does not accept connections on $HOST:$CARBON_PORT after ${WAIT_SECONDS}s"
    fi
    sleep 0.2
  done
  until web_answers; do
    fail_if_dead gunicorn "$WEB_PID" "$WEB_LOG" "$started"
    if ((SECONDS >= deadline)); then
      logs_hint
      fail "graphite-web does not return JSON from http://$HOST:$WEB_PORT/render after ${WAIT_SECONDS}s"
    fi
    sleep 0.2
  done
}

# Sends SIGTERM to the process in pid file $1 and waits for it, then SIGKILL after 20 s.
stop_pid() {
  local file=$1 name=$2 pid i
  if ! pid_alive "$file"; then
    rm -f "$file"
    return 0
  fi
  pid=$(<"$file")
  say "stopping $name (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$file"; return 0; }
    sleep 0.2
  done
  say "$name (pid $pid) ignored SIGTERM for 20s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

cmd_start() {
  require_root
  if pid_alive "$CARBON_PID" && pid_alive "$WEB_PID" && carbon_answers && web_answers; then
    say "already running: carbon $HOST:$CARBON_PORT, web http://$HOST:$WEB_PORT"
    return 0
  fi
  install_packages
  /usr/bin/install -d -o "$GRAPHITE_USER" -g "$GRAPHITE_USER" -m 0755 "$RUN_DIR"
  configure_carbon
  configure_web
  start_carbon
  start_web
  wait_until_answering
  say "running: carbon $HOST:$CARBON_PORT, web http://$HOST:$WEB_PORT"
}

cmd_stop() {
  require_root
  stop_pid "$WEB_PID" gunicorn
  stop_pid "$CARBON_PID" carbon-cache
}

cmd_status() {
  local ok=0
  if pid_alive "$CARBON_PID" && carbon_answers; then
    say "carbon-cache running (pid $(<"$CARBON_PID")), plaintext on $HOST:$CARBON_PORT"
  else
    say "carbon-cache not running"
    ok=3
  fi
  if pid_alive "$WEB_PID" && web_answers; then
    say "graphite-web running (pid $(<"$WEB_PID")) on http://$HOST:$WEB_PORT"
  else
    say "graphite-web not running"
    ok=3
  fi
  return "$ok"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
