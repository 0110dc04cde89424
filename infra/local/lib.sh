# shellcheck shell=bash
# Shared helpers for infra/local/*.sh. Sourced, never executed.
#
# Layout under $LUXE_INFRA_HOME (default ${XDG_CACHE_HOME:-$HOME/.cache}/luxeswipe-infra):
#   bin/               go-installed binaries (minio, stripe-mock, mailpit)
#   venv-localstripe/  the pinned localstripe (localstripe.sh)
#   credentials.env    generated secrets, KEY=value, mode 600 (also usable as `docker compose --env-file`)
#   env                `export` lines for the app, written by up.sh, mode 600
#   logs/              component logs (postgres logs next to its data dir, see postgres.sh)
#   run/               pid files
#   kafka/ minio/ redis/ pg/   per-component state

LUXE_INFRA_HOME="${LUXE_INFRA_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/luxeswipe-infra}"
LUXE_LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LUXE_REPO_ROOT="$(cd "$LUXE_LOCAL_DIR/../.." && pwd)"
LUXE_BIN="$LUXE_INFRA_HOME/bin"
LUXE_RUN="$LUXE_INFRA_HOME/run"
LUXE_LOGS="$LUXE_INFRA_HOME/logs"
LUXE_CREDS="$LUXE_INFRA_HOME/credentials.env"
LUXE_ENV_FILE="$LUXE_INFRA_HOME/env"

LUXE_ALL_COMPONENTS=(chromium postgres redis kafka minio stripe localstripe mailpit)

log()  { printf '[luxe-infra] %s\n' "$*" >&2; }
warn() { printf '[luxe-infra] WARNING: %s\n' "$*" >&2; }
die()  { printf '[luxe-infra] ERROR: %s\n' "$*" >&2; exit 1; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# Create the state home. 755 (not 700) so that, when HOME allows it, the postgres OS user can
# reach pg/ below it; secrets are protected per file (600) instead.
ensure_home() {
  mkdir -p "$LUXE_INFRA_HOME" "$LUXE_BIN" "$LUXE_RUN" "$LUXE_LOGS"
  chmod 755 "$LUXE_INFRA_HOME"
}

# Serialise concurrent up/down runs (several engineers share one machine).
take_lock() {
  exec 9>"$LUXE_INFRA_HOME/.lock"
  if ! flock -n 9; then
    log "another up/down run holds $LUXE_INFRA_HOME/.lock, waiting (max 600 s)..."
    flock -w 600 9 || die "timed out waiting for $LUXE_INFRA_HOME/.lock"
  fi
}

# ---------------------------------------------------------------- credentials
random_secret() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }  # 48 hex chars, URL-safe

# cred_get NAME [default]: print NAME from credentials.env, generating (or using default) once.
cred_get() {
  local name="$1" default="${2:-}" value
  if [ -f "$LUXE_CREDS" ]; then
    value="$(sed -n "s/^${name}=//p" "$LUXE_CREDS" | tail -n1)"
    if [ -n "$value" ]; then printf '%s' "$value"; return 0; fi
  fi
  value="${default:-$(random_secret)}"
  ( umask 077; printf '%s=%s\n' "$name" "$value" >>"$LUXE_CREDS" )
  chmod 600 "$LUXE_CREDS"
  printf '%s' "$value"
}

# cred_keypair: the Ed25519 pair of internal calls (INTERNAL_AUTH_PRIVATE_KEY for the gateway,
# INTERNAL_AUTH_PUBLIC_KEY for the services), generated once into credentials.env.
cred_keypair() {
  if [ -n "$(cred_peek INTERNAL_AUTH_PRIVATE_KEY)" ] && [ -n "$(cred_peek INTERNAL_AUTH_PUBLIC_KEY)" ]; then return 0; fi
  ( umask 077; node "$LUXE_REPO_ROOT/infra/scripts/internal-keys.mjs" >>"$LUXE_CREDS" )
  chmod 600 "$LUXE_CREDS"
}

# cred_peek NAME: print NAME if it was generated already (never generates).
cred_peek() {
  [ -f "$LUXE_CREDS" ] || return 0
  sed -n "s/^${1}=//p" "$LUXE_CREDS" | tail -n1
}

# ---------------------------------------------------------------- processes and ports
port_open() {  # port_open PORT [HOST]
  timeout 1 bash -c "exec 3<>/dev/tcp/${2:-127.0.0.1}/$1" 2>/dev/null
}

# wait_for_port NAME PORT TIMEOUT_S [PID]: fails fast if PID dies.
wait_for_port() {
  local name="$1" port="$2" timeout_s="$3" pid="${4:-}" i
  for ((i = 0; i < timeout_s * 4; i++)); do
    port_open "$port" && return 0
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
      log "$name (pid $pid) exited before opening port $port"
      return 1
    fi
    sleep 0.25
  done
  log "$name did not open 127.0.0.1:$port within ${timeout_s}s"
  return 1
}

# http_ok PORT PATH: true when GET http://127.0.0.1:PORT/PATH answers 2xx.
http_ok() {
  if command -v curl >/dev/null 2>&1; then
    curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$1$2"
  else
    timeout 2 bash -c '
      exec 3<>/dev/tcp/127.0.0.1/'"$1"' || exit 1
      printf "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" "'"$2"'" >&3
      IFS= read -r status <&3; case "$status" in *" 2"[0-9][0-9]*) exit 0;; *) exit 1;; esac' 2>/dev/null
  fi
}

# pid_alive PIDFILE PATTERN: prints the pid and succeeds if the process in PIDFILE is alive and
# its command line contains PATTERN (guards against pid reuse).
pid_alive() {
  local pidfile="$1" pattern="$2" pid
  [ -f "$pidfile" ] || return 1
  pid="$(cat "$pidfile" 2>/dev/null)"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$pattern" || return 1
  printf '%s' "$pid"
}

# stop_pidfile NAME PIDFILE PATTERN [GRACE_S]: TERM, wait, then KILL. Idempotent.
stop_pidfile() {
  local name="$1" pidfile="$2" pattern="$3" grace="${4:-20}" pid i
  if ! pid="$(pid_alive "$pidfile" "$pattern")"; then
    rm -f "$pidfile"
    log "$name: not running"
    return 0
  fi
  log "$name: stopping (pid $pid)..."
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < grace * 4; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "$name: still alive after ${grace}s, sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$pidfile"
  log "$name: stopped"
}

# Fail clearly if something else already listens on a port we want.
ensure_port_free() {  # ensure_port_free NAME PORT
  if port_open "$2"; then
    die "$1: port 127.0.0.1:$2 is already in use by a process this script did not start" \
        "(find it with: ss -ltnp 'sport = :$2'). Stop it, or export the matching URL variable to use it as external infra."
  fi
}

# launch_bg NAME PIDFILE LOGFILE CMD...: start detached (own session, survives the shell).
launch_bg() {
  local name="$1" pidfile="$2" logfile="$3"; shift 3
  [ -f "$logfile" ] && mv -f "$logfile" "$logfile.prev"
  nohup setsid "$@" >"$logfile" 2>&1 </dev/null &
  echo $! >"$pidfile"
  log "$name: started (pid $!), log $logfile"
}

tail_log() {  # tail_log FILE [N]
  [ -f "$1" ] || return 0
  printf '%s\n' "----- last ${2:-40} lines of $1 -----" >&2
  tail -n "${2:-40}" "$1" >&2 || true
  printf '%s\n' "-----" >&2
}

# ---------------------------------------------------------------- packages and toolchains
as_root() {
  if is_root; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root for: $* (run as root or install sudo)"
  fi
}

_LUXE_APT_UPDATED=0
# Provisioning runs in the background beside other provisioning (infra/local/provision-all.sh):
# apt then waits for dpkg's lock rather than failing at once.
_LUXE_APT_LOCK=(-o DPkg::Lock::Timeout=600)
apt_install() {  # apt_install PKG...
  [ "$#" -gt 0 ] || return 0
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install manually: $*"
  if [ "$_LUXE_APT_UPDATED" -eq 0 ]; then
    log "apt-get update..."
    as_root apt-get "${_LUXE_APT_LOCK[@]}" update -qq >/dev/null || die "apt-get update failed"
    _LUXE_APT_UPDATED=1
  fi
  log "apt-get install $*..."
  as_root env DEBIAN_FRONTEND=noninteractive apt-get "${_LUXE_APT_LOCK[@]}" install -y -qq --no-install-recommends "$@" >/dev/null \
    || die "apt-get install $* failed"
}

pg_bin_dir() {  # newest /usr/lib/postgresql/*/bin (or $LUXE_PG_BIN)
  if [ -n "${LUXE_PG_BIN:-}" ]; then printf '%s' "$LUXE_PG_BIN"; return 0; fi
  local d
  d="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n1 || true)"
  [ -n "$d" ] && [ -x "$d/pg_ctl" ] && printf '%s' "$d"
}

find_go() {
  if command -v go >/dev/null 2>&1; then command -v go
  elif [ -x /usr/local/go/bin/go ]; then printf '%s' /usr/local/go/bin/go
  else return 1
  fi
}

# go_install_pinned NAME MODULE@VERSION: go install into $LUXE_BIN unless that exact version is there.
go_install_pinned() {
  local name="$1" modver="$2" stamp="$LUXE_BIN/.$1.version" gobin
  if [ -x "$LUXE_BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$modver" ]; then return 0; fi
  gobin="$(find_go)" || die "$name: Go toolchain not found (need Go >= 1.24 in PATH) to 'go install $modver'"
  if [ -x "$LUXE_BIN/$name" ]; then
    local mod ver
    read -r _ mod ver _ < <("$gobin" version -m "$LUXE_BIN/$name" 2>/dev/null | awk '$1=="mod"') || true
    if [ "$mod@$ver" = "$modver" ]; then echo "$modver" >"$stamp"; return 0; fi
  fi
  log "$name: go install $modver (first time only; minio takes several minutes)..."
  local glog="$LUXE_LOGS/go-install-$name.log"
  if ! (cd / && GOBIN="$LUXE_BIN" GOWORK=off "$gobin" install "$modver") >"$glog" 2>&1; then
    tail_log "$glog"
    die "$name: go install $modver failed (needs Go >= 1.24 and the Go module proxy)"
  fi
  echo "$modver" >"$stamp"
  log "$name: installed into $LUXE_BIN"
}

# ensure_venv NAME VENV REQUIREMENTS BIN [PIP_ARGS...]: a Python venv at VENV with the pinned
# REQUIREMENTS installed (pip install PIP_ARGS -r REQUIREMENTS; `pip check` when --no-deps is among
# them), rebuilt only when the requirements file changes (its sha256 is stamped inside the venv)
# or VENV/bin/BIN is missing. python3 and python3-venv come from apt when missing. Callers hold
# their own lock (two first runs at once would install into the same venv).
ensure_venv() {
  local name="$1" venv="$2" requirements="$3" bin="$4"; shift 4
  local stamp="$venv/.requirements.sha256" want
  want="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ -x "$venv/bin/$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then return 0; fi
  command -v python3 >/dev/null 2>&1 || apt_install python3
  rm -rf "$venv"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    apt_install python3-venv
    python3 -m venv "$venv" || die "$name: python3 -m venv failed"
  fi
  log "$name: pip install -r $(basename "$requirements") (first time only)..."
  local plog="$LUXE_LOGS/pip-$name.log"
  if ! "$venv/bin/pip" install --disable-pip-version-check -q "$@" -r "$requirements" >"$plog" 2>&1; then
    tail_log "$plog"
    rm -rf "$venv"
    die "$name: pip install failed (needs PyPI)"
  fi
  case " $* " in *" --no-deps "*)
    "$venv/bin/pip" check --disable-pip-version-check >>"$plog" 2>&1 || { tail_log "$plog"; rm -rf "$venv"; die "$name: the pinned requirements are inconsistent (pip check)"; } ;;
  esac
  echo "$want" >"$stamp"
  log "$name: installed into $venv"
}
