# shellcheck shell=bash
# Loads lib.sh and every component file; shared by up.sh, down.sh and status.sh.
# Each component file defines <name>_packages/_provision/_start/_wait/_stop/_running/_status/_env.

_here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
. "$_here/lib.sh"
for _c in chromium postgres redis kafka minio stripe localstripe mailpit; do
  # shellcheck disable=SC1090
  . "$_here/$_c.sh"
done
unset _c _here

# Variable that, when already set by the caller, marks a component as externally provided.
component_var() {
  case "$1" in
    postgres) echo LUXE_PG_ADMIN_URL ;; redis) echo REDIS_URL ;; kafka) echo KAFKA_BROKERS ;;
    minio) echo S3_ENDPOINT ;; stripe) echo STRIPE_API_BASE ;; localstripe) echo LOCALSTRIPE_API_BASE ;; mailpit) echo SMTP_URL ;; *) echo "" ;;
  esac
}

# True when the caller's environment points the component somewhere else than our local one.
# (A value equal to our own local address, e.g. after `. $LUXE_INFRA_HOME/env`, is not external.)
is_external() {
  local var val; var="$(component_var "$1")"
  [ -n "$var" ] || return 1
  val="${!var:-}"
  [ -n "$val" ] || return 1
  case "$1" in
    postgres) [[ "$val" != *"@127.0.0.1:$PG_PORT/"* ]] ;;
    redis)    [ "${val%/}" != "redis://127.0.0.1:$REDIS_PORT" ] && [[ "$val" != "redis://127.0.0.1:$REDIS_PORT/"* ]] ;;
    kafka)    [ "$val" != "127.0.0.1:$KAFKA_PORT" ] ;;
    minio)    [ "${val%/}" != "http://127.0.0.1:$MINIO_PORT" ] ;;
    stripe)   [ "${val%/}" != "http://127.0.0.1:$STRIPE_PORT" ] ;;
    localstripe) [ "${val%/}" != "http://127.0.0.1:$LOCALSTRIPE_PORT" ] ;;
    mailpit)  [ "${val%/}" != "smtp://127.0.0.1:$MAILPIT_SMTP_PORT" ] ;;
  esac
}

# Compose service names for the infra components (docker mode). localstripe has none (no image
# of it is reachable here): up.sh runs it as a local process in docker mode too.
compose_service() {
  case "$1" in stripe) echo stripe-mock ;; chromium|localstripe) echo "" ;; *) echo "$1" ;; esac
}

docker_mode() {
  [ "${LUXE_INFRA_USE_DOCKER:-0}" = 1 ] || return 1
  if docker info >/dev/null 2>&1; then return 0; fi
  warn "LUXE_INFRA_USE_DOCKER=1 but 'docker info' fails (no engine); using local processes"
  return 1
}

compose() {
  docker compose -f "$LUXE_REPO_ROOT/docker-compose.yml" --env-file "$LUXE_CREDS" "$@"
}

parse_components() {  # parse_components ARGS... -> sets COMPONENTS array
  COMPONENTS=()
  local a c ok
  if [ "$#" -eq 0 ] || { [ "$#" -eq 1 ] && [ "$1" = all ]; }; then COMPONENTS=("${LUXE_ALL_COMPONENTS[@]}"); return 0; fi
  for a in "$@"; do
    ok=0
    for c in "${LUXE_ALL_COMPONENTS[@]}"; do [ "$a" = "$c" ] && ok=1; done
    [ "$a" = stripe-mock ] && { a=stripe; ok=1; }
    [ "$ok" = 1 ] || die "unknown component '$a' (known: ${LUXE_ALL_COMPONENTS[*]} all)"
    COMPONENTS+=("$a")
  done
}
