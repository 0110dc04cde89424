# shellcheck shell=bash
# Redis (Debian package `redis-server`), daemonised on 127.0.0.1:56379, no persistence.

REDIS_PORT=56379
REDIS_DIR="$LUXE_INFRA_HOME/redis"
REDIS_PIDFILE="$LUXE_RUN/redis.pid"
REDIS_LOG="$LUXE_LOGS/redis.log"

redis_packages() { command -v redis-server >/dev/null 2>&1 || echo redis-server; }

redis_running() { pid_alive "$REDIS_PIDFILE" redis-server >/dev/null; }

redis_provision() { mkdir -p "$REDIS_DIR"; }

redis_start() {
  if redis_running; then log "redis: already running on 127.0.0.1:$REDIS_PORT"; return 0; fi
  ensure_port_free redis "$REDIS_PORT"
  rm -f "$REDIS_PIDFILE"
  [ -f "$REDIS_LOG" ] && mv -f "$REDIS_LOG" "$REDIS_LOG.prev"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --protected-mode yes \
    --dir "$REDIS_DIR" --pidfile "$REDIS_PIDFILE" --logfile "$REDIS_LOG" \
    --save '' --appendonly no --maxmemory 256mb --maxmemory-policy noeviction \
    || { tail_log "$REDIS_LOG"; die "redis: redis-server failed to start"; }
  log "redis: started, log $REDIS_LOG"
}

redis_wait() {
  local i
  for ((i = 0; i < 40; i++)); do
    [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ] && { log "redis: ready on 127.0.0.1:$REDIS_PORT"; return 0; }
    sleep 0.25
  done
  tail_log "$REDIS_LOG"
  die "redis: no PONG from 127.0.0.1:$REDIS_PORT after 10s"
}

redis_stop() { stop_pidfile redis "$REDIS_PIDFILE" redis-server 10; }

redis_status() {
  local pid
  if pid="$(pid_alive "$REDIS_PIDFILE" redis-server)"; then echo "running (127.0.0.1:$REDIS_PORT, pid $pid)"; else echo stopped; return 1; fi
}

redis_env() { printf 'REDIS_URL=redis://127.0.0.1:%s\n' "$REDIS_PORT"; }
