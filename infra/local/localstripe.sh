# shellcheck shell=bash
# localstripe (PyPI, pinned by localstripe-requirements.txt): a STATEFUL fake Stripe (it keeps the
# PaymentIntents, charges, refunds and customers it is given, and posts signed webhooks), HTTP on
# 127.0.0.1:12121 only, for the tests that must read back what they did at the provider
# (`npm run reconcile:payments`, gateway/test/reconcile.api.spec.ts). stripe-mock (stripe.sh) stays
# the stack's default: it answers everything but remembers nothing.
# Venv: $LUXE_INFRA_HOME/venv-localstripe (rebuilt when the requirements file changes). It runs
# through infra/local/localstripe-serve.py, which binds 127.0.0.1 (the `localstripe` command binds
# every interface), keeps its state in memory only (the command pickles it to /tmp on each write),
# and closes the gaps listed below. One instance is shared by everyone on the machine: tests keep
# to their own objects (metadata bookingId) and never flush it.
#
# What the payments service and the tests call, with the repo's `stripe` package (23.1.0) pointed
# at it by host/port/protocol as services/payments' stripeClient() does
# (checked by `node infra/scripts/localstripe-check.mjs`):
#   works with localstripe 1.15.10 itself:
#     paymentIntents.create with amount/currency/metadata only; with customer + payment_method
#       pm_card_visa + off_session + confirm (succeeded); customers.create (metadata);
#     paymentIntents.update(payment_method) then confirm() (succeeded); retrieve; cancel
#       (requires_payment_method → canceled); list (no filter, paging by starting_after);
#     decline: pm_card_chargeCustomerFail (card 4000000000000341) is refused (402 card_declined) and
#       leaves the intent requires_payment_method with last_payment_error;
#     refunds.create partial with payment_intent + metadata; refunds.list (all, or by payment_intent);
#       charges.list (no filter);
#     webhooks: POST /_config/webhooks/<id> (url, secret, events[]) registers an endpoint;
#       payment_intent.succeeded / .payment_failed are posted about 1 s later, signed
#       `t=<created>,v1=HMAC-SHA256(secret, "<created>.<payload>")`: stripe.webhooks.constructEvent
#       verifies them with that secret (the event's api_version says 2017-08-15; the payments
#       service does not read it).
#   does NOT work with localstripe 1.15.10 itself (localstripe-serve.py adds each, as Stripe does):
#     paymentIntents.create with automatic_payment_methods, description or setup_future_usage:
#       400 "Unexpected …" (so every create of the payments service fails);
#     paymentIntents.confirm(id, { payment_method }): 500 "Not implemented";
#     Idempotency-Key is ignored: a retried create makes a second intent, a retried refund refunds
#       twice; refunds over what is left of the charge are accepted (amount_refunded > amount);
#     declines: pm_card_chargeDeclined is 404, pm_card_visa_chargeDeclined and card 4000000000000002
#       are charged (succeeded); a decline's error type is invalid_request_error, not card_error;
#     paymentIntents.retrieve: latest_charge is the whole charge object, not its id;
#     paymentIntents.list({ customer }) / ({ created }): 400 "Unexpected"; paymentIntents.search:
#       404; charges.list({ payment_intent }): 500 (not JSON);
#     no payment_intent.canceled event on cancel.
#   does not work, with or without the launcher: Stripe.js confirmation in a browser (only its
#     own localstripe-v3.js mock at /js.stripe.com/v3/), 3-D Secure beyond its `_authenticate`
#     route, refund/charge events (charge.refunded, refund.*), search syntax other than
#     metadata['k']:'v' / status:'v' joined by AND, Stripe-Version / API versions, Connect.

LOCALSTRIPE_PORT=12121
LOCALSTRIPE_REQUIREMENTS="$LUXE_LOCAL_DIR/localstripe-requirements.txt"
LOCALSTRIPE_VENV="$LUXE_INFRA_HOME/venv-localstripe"
LOCALSTRIPE_PIDFILE="$LUXE_RUN/localstripe.pid"
LOCALSTRIPE_LOG="$LUXE_LOGS/localstripe.log"

localstripe_packages() { :; }  # python3 and python3-venv come from apt in ensure_venv when missing

localstripe_running() { pid_alive "$LOCALSTRIPE_PIDFILE" localstripe-serve.py >/dev/null; }

localstripe_provision() {
  command -v python3 >/dev/null 2>&1 || apt_install python3
  python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' || die "localstripe needs Python >= 3.9 ($(python3 --version 2>&1))"
  ensure_venv localstripe "$LOCALSTRIPE_VENV" "$LOCALSTRIPE_REQUIREMENTS" localstripe --no-deps
}

localstripe_start() {
  if localstripe_running; then log "localstripe: already running on 127.0.0.1:$LOCALSTRIPE_PORT"; return 0; fi
  ensure_port_free localstripe "$LOCALSTRIPE_PORT"
  launch_bg localstripe "$LOCALSTRIPE_PIDFILE" "$LOCALSTRIPE_LOG" \
    "$LOCALSTRIPE_VENV/bin/python" "$LUXE_LOCAL_DIR/localstripe-serve.py" 127.0.0.1 "$LOCALSTRIPE_PORT"
}

localstripe_wait() {
  local i
  wait_for_port localstripe "$LOCALSTRIPE_PORT" 30 "$(cat "$LOCALSTRIPE_PIDFILE" 2>/dev/null || true)" \
    || { tail_log "$LOCALSTRIPE_LOG"; die "localstripe: not answering on 127.0.0.1:$LOCALSTRIPE_PORT"; }
  # Its Stripe.js mock is the one route that needs no key: answering it means the app is routed.
  for ((i = 0; i < 40; i++)); do http_ok "$LOCALSTRIPE_PORT" /js.stripe.com/v3/ && break; sleep 0.25; done
  http_ok "$LOCALSTRIPE_PORT" /js.stripe.com/v3/ || { tail_log "$LOCALSTRIPE_LOG"; die "localstripe: port open but GET /js.stripe.com/v3/ fails"; }
  log "localstripe: ready on 127.0.0.1:$LOCALSTRIPE_PORT"
}

localstripe_stop() { stop_pidfile localstripe "$LOCALSTRIPE_PIDFILE" localstripe-serve.py 10; }

localstripe_status() {
  local pid
  if pid="$(pid_alive "$LOCALSTRIPE_PIDFILE" localstripe-serve.py)"; then echo "running (127.0.0.1:$LOCALSTRIPE_PORT, pid $pid)"; else echo stopped; return 1; fi
}

localstripe_env() { printf 'LOCALSTRIPE_API_BASE=http://127.0.0.1:%s\n' "$LOCALSTRIPE_PORT"; }
