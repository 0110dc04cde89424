# shellcheck shell=bash
# stripe-mock (stateless Stripe API mock), pinned, HTTP 127.0.0.1:12111, HTTPS 127.0.0.1:12112.
# Note: `-http-port N` binds ALL interfaces; `-http-addr 127.0.0.1:N` keeps it on loopback.

STRIPE_MODULE="github.com/stripe/stripe-mock@v0.203.0"
STRIPE_PORT=12111
STRIPE_HTTPS_PORT=12112
STRIPE_PIDFILE="$LUXE_RUN/stripe-mock.pid"
STRIPE_LOG="$LUXE_LOGS/stripe-mock.log"

stripe_packages() { :; }

stripe_running() { pid_alive "$STRIPE_PIDFILE" stripe-mock >/dev/null; }

stripe_provision() { go_install_pinned stripe-mock "$STRIPE_MODULE"; }

stripe_start() {
  if stripe_running; then log "stripe-mock: already running on 127.0.0.1:$STRIPE_PORT"; return 0; fi
  ensure_port_free stripe-mock "$STRIPE_PORT"
  ensure_port_free stripe-mock-https "$STRIPE_HTTPS_PORT"
  launch_bg stripe-mock "$STRIPE_PIDFILE" "$STRIPE_LOG" \
    "$LUXE_BIN/stripe-mock" -http-addr "127.0.0.1:$STRIPE_PORT" -https-addr "127.0.0.1:$STRIPE_HTTPS_PORT"
}

stripe_wait() {
  wait_for_port stripe-mock "$STRIPE_PORT" 30 "$(cat "$STRIPE_PIDFILE" 2>/dev/null || true)" \
    || { tail_log "$STRIPE_LOG"; die "stripe-mock: not answering on 127.0.0.1:$STRIPE_PORT"; }
  log "stripe-mock: ready on 127.0.0.1:$STRIPE_PORT"
}

stripe_stop() { stop_pidfile stripe-mock "$STRIPE_PIDFILE" stripe-mock 10; }

stripe_status() {
  local pid
  if pid="$(pid_alive "$STRIPE_PIDFILE" stripe-mock)"; then echo "running (127.0.0.1:$STRIPE_PORT, pid $pid)"; else echo stopped; return 1; fi
}

stripe_env() { printf 'STRIPE_API_BASE=http://127.0.0.1:%s\n' "$STRIPE_PORT"; }
