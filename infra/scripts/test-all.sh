#!/usr/bin/env bash
# `npm test`: provisions the real infrastructure (infra/local), builds, and runs every suite:
# unit (Jest: libs, services, gateway, infra), web (Vitest + Testing Library), and integration (Jest: (outbox/Kafka,
# API through the distributed stack, embedded mode, browser journeys in headless Chromium), scale (rolling
# restart under load and scale-out on a stack of two instances per service and two gateways), and the
# Helm chart (infra/scripts/test-helm.sh: lint, render, schema validation, assertions), API fuzzing
# (infra/scripts/test-fuzz.sh: schemathesis against the gateway's OpenAPI document), and the
# container images (infra/scripts/test-containers.sh: podman builds every image from
# infra/docker/Dockerfile and runs the stack from them against the same infrastructure).
# Ends with one line: "N passed, N failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps || exit 1
# Every phase's provisioning starts now in the background (infra/local/provision-all.sh) unless a
# caller already started it (.ci/run): the build runs beside it, and each phase's own provisioning
# below waits on the same locks.
if [ -z "${LUXE_PROVISIONING_STARTED:-}" ]; then
  mkdir -p .data
  bash infra/local/provision-all.sh > .data/provision-all.log 2>&1 &
fi
ensure_build || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
bash infra/local/up.sh || { echo "infrastructure provisioning failed"; echo "0 passed, 1 failed"; exit 1; }
set -a; source "$(infra_env_file)"; set +a
export KAFKAJS_NO_PARTITIONER_WARNING=1
echo "=== provisioning and build took $SECONDS s ==="

RESULTS="$ROOT/.data/test-results"
rm -rf "$RESULTS"; mkdir -p "$RESULTS"
# Jest (libs, services, gateway, infra) and Vitest (web) both write a Jest-shaped JSON report.
jest_phase() {
  local name=$1; shift
  echo ""; echo "=== $name (jest) ==="
  local start=$SECONDS
  npx jest "$@" --json --outputFile="$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
vitest_phase() {
  local name=$1; shift
  echo ""; echo "=== $name (vitest) ==="
  local start=$SECONDS
  npx vitest run --configLoader runner "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
script_phase() {
  local name=$1 start=$SECONDS
  echo ""; echo "=== $name (infra/scripts/test-$name.sh) ==="
  bash "infra/scripts/test-$name.sh" --report "$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
# Script phases one after the other beside the phases that follow, their output kept whole in
# .data/background-phases.log and printed by `background_phases_done`. The integration phase keeps
# about one of the two cores busy (its tests mostly wait on the stack's events: 40-60 % of the
# machine, sampled from /proc/stat), so what shares nothing with it runs beside it (each after the
# other, so they never compete with each other): the chart's checks (infra/scripts/test-helm.sh:
# a tool that cannot be provisioned counts as a failure), the container images with podman
# (test-containers.sh; podman that cannot be provisioned counts as a failure: build, size, user
# and HEALTHCHECK of each image, then the stack from the images on ports 4700-4708, Redis database
# 10, databases luxe_ctr_*, topics ctr.*) and schemathesis against the gateway's OpenAPI document
# on a stack of its own (test-fuzz.sh: ports 4900-4907, its own Redis database, databases and
# prefixes); together they take less than the integration phase. Each writes a report of the same shape.
BACKGROUND_PID=""
background_phases() {
  ( for name in "$@"; do script_phase "$name"; done ) > "$ROOT/.data/background-phases.log" 2>&1 &
  BACKGROUND_PID=$!
  echo ""; echo "=== $*: started beside the integration phase (their output follows it) ==="
}
background_phases_done() {
  [ -n "$BACKGROUND_PID" ] || return 0
  local start=$SECONDS
  wait "$BACKGROUND_PID" || true
  echo ""; echo "=== the background phases ended $((SECONDS - start)) s after the integration phase ==="
  cat "$ROOT/.data/background-phases.log"
  BACKGROUND_PID=""
}
jest_phase unit --config jest.config.cjs
vitest_phase web --config web/vitest.config.ts
background_phases helm containers fuzz
jest_phase integration --config jest.integration.config.cjs --runInBand --testPathIgnorePatterns '/node_modules/' 'broker-outage'
background_phases_done
# The broker frozen (gateway/test/broker-outage.api.spec.ts SIGSTOPs infra/local's Kafka) once
# nothing else uses that broker: beside the integration phase, the container images' runbook tools
# met its frozen coordinator and failed. A stack of its own again (the phase's global setup).
jest_phase broker-outage --config jest.integration.config.cjs --runInBand gateway/test/broker-outage.api.spec.ts
# Rolling restart under load, scale-out, two gateways (gateway/test/scale.load.ts): a stack of its own
# (18 processes), once the integration phase has stopped the shared one (npm run test:scale alone).
SKIP_STACK=1 jest_phase scale --config jest.integration.config.cjs --runInBand --testMatch '<rootDir>/gateway/test/scale.load.ts'
if [ -f .data/provision-all.log ]; then echo ""; echo "=== background provisioning ==="; cat .data/provision-all.log; fi
node infra/scripts/summarize-tests.mjs "$RESULTS" unit web integration broker-outage scale helm fuzz containers
