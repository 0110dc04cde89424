#!/usr/bin/env bash
# schemathesis (PyPI), the API fuzzer of infra/scripts/test-fuzz.sh, pinned with its dependencies
# by infra/local/schemathesis-requirements.txt and cached in a venv under $LUXE_INFRA_HOME like the
# other infra tools; idempotent (a second run only checks, offline).
#
#   bash infra/local/schemathesis.sh    # prints SCHEMATHESIS=... (the executable)
#
# The venv is $LUXE_INFRA_HOME/venv-schemathesis (python3 -m venv; apt python3-venv when missing);
# it is rebuilt when the requirements file changes (its hash is stamped inside the venv).
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

ST_REQUIREMENTS="$LUXE_LOCAL_DIR/schemathesis-requirements.txt"
ST_VENV="$LUXE_INFRA_HOME/venv-schemathesis"

case "${1:-}" in -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;; esac
ensure_home
# Own lock: two first runs at once would install into the same venv.
exec 7>"$LUXE_INFRA_HOME/.schemathesis.lock"
flock -w 900 7 || die "timed out waiting for $LUXE_INFRA_HOME/.schemathesis.lock"

stamp="$ST_VENV/.requirements.sha256"
want="$(sha256sum "$ST_REQUIREMENTS" | cut -d' ' -f1)"
if [ ! -x "$ST_VENV/bin/schemathesis" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  command -v python3 >/dev/null 2>&1 || apt_install python3
  python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || die "schemathesis needs Python >= 3.10 ($(python3 --version 2>&1))"
  rm -rf "$ST_VENV"
  if ! python3 -m venv "$ST_VENV" >/dev/null 2>&1; then
    rm -rf "$ST_VENV"
    apt_install python3-venv
    python3 -m venv "$ST_VENV" || die "schemathesis: python3 -m venv failed"
  fi
  log "schemathesis: pip install -r $(basename "$ST_REQUIREMENTS") (first time only)..."
  slog="$LUXE_LOGS/pip-schemathesis.log"
  if ! "$ST_VENV/bin/pip" install --disable-pip-version-check --no-deps -q -r "$ST_REQUIREMENTS" >"$slog" 2>&1; then
    tail_log "$slog"
    rm -rf "$ST_VENV"
    die "schemathesis: pip install failed (needs PyPI)"
  fi
  "$ST_VENV/bin/pip" check --disable-pip-version-check >>"$slog" 2>&1 || { tail_log "$slog"; rm -rf "$ST_VENV"; die "schemathesis: the pinned requirements are inconsistent (pip check)"; }
  echo "$want" >"$stamp"
  log "schemathesis: installed into $ST_VENV"
fi

"$ST_VENV/bin/schemathesis" --version >/dev/null 2>&1 || die "schemathesis: $ST_VENV/bin/schemathesis does not run"
printf 'SCHEMATHESIS=%s\n' "$ST_VENV/bin/schemathesis"
