#!/usr/bin/env bash
# Stop what infra/local/up.sh started (pid files, pg_ctl stop). Idempotent. Data is kept.
#   bash infra/local/down.sh [all|postgres|redis|kafka|minio|stripe|localstripe|mailpit ...]
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/components.sh"
parse_components "$@"
ensure_home
take_lock

if docker_mode; then
  services=()
  for c in "${COMPONENTS[@]}"; do s="$(compose_service "$c")"; [ -n "$s" ] && services+=("$s"); done
  [ "${#services[@]}" -eq 0 ] || compose stop "${services[@]}" >&2 || die "docker compose stop failed"
fi
# Local processes are stopped in any case (they may predate LUXE_INFRA_USE_DOCKER=1).
for ((i = ${#COMPONENTS[@]} - 1; i >= 0; i--)); do
  "${COMPONENTS[$i]}_stop"
done
log "down: done"
