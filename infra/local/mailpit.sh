# shellcheck shell=bash
# Mailpit (SMTP server and mailbox), pinned, built with `go install` like minio and
# stripe-mock: SMTP 127.0.0.1:51025 (the notifications service's SMTP_URL), web UI and API
# 127.0.0.1:58025 (every email sent; the integration tests read it: MAILPIT_API).

MAILPIT_MODULE="github.com/axllent/mailpit@v1.33.1"
MAILPIT_SMTP_PORT=51025
MAILPIT_HTTP_PORT=58025
MAILPIT_PIDFILE="$LUXE_RUN/mailpit.pid"
MAILPIT_LOG="$LUXE_LOGS/mailpit.log"
MAILPIT_DIR="$LUXE_INFRA_HOME/mailpit"

mailpit_packages() { :; }

mailpit_running() { pid_alive "$MAILPIT_PIDFILE" mailpit >/dev/null; }

mailpit_provision() { go_install_pinned mailpit "$MAILPIT_MODULE"; mkdir -p "$MAILPIT_DIR"; }

mailpit_start() {
  if mailpit_running; then log "mailpit: already running on 127.0.0.1:$MAILPIT_SMTP_PORT (web 127.0.0.1:$MAILPIT_HTTP_PORT)"; return 0; fi
  ensure_port_free mailpit-smtp "$MAILPIT_SMTP_PORT"
  ensure_port_free mailpit-http "$MAILPIT_HTTP_PORT"
  # Every stack on this machine sends here: keep more than the default 500 emails (tests look theirs up by recipient).
  launch_bg mailpit "$MAILPIT_PIDFILE" "$MAILPIT_LOG" \
    "$LUXE_BIN/mailpit" --smtp "127.0.0.1:$MAILPIT_SMTP_PORT" --listen "127.0.0.1:$MAILPIT_HTTP_PORT" \
    --database "$MAILPIT_DIR/mailpit.db" --max 20000 --smtp-disable-rdns
}

mailpit_wait() {
  wait_for_port mailpit "$MAILPIT_SMTP_PORT" 30 "$(cat "$MAILPIT_PIDFILE" 2>/dev/null || true)" \
    || { tail_log "$MAILPIT_LOG"; die "mailpit: not answering on 127.0.0.1:$MAILPIT_SMTP_PORT"; }
  wait_for_port mailpit "$MAILPIT_HTTP_PORT" 30 "$(cat "$MAILPIT_PIDFILE" 2>/dev/null || true)" \
    || { tail_log "$MAILPIT_LOG"; die "mailpit: its web UI is not answering on 127.0.0.1:$MAILPIT_HTTP_PORT"; }
  log "mailpit: ready on 127.0.0.1:$MAILPIT_SMTP_PORT (web UI http://127.0.0.1:$MAILPIT_HTTP_PORT)"
}

mailpit_stop() { stop_pidfile mailpit "$MAILPIT_PIDFILE" mailpit 10; }

mailpit_status() {
  local pid
  if pid="$(pid_alive "$MAILPIT_PIDFILE" mailpit)"; then echo "running (SMTP 127.0.0.1:$MAILPIT_SMTP_PORT, web 127.0.0.1:$MAILPIT_HTTP_PORT, pid $pid)"; else echo stopped; return 1; fi
}

mailpit_env() {
  printf 'SMTP_URL=smtp://127.0.0.1:%s\n' "$MAILPIT_SMTP_PORT"
  printf 'MAILPIT_API=http://127.0.0.1:%s\n' "$MAILPIT_HTTP_PORT"
}
