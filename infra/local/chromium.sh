# shellcheck shell=bash
# Chromium for browser tests (driven by playwright-core with executablePath /usr/bin/chromium).
# Nothing to start: this component only makes sure the Debian package is installed.

CHROMIUM_BIN=/usr/bin/chromium

chromium_packages() { [ -x "$CHROMIUM_BIN" ] || echo chromium; }
chromium_provision() { [ -x "$CHROMIUM_BIN" ] || die "chromium: $CHROMIUM_BIN missing after apt-get install chromium"; }
chromium_start() { :; }
chromium_wait() { log "chromium: $CHROMIUM_BIN present"; }
chromium_stop() { :; }
chromium_running() { [ -x "$CHROMIUM_BIN" ]; }
chromium_status() { if [ -x "$CHROMIUM_BIN" ]; then echo "installed ($CHROMIUM_BIN)"; else echo "not installed"; return 1; fi; }
chromium_env() { :; }
