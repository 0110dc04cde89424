#!/usr/bin/env bash
# Print each local component's state. Exit 0 when all listed components run, 3 otherwise.
#   bash infra/local/status.sh [all|postgres|redis|kafka|minio|stripe|localstripe|mailpit|chromium ...]
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/components.sh"
parse_components "$@"
rc=0
for c in "${COMPONENTS[@]}"; do
  if s="$("${c}_status")"; then :; else rc=3; fi
  note=""
  is_external "$c" && note="  [caller has $(component_var "$c") set: the app would use that instead]"
  printf '%-11s %s%s\n' "$c" "$s" "$note"
done
if [ "${LUXE_INFRA_USE_DOCKER:-0}" = 1 ] && docker info >/dev/null 2>&1; then
  echo "(LUXE_INFRA_USE_DOCKER=1: the lines above are local processes; containers follow)"
  compose ps || true
fi
[ -f "$LUXE_ENV_FILE" ] && echo "env file: $LUXE_ENV_FILE"
exit "$rc"
