#!/usr/bin/env bash
# `npm run test:containers`: builds the real container images with podman and runs them.
#   1. tools: podman, runc, podman-compose and the Debian base image (infra/local/podman.sh, cached)
#   2. docker-compose.yml resolves (`podman-compose config`) with every variable the processes need
#   3. one image per deployable from infra/docker/Dockerfile (gateway, 7 services, jobs): each builds,
#      is under $MAX_IMAGE_MB MB, runs as a non-root user, and (long-running ones) has a HEALTHCHECK
#   4. the stack from docker-compose.yml against infra/local's real PostgreSQL, Kafka, Redis, MinIO and
#      stripe-mock: the jobs image migrates (databases of its own, prefix luxe_$LUXE_CTR_ID) and creates
#      the topics (prefix $LUXE_CTR_ID.), then the gateway and the services run with the environment
#      compose gives them (host networking; only the infrastructure addresses, ports and test
#      databases/prefixes differ), ports $LUXE_CTR_BASE_PORT (gateway) and +1..+8, Redis database
#      $LUXE_CTR_REDIS_DB (default 10, emptied first: the sign-up and login limits count per address,
#      and every stack on this machine calls from 127.0.0.1)
#   5. the jobs image's operator tools (dlt-replay, consumer-rewind) run; readiness, the images' own
#      HEALTHCHECK in the running containers, a user registered and signed in through the gateway
#      (HTTP), a photo uploaded to the presigned URL the stack hands out and read back from the host
#      (compose's S3_PUBLIC_ENDPOINT), and identity's user-registered event in messaging's read model
# Containers, test databases and secrets files are removed at the end (trap); every wait is bounded.
# Ends with "N passed, N failed"; `--report FILE` also writes a Jest-shaped JSON report for
# infra/scripts/summarize-tests.mjs (npm test). Image sizes are printed (podman image ls).
set -uo pipefail
source "$(dirname "$0")/lib.sh"   # cd to the repository root

PROVISION_TIMEOUT="${PROVISION_TIMEOUT:-1800}"
BUILD_TIMEOUT="${BUILD_TIMEOUT:-2400}"         # the first (cold) build of the shared stage included
READY_TIMEOUT="${READY_TIMEOUT:-240}"
MAX_IMAGE_MB="${MAX_IMAGE_MB:-300}"
ID="$(printf '%s' "${LUXE_CTR_ID:-ctr}" | tr -cd 'a-z0-9')"
BASE_PORT="${LUXE_CTR_BASE_PORT:-4700}"
REDIS_DB="${LUXE_CTR_REDIS_DB:-10}"
TAG="${LUXE_APP_TAG:-local}"
SERVICES=(identity venues bookings social messaging payments admin notifications)
DEPLOYABLES=(gateway "${SERVICES[@]}" jobs)
port_of() { case "$1" in gateway) echo 3000 ;; identity) echo 3101 ;; venues) echo 3102 ;; bookings) echo 3103 ;; social) echo 3104 ;; messaging) echo 3105 ;; payments) echo 3106 ;; admin) echo 3107 ;; notifications) echo 3108 ;; esac; }
test_port_of() { case "$1" in gateway) echo "$BASE_PORT" ;; *) echo $((BASE_PORT + $(port_of "$1") - 3100)) ;; esac; }
OUT="$ROOT/.data/containers"
rm -rf "$OUT"; mkdir -p "$OUT"
SECRETS="$(mktemp -d)"; chmod 700 "$SECRETS"
T0=$(date +%s)

REPORT_NAME=containers; REPORT_FILE=infra/scripts/test-containers.sh
source infra/scripts/report.sh   # record, step, finish
report_args "$@"
CONTAINERS=()
drop_dbs() {  # the run's own databases (luxe_<id>_<service>)
  [ -n "${LUXE_PG_ADMIN_URL:-}" ] || return 0
  timeout 60 node -e '
    const pg = require("pg"); const [url, prefix, ...svcs] = process.argv.slice(1);
    (async () => { const c = new pg.Client({ connectionString: url }); await c.connect();
      for (const s of svcs) await c.query(`DROP DATABASE IF EXISTS ${prefix}_${s} WITH (FORCE)`);
      await c.end(); })().catch((e) => { console.error(e.message); process.exit(1); });' \
    "$LUXE_PG_ADMIN_URL" "luxe_$ID" "${SERVICES[@]}" >/dev/null 2>&1 || true
}
cleanup() {
  if [ "${#CONTAINERS[@]}" -gt 0 ]; then
    for c in "${CONTAINERS[@]}"; do
      timeout 60 "${PODMAN[@]}" logs "$c" >"$OUT/$c.log" 2>&1 || true
      # one by one: a name that never started must not keep the others alive
      timeout 60 "${PODMAN[@]}" rm -f --ignore -t 10 "$c" >/dev/null 2>&1 || true
    done
    CONTAINERS=()
  fi
  [ -n "${DBS_CREATED:-}" ] && drop_dbs
  DBS_CREATED=""
  rm -rf "$SECRETS"
}
trap 'cleanup; exit 130' INT TERM
report_on_finish() {  # finish (infra/scripts/report.sh) first removes what the run made
  cleanup
  echo ""
  echo "containers: phase took $(( $(date +%s) - T0 )) s"
}

# ------------------------------------------------------------------ tools
t0=$(date +%s)
provision infra/local/podman.sh "podman" "no image was built" \
  "provision podman, runc, podman-compose and the base image (infra/local/podman.sh)"
export CONTAINERS_CONF
PODMAN=("$PODMAN" --runtime "$RUNC")
echo "tools ready in $(( $(date +%s) - t0 )) s: $("${PODMAN[@]}" --version), $("$PODMAN_COMPOSE" --version 2>/dev/null | grep -i podman-compose | head -n1), base $LUXE_BASE_IMAGE"
record "provision podman, runc, podman-compose and the base image (infra/local/podman.sh)" passed

# ------------------------------------------------------------------ infrastructure and credentials
if ! bash infra/local/up.sh >"$OUT/infra-up.log" 2>&1; then
  record "infra/local is up (PostgreSQL, Kafka, Redis, MinIO, stripe-mock)" failed "$(tail -n 30 "$OUT/infra-up.log")"
  finish
fi
set -a; source "$(infra_env_file)"; set +a
# The host's own build: the compose check loads each process's configuration schema from it
# (libs/platform/dist, gateway/dist, services/*/dist); a fresh clone has none (npm test builds first).
if ! ( ensure_deps && npx tsc -b tsconfig.build.json ) >"$OUT/host-build.log" 2>&1; then
  record "the host build the checks load (npm ci, npx tsc -b tsconfig.build.json)" failed "$(tail -n 30 "$OUT/host-build.log")"
  finish
fi
# Every credential compose interpolates, in an env file of this run only (mode 600, removed at the end).
ENV_FILE="$SECRETS/compose.env"
{
  rnd() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
  echo "LUXE_PG_PASSWORD=$(rnd)"
  echo "MINIO_ROOT_USER=${S3_ACCESS_KEY:-luxeadmin}"
  echo "MINIO_ROOT_PASSWORD=${S3_SECRET_KEY:-$(rnd)}"
  for s in "${SERVICES[@]}"; do echo "LUXE_DB_PW_${s^^}=$(rnd)"; done
  echo "ADMIN_TOKEN_SECRET=$(rnd)"
  echo "PASS_SIGNING_SECRET=$(rnd)"
  node infra/scripts/internal-keys.mjs
  echo "STRIPE_SECRET_KEY=sk_test_$(rnd)"
  echo "STRIPE_PUBLISHABLE_KEY=pk_test_$(rnd)"
  echo "STRIPE_WEBHOOK_SECRET=whsec_$(rnd)"
  echo "ADMIN_EMAIL=admin-$ID@luxeswipe.test"
  echo "ADMIN_PASSWORD=$(rnd)"
  echo "LUXE_BASE_IMAGE=$LUXE_BASE_IMAGE"
} >"$ENV_FILE"
chmod 600 "$ENV_FILE"

# ------------------------------------------------------------------ compose
PY="$(dirname "$PODMAN_COMPOSE")/python"
compose_config() {
  "$PODMAN_COMPOSE" --env-file "$ENV_FILE" -f docker-compose.yml config >"$SECRETS/compose.yml" || return 1
  "$PY" -c 'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), open(sys.argv[2], "w"))' "$SECRETS/compose.yml" "$SECRETS/compose.json" || return 1
  node infra/docker/test/compose-check.mjs "$SECRETS/compose.json"
}
step "docker-compose.yml is valid (podman-compose config) and gives each process every variable it needs" compose_config
if [ ! -s "$SECRETS/compose.json" ]; then finish; fi

# ------------------------------------------------------------------ images
# The build's `npm ci` opens many files at once: with a cold download cache (a new lockfile) it once
# failed EMFILE under the container's default limit; the host's own hard limit is allowed instead.
nofile="$(ulimit -Hn)"; [ "$nofile" = unlimited ] && nofile=65536
build_args=(--network host --format docker --layers -f infra/docker/Dockerfile --ignorefile infra/docker/Dockerfile.dockerignore
  --build-arg "BASE_IMAGE=$LUXE_BASE_IMAGE" --ulimit "nofile=$nofile:$nofile")
# The registries' TLS may be inspected by a proxy: its CA as a build secret (download steps only):
# NODE_EXTRA_CA_CERTS, else the CA file npm itself is configured with (a CI started with a bare
# environment has no NODE_EXTRA_CA_CERTS, and the build then failed SELF_SIGNED_CERT_IN_CHAIN as soon
# as the lockfile named a package the build cache did not hold).
ca="${NODE_EXTRA_CA_CERTS:-}"
if [ -z "$ca" ] || [ ! -s "$ca" ]; then ca="$(npm config get cafile 2>/dev/null || true)"; fi
if [ -n "$ca" ] && [ -s "$ca" ]; then build_args+=(--secret "id=ca,src=$ca"); fi
BUILT=()
for d in "${DEPLOYABLES[@]}"; do
  tb=$(date +%s)
  if [ "$d" = jobs ]; then extra=(--target jobs --build-arg DEPLOYABLE=jobs)
  else extra=(--target app --build-arg "DEPLOYABLE=$d" --build-arg "PORT=$(port_of "$d")"); fi
  if timeout "$BUILD_TIMEOUT" "${PODMAN[@]}" build "${build_args[@]}" "${extra[@]}" -t "luxeswipe/$d:$TAG" . >"$OUT/build-$d.log" 2>&1; then
    record "image luxeswipe/$d builds (infra/docker/Dockerfile, $(( $(date +%s) - tb )) s)" passed
    BUILT+=("$d")
  else
    record "image luxeswipe/$d builds (infra/docker/Dockerfile)" failed "$(tail -n 30 "$OUT/build-$d.log")"
    tail -n 30 "$OUT/build-$d.log" | sed 's/^/    /'
  fi
done
# Each rebuild under the same tag leaves the previous image (and the layers only it used) untagged:
# nothing else removes them, so a CI machine's storage would only grow. Dangling images only (the
# layers under a tagged image are kept: they are the next build's cache), and only those over an
# hour old, so the fresh layers of a build running beside this one are left alone.
pruned="$("${PODMAN[@]}" image prune -f --filter until=1h 2>/dev/null | grep -c . || true)"
echo "removed $pruned dangling image(s) of earlier builds (podman image prune --filter until=1h)"
echo ""
"${PODMAN[@]}" image ls --filter reference='luxeswipe/*' --filter reference="$LUXE_BASE_IMAGE" | tee "$OUT/images.txt"
echo ""
for d in "${BUILT[@]}"; do
  img="luxeswipe/$d:$TAG"
  bytes="$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$img")"
  mb=$(( bytes / 1000000 ))
  if [ "$bytes" -lt $(( MAX_IMAGE_MB * 1000000 )) ]; then record "image luxeswipe/$d is under $MAX_IMAGE_MB MB ($mb MB)" passed
  else record "image luxeswipe/$d is under $MAX_IMAGE_MB MB" failed "$mb MB"; fi
  user="$("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$img")"
  uid="$("${PODMAN[@]}" run --rm --network none "$img" id -u 2>/dev/null | tail -n1)"
  case "$user:$uid" in
    root*|0*|*:0|:*) record "image luxeswipe/$d runs as a non-root user" failed "USER '$user', id -u in the container: $uid" ;;
    *) record "image luxeswipe/$d runs as a non-root user (USER $user, uid $uid)" passed ;;
  esac
  if [ "$d" != jobs ]; then
    hc="$("${PODMAN[@]}" image inspect --format '{{json .Config.Healthcheck}}' "$img")"
    if printf '%s' "$hc" | grep -q '/health/ready'; then record "image luxeswipe/$d has a HEALTHCHECK on /health/ready" passed
    else record "image luxeswipe/$d has a HEALTHCHECK on /health/ready" failed "Healthcheck: $hc"; fi
  fi
done
if [ "${#BUILT[@]}" -ne "${#DEPLOYABLES[@]}" ]; then
  record "the stack starts from the images" failed "not every image was built (see above)"
  finish
fi

# ------------------------------------------------------------------ the stack
# The environment compose gives each process, with this run's infrastructure addresses and ports.
node infra/docker/test/stack-env.mjs "$SECRETS/compose.json" "$SECRETS" "$ID" "$BASE_PORT" "$REDIS_DB" || { record "the stack's environment derives from docker-compose.yml" failed "infra/docker/test/stack-env.mjs failed"; finish; }
# the run's own Redis database, emptied: rate-limit windows and sessions of earlier runs
flush_redis() {
  timeout 30 node -e '
    const Redis = require("ioredis"); const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2];
    const r = new Redis(u.toString(), { lazyConnect: true, maxRetriesPerRequest: 2 });
    r.connect().then(() => r.flushdb()).then(() => r.quit()).catch((e) => { console.error(e.message); process.exit(1); });' "$REDIS_URL" "$REDIS_DB"
}
flush_redis || { record "the run's Redis database ($REDIS_DB) can be emptied" failed "FLUSHDB on $REDIS_DB failed"; finish; }
run_job() {  # run_job NAME CMD...: a one-shot container from the jobs image, compose's environment
  local name="luxe-$ID-$1"; shift
  "${PODMAN[@]}" rm -f --ignore "$name" >/dev/null 2>&1 || true
  CONTAINERS+=("$name")
  timeout 300 "${PODMAN[@]}" run --name "$name" --network host --env-file "$SECRETS/$name.env" "luxeswipe/jobs:$TAG" "$@"
}
DBS_CREATED=1
drop_dbs   # a previous run stopped hard may have left them
step "jobs image: migrations applied to the run's own databases (node infra/scripts/migrate.mjs)" run_job migrations node infra/scripts/migrate.mjs
step "jobs image: topics created with the run's prefix (node infra/scripts/create-topics.mjs)" run_job topics node infra/scripts/create-topics.mjs
# The runbook's operator tools are in the jobs image (docs/runbook.md: replaying a dead-letter topic,
# restoring a service's database): each answers --help with no network (its imports resolve in the
# image), and dlt-replay reads a real dead-letter topic of this run (--dry-run: lists, changes nothing).
operator_tools() {
  local t out
  for t in dlt-replay consumer-rewind; do
    out="$("${PODMAN[@]}" run --rm --network none "luxeswipe/jobs:$TAG" node "infra/scripts/$t.mjs" --help 2>&1)" \
      || { echo "$t --help failed in the jobs image: $out"; return 1; }
    printf '%s' "$out" | grep -q "usage:" || { echo "$t --help printed no usage: $out"; return 1; }
    echo "$t: $(printf '%s' "$out" | head -n1)"
  done
  t="$(node -e 'console.log(require("./libs/contracts/dist/index.js").allTopics(process.argv[1])[0])' "$ID.")"
  out="$(timeout 120 "${PODMAN[@]}" run --rm --network host -e "KAFKA_BROKERS=$KAFKA_BROKERS" -e "KAFKA_GROUP_PREFIX=$ID." \
    "luxeswipe/jobs:$TAG" node infra/scripts/dlt-replay.mjs "$t" --dry-run 2>&1)" || { echo "dlt-replay $t --dry-run failed: $out"; return 1; }
  echo "dlt-replay $t --dry-run: $out"
}
step "jobs image: the runbook's tools run (node infra/scripts/dlt-replay.mjs and consumer-rewind.mjs --help; dlt-replay --dry-run on this run's topic)" operator_tools
start_some() {  # start_some DEPLOYABLE...
  local d name
  for d in "$@"; do
    name="luxe-$ID-$d"
    "${PODMAN[@]}" rm -f "$name" >/dev/null 2>&1 || true
    CONTAINERS+=("$name")
    "${PODMAN[@]}" run -d --name "$name" --network host --init --env-file "$SECRETS/$name.env" "luxeswipe/$d:$TAG" >/dev/null || return 1
  done
}
wait_ready() {  # wait_ready DEPLOYABLE...
  local end=$(( $(date +%s) + READY_TIMEOUT )) d pending
  while :; do
    pending=()
    for d in "$@"; do
      http_ok "$(test_port_of "$d")" /health/ready || pending+=("$d")
    done
    [ "${#pending[@]}" -eq 0 ] && { echo "all ready after $(( $(date +%s) - end + READY_TIMEOUT )) s"; return 0; }
    if [ "$(date +%s)" -ge "$end" ]; then
      echo "not ready after ${READY_TIMEOUT}s: ${pending[*]}"
      for d in "${pending[@]}"; do
        echo "--- luxe-$ID-$d: $("${PODMAN[@]}" ps -a --filter "name=^luxe-$ID-$d\$" --format '{{.Status}}')"
        "${PODMAN[@]}" logs --tail 15 "luxe-$ID-$d" 2>&1
      done
      return 1
    fi
    sleep 2
  done
}
http_ok() { curl -sf -o /dev/null --max-time 3 "http://127.0.0.1:$1$2"; }
# compose's order: the gateway once the services are healthy (depends_on: service_healthy)
start_and_wait() { start_some "${SERVICES[@]}" && wait_ready "${SERVICES[@]}" && start_some gateway && wait_ready gateway "${SERVICES[@]}"; }
step "the gateway and the 7 services start from their images (compose's environment) and answer /health/ready within ${READY_TIMEOUT}s" start_and_wait
healthchecks() {
  local d bad=0
  for d in gateway "${SERVICES[@]}"; do
    if "${PODMAN[@]}" healthcheck run "luxe-$ID-$d"; then echo "$d: healthy"; else echo "$d: the image's HEALTHCHECK failed"; bad=1; fi
  done
  return $bad
}
step "each running container passes its image's HEALTHCHECK (podman healthcheck run)" healthchecks
node_flags() {  # each deployable's node process runs with infra/node-flags (the image's command)
  local d cmd bad=0 want
  want="node $(cat infra/node-flags) "
  for d in gateway "${SERVICES[@]}"; do
    cmd="$("${PODMAN[@]}" exec "luxe-$ID-$d" sh -c 'for p in /proc/[0-9]*; do tr "\0" " " <"$p/cmdline"; echo; done' | grep '^node ' | head -1)"
    case "$cmd" in
      "$want"*) echo "$d: $cmd" ;;
      *) echo "$d: node runs as '$cmd', not with '$want'"; bad=1 ;;
    esac
  done
  return $bad
}
step "the gateway and the services run node with infra/node-flags (a young generation of a fixed size)" node_flags
step "a new user registers and signs in through the gateway, uploads a photo to the presigned URL and reads it back from the host; identity's user-registered event reaches messaging" \
  node infra/docker/test/journey.mjs "http://127.0.0.1:$BASE_PORT" "$SECRETS/luxe-$ID-messaging.env"

finish
