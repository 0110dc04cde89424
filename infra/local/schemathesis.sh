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

python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null || command -v python3 >/dev/null 2>&1 || apt_install python3
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || die "schemathesis needs Python >= 3.10 ($(python3 --version 2>&1))"
ensure_venv schemathesis "$ST_VENV" "$ST_REQUIREMENTS" schemathesis --no-deps

"$ST_VENV/bin/schemathesis" --version >/dev/null 2>&1 || die "schemathesis: $ST_VENV/bin/schemathesis does not run"
printf 'SCHEMATHESIS=%s\n' "$ST_VENV/bin/schemathesis"
