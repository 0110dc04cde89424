# shellcheck shell=bash
# MinIO (S3-compatible), built with `go install` at a pinned pseudo-version, API on
# 127.0.0.1:59000, console on 127.0.0.1:59001. Root user luxeadmin, generated password.

MINIO_MODULE="github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c"
MINIO_PORT=59000
MINIO_CONSOLE_PORT=59001
MINIO_USER=luxeadmin
MINIO_DATA="$LUXE_INFRA_HOME/minio/data"
MINIO_PIDFILE="$LUXE_RUN/minio.pid"
MINIO_LOG="$LUXE_LOGS/minio.log"

minio_packages() { :; }

minio_running() { pid_alive "$MINIO_PIDFILE" "minio server" >/dev/null; }

minio_provision() {
  go_install_pinned minio "$MINIO_MODULE"
  mkdir -p "$MINIO_DATA"
  cred_get MINIO_ROOT_USER "$MINIO_USER" >/dev/null
  cred_get MINIO_ROOT_PASSWORD >/dev/null
}

minio_start() {
  if minio_running; then log "minio: already running on 127.0.0.1:$MINIO_PORT"; return 0; fi
  ensure_port_free minio "$MINIO_PORT"
  ensure_port_free minio-console "$MINIO_CONSOLE_PORT"
  # credentials go through the environment (bash exports prefix assignments to the function)
  MINIO_ROOT_USER="$(cred_get MINIO_ROOT_USER "$MINIO_USER")" MINIO_ROOT_PASSWORD="$(cred_get MINIO_ROOT_PASSWORD)" \
  MINIO_UPDATE=off MINIO_BROWSER_REDIRECT=off \
    launch_bg minio "$MINIO_PIDFILE" "$MINIO_LOG" \
    "$LUXE_BIN/minio" server "$MINIO_DATA" --quiet \
    --address "127.0.0.1:$MINIO_PORT" --console-address "127.0.0.1:$MINIO_CONSOLE_PORT"
}

minio_wait() {
  local i pid; pid="$(cat "$MINIO_PIDFILE" 2>/dev/null || true)"
  for ((i = 0; i < 240; i++)); do
    http_ok "$MINIO_PORT" /minio/health/ready && { log "minio: ready on 127.0.0.1:$MINIO_PORT (console 127.0.0.1:$MINIO_CONSOLE_PORT)"; return 0; }
    minio_running || { tail_log "$MINIO_LOG"; die "minio: process ${pid:-?} exited during startup"; }
    sleep 0.25
  done
  tail_log "$MINIO_LOG"
  die "minio: /minio/health/ready not OK within 60s"
}

minio_stop() { stop_pidfile minio "$MINIO_PIDFILE" "minio server" 15; }

minio_status() {
  local pid
  if pid="$(pid_alive "$MINIO_PIDFILE" "minio server")"; then echo "running (127.0.0.1:$MINIO_PORT, console :$MINIO_CONSOLE_PORT, pid $pid)"; else echo stopped; return 1; fi
}

minio_env() {
  local pw; pw="$(cred_peek MINIO_ROOT_PASSWORD)"
  [ -n "$pw" ] || return 1
  printf 'S3_ENDPOINT=http://127.0.0.1:%s\nS3_ACCESS_KEY=%s\nS3_SECRET_KEY=%s\nS3_REGION=us-east-1\n' \
    "$MINIO_PORT" "$(cred_peek MINIO_ROOT_USER)" "$pw"
}
